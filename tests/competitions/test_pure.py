"""The pure modules: formats (shapes, match points), schedule (round robins, rotating tables)
and the adapter's mappings, with their doctests."""

from __future__ import annotations

import doctest
from collections import Counter
from decimal import Decimal
from itertools import combinations

import pytest

from games.engine import get_variant
from league.competitions import adapter, formats, schedule, seeding


@pytest.mark.parametrize("module", [formats, schedule, adapter, seeding])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted and not result.failed


@pytest.mark.parametrize(
    ("variant", "shape", "sizes"),
    [
        ("dos", "single", (2,)),
        ("dos_ar", "single", (2,)),
        ("parejas", "pairs", (2,)),
        ("vtt", "pairs", (2,)),
        ("cabrero", "table", (3, 4, 5, 6)),
        ("chancho", "table", (3, 4, 5, 6)),
        ("arrastrado", "table", (3, 4)),
    ],
)
def test_every_variant_has_a_table_shape(variant: str, shape: str, sizes: tuple[int, ...]) -> None:
    spec = get_variant(variant)
    assert formats.shape_of(spec) == shape
    assert formats.table_sizes_for(spec) == sizes


def test_shared_places_share_their_points_and_forfeits_score_nothing() -> None:
    scheme = formats.DEFAULT_SCORING
    assert formats.points_for_places([1, 1], scheme) == [1, 1]
    assert formats.points_for_places([1, 2, 2, 2], scheme) == [4, 1, 1, 1]
    assert formats.points_for_places([1, 1, 3], scheme) == [2, 2, 0]
    assert formats.points_for_places([None, None], scheme) == [0, 0]
    # the players present take the top places of the table's row
    assert formats.points_for_places([3, None, 1, None], scheme) == [2, 0, 4, 0]
    assert formats.points_for_places([1, 1, 1, 4], {4: (5, 3, 1, 0)}) == [3, 3, 3, 0]
    assert formats.points_for_places([1, 2, 2], {3: (3, 1, 0)}) == [
        3,
        Decimal("0.5"),
        Decimal("0.5"),
    ]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_single_round_robin_everyone_meets_once_with_balanced_home(n: int) -> None:
    ids = list(range(100, 100 + n))
    rounds = schedule.round_robin(ids)
    even = n + n % 2
    assert len(rounds) == even - 1
    pairs = Counter(frozenset(p) for rnd in rounds for p in rnd)
    assert set(pairs) == {frozenset(p) for p in combinations(ids, 2)}
    assert set(pairs.values()) == {1}
    for rnd in rounds:
        playing = [x for p in rnd for x in p]
        assert len(playing) == len(set(playing))  # one fixture per entry per round
        assert len(rnd) == n // 2
    home = Counter(p[0] for rnd in rounds for p in rnd)
    games = Counter(x for rnd in rounds for p in rnd for x in p)
    for entry in ids:
        away = games[entry] - home[entry]
        assert abs(home[entry] - away) <= 1, (entry, home[entry], away)
    rests = Counter(x for rnd in rounds for x in set(ids) - {y for p in rnd for y in p})
    assert set(rests.values()) <= {1}  # with an odd count each entry rests once


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 9])
def test_double_round_robin_everyone_meets_twice_home_and_away(n: int) -> None:
    ids = [f"p{i}" for i in range(n)]
    rounds = schedule.round_robin(ids, double=True)
    ordered = Counter(p for rnd in rounds for p in rnd)
    assert set(ordered) == {(a, b) for a in ids for b in ids if a != b}
    assert set(ordered.values()) == {1}  # each pair once at each home
    home = Counter(p[0] for rnd in rounds for p in rnd)
    assert set(home.values()) == {n - 1}


def test_round_robin_of_fewer_than_two_is_empty() -> None:
    assert schedule.round_robin([]) == [] and schedule.round_robin(["a"]) == []


def test_rotating_tables_nine_players_meet_everyone_once() -> None:
    ids = list(range(1, 10))
    plan = schedule.rotating_tables(ids, table_size=3, min_table_size=3, rounds=4)
    met = Counter(frozenset(p) for rnd in plan for t in rnd for p in combinations(t, 2))
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)}
    assert set(met.values()) == {1}


@pytest.mark.parametrize(("n", "size"), [(8, 4), (10, 4), (13, 4), (7, 3), (12, 5), (14, 6)])
def test_rotating_tables_spread_rests_and_seats(n: int, size: int) -> None:
    ids = list(range(n))
    rounds = schedule.rotating_rounds(n, size)
    plan = schedule.rotating_tables(ids, table_size=size, min_table_size=3, rounds=rounds)
    assert len(plan) == rounds
    rests: Counter[int] = Counter()
    mano: Counter[int] = Counter()
    for rnd in plan:
        seated = [x for t in rnd for x in t]
        assert len(seated) == len(set(seated))
        assert all(3 <= len(t) <= size for t in rnd)
        for x in set(ids) - set(seated):
            rests[x] += 1
        for table in rnd:
            mano[table[0]] += 1
    # rests go round: nobody rests twice before everyone has rested once
    assert max(rests.values(), default=0) - min((rests[i] for i in ids), default=0) <= 1
    # nobody is mano much more often than the rounds allow
    assert max(mano.values()) <= max(1, -(-rounds // 2))
    met = Counter(frozenset(p) for rnd in plan for t in rnd for p in combinations(t, 2))
    assert max(met.values()) <= 3


def test_entry_seats_and_places_for_pairs() -> None:
    assert formats.entry_seats("pairs", 0, 2) == (0, 2)
    assert adapter.entry_places("pairs", [1, 2, 1, 2], 2) == [1, 2]
    assert adapter.entry_places("single", [2, 1], 2) == [2, 1]
