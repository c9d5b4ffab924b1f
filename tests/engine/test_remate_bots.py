"""Tute Remate's bots (games/engine/bots/remate.py): the auction's hand evaluation, trump,
helping the contra partner, the value of a hand, and the bots playing from observations only.

Stacked decks as in tests/engine/test_remate.py: with ``dealer=2`` the seats 0, 1, 2 play in
that order, 0 being the mano.
"""

from __future__ import annotations

import random

from games.engine import actions as A
from games.engine import get_variant
from games.engine.bots import choose_action, policy
from games.engine.bots import remate as R
from games.engine.bots.determinize import Knowledge
from games.engine.bots.objective import value
from games.engine.bots.players import candidates
from games.engine.bots.view import View
from games.engine.cards import indices, mask_of
from games.engine.rules import beats, trick_winner
from games.engine.variants.remate import MAX_BID, TWOS, RemateHand
from tests.engine.test_remate import ALL_TRUMPS, act, hand

V = get_variant("remate")

#: A strong hand in espadas: the as, three, king and horse of trumps and more, two side aces.
STRONG = ["1E", "3E", "12E", "11E", "10E", "7E", "6E", "1O", "3O", "1C", "12B", "11B"]
#: A weak hand: blank cards and no pair.
WEAK = ["4O", "5O", "6O", "4C", "5C", "6C", "4E", "5E", "4B", "5B", "6B", "7B"]


def test_features_count_trumps_top_trumps_aces_threes_and_cantos() -> None:
    f = R.features(mask_of(STRONG), 2)
    # constant, trumps, top sequence, side aces, threes with as, threes alone, 40, 20s, points
    assert f == (1.0, 7.0, 7.0, 2.0, 1.0, 0.0, 1.0, 1.0, 11 + 10 + 4 + 3 + 2 + 11 + 10 + 11 + 7)


def test_the_best_trump_is_the_strong_suit_and_the_estimate_ranks_hands() -> None:
    est, suit = R.best_trump(mask_of(STRONG))
    assert suit == 2 and est > 100
    assert R.best_trump(mask_of(WEAK))[0] < 60
    assert R.expected_total(mask_of(STRONG), 2) > R.expected_total(mask_of(STRONG), 0)


def test_the_heuristic_bids_the_lowest_open_bid_up_to_its_estimate_then_passes() -> None:
    h = hand([STRONG, WEAK])
    est = R.best_trump(mask_of(STRONG))[0]
    assert R.choose(h) == A.bid_action(60)
    act(h, "bid:60")
    assert R.choose(h) == A.PASS  # the weak hand
    act(h, "pass", "bid:65")
    assert h.turn == 0 and R.choose(h) == A.bid_action(70)  # outbid: bids again
    h.bid = 5 * int((est + R.MARGIN) // 5)  # the standing bid right at its limit
    assert R.choose(h) == A.PASS


def test_the_jugador_names_his_best_suit() -> None:
    h = hand([STRONG])
    act(h, "bid:60", "pass", "pass")
    assert R.choose(h) == A.TRUMP + 2


def test_everyone_sings_the_forty_first() -> None:
    h = hand([ALL_TRUMPS])
    act(h, "bid:100", "pass", "pass", "trump:O", "4O")
    while h.trick:
        h.apply_action(R.choose(h))
    assert h.turn == 0 and R.choose(h) == A.SING + 0


def test_a_followers_legal_cards_all_win_or_all_lose() -> None:
    """Why the contra need no partner rules: under the standard obligations plus no vale
    cargar, the cards a follower may play either all beat the trick's best card or none does
    (so a partner's trick can be neither loaded nor spared)."""
    rng = random.Random(2)
    deck = [c for c in range(40) if not TWOS >> c & 1]
    for _ in range(3000):
        rng.shuffle(deck)
        trump = rng.randrange(4)
        trick = deck[: rng.choice((1, 2))]
        held = mask_of(deck[3 : 3 + rng.randrange(1, 13)])
        legal = RemateHand.legal_in_trick(held, trick, trump)
        best = trick[trick_winner(trick, trump)]
        wins = {beats(c, best, trump) for c in indices(legal)}
        assert legal and len(wins) == 1


def test_value_is_linear_in_tantos_and_half_for_a_void_hand() -> None:
    h = hand()
    act(h, "pass", "pass", "pass")
    assert [value(h, s) for s in range(3)] == [0.5, 0.5, 0.5]
    h = hand([ALL_TRUMPS])
    act(h, "bid:100", "pass", "pass", "trump:O")
    policy.playout(h, random.Random(1), 0.0)
    gains = h.result().extra["ledger"]
    for s in range(3):
        assert value(h, s) == max(0.0, min(1.0, 0.5 + gains[s] / 800))
    assert value(h, 0) == 1.0 and value(h, 1) < 0.5


def test_bots_decide_the_auction_from_the_observation_alone() -> None:
    h = hand([STRONG, WEAK])
    obs = h.observation(0, memory=True)
    assert choose_action("heuristic", obs, seed=1) == "bid:60"
    act(h, "bid:60")
    assert choose_action("heuristic", h.observation(1, memory=True), seed=1) == "pass"
    last = hand([[], [], WEAK])
    act(last, "pass", "pass")  # a bid would make the weak hand jugador
    strong = choose_action("strong", last.observation(2, memory=True), seed=3, iterations=8)
    assert strong == "pass"


def test_bots_play_whole_matches_with_three_and_four() -> None:
    for players in (3, 4):
        m = V.new_match(players=players, seed=4, options={"hands": 2})
        step = 0
        while not m.is_terminal():
            seat = m.current_player()
            level = ("random", "heuristic")[step % 2]
            action = choose_action(level, m.observation(seat, memory=True), seed=step)
            m.apply_action(A.parse_action(action), seat)
            step += 1
        assert sum(m.ledger) == 0


def _candidates(h: RemateHand, seat: int) -> set[str]:
    view = View.of(h.observation(seat, memory=True))
    return {A.action_to_notation(a) for a in candidates(view, Knowledge.of(view).unseen)}


def test_the_strong_bots_auction_candidates_are_the_pass_the_lowest_bid_and_its_reach() -> None:
    h = hand([STRONG, WEAK])
    est = R.best_trump(mask_of(STRONG))[0]
    reach = min(MAX_BID, 5 * int((est + R.MARGIN) // 5))
    assert len(h.legal_actions()) == 2 + (MAX_BID - 60) // 5  # the pass and 35 bids
    assert _candidates(h, 0) == {"pass", "bid:60", f"bid:{reach}"}
    act(h, "bid:60")
    # the weak hand reaches no open bid: the pass and the lowest one only
    assert _candidates(h, 1) == {"pass", "bid:65"}
    act(h, "pass", "pass")
    # naming trump is not narrowed
    assert _candidates(h, 0) == {f"trump:{s}" for s in "OCEB"}
    strong = choose_action(
        "strong", hand([STRONG]).observation(0, memory=True), seed=2, iterations=8
    )
    assert strong in {"pass", "bid:60", f"bid:{reach}"}
