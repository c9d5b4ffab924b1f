"""Tests of the strong bot's tree search (games/engine/bots/tree.py): the tree's statistics add
up, it grows past the seat's own move, each edge scores its own seat's value, and with perfect
information it plays like minimax."""

from __future__ import annotations

import random

import pytest

from games.engine import get_variant
from games.engine.bots import make_bot
from games.engine.bots.determinize import Knowledge
from games.engine.bots.objective import value
from games.engine.bots.players import StrongBot, candidates
from games.engine.bots.tree import Edge, grow, most_played
from games.engine.bots.view import View
from games.engine.state import HandState, Phase


def _walk(edge: Edge, depth: int = 0) -> list[tuple[int, Edge]]:
    out = [(depth, edge)]
    for child in edge.children.values():
        out += _walk(child, depth + 1)
    return out


def _tree_of(hand: HandState, deals: int, seed: int = 1) -> tuple[Edge, int, list[int]]:
    view = View.of(hand.observation(hand.turn, memory=True))
    know = Knowledge.of(view)
    acts = candidates(view, know.unseen)
    root, done = grow(view, know, acts, random.Random(seed), float("inf"), deals, 0.1)
    return root, done, acts


@pytest.mark.parametrize(("key", "n"), [("cabrero", 4), ("dos", 2), ("parejas", 4)])
def test_the_tree_counts_add_up(key: str, n: int) -> None:
    """Every playout passes through one root candidate; an edge's children share its playouts
    but the one that created it; values lie within [0, 1] per playout; availability is at
    least the visits."""
    hand = get_variant(key).new_hand(players=n, seed=5)
    root, done, acts = _tree_of(hand, deals=30)
    assert done == 30
    assert set(root.children) == set(acts)
    assert sum(e.visits for e in root.children.values()) == 30 * len(acts)
    for _, edge in _walk(root)[1:]:
        assert edge.avail >= edge.visits >= 1
        assert -0.01 <= edge.total <= edge.visits * 1.01
        if edge.children:
            assert sum(c.visits for c in edge.children.values()) == edge.visits - 1


def test_the_tree_grows_past_the_seats_own_move_and_scores_each_seat() -> None:
    """The tree plans several cards ahead, and an edge holds the value of the seat that took
    its action: the four seats of a Cabrero trick each in turn."""
    hand = get_variant("cabrero").new_hand(players=4, seed=7)
    first = hand.turn
    root, _, _ = _tree_of(hand, deals=200)
    depths = [d for d, _ in _walk(root)]
    assert max(depths) >= 4
    for depth, edge in _walk(root)[1:]:
        assert edge.seat == (first + depth - 1) % 4 or depth > 4  # later tricks: the winner leads


def _exact(state: HandState, seat: int) -> float:
    """The hand's value for ``seat`` under perfect play of both seats (plain minimax)."""
    if state.phase == Phase.END:
        return value(state, seat)
    mover = state.turn
    results = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        results.append(_exact(child, seat))
    return max(results) if mover == seat else min(results)


def test_the_tree_plays_out_endgames_like_minimax() -> None:
    """Argentine tute for two with the stock gone is a game of perfect information: the tree
    plans both seats' cards to the end, so the card it prefers wins (or loses) the hand exactly
    as often as the best card by plain minimax, over random four-card endgames."""
    checked = 0
    for g in range(40):
        hand = get_variant("dos_ar").new_hand(players=2, seed=f"e{g}")
        rng = random.Random(g)
        while hand.phase != Phase.END and (
            bin(hand.hands[0]).count("1") > 4 or hand.trick or hand.phase != Phase.PLAY
        ):
            hand.apply_action(rng.choice(hand.legal_actions()))
        if hand.phase != Phase.PLAY:
            continue
        seat = hand.turn
        root, _, acts = _tree_of(hand, deals=40, seed=g)
        exact = {}
        for a in acts:
            child = hand.clone()
            child.apply_action(a)
            exact[a] = _exact(child, seat)
        if max(exact.values()) >= 0.5 > min(exact.values()):
            checked += 1  # the choice matters: some cards win the hand, others lose it
            best = most_played(root, acts)
            assert exact[best] >= 0.5, (g, exact, best)
    assert checked >= 3


def test_make_bot_names_the_search() -> None:
    assert isinstance(b := make_bot("strong:flat", budget_ms=5), StrongBot) and b.search == "flat"
    assert isinstance(b := make_bot("strong"), StrongBot) and b.search == "tree"
    with pytest.raises(ValueError, match="Unknown search"):
        make_bot("strong:deep", budget_ms=5)
    with pytest.raises(ValueError, match="Unknown bot level"):
        make_bot("heuristic:flat")
