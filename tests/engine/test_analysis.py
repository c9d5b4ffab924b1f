"""Tests of the hand analysis (games/engine/analysis): it judges a seat's decisions from that
seat's information only, marks obvious blunders on stacked decks, is deterministic and JSON
round-trips for every variant, and its open-cards view is exact on small endings."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.actions import action_to_notation, parse_action
from games.engine.analysis import (
    MARKS,
    Alternative,
    Decision,
    HandAnalysis,
    OpenCards,
    analyse_hand,
    open_cards,
)
from games.engine.analysis.bench import PLAYERS, random_record
from games.engine.analysis.decisions import representatives
from games.engine.analysis.exact import endgame_line
from games.engine.analysis.hand import decision_points
from games.engine.analysis.opencards import _small, position
from games.engine.analysis.outcome import side_points
from games.engine.bots import policy
from games.engine.bots.objective import value
from games.engine.bots.view import View
from games.engine.cards import NOTATION, parse_card
from games.engine.deal import shuffled_deck
from games.engine.records import hand_record, replay
from games.engine.state import HandState

VARIANTS = [
    ("cabrero", 4),
    ("cabrero", 3),
    ("chancho", 5),
    ("dos", 2),
    ("dos_ar", 2),
    ("parejas", 4),
    ("vtt", 4),
    ("arrastrado", 3),
    ("arrastrado", 4),
    ("remate", 3),
    ("remate", 4),
    ("codillo", 4),
    ("bato", 4),
    ("bato", 6),
]


def played_hand(key: str, n: int, seed: str, eps: float = 0.3) -> dict[str, Any]:
    """The record of a finished hand played by the policy with randomness ``eps``."""
    hand = get_variant(key).new_hand(players=n, seed=seed)
    policy.playout(hand, random.Random(seed), eps)
    return hand_record(hand)


# ------------------------------------------------------------------------ types


def test_types_round_trip_through_json() -> None:
    alt = (Alternative("3O", 12.5, 0.25, 24), Alternative("1O", 2.0, None, 24))
    d = Decision(3, 0, "1O", "3O", alt, 10.5, 0.0, "mistake")
    a = HandAnalysis("cabrero", 0, (d, d), 21.0, chance_lost=0.5, deals=24)
    again = HandAnalysis.from_json(json.loads(json.dumps(a.to_json())))
    assert again == a
    assert a.counts() == {"inaccuracy": 0, "mistake": 2, "blunder": 0}
    o = OpenCards(7, False, (10.0, 20.0), "12B", ("12B", "1B"))
    assert OpenCards.from_json(json.loads(json.dumps(o.to_json()))) == o
    end = OpenCards(40, True, (1.0, 2.0), None, ())
    assert OpenCards.from_json(end.to_json()) == end
    with pytest.raises(ValueError):
        Decision.from_json({**d.to_json(), "mark": "oops"})


# ------------------------------------------------------------------------ every variant


@pytest.mark.parametrize(("key", "n"), VARIANTS, ids=[f"{k}-{n}" for k, n in VARIANTS])
def test_every_variant_analyses_a_random_hand(key: str, n: int) -> None:
    """For a random finished hand: the decisions are exactly the seat's actions that had a
    choice, each lists every legal action once (best first) with costs that agree with its
    alternatives; the result round-trips through JSON and is the same again with the seed."""
    rec = played_hand(key, n, f"every:{key}:{n}")
    seat = 1 % n
    a = analyse_hand(rec, seat, deals=3, seed=5)
    # the steps with a choice, found independently by replaying
    state = replay({**rec, "actions": []})
    expected = []
    for step, notation in enumerate(rec["actions"]):
        legal = state.legal_actions()
        if state.current_player() == seat and len(legal) > 1:
            expected.append((step, sorted(action_to_notation(x) for x in legal), notation))
        state.apply_action(parse_action(notation))
    assert [(d.step, sorted(x.action for x in d.alternatives), d.played) for d in a.decisions] == (
        expected
    )
    for d in a.decisions:
        alts = {x.action: x for x in d.alternatives}
        assert d.best == d.alternatives[0].action and d.seat == seat
        assert d.mark in MARKS
        assert d.cost_points == pytest.approx(
            max(0.0, alts[d.best].points - alts[d.played].points), abs=1e-3
        )
        assert alts[d.played].p_lose is not None and alts[d.best].p_lose is not None
        assert d.cost_chance == pytest.approx(
            max(0.0, alts[d.played].p_lose - alts[d.best].p_lose), abs=1e-3
        )
        assert d.cost_value == pytest.approx(
            max(0.0, alts[d.best].value - alts[d.played].value), abs=1e-3
        )
        assert [x.value for x in d.alternatives[1:]] == sorted(
            (x.value for x in d.alternatives[1:]), reverse=True
        )
        assert d.cost_points >= 0 and d.cost_chance >= 0
        state = position(rec, d.step)
        exact = n == 2 and not getattr(state, "stock_left", 1) and state.phase.name == "PLAY"
        assert all(x.samples == (1 if exact else 3) for x in d.alternatives)
        if d.best == d.played:
            assert d.mark == ""
    assert a.points_lost == pytest.approx(sum(d.cost_points for d in a.decisions), abs=1e-3)
    assert HandAnalysis.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert analyse_hand(rec, seat, deals=3, seed=5) == a


def test_two_players_after_the_stock_are_judged_exactly() -> None:
    """Once the stock is empty each alternative is followed by the solver's line: one sample,
    and the move played by that line itself costs nothing."""
    rec = played_hand("dos_ar", 2, "exact-line", eps=0.0)
    seat = 0
    after = [
        (step, view, played)
        for step, view, played in decision_points(rec, seat)
        if view.obs.stock is not None and view.obs.stock.stock == 0 and view.obs.phase == "play"
    ]
    assert after
    a = analyse_hand(rec, seat, deals=5)
    by_step = {d.step: d for d in a.decisions}
    for step, _, _ in after:
        d = by_step[step]
        assert {x.samples for x in d.alternatives} == {1}
        # the solver's own line from here starts with a move that is among the best
        line, _ = endgame_line(position(rec, step))
        alts = {x.action: x for x in d.alternatives}
        assert alts[line[0]].value == d.alternatives[0].value


def test_cards_that_play_alike_share_one_evaluation() -> None:
    """The 4 and 6 of a suit play alike unless another hand (or the stock) holds the 5."""
    h = get_variant("parejas").new_hand(players=4, seed=3)
    view = View.of(h.observe(h.turn, memory=True))
    four, five, six, ace = (parse_card(c) for c in ("4O", "5O", "6O", "1O"))
    v = replace(view, legal=(four, six, ace))
    assert representatives(v, 0) == {four: four, six: four, ace: ace}
    assert representatives(v, 1 << five) == {four: four, six: six, ace: ace}


def test_the_seed_changes_the_samples_not_the_decisions() -> None:
    rec = played_hand("dos_ar", 2, "seeded")
    a, b = analyse_hand(rec, 0, deals=4, seed=1), analyse_hand(rec, 0, deals=4, seed=2)
    assert [d.step for d in a.decisions] == [d.step for d in b.decisions]
    assert a != b  # other deals, other estimates


def test_budget_bounds_the_deals_but_keeps_a_minimum() -> None:
    rec = played_hand("cabrero", 4, "budget")
    a = analyse_hand(rec, 0, deals=500, seed=0, budget_ms=1)
    assert a.decisions
    assert all(4 <= x.samples < 500 for d in a.decisions for x in d.alternatives)


def test_a_seat_outside_the_hand_and_a_match_record_are_refused() -> None:
    rec = played_hand("dos", 2, "refuse")
    with pytest.raises(ValueError):
        analyse_hand(rec, 2)
    m = get_variant("dos").new_match(players=2, seed=1)
    from games.engine.records import match_record

    with pytest.raises(ValueError):
        analyse_hand(match_record(m), 0)


# ------------------------------------------------------------------------ no cheating


def deck_record(rec: dict[str, Any]) -> dict[str, Any]:
    """The same hand as a stacked-deck record (the deck its seed shuffles)."""
    return {**rec, "deck": [NOTATION[c] for c in shuffled_deck(rec["seed"])]}


def swapped(rec: dict[str, Any], seat: int, steps: int, rng: random.Random) -> dict[str, Any]:
    """A record whose first ``steps`` actions are the same and legal, that gives ``seat`` the
    same observation at every step, but in which a card of another seat is swapped with a card
    of a third seat or of the stock."""
    base = deck_record(rec)
    prefix = {**base, "actions": rec["actions"][:steps]}
    real = replay(prefix)
    hidden = [
        x for x in range(40) if any(real.hands[s] >> x & 1 for s in range(real.n) if s != seat)
    ]
    pairs = [(x, y) for x in hidden for y in range(40) if y != x and not real.hands[seat] >> y & 1]
    rng.shuffle(pairs)
    for x, y in pairs[:400]:  # y: in another hand or the stock (or played: refused below)
        deck = list(base["deck"])
        i, j = deck.index(NOTATION[x]), deck.index(NOTATION[y])
        deck[i], deck[j] = deck[j], deck[i]
        other = {**prefix, "deck": deck}
        try:
            state = replay(other)
        except Exception:  # an earlier play became illegal with the other cards
            continue
        if state.hands == real.hands and getattr(state, "stock", None) == getattr(
            real, "stock", None
        ):
            continue
        if same_observations(prefix, other, seat):
            return other
    raise AssertionError("no swap of hidden cards keeps the observations")


def same_observations(a: dict[str, Any], b: dict[str, Any], seat: int) -> bool:
    sa, sb = replay({**a, "actions": []}), replay({**b, "actions": []})
    for notation in a["actions"]:
        if sa.observe(seat, memory=True) != sb.observe(seat, memory=True):
            return False
        sa.apply_action(parse_action(notation))
        sb.apply_action(parse_action(notation))
    return bool(sa.observe(seat, memory=True) == sb.observe(seat, memory=True))


@pytest.mark.parametrize(
    ("key", "n"),
    [("cabrero", 4), ("parejas", 4), ("dos", 2), ("remate", 3), ("codillo", 4), ("arrastrado", 3)],
)
def test_the_analysis_does_not_see_hidden_cards(key: str, n: int) -> None:
    """Two records that give the seat identical observations, but deal the other seats
    different cards, give identical decisions (same seed)."""
    rng = random.Random(3)
    checked = differs = 0
    for g in range(3):
        rec = played_hand(key, n, f"cheat:{key}:{g}")
        seat = g % n
        points = decision_points(rec, seat)
        if len(points) < 2:
            continue
        steps = points[1][0] + 1  # up to and including the seat's second decision
        other = swapped(rec, seat, steps, rng)
        prefix = {**deck_record(rec), "actions": rec["actions"][:steps]}
        one, two = replay(prefix), replay(other)
        assert (one.hands, getattr(one, "stock", None)) != (two.hands, getattr(two, "stock", None))
        a = analyse_hand(prefix, seat, deals=6, seed=9)
        b = analyse_hand(other, seat, deals=6, seed=9)
        assert len(a.decisions) == 2
        assert a == b
        # what the hidden cards change: a view that sees them (open cards) tells them apart
        at = points[1][0]
        differs += open_cards(prefix, at) != open_cards(other, at)
        checked += 1
    assert checked and differs


# ------------------------------------------------------------------------ obvious blunders


def test_a_false_claim_is_a_blunder() -> None:
    """Spanish tute's second deal: claiming 101 with 60 loses the game at once."""
    m = get_variant("dos").new_match(players=2, seed=1)
    rec = {**hand_record(m.hand), "first": False, "context": {"carried": [60, 60]}}
    state = replay(rec)
    seat = state.turn
    assert "claim" in [action_to_notation(a) for a in state.legal_actions()]
    state.apply_action(parse_action("claim"))
    assert state.is_terminal() and seat in state.result().losers
    rec = {**rec, "actions": ["claim"]}
    (d,) = analyse_hand(rec, seat, deals=8, seed=1).decisions
    alts = {x.action: x for x in d.alternatives}
    assert d.played == "claim" and d.mark == "blunder"
    assert d.best != "claim" and parse_action(d.best) < 40  # a card
    assert alts["claim"].p_lose == 1.0 and d.cost_chance >= 0.5


