"""Tables of three to six: sizes, byes, repeats, score neighbours, determinism, large fields."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.pairing import Entry, PairingError, PlayerId, pair
from league.pairing.bench import simulate
from tests.pairing.support import (
    check_valid,
    fields,
    least_repeats_tables,
    meetings,
    partitions,
    rank,
    repeats,
)


def field_of(n: int, **history: tuple[str, ...]) -> list[Entry]:
    """Entries p0..p(n-1), ranked in that order, with the given opponents."""
    return [
        Entry(f"p{i}", score=0, rating=3000 - i, opponents=history.get(f"p{i}", ()))
        for i in range(n)
    ]


def test_no_history_cuts_the_ranking_into_consecutive_tables() -> None:
    pairing = pair(field_of(10), table_size=4, min_table_size=3)
    assert [list(t) for t in pairing.tables] == [
        ["p0", "p1", "p2", "p3"],
        ["p4", "p5", "p6"],
        ["p7", "p8", "p9"],
    ]
    assert pairing.byes == ()


def test_players_who_cannot_be_seated_get_byes_lowest_ranked_first() -> None:
    entries = field_of(11)
    entries[10] = Entry("p10", score=0, rating=0, byes=1)  # already had one
    pairing = pair(entries, table_size=4, min_table_size=4)
    assert pairing.byes == ("p7", "p8", "p9")
    check_valid(entries, pairing, 4, 4)


def test_nobody_seated_when_the_field_is_smaller_than_a_table() -> None:
    pairing = pair(field_of(2), table_size=4, min_table_size=3)
    assert pairing.tables == ()
    assert pairing.byes == ("p0", "p1")
    assert pair([], table_size=5) == pair([], table_size=3)


def test_a_repeat_is_avoided_by_the_next_neighbour() -> None:
    entries = field_of(8, p0=("p1",), p1=("p0",))
    pairing = pair(entries, table_size=4)
    assert pairing.repeats == 0
    assert [sorted(t) for t in pairing.tables] == [
        ["p0", "p2", "p3", "p4"],
        ["p1", "p5", "p6", "p7"],
    ]


def test_everyone_met_everyone_still_seats_everybody() -> None:
    names = [f"p{i}" for i in range(13)]
    entries = [Entry(p, opponents=tuple(q for q in names if q != p)) for p in names]
    pairing = pair(entries, table_size=4, min_table_size=3)
    check_valid(entries, pairing, 4, 3)
    assert pairing.repeats == 6 + 3 * 3  # one table of four, three of three


def test_forced_repeats_with_many_possible_bye_sets_stay_quick() -> None:
    # 23 players who all met, tables of six: C(23, 5) bye sets, all equally bad
    names = [f"p{i:02d}" for i in range(23)]
    entries = [
        Entry(p, score=i % 3, opponents=tuple(q for q in names if q != p))
        for i, p in enumerate(names)
    ]
    pairing = pair(entries, table_size=6, min_table_size=6)
    check_valid(entries, pairing, 6, 6)
    assert pairing.repeats == 3 * 15
    lowest = [e.id for e in rank(entries)][-5:]
    assert set(pairing.byes) == set(lowest)


def test_every_bye_used_then_fewest_byes_lowest_ranked() -> None:
    entries = [Entry(f"p{i}", score=10 - i, byes=1) for i in range(7)]
    entries[2] = Entry("p2", score=8, byes=2)
    pairing = pair(entries, table_size=3, min_table_size=3)
    assert pairing.byes == ("p6",)


@pytest.mark.parametrize(("size", "minimum"), [(7, 3), (1, 1), (4, 5), (3, 1)])
def test_bad_sizes_are_refused(size: int, minimum: int) -> None:
    with pytest.raises(PairingError):
        pair(field_of(6), table_size=size, min_table_size=minimum)


def _score_cost(tables: list[tuple[PlayerId, ...]], group: dict[PlayerId, int]) -> int:
    return sum((group[a] - group[b]) ** 2 for table in tables for a, b in combinations(table, 2))


@settings(max_examples=120, deadline=None)
@given(fields(max_size=10), st.sampled_from([(3, 3), (4, 3), (4, 4), (4, 2), (5, 3), (6, 4)]))
def test_no_repeat_while_a_split_without_repeats_exists(
    entries: list[Entry], sizes: tuple[int, int]
) -> None:
    """Brute force over every bye set and every split: our repeats are the fewest possible."""
    table_size, minimum = sizes
    pairing = pair(entries, table_size=table_size, min_table_size=minimum)
    check_valid(entries, pairing, table_size, minimum)
    assert pairing.repeats == least_repeats_tables(entries, table_size, minimum)
    assert pairing.repeats == repeats(pairing.tables, meetings(entries))


@settings(max_examples=120, deadline=None)
@given(fields(max_size=14), st.sampled_from([(3, 3), (4, 3), (5, 3), (6, 3)]))
def test_tables_are_formed_from_neighbouring_scores(
    entries: list[Entry], sizes: tuple[int, int]
) -> None:
    """No swap of two entries between two tables brings scores closer without a repeat more.

    (Score closeness: the sum over every two entries of a table of their squared distance in
    score groups.) And with no meeting to avoid, the tables are the ranking cut in order.
    """
    table_size, minimum = sizes
    pairing = pair(entries, table_size=table_size, min_table_size=minimum)
    met = meetings(entries)
    scores = sorted({e.score for e in entries}, reverse=True)
    group = {e.id: scores.index(e.score) for e in entries}
    tables = list(pairing.tables)
    base = (repeats(tables, met), _score_cost(tables, group))
    for t1, t2 in combinations(range(len(tables)), 2):
        for a in tables[t1]:
            for b in tables[t2]:
                swapped = list(tables)
                swapped[t1] = tuple(b if p == a else p for p in tables[t1])
                swapped[t2] = tuple(a if p == b else p for p in tables[t2])
                assert (repeats(swapped, met), _score_cost(swapped, group)) >= base
    if not met:
        ranked = [e.id for e in rank(entries) if e.id not in pairing.byes]
        cut: list[list[PlayerId]] = []
        for table in pairing.tables:
            cut.append(ranked[: len(table)])
            ranked = ranked[len(table) :]
        assert [sorted(t, key=str) for t in pairing.tables] == [sorted(t, key=str) for t in cut]


@settings(max_examples=80, deadline=None)
@given(fields(max_size=14), st.integers(3, 6), st.randoms(use_true_random=False))
def test_same_input_same_answer_whatever_the_order(
    entries: list[Entry], table_size: int, rng: random.Random
) -> None:
    first = pair(entries, table_size=table_size)
    assert pair(entries, table_size=table_size) == first
    shuffled = [
        Entry(e.id, e.score, e.rating, tuple(rng.sample(e.opponents, len(e.opponents))), e.byes)
        for e in rng.sample(entries, len(entries))
    ]
    assert pair(shuffled, table_size=table_size) == first


@settings(max_examples=60, deadline=None)
@given(fields(min_size=1, max_size=12), st.sampled_from([(4, 4), (3, 3), (6, 5), (5, 5)]))
def test_byes_follow_the_bye_order_when_no_rematch_is_at_stake(
    entries: list[Entry], sizes: tuple[int, int]
) -> None:
    table_size, minimum = sizes
    entries = [Entry(e.id, e.score, e.rating, (), e.byes) for e in entries]
    pairing = pair(entries, table_size=table_size, min_table_size=minimum)
    ranked = rank(entries)
    order = sorted(range(len(ranked)), key=lambda i: (ranked[i].byes, -i))
    expected = {ranked[i].id for i in order[: len(pairing.byes)]}
    assert set(pairing.byes) == expected


@pytest.mark.parametrize(
    ("players", "rounds", "table_size"),
    [(250, 5, 4), (301, 4, 3), (200, 4, 5), (120, 4, 6), (60, 6, 4)],
)
def test_larger_fields_without_repeats_from_neighbouring_scores(
    players: int, rounds: int, table_size: int
) -> None:
    entries = simulate(players, rounds, table_size)
    pairing = pair(entries, table_size=table_size)
    check_valid(entries, pairing, table_size, 3)
    assert pairing.repeats == 0
    scores = sorted({e.score for e in entries}, reverse=True)
    group = {e.id: scores.index(e.score) for e in entries}
    # neighbouring scores: a table spans a few score groups, not the field; on average a few
    # more than the ranking cut into consecutive tables (which ignores who met whom)
    spans = [max(group[p] for p in t) - min(group[p] for p in t) for t in pairing.tables]
    ranked = [e.id for e in rank(entries) if e.id not in pairing.byes]
    ideal = []
    for table in pairing.tables:
        cut, ranked = ranked[: len(table)], ranked[len(table) :]
        ideal.append(max(group[p] for p in cut) - min(group[p] for p in cut))
    assert max(spans) <= len(scores) // 2
    assert sum(spans) / len(spans) <= sum(ideal) / len(ideal) + 3


def test_dense_histories_keep_repeats_to_a_minimum() -> None:
    # 12 players, 3 rounds of tables of four already played: brute force knows the minimum
    entries = simulate(12, 3, 4)
    pairing = pair(entries, table_size=4)
    assert pairing.repeats == least_repeats_tables(entries, 4, 3)


def test_brute_force_helper_is_sound() -> None:
    assert len(list(partitions(list("abcdefgh"), [4, 4]))) == 35
    assert len(list(partitions(list("abcdefg"), [4, 3]))) == 35
