"""One against one: rematches, byes, score groups, floats, determinism, large fields."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.pairing import Entry, PlayerId, pair
from league.pairing.bench import simulate
from league.pairing.ranking import Field
from league.pairing.swiss import BLOCK, EXACT_LIMIT, _blocks, pair_one_on_one
from tests.pairing.support import (
    check_valid,
    fields,
    least_repeats_one_on_one,
    matchings,
    meetings,
    rank,
    repeats,
)


def ids(tables: tuple[tuple[PlayerId, ...], ...]) -> list[list[PlayerId]]:
    return [list(table) for table in tables]


def test_no_history_pairs_neighbours_top_down() -> None:
    field = [Entry(f"p{i}", score=0, rating=2000 - i) for i in range(6)]
    assert ids(pair(field).tables) == [["p0", "p1"], ["p2", "p3"], ["p4", "p5"]]


def test_score_groups_pair_inside_and_an_odd_group_floats_its_lowest_down() -> None:
    field = [
        Entry("a", 2, rating=1900),
        Entry("b", 2, rating=1800),
        Entry("c", 2, rating=1700),
        Entry("d", 1, rating=1600),
        Entry("e", 1, rating=1500),
        Entry("f", 1, rating=1400),
    ]
    assert ids(pair(field).tables) == [["a", "b"], ["c", "d"], ["e", "f"]]


def test_a_float_goes_to_the_next_group_not_further() -> None:
    field = [Entry("a", 3), Entry("b", 2), Entry("c", 2), Entry("d", 0), Entry("e", 0)]
    field.append(Entry("f", 0))
    # a floats to the 2-group (not to the 0-group); the 2-group's other member pairs down
    assert ids(pair(field).tables) == [["a", "b"], ["c", "d"], ["e", "f"]]


def test_rematch_is_avoided() -> None:
    field = [
        Entry("a", 1, opponents=("b",)),
        Entry("b", 1, opponents=("a",)),
        Entry("c", 0),
        Entry("d", 0),
    ]
    assert ids(pair(field).tables) == [["a", "c"], ["b", "d"]]


def test_rematch_avoidance_beats_score_groups() -> None:
    # a and b lead alone; they met; each must float down rather than meet again
    field = [
        Entry("a", 4, opponents=("b",)),
        Entry("b", 4, opponents=("a",)),
        Entry("c", 0, rating=1600),
        Entry("d", 0, rating=1500),
    ]
    pairing = pair(field)
    assert pairing.repeats == 0
    assert {frozenset(t) for t in pairing.tables} == {frozenset("ac"), frozenset("bd")}


def test_bye_goes_to_the_lowest_ranked_without_one() -> None:
    field = [
        Entry("a", 2),
        Entry("b", 1),
        Entry("c", 1, byes=1),
        Entry("d", 0, byes=1),
        Entry("e", 0, rating=1600),
    ]
    # d is lowest-ranked but had a bye; e is the lowest-ranked without one
    assert pair(field).byes == ("e",)


def test_when_everybody_had_a_bye_the_fewest_then_lowest_ranked_gets_it() -> None:
    field = [Entry("a", 2, byes=1), Entry("b", 1, byes=2), Entry("c", 0, byes=2)]
    assert pair(field).byes == ("a",)
    field = [Entry("a", 2, byes=1), Entry("b", 1, byes=1), Entry("c", 0, byes=1)]
    assert pair(field).byes == ("c",)


def test_avoiding_a_rematch_comes_before_the_bye_rule() -> None:
    # c must get the bye rule's bye, but then a and b (who met) would have to meet again
    field = [
        Entry("a", 1, opponents=("b",)),
        Entry("b", 1, opponents=("a",)),
        Entry("c", 0),
    ]
    pairing = pair(field)
    assert pairing.repeats == 0
    assert pairing.byes != ("c",)


def test_everyone_met_everyone_still_pairs_everybody() -> None:
    names = [f"p{i}" for i in range(7)]
    field = [Entry(p, opponents=tuple(q for q in names if q != p)) for p in names]
    pairing = pair(field)
    check_valid(field, pairing, 2, 2)
    assert pairing.repeats == 3
    assert pairing.byes == ("p6",)


def test_the_fewest_rematches_when_some_are_forced() -> None:
    # everybody met everybody, a and b twice: a-b must not be one of the two tables
    field = [
        Entry("a", 1, opponents=("b", "b", "c", "d")),
        Entry("b", 1, opponents=("a", "a", "c", "d")),
        Entry("c", 1, opponents=("a", "b", "d")),
        Entry("d", 1, opponents=("a", "b", "c")),
    ]
    pairing = pair(field)
    assert pairing.repeats == 2
    assert {frozenset(t) for t in pairing.tables} == {frozenset("ac"), frozenset("bd")}


@pytest.mark.parametrize("n", [0, 1])
def test_tiny_fields(n: int) -> None:
    field = [Entry("solo")][:n]
    pairing = pair(field)
    assert pairing.tables == ()
    assert pairing.byes == tuple(e.id for e in field)


Pair = tuple[PlayerId, PlayerId]


def _cost(entries: list[Entry], matching: list[Pair], bye: PlayerId | None) -> tuple[int, ...]:
    """The objective written out independently: repeats, bye place, score, rank distance."""
    ranked = rank(entries)
    position = {e.id: i for i, e in enumerate(ranked)}
    scores = sorted({e.score for e in entries}, reverse=True)
    group = {e.id: scores.index(e.score) for e in entries}
    order = [e.id for e in sorted(ranked, key=lambda e: (e.byes, -position[e.id]))]
    return (
        repeats(matching, meetings(entries)),
        order.index(bye) if bye is not None else 0,
        sum((group[a] - group[b]) ** 2 for a, b in matching),
        sum((position[a] - position[b]) ** 2 for a, b in matching),
    )


@settings(max_examples=150, deadline=None)
@given(fields(max_size=9))
def test_the_pairing_is_the_best_by_brute_force(entries: list[Entry]) -> None:
    """Small fields: no avoidable rematch, then the bye rule, then scores, then ranks."""
    pairing = pair(entries)
    check_valid(entries, pairing, 2, 2)
    assert pairing.repeats == least_repeats_one_on_one(entries)
    ours = _cost(
        entries,
        [(a, b) for a, b in pairing.tables],
        pairing.byes[0] if pairing.byes else None,
    )
    players = [e.id for e in entries]
    byes: list[PlayerId | None] = [None] if len(players) % 2 == 0 else list(players)
    best = min(
        _cost(entries, matching, bye)
        for bye in byes
        for matching in matchings([p for p in players if p != bye])
    )
    assert ours == best


@settings(max_examples=100, deadline=None)
@given(fields(max_size=14), st.randoms(use_true_random=False))
def test_same_input_same_answer_whatever_the_order(
    entries: list[Entry], rng: random.Random
) -> None:
    first = pair(entries)
    assert pair(entries) == first
    shuffled = [
        Entry(e.id, e.score, e.rating, tuple(rng.sample(e.opponents, len(e.opponents))), e.byes)
        for e in rng.sample(entries, len(entries))
    ]
    assert pair(shuffled) == first


@settings(max_examples=60, deadline=None)
@given(fields(min_size=1, max_size=9))
def test_bye_goes_to_the_lowest_ranked_without_one_when_no_rematch_is_at_stake(
    entries: list[Entry],
) -> None:
    entries = [Entry(e.id, e.score, e.rating, (), e.byes) for e in entries]
    pairing = pair(entries)
    if len(entries) % 2 == 0:
        assert pairing.byes == ()
        return
    ranked = rank(entries)
    fewest = min(e.byes for e in entries)
    expected = [e.id for e in ranked if e.byes == fewest][-1]
    assert pairing.byes == (expected,)


def test_blocks_cut_at_score_groups() -> None:
    entries = simulate(400, 4, 2)
    field = Field.build(entries)
    blocks = _blocks(field, list(range(field.size)))
    assert sum(len(b) for b in blocks) == field.size
    assert all(BLOCK // 2 <= len(b) <= 2 * BLOCK for b in blocks[:-1])
    start = 0
    for block in blocks[:-1]:
        end = start + len(block)
        window = range(start + BLOCK // 2, start + 2 * BLOCK + 1)
        boundaries = [e for e in window if field.group[e - 1] != field.group[e]]
        # a block ends between two score groups whenever one is within reach
        assert field.group[end - 1] != field.group[end] or not boundaries
        start = end


@pytest.mark.parametrize(("players", "rounds"), [(301, 5), (400, 7)])
def test_large_fields_pair_block_by_block_without_rematches(players: int, rounds: int) -> None:
    entries = simulate(players, rounds, 2)
    pairing = pair(entries)
    check_valid(entries, pairing, 2, 2)
    assert pairing.repeats == 0
    fewest = min(e.byes for e in entries)
    expected = tuple(e.id for e in rank(entries) if e.byes == fewest)[-1:]
    assert pairing.byes == (expected if players % 2 else ())
    position = {e.id: i for i, e in enumerate(rank(entries))}
    scores = {e.id: e.score for e in entries}
    groups = sorted(set(scores.values()), reverse=True)
    # tables from neighbouring scores: nobody is paired more than one score group away
    assert all(
        abs(groups.index(scores[a]) - groups.index(scores[b])) <= 1 for a, b in pairing.tables
    )
    assert all(position[a] < position[b] for a, b in pairing.tables)


def test_a_block_that_cannot_avoid_rematches_grows() -> None:
    # the top 60 all met each other: they must be paired with the 60 below them
    n = EXACT_LIMIT + 40
    names = [f"p{i:03d}" for i in range(n)]
    top = names[:60]
    entries = [
        Entry(
            p,
            score=0,
            rating=3000 - i,
            opponents=tuple(q for q in top if q != p) if p in top else (),
        )
        for i, p in enumerate(names)
    ]
    pairing = pair(entries)
    check_valid(entries, pairing, 2, 2)
    assert pairing.repeats == 0


def test_a_large_field_with_forced_rematches_is_solved_whole() -> None:
    names = [f"p{i:03d}" for i in range(EXACT_LIMIT + 3)]
    entries = [Entry(p, opponents=tuple(q for q in names if q != p)) for p in names]
    field = Field.build(entries)
    pairs, bye = pair_one_on_one(field)
    assert len(pairs) == len(names) // 2
    assert bye == field.bye_order[0]
    seen = [p for pair_ in pairs for p in pair_] + [bye]
    assert sorted(seen) == list(range(len(names)))


def test_brute_force_helper_is_sound() -> None:
    assert len(list(matchings(list("abcdef")))) == 15
    entries = [Entry(x, opponents=tuple(y for y in "abcd" if y != x)) for x in "abcd"]
    assert least_repeats_one_on_one(entries) == 2