def remate_hopeless_record() -> tuple[dict[str, Any], int]:
    """Tute Remate for three; the first bidder holds only 2s, 4s and 5s and bids the most."""
    base = hand_record(get_variant("remate").new_hand(players=3, seed=2))
    plain = replay({**base, "deck": [NOTATION[c] for c in range(40)]})
    seat = plain.turn
    positions = [p for p in range(40) if plain.hands[seat] >> p & 1]  # deck slots of the seat
    weak = [c for c in range(40) if NOTATION[c][:-1] in ("2", "4", "5", "6")]
    deck: list[int | None] = [None] * 40
    for p, c in zip(positions, weak, strict=False):
        deck[p] = c
    rest = iter(c for c in range(40) if c not in deck)
    full = [c if c is not None else next(rest) for c in deck]
    rec = {**base, "deck": [NOTATION[c] for c in full]}
    state = replay(rec)
    assert state.turn == seat
    bids = [a for a in state.legal_actions() if action_to_notation(a).startswith("bid:")]
    top = max(bids, key=lambda a: int(action_to_notation(a).split(":")[1]))
    state.apply_action(top)
    policy.playout(state, random.Random(1))
    assert seat in state.result().losers  # the bid failed
    return hand_record(state), seat


def test_a_hopeless_top_bid_is_a_blunder_and_passing_is_best() -> None:
    rec, seat = remate_hopeless_record()
    a = analyse_hand(rec, seat, deals=8, seed=2)
    first = a.decisions[0]
    assert first.step == 0 and first.played.startswith("bid:")
    assert first.mark == "blunder"
    alts = {x.action: x for x in first.alternatives}
    assert alts[first.played].p_lose == 1.0
    assert first.cost_value >= 0.3
    # the obvious move: pass, or one of the lowest bids (which the others outbid)
    assert first.best == "pass" or int(first.best.split(":")[1]) <= 90
    assert alts["pass"].value > alts[first.played].value + 0.3


