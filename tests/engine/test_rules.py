"""The standard obligations and the trick winner (RULES.md §1), on masks and in a live hand.

Each test is one branch of §1 "Standard obligations". L is the suit led, T trump; trump is
oros (O) unless said otherwise.
"""

from __future__ import annotations

import itertools
import random

import pytest

from games.engine import get_variant
from games.engine.cards import SUIT, mask_of, notation_of_mask, parse_card
from games.engine.errors import ObligationError
from games.engine.rules import beats, explain_obligation, standard_legal, trick_winner
from games.engine.state import HandState
from games.engine.variant import REGISTRY
from tests.engine.helpers import assert_refused, cabrero_deck, play

OROS, COPAS, ESPADAS, BASTOS = range(4)


def legal(hand: list[str], trick: list[str], trump: int = OROS) -> set[str]:
    """The legal cards through the conformance entry point (best card found from the trick)."""
    cards = [parse_card(c) for c in trick]
    return set(notation_of_mask(HandState.legal_in_trick(mask_of(hand), cards, trump)))


def test_leader_may_lead_any_card() -> None:
    assert legal(["1O", "2C", "7E"], []) == {"1O", "2C", "7E"}


# -- 1. holding cards of L


def test_follow_and_beat_when_no_trump_lies_in_the_trick() -> None:
    assert legal(["1E", "2E", "3O", "12C"], ["5E", "7E"]) == {"1E"}


def test_follow_and_beat_with_any_higher_card_not_only_the_highest() -> None:
    assert legal(["1E", "3E", "2E"], ["5E", "7E"]) == {"1E", "3E"}


def test_follow_with_any_card_of_L_when_none_beats() -> None:
    assert legal(["3E", "2E", "3O", "12C"], ["5E", "1E"]) == {"3E", "2E"}


def test_follow_must_beat_the_best_card_of_L_not_the_first() -> None:
    # 5E led, 12E best so far: 10E no longer beats, 1E does.
    assert legal(["10E", "1E"], ["5E", "12E", "7E"]) == {"1E"}


def test_trump_led_follow_with_a_higher_trump() -> None:
    # L is T: the same rule, "beat the best card of L".
    assert legal(["1O", "2O", "12C"], ["5O"]) == {"1O"}
    assert legal(["4O", "2O", "12C"], ["5O"]) == {"4O", "2O"}


def test_trump_in_trick_follow_suit_with_any_card_of_L() -> None:
    # L is espadas, a trump lies in the trick: any espada, no need to beat the 7E.
    assert legal(["1E", "2E", "1O"], ["7E", "2O"]) == {"1E", "2E"}


def test_follow_suit_comes_before_trumping() -> None:
    assert legal(["2E", "1O", "3O"], ["7E"]) == {"2E"}


# -- 2. no card of L, but trumps


def test_no_card_of_L_no_trump_in_trick_any_trump() -> None:
    assert legal(["2O", "1O", "12C", "1B"], ["5E", "7E"]) == {"2O", "1O"}


def test_no_card_of_L_trump_in_trick_overtrump() -> None:
    assert legal(["2O", "1O", "12C"], ["5E", "4O"]) == {"1O"}


def test_contrafallo_no_higher_trump_any_card() -> None:
    # C-6 "Aclaración": not obliged to play a lower trump.
    assert legal(["2O", "12C", "1B"], ["5E", "4O"]) == {"2O", "12C", "1B"}


def test_overtrump_beats_the_highest_trump_not_the_first() -> None:
    assert legal(["5O", "1O", "12C"], ["5E", "2O", "3O"]) == {"1O"}
    assert legal(["5O", "12O", "12C"], ["5E", "2O", "3O"]) == {"5O", "12O", "12C"}


# -- 3. otherwise


def test_no_card_of_L_and_no_trump_any_card() -> None:
    assert legal(["12C", "1B", "2C"], ["5E", "4O"]) == {"12C", "1B", "2C"}
    assert legal(["12C", "1B"], ["5E"]) == {"12C", "1B"}


def test_no_exemption_for_a_partners_winning_card() -> None:
    # In Parejas seats 0 and 2 are partners; the obligation to beat still holds (§1, §6). The
    # standard rule does not look at seats at all: the same hand gets the same answer.
    trick = ["5E", "1E"]  # the partner's as wins the trick so far
    assert legal(["3E", "2E"], trick) == {"3E", "2E"}
    assert legal(["2O", "12C"], ["5E", "7E"]) == {"2O"}  # void in L: must trump over a partner


def test_standard_legal_matches_a_brute_force_reading_of_the_rules() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        deck = list(range(40))
        rng.shuffle(deck)
        trump = rng.randrange(4)
        trick = deck[: rng.randint(1, 5)]
        hand = mask_of(deck[6 : 6 + rng.randint(1, 13)])
        lead = SUIT[trick[0]]
        best = trick[trick_winner(trick, trump)]
        got = standard_legal(hand, lead, trump, best)
        assert got == brute_force(hand, lead, trump, best)
        assert got & hand == got and (got or not hand)


