"""Tute Chancho (RULES.md §3): Cabrero plus the forced canto, one test per rule.

Stacked decks as in :mod:`tests.engine.test_cabrero`. Chancho's every other rule is Cabrero's
(same deal, match and options); the random playouts of ``test_cabrero`` run Chancho too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.errors import WrongPhaseError
from games.engine.state import Canto
from games.engine.variants.cabrero import CabreroHand, CabreroMatch
from games.engine.variants.chancho import ChanchoHand, ChanchoRenuncioHand
from tests.engine.helpers import (
    assert_refused,
    autoplay,
    cabrero_deck,
    check_hand_invariants,
    play,
    random_playout,
)

V = get_variant("chancho")
OROS, COPAS, ESPADAS, BASTOS = range(4)


def new(
    players: int,
    dealer: int,
    hands: Mapping[int, Sequence[str]],
    *,
    first: bool = False,
    last: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> CabreroHand:
    deck = cabrero_deck(players, dealer, hands, last=last)
    hand = V.new_hand(
        players=players,
        dealer=dealer,
        deck=deck,
        first=first,
        options=options,
        hand_number=0 if first else 1,
    )
    assert isinstance(hand, ChanchoHand | ChanchoRenuncioHand)
    return hand


# Five players, dealer 4, mano 0. Seat 0 leads the oros; seats 3 and 4 hold the king and the
# horse of copas and of espadas, so that both pairs can fall into one trick.
FIVE = {
    0: ["1O", "3O", "12O", "11O", "10O", "7O", "6O", "2O"],
    1: ["12C", "1C", "3C", "10C", "7C", "6C", "5C", "4C"],
    2: ["11C", "2C", "1E", "3E", "10E", "7E", "6E", "5E"],
    3: ["12E", "4E", "2E", "1B", "3B", "12B", "11B", "10B"],
    4: ["11E", "5O", "4O", "7B", "6B", "5B", "4B", "2B"],
}


def five(**kw: Any) -> CabreroHand:
    """The FIVE deal as a first hand: trump oros, seat 0 (the 2 of oros) is mano."""
    hand = new(5, 4, FIVE, first=True, **kw)
    assert hand.mano == 0 and hand.trump == OROS
    return hand


def test_chancho_is_registered_with_cabreros_players_options_and_match() -> None:
    cabrero = get_variant("cabrero")
    assert V.players == cabrero.players
    assert set(V.options) == set(cabrero.options)
    assert V.match_class is CabreroMatch
    assert isinstance(V.new_hand(players=4, seed=1), ChanchoHand)
    assert isinstance(
        V.new_hand(players=4, seed=1, options={"renuncio": True}), ChanchoRenuncioHand
    )


def test_forced_canto_whoever_takes_a_trick_holding_king_and_horse_must_sing_them() -> None:
    hand = five()
    play(hand, "1O 12C 11C 2E 4O")  # the copas pair falls into seat 0's trick
    assert hand.history[0].winner == 0
    assert hand.cantos == [Canto(0, COPAS, 20)]  # twenty outside trump, scored for the taker
    assert hand.sang[0] and not hand.sang[1] and not hand.sang[2]
    autoplay(hand)
    res = hand.result()
    assert res.cantos[0] == Canto(0, COPAS, 20)
    assert res.points[0] == res.card_points[0] + sum(c.points for c in res.cantos if c.seat == 0)


def test_forced_canto_forty_in_trump() -> None:
    # Seat 0 leads the as of bastos, which is trump; seats 1 and 2 must follow with the king
    # and the horse (their only bastos).
    hands = {
        0: ["1B", "3B", "10B", "7B", "6B", "5B", "4B", "1O"],
        1: ["12B", "1C", "3C", "10C", "7C", "6C", "5C", "4C"],
        2: ["11B", "2C", "1E", "3E", "10E", "7E", "6E", "5E"],
        3: ["12E", "4E", "2E", "3O", "12O", "11O", "10O", "7O"],
        4: ["11E", "5O", "4O", "6O", "2O", "12C", "11C", "2B"],
    }
    hand = new(5, 4, hands, last="2B")
    assert hand.trump == BASTOS and hand.mano == 0
    play(hand, "1B 12B 11B")
    autoplay(hand, until=lambda h: not h.trick)
    assert hand.history[0].winner == 0
    assert hand.cantos == [Canto(0, BASTOS, 40)]


def test_two_pairs_in_one_trick_are_both_sung() -> None:
    # Decision (ours): a trick holding two pairs makes its taker sing both.
    hand = five()
    play(hand, "1O 4C 2C 2E 4O")  # seat 4 follows with its oros, the others are void
    play(hand, "3O 5C 5E 4E 5O")
    play(hand, "12O 12C 11C 12E 11E")  # seat 4 is void now: both pairs fall
    assert hand.history[-1].winner == 0
    assert hand.cantos == [Canto(0, COPAS, 20), Canto(0, ESPADAS, 20)]
    assert hand.sang[0]


def test_forced_canto_uses_the_canto_of_that_trick() -> None:
    hand = five()
    play(hand, "1O 4C 2C 2E 4O 3O 5C 5E 4E 5O")
    # Seat 0 has won twice and still holds the king and horse of oros: he may sing now.
    assert A.SING + OROS in hand.legal_actions()
    play(hand, "12O 12C 11C 12E 11E")
    # The forced cantos used this trick's canto: no voluntary canto before the next lead.
    assert not [a for a in hand.legal_actions() if a >= 40]
    assert_refused(hand, "sing:O", WrongPhaseError)
    play(hand, "10O")  # wins again (seat 0 holds every oro left)
    autoplay(hand, until=lambda h: not h.trick)
    assert hand.current_player() == 0
    assert A.SING + OROS not in hand.legal_actions()  # 12O was played: no pair any more


def test_voluntary_cantos_remain_as_in_cabrero() -> None:
    hand = five()
    play(hand, "1O 4C 2C 2E 4O")
    assert A.SING + OROS in hand.legal_actions()
    play(hand, "sing:O")
    assert hand.cantos == [Canto(0, OROS, 40)]


def test_forced_canto_counts_as_having_sung_for_the_capote_rule() -> None:
    # Seat 0 takes every trick; one of them brings him the copas pair: capote after singing.
    hands = {
        0: ["1O", "3O", "12O", "11O", "10O", "7O", "6O", "2O", "5O", "4O"],
        1: ["12C", "1C", "3C", "10C", "7C", "6C", "5C", "4C", "2C", "1E"],
        2: ["11C", "3E", "12E", "11E", "10E", "7E", "6E", "5E", "4E", "2E"],
    }
    hand = new(4, 3, hands, first=True)
    autoplay(hand, prefer={1: ["12C"], 2: ["11C"]})
    res = hand.result()
    assert res.tricks[0] == 10
    assert res.cantos[0] == Canto(0, COPAS, 20)
    assert res.reason_code == "capote_sang" and res.losers == (0,)


def test_forced_canto_on_the_last_trick_still_scores() -> None:
    hands = {
        0: ["1O", "3O", "12O", "11O", "10O", "7O", "6O", "2O", "5O", "4O"],
        1: ["12C", "1C", "3C", "10C", "7C", "6C", "5C", "4C", "2C", "1E"],
        2: ["11C", "3E", "12E", "11E", "10E", "7E", "6E", "5E", "4E", "2E"],
    }
    hand = new(4, 3, hands, first=True)
    autoplay(
        hand,
        prefer={
            1: ["1C", "3C", "10C", "7C", "6C", "5C", "4C", "2C", "1E"],
            2: ["3E", "12E", "11E", "10E", "7E", "6E", "5E", "4E", "2E"],
        },
    )
    res = hand.result()
    assert hand.history[-1].cards[1:3] == (A.parse_action("12C"), A.parse_action("11C"))
    assert res.cantos == (Canto(0, COPAS, 20),)
    assert res.points[0] == 130 + 20
    check_hand_invariants(hand)


def test_no_forced_canto_when_the_pair_falls_in_different_tricks() -> None:
    hand = five()
    play(hand, "1O 12C 2C 2E 4O")
    play(hand, "3O 5C 11C 4E 5O")
    assert hand.cantos == []


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_chancho_hands_score_every_pair_taken(players: int) -> None:
    rng = random.Random(players)
    for i in range(40):
        hand = V.new_hand(players=players, seed=f"ch/{i}")
        random_playout(hand, rng, check_every=7)
        forced = 0
        for t in hand.history:
            mask = sum(1 << c for c in t.cards)
            for s in range(4):
                pair = (1 << (10 * s + 7)) | (1 << (10 * s + 6))
                forced += (mask & pair) == pair
        voluntary_max = len(hand.history)
        assert forced <= len(hand.cantos) <= forced + voluntary_max