def test_forced_moves_are_not_decisions() -> None:
    """In the last trick every card is forced: no decision comes from it."""
    rec = played_hand("parejas", 4, "forced")
    a = analyse_hand(rec, 0, deals=2)
    last = len(rec["actions"]) - 4
    assert all(d.step < last for d in a.decisions)


# ------------------------------------------------------------------------ open cards


def brute(state: HandState) -> tuple[tuple[float, float], ...]:
    """Plain max^n over every legal action (no equivalences), each seat maximising its own
    (objective, points)."""
    if state.is_terminal():
        return tuple((value(state, s), side_points(state, s)) for s in range(state.n))
    seat = state.current_player()
    best: tuple[tuple[float, float], ...] | None = None
    for a in state.legal_actions():
        vec = brute(state.apply(a))
        if best is None or vec[seat] > best[seat]:
            best = vec
    assert best is not None
    return best


def margin_brute(state: HandState, seat: int) -> float:
    """Two players: the best margin of ``seat``'s final points over the other's."""
    if state.is_terminal():
        pts = state.result().points
        return float(pts[seat] - pts[1 - seat])
    mover = state.current_player()
    vals = [margin_brute(state.apply(a), seat) for a in state.legal_actions()]
    return max(vals) if mover == seat else min(vals)


@pytest.mark.parametrize(("key", "n"), [("cabrero", 4), ("parejas", 4), ("arrastrado", 3)])
def test_open_cards_is_exact_on_small_endings(key: str, n: int) -> None:
    """With two or three tricks left the search is exact and agrees with plain max^n."""
    checked = 0
    for g in range(3):
        rec = played_hand(key, n, f"open:{key}:{g}")
        for left in (2 * n, 3 * n - 1):
            step = len(rec["actions"]) - left
            state = position(rec, step)
            if state.is_terminal() or not _small(state):
                continue
            o = open_cards(rec, step)
            assert o.exact
            assert o.values == tuple(p for _, p in brute(state))
            assert o.best == o.line[0] and o.best is not None
            s = state.clone()  # the line is legal and reaches the values
            for x in o.line:
                s.apply_action(parse_action(x))
            assert s.is_terminal()
            assert tuple(side_points(s, k) for k in range(n)) == o.values
            checked += 1
    assert checked


