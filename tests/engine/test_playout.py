"""The engine's own random playout (:mod:`games.engine.playout`) plays exactly the hands the same
loop plays through the public API (the benchmark's two loops; on the compiled build too, through
``test_compiled.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.playout import random_hands, random_playout
from games.engine.variant import REGISTRY


def _api_hand_logs(
    key: str, players: int, first_seed: int, count: int, seed: int
) -> list[tuple[list[int], dict[str, Any]]]:
    pick = random.Random(seed).random
    v = get_variant(key)
    out: list[tuple[list[int], dict[str, Any]]] = []
    for i in range(count):
        hand = v.new_hand(players=players, seed=first_seed + i)
        while not hand.is_terminal():
            acts = hand.legal_actions()
            hand.apply_action(acts[int(pick() * len(acts))])
        out.append((list(hand.log), hand.result().to_json()))
    return out


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_random_playout_plays_the_public_api_loop_s_hands(key: str) -> None:
    v = get_variant(key)
    for players in v.players:
        expected = _api_hand_logs(key, players, 100, 8, players)
        pick = random.Random(players).random
        got: list[tuple[list[int], dict[str, Any]]] = []
        for i in range(8):
            hand = v.new_hand(players=players, seed=100 + i)
            applied = random_playout(hand, pick)
            assert hand.is_terminal() and applied == len(hand.log)
            got.append((list(hand.log), hand.result().to_json()))
        assert got == expected


@pytest.mark.parametrize("key", ["cabrero", "dos", "remate"])
def test_random_hands_continues_the_same_picks(key: str) -> None:
    v = get_variant(key)
    players = 4 if 4 in v.players else min(v.players)
    expected = _api_hand_logs(key, players, 0, 12, 0)
    pick = random.Random(0).random
    applied = random_hands(v, players, 0, 5, pick) + random_hands(v, players, 5, 7, pick)
    assert applied == sum(len(log) for log, _ in expected)
    # and the generator is left where the API loop leaves it
    after = random.Random(0)
    for log, _ in expected:
        for _ in log:
            after.random()
    assert pick() == after.random()
