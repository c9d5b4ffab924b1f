"""Codillo's bots keep the secret: a seat that is not the partner decides the same whoever
holds the called card; the determinization never deals it to the jugador; the heuristic's
auction, trump and call follow its hand evaluation."""

from __future__ import annotations

import random
from typing import Any

from games.engine import actions as A
from games.engine import get_variant
from games.engine.bots import choose_action
from games.engine.bots.codillo import call_choice, hand_value, known_ally
from games.engine.bots.determinize import Knowledge, sample_deal
from games.engine.bots.restore import restore
from games.engine.bots.view import View
from games.engine.cards import mask_of, parse_card
from games.engine.match import MatchState
from games.engine.variants.codillo import CodilloHand

V = get_variant("codillo")


def seen(state: Any, seat: int) -> dict[str, Any]:
    """The seat's observation with its memory of the hand, where the engine offers one."""
    try:
        return dict(state.observation(seat, memory=True))
    except TypeError:
        return dict(state.observation(seat))


def secret_positions(games: int, seed: int) -> list[MatchState]:
    """Match states in play where the called card is unplayed and a seat other than its
    holder is to act."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        m = V.new_match(players=4, seed=f"secret{seed}:{g}")
        while not m.is_terminal() and len(m.hands) == 1:
            h = m.hand
            assert isinstance(h, CodilloHand)
            if (
                h.called >= 0
                and not h.partnership_public()
                and h.current_player() != h.partner
                and rng.random() < 0.4
            ):
                out.append(m.clone())
            m.apply_action(rng.choice(m.legal_actions()))
    return out


def test_a_seat_that_is_not_the_partner_decides_the_same_whoever_holds_the_card() -> None:
    rng = random.Random(1)
    checked = 0
    for match in secret_positions(12, seed=2):
        hand = match.hand
        assert isinstance(hand, CodilloHand)
        seat = hand.current_player()
        obs = seen(match, seat)
        view = View.of(obs)
        know = Knowledge.of(view)
        for _ in range(30):
            hands, _ = sample_deal(know, rng)
            holder = next(s for s in range(4) if hands[s] >> hand.called & 1)
            assert holder != hand.jugador, "the called card is never dealt to the jugador"
            if holder != hand.partner:
                break
        else:
            continue
        other = restore(view, hands)
        assert isinstance(other, CodilloHand) and other.partner == holder
        assert seen(other, seat) == obs["hand"]
        other_obs = {**obs, "hand": seen(other, seat)}
        for level in ("heuristic", "strong"):
            a = choose_action(level, obs, seed=5, budget_ms=None, iterations=4)
            b = choose_action(level, other_obs, seed=5, budget_ms=None, iterations=4)
            assert a == b
        assert known_ally(hand, seat) == known_ally(other, seat) == -1
        checked += 1
    assert checked >= 5


def test_the_partner_knows_his_ally_and_the_others_learn_it_when_the_card_is_played() -> None:
    h = V.new_hand(players=4, seed=4)
    assert isinstance(h, CodilloHand)
    h.apply_action(A.JUEGO)
    h.apply_action(A.TRUMP)
    own = h.hands[h.jugador]
    called = next(c for c in range(40) if not own >> c & 1)
    h.apply_action(A.CALL + called)
    j, p = h.jugador, h.partner
    assert known_ally(h, p) == j
    assert all(known_ally(h, s) == -1 for s in range(4) if s != p)


def test_the_heuristic_evaluates_the_hand_for_juego_trump_and_call() -> None:
    strong = mask_of(["1O", "3O", "12O", "11O", "10O", "7O", "1C", "1E", "3E", "2B"])
    weak = mask_of(["2O", "4C", "5C", "6E", "7E", "2B", "4B", "5B", "6B", "10C"])
    assert hand_value(strong)[1] == 0 and hand_value(strong)[0] > hand_value(weak)[0]
    assert call_choice(strong, 0) == parse_card("6O")  # holds the as, three, king...: the 6
    assert call_choice(mask_of(["3O", "2O"]), 0) == parse_card("1O")
    mine = [c for c in range(40) if strong >> c & 1]
    rest = [c for c in range(40) if not strong >> c & 1]
    deck = [mine[j // 4] if j % 4 == 0 else rest.pop(0) for j in range(40)]
    h = V.new_hand(players=4, dealer=3, deck=deck)
    assert h.hands[0] == strong
    assert choose_action("heuristic", h.observation(0)) == "juego"
    h.apply_action(A.JUEGO)
    assert choose_action("heuristic", h.observation(0)) == "trump:O"
    h.apply_action(A.TRUMP)
    assert choose_action("heuristic", h.observation(0)) == "call:6O"
