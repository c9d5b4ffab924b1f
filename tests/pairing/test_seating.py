"""Seat order at a table: balanced over the rounds, rank order on ties."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from league.pairing import Entry, pair, seat_order


def test_no_history_keeps_rank_order() -> None:
    assert seat_order(["a", "b", "c", "d"], {}) == ("a", "b", "c", "d")


def test_the_one_who_was_mano_least_is_mano() -> None:
    counts = {"a": [2, 0, 0, 1], "b": [1, 1, 1, 0], "c": [0, 1, 1, 1], "d": [0, 1, 1, 1]}
    order = seat_order(["a", "b", "c", "d"], counts)
    # least total (1): c or d mano, a in seat 1 or 2, b dealer; then the least count for the
    # mano, for seat 1 (a there, 0), …; then rank order (c before d)
    assert order == ("c", "a", "d", "b")
    held = sum(counts[p][seat] for seat, p in enumerate(order))
    best = min(
        sum(counts[p][seat] for seat, p in enumerate(perm))
        for perm in permutations(["a", "b", "c", "d"])
    )
    assert held == best == 1


def test_one_against_one_alternates_the_mano() -> None:
    assert seat_order([1, 2], {1: [3, 2], 2: [2, 3]}) == (2, 1)
    assert seat_order([1, 2], {1: [2, 2], 2: [2, 2]}) == (1, 2)


def test_short_or_missing_histories_count_zero() -> None:
    assert seat_order(["a", "b", "c"], {"a": [1], "b": []}) == ("b", "a", "c")


@given(st.lists(st.lists(st.integers(0, 5), max_size=6), min_size=1, max_size=6))
def test_the_total_held_is_the_least_possible(histories: list[list[int]]) -> None:
    players = [f"p{i}" for i in range(len(histories))]
    counts = dict(zip(players, histories, strict=True))

    def held(order: Sequence[str]) -> int:
        return sum(counts[p][seat] if seat < len(counts[p]) else 0 for seat, p in enumerate(order))

    order = seat_order(players, counts)
    assert sorted(order) == players
    assert held(order) == min(held(perm) for perm in permutations(players))


def test_pair_seats_each_table_by_its_history() -> None:
    entries = [
        Entry("a", 3, seat_counts=(2, 0, 0)),
        Entry("b", 2, seat_counts=(0, 2, 0)),
        Entry("c", 1, seat_counts=(0, 0, 2)),
    ]
    assert pair(entries, table_size=3).tables == (("b", "c", "a"),)