def brute_force(hand: int, lead: int, trump: int, best: int) -> int:
    """§1 written out literally, card by card."""
    cards = [i for i in range(40) if hand >> i & 1]
    of_lead = [c for c in cards if SUIT[c] == lead]
    trumps = [c for c in cards if SUIT[c] == trump]
    trump_lies = SUIT[best] == trump
    if of_lead:
        if not trump_lies or lead == trump:
            better = [c for c in of_lead if c > best]
            return mask_of(better or of_lead)
        return mask_of(of_lead)
    if trumps:
        if not trump_lies:
            return mask_of(trumps)
        higher = [c for c in trumps if c > best]
        return mask_of(higher or cards)
    return mask_of(cards)


# -- the trick winner


def test_highest_trump_wins() -> None:
    cards = [parse_card(c) for c in ["5E", "1E", "2O", "3E"]]
    assert trick_winner(cards, OROS) == 2
    cards = [parse_card(c) for c in ["5E", "4O", "2O", "3O"]]
    assert trick_winner(cards, OROS) == 3


def test_without_trump_the_highest_card_of_the_suit_led_wins() -> None:
    cards = [parse_card(c) for c in ["7B", "12B", "1O", "10B"]]
    assert trick_winner(cards, COPAS) == 1  # the off-suit as does not win
    cards = [parse_card(c) for c in ["2B", "1C", "3E", "1O"]]
    assert trick_winner(cards, ESPADAS) == 2


def test_trick_winner_matches_beats_for_every_pair() -> None:
    for trump in range(4):
        for a, b in itertools.permutations(range(40), 2):
            w = trick_winner([a, b], trump)
            if SUIT[b] == SUIT[a]:
                assert w == (1 if b > a else 0)
            else:
                assert w == (1 if SUIT[b] == trump else 0)
            assert beats(b, a, trump) == (w == 1)


def test_resolve_trick_reports_lead_and_trump() -> None:
    cards = [parse_card(c) for c in ["5E", "1E", "2O", "3E"]]
    assert HandState.resolve_trick(cards, OROS) == (2, ESPADAS, OROS)


# -- explanations and the live hand


@pytest.mark.parametrize(
    "hand,trick,card,rule",
    [
        (["1E", "2E"], ["5E", "7E"], "2E", "follow_higher"),
        (["2E", "1O"], ["7E", "2O"], "1O", "follow"),
        (["2O", "12C"], ["5E"], "12C", "trump"),
        (["1O", "12C"], ["5E", "4O"], "12C", "overtrump"),
    ],
)
def test_obligation_errors_explain_the_rule(
    hand: list[str], trick: list[str], card: str, rule: str
) -> None:
    cards = [parse_card(c) for c in trick]
    best = cards[trick_winner(cards, OROS)]
    allowed = standard_legal(mask_of(hand), SUIT[cards[0]], OROS, best)
    msg, params = explain_obligation(parse_card(card), allowed, SUIT[cards[0]], OROS, best)
    assert params["rule"] == rule
    assert msg.startswith("You ")


def test_live_hand_refuses_a_card_that_breaks_an_obligation() -> None:
    # Four players, dealer 3, later hand: trump from the dealer's last card (7O: oros).
    seat1 = ["1E", "2E", "1C", "3C", "12C", "11C", "10C", "7C", "6C", "5C"]
    deck = cabrero_deck(4, 3, {0: ["5E"], 1: seat1}, last="7O")
    hand = get_variant("cabrero").new_hand(players=4, dealer=3, deck=deck, first=False)
    assert hand.trump == OROS and hand.mano == 0
    play(hand, "5E")
    err = assert_refused(hand, "2E", ObligationError, match="higher")
    assert err.params["legal"] == ["1E"]
    assert hand.legal_actions() == [parse_card("1E")]


@pytest.mark.skipif("parejas" not in REGISTRY, reason="parejas is not registered yet")
def test_no_exemption_for_a_partners_winning_card_in_a_live_parejas_hand() -> None:
    # Seats 0 and 2 are partners. Seat 0's 7E wins the trick so far; seat 2 can beat it with
    # the 1E and must, although the trick is already his side's (§1, §6).
    seat1 = ["2E", "1C", "3C", "12C", "11C", "10C", "7C", "6C", "5C", "4C"]
    seat2 = ["1E", "4E", "1B", "3B", "12B", "11B", "10B", "7B", "6B", "5B"]
    deck = cabrero_deck(4, 3, {0: ["7E"], 1: seat1, 2: seat2}, last="2O")
    hand = get_variant("parejas").new_hand(players=4, dealer=3, deck=deck)
    assert hand.mano == 0 and hand.trump == OROS
    play(hand, "7E 2E")
    assert hand.current_player() == 2
    assert [a for a in hand.legal_actions() if a < 40] == [parse_card("1E")]
    assert_refused(hand, "4E", ObligationError)
