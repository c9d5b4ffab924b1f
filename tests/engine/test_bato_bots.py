"""The Bato bots (games/engine/bots/bato.py): the heuristic's auction, exchange and play on
stacked decks, the restore of every stage, the value of a hand, and whole matches of every level.
"""

from __future__ import annotations

import random

from games.engine import get_variant, parse_action
from games.engine.bots import choose_action, policy
from games.engine.bots.bato import expected_tricks, value
from games.engine.bots.determinize import Knowledge, sample_deal
from games.engine.bots.restore import restore
from games.engine.bots.view import View
from games.engine.cards import FULL_DECK, mask_of
from games.engine.variants.bato import BatoHand
from tests.engine.helpers import play
from tests.engine.test_bato import hand_of


def heuristic(hand: BatoHand) -> str:
    obs = hand.observation(hand.current_player(), memory=True)
    return choose_action("heuristic", obs, seed=1)


def test_expected_tricks_counts_master_trumps_and_aces() -> None:
    unseen = FULL_DECK & ~mask_of(["1O", "3O", "1C", "4E", "5O"])
    strong = expected_tricks(mask_of(["1O", "3O", "1C", "4E"]), 0, unseen, 3, False)
    weak = expected_tricks(mask_of(["2C", "4E", "5B", "6B"]), 0, unseen, 3, False)
    assert strong >= 2.0 and weak == 0.0
    # the exchange may bring something for each weak card
    assert expected_tricks(mask_of(["2C", "4E", "5B", "6B"]), 0, unseen, 3, True) > 0


def test_heuristic_says_juego_with_two_sure_tricks_and_passes_a_blank_hand() -> None:
    hand = hand_of(4, {0: ["1O", "3O", "12O", "2C"], 1: ["4E", "5B", "6B", "7B"]}, "5O")
    assert heuristic(hand) == "juego"
    play(hand, "juego")
    assert heuristic(hand) == "pass"  # seat 1: no trump, no as


def test_heuristic_discards_the_non_winners_then_exchanges() -> None:
    hand = hand_of(3, {0: ["1O", "3O", "2C", "4E"], 1: ["1C", "12O", "2E", "5E"]}, "5O")
    play(hand, "juego acompano pass")
    assert heuristic(hand) in ("discard:2C", "discard:4E")
    for _ in range(2):
        play(hand, heuristic(hand))
    assert set(hand.observe(0).bidding.marked) == {"2C", "4E"}  # type: ignore[union-attr]
    assert heuristic(hand) == "exchange"


def test_heuristic_takes_a_trick_as_cheaply_as_it_can_when_last() -> None:
    hand = hand_of(3, {0: ["4C", "1O", "2E", "4E"], 1: ["3C", "10C", "12C", "5E"]}, "5O")
    play(hand, "juego acompano pass exchange exchange 4C")
    # seat 1 plays last (two play): the lowest card that wins
    assert heuristic(hand) == "10C"


def test_value_is_the_net_gain_as_a_share_of_the_pot() -> None:
    hand = hand_of(
        4,
        {0: ["1O", "3O", "12O", "11O"], 1: ["2C", "4C", "5C", "6C"], 2: ["2E", "4E", "5E", "6E"]},
        "5O",
    )
    play(hand, "juego acompano acompano pass exchange exchange exchange")
    play(hand, "1O 2C 2E 3O 4C 4E 12O 5C 5E 11O 6C 6E")
    assert value(hand, 0) == 1.0 and value(hand, 1) == 0.0 and value(hand, 3) == 0.5


def test_restore_of_each_stage_with_the_true_cards_is_faithful() -> None:
    rng = random.Random(3)
    stages = set()
    for g in range(30):
        h = get_variant("bato").new_hand(players=5, seed=g)
        while not h.is_terminal():
            seat = h.current_player()
            obs = h.observation(seat, memory=True)
            view = View.of(obs)
            assert isinstance(h, BatoHand)
            stages.add(obs["bidding_stage"])
            state = restore(view, list(h.hands), list(h.stock[h.stock_pos :]))
            assert state.observation(seat, memory=True) == obs
            assert state.legal_actions() == h.legal_actions()
            hands, stock = sample_deal(Knowledge.of(view), rng)
            guess = restore(view, hands, stock)
            assert guess.observation(seat, memory=True) == obs
            h.apply_action(policy.choose(h, rng, 0.3), seat)
    assert stages == {"bid", "accompany", "exchange", None}


def test_every_level_plays_whole_matches() -> None:
    for n in (3, 5):
        m = get_variant("bato").new_match(players=n, seed=f"levels:{n}", options={"hands": 3})
        step = 0
        while not m.is_terminal():
            seat = m.current_player()
            obs = m.observation(seat, memory=True)
            level = ("random", "heuristic", "strong")[(seat + step) % 3]
            a = choose_action(level, obs, seed=step, budget_ms=None, iterations=2)
            assert a in obs["hand"]["legal"]
            m.apply_action(parse_action(a), seat)
            step += 1
        assert sum(m.ledger) + m.pot == 0  # type: ignore[attr-defined]