def test_open_cards_two_players_after_the_stock_is_exact() -> None:
    """Spanish tute and the Argentine game once the stock is empty: the solver's line reaches
    the best margin found by plain minimax over the engine (cantos included)."""
    checked = 0
    for key in ("dos", "dos_ar"):
        for g in range(4):
            rec = played_hand(key, 2, f"open2:{key}:{g}", eps=0.0)
            acts = rec["actions"]
            for step in range(len(acts) - 10, len(acts) - 3):
                state = position(rec, step)
                if state.is_terminal() or getattr(state, "stock_left", 1):
                    continue
                if state.trick or state.phase.name != "PLAY":
                    continue
                o = open_cards(rec, step)
                assert o.exact
                mover = state.current_player()
                got = o.values[mover] - o.values[1 - mover]
                assert got == margin_brute(state, mover)
                checked += 1
                break
    assert checked


def test_open_cards_at_the_end_and_an_estimate_early() -> None:
    rec = played_hand("cabrero", 4, "estimate")
    end = open_cards(rec, len(rec["actions"]))
    final = replay(rec)
    assert end.exact and end.best is None and end.line == ()
    assert end.values == tuple(float(p) for p in final.result().points)
    early = open_cards(rec, 0, seed=1)
    assert not early.exact and early.best is not None and early.line[0] == early.best
    assert early == open_cards(rec, 0, seed=1)
    with pytest.raises(ValueError):
        open_cards(rec, len(rec["actions"]) + 1)


# ------------------------------------------------------------------------ benchmark


def test_analyse_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The benchmark command runs and prints its table with the machine's load."""
    from games.engine.__main__ import main
    from games.engine.variant import REGISTRY

    assert set(PLAYERS) == set(REGISTRY)  # every variant is measured
    args = ["analyse-bench", "--variants", "dos_ar", "--hands", "1", "--deals", "2"]
    assert main([*args, "--open-positions", "1"]) == 0
    out = capsys.readouterr().out
    assert "load average" in out and "dos_ar" in out
    assert random_record("bato", 4, "x")["kind"] == "hand"


def test_doctests() -> None:
    import doctest

    import games.engine.analysis

    result = doctest.testmod(games.engine.analysis)
    assert result.attempted and not result.failed
