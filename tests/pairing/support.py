"""Shared helpers of the pairing tests: field strategies, an independent brute force, checks.

The brute force does not use the package's own indexing: it ranks, groups and counts meetings
from the entries itself, so it can judge the package rather than repeat it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from hypothesis import strategies as st

from league.pairing import Entry, Pairing, PlayerId, table_sizes

SCORES = (0, 0.5, 1, 2, 3)
RATINGS = (1400, 1500, 1600)


def rank(entries: Sequence[Entry]) -> list[Entry]:
    """The ranking order, written out independently: score, rating (both down), then id."""
    return sorted(entries, key=lambda e: (-e.score, -e.rating, str(e.id)))


def meetings(entries: Sequence[Entry]) -> dict[frozenset[PlayerId], int]:
    """How often each two entries of the field met (the larger of the two sides' counts)."""
    present = {e.id for e in entries}
    met: dict[frozenset[PlayerId], int] = {}
    for e in entries:
        for other in set(e.opponents):
            if other in present and other != e.id:
                key = frozenset((e.id, other))
                met[key] = max(met.get(key, 0), e.opponents.count(other))
    return met


def repeats(tables: Sequence[Sequence[PlayerId]], met: dict[frozenset[PlayerId], int]) -> int:
    """The earlier meetings these tables repeat."""
    return sum(met.get(frozenset((a, b)), 0) for table in tables for a, b in combinations(table, 2))


@st.composite
def fields(draw: st.DrawFn, min_size: int = 0, max_size: int = 9) -> list[Entry]:
    """A field with small score and rating ranges (so ties happen) and a random history."""
    n = draw(st.integers(min_size, max_size))
    ids = [f"p{i}" for i in range(n)]
    scores = draw(st.lists(st.sampled_from(SCORES), min_size=n, max_size=n))
    ratings = draw(st.lists(st.sampled_from(RATINGS), min_size=n, max_size=n))
    byes = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    pairs = list(combinations(range(n), 2))
    met = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    twice = draw(st.sets(st.sampled_from(met))) if met else set()
    one_sided = draw(st.sets(st.sampled_from(met))) if met else set()
    opponents: list[list[PlayerId]] = [[] for _ in range(n)]
    for a, b in met:
        times = 2 if (a, b) in twice else 1
        opponents[a].extend([ids[b]] * times)
        if (a, b) not in one_sided:
            opponents[b].extend([ids[a]] * times)
    return [
        Entry(
            ids[i], score=scores[i], rating=ratings[i], opponents=tuple(opponents[i]), byes=byes[i]
        )
        for i in range(n)
    ]


def check_valid(
    entries: Sequence[Entry], pairing: Pairing, table_size: int, min_table_size: int
) -> None:
    """Every entry exactly once; table sizes as :func:`table_sizes` says; tables top down."""
    seated = [p for table in pairing.tables for p in table]
    everyone = seated + list(pairing.byes)
    assert sorted(everyone, key=str) == sorted((e.id for e in entries), key=str)
    assert len(set(everyone)) == len(everyone)
    expected = table_sizes(len(entries), table_size, min_table_size)
    assert sorted((len(t) for t in pairing.tables), reverse=True) == expected
    position = {e.id: i for i, e in enumerate(rank(entries))}
    tops = [min(position[p] for p in table) for table in pairing.tables]
    assert tops == sorted(tops), "tables must be listed from the top score down"
    byes = [position[p] for p in pairing.byes]
    assert byes == sorted(byes), "byes are listed highest-ranked first"


def matchings(players: Sequence[PlayerId]) -> Iterator[list[tuple[PlayerId, PlayerId]]]:
    """Every perfect matching of an even number of players."""
    if not players:
        yield []
        return
    first, rest = players[0], list(players[1:])
    for at, partner in enumerate(rest):
        for matching in matchings(rest[:at] + rest[at + 1 :]):
            yield [(first, partner), *matching]


def partitions(
    players: Sequence[PlayerId], sizes: Sequence[int]
) -> Iterator[list[tuple[PlayerId, ...]]]:
    """Every split of ``players`` into unordered tables of the given sizes."""
    if not players:
        yield []
        return
    first, rest = players[0], list(players[1:])
    for size in sorted(set(sizes), reverse=True):
        left = list(sizes)
        left.remove(size)
        for companions in combinations(rest, size - 1):
            others = [p for p in rest if p not in companions]
            for split in partitions(others, left):
                yield [(first, *companions), *split]


def least_repeats_one_on_one(entries: Sequence[Entry]) -> int:
    """The fewest repeats of any pairing one against one (any entry may take the bye)."""
    met = meetings(entries)
    ids = [e.id for e in entries]
    choices = [None] if len(ids) % 2 == 0 else ids
    best: int | None = None
    for bye in choices:
        players = [p for p in ids if p != bye]
        for matching in matchings(players):
            value = repeats(matching, met)
            best = value if best is None else min(best, value)
    return best or 0


def least_repeats_tables(entries: Sequence[Entry], table_size: int, minimum: int) -> int:
    """The fewest repeats of any split into tables (any entries may take the byes)."""
    met = meetings(entries)
    ids = [e.id for e in entries]
    sizes = table_sizes(len(ids), table_size, minimum)
    best: int | None = None
    for byes in combinations(ids, len(ids) - sum(sizes)):
        players = [p for p in ids if p not in byes]
        for split in partitions(players, sizes):
            value = repeats(split, met)
            best = value if best is None else min(best, value)
            if best == 0:
                return 0
    return best or 0
