"""Ranking, bye order, table sizes, and the indexed field the pairing algorithms work on.

**Ranking order** (who is "higher"): score, highest first; then rating, highest first; then id,
ascending (ints before strings, see :mod:`league.pairing.types`). The order is total, so the
pairing never depends on the order of its input.

**Bye order** (who sits out first): the entries with the fewest byes so far, and among them the
lowest-ranked first. "The bye goes to the lowest-ranked player without one" is the head of this
order; when everybody has had a bye, it is the lowest-ranked among those with the fewest.

**Table sizes**: see :func:`table_sizes`.

The algorithms do not handle :class:`Entry` values directly: :class:`Field` numbers the entries
by rank (0 is the top), and holds for each the index of its score group and the count of
earlier meetings with every other entry of the field.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from league.pairing.types import MAX_TABLE, MIN_TABLE, Entry, PairingError, PlayerId


def id_key(player: PlayerId) -> tuple[int, int, str]:
    """A sort key for ids of both kinds: ints by value, before strings by code point.

    >>> sorted(["b", 10, "a", 2], key=id_key)
    [2, 10, 'a', 'b']
    """
    if isinstance(player, int):
        return (0, player, "")
    return (1, 0, player)


def rank_key(entry: Entry) -> tuple[float, float, tuple[int, int, str]]:
    """The ranking order as a sort key: score down, rating down, id up."""
    return (-entry.score, -entry.rating, id_key(entry.id))


def rank_order(entries: Sequence[Entry]) -> list[Entry]:
    """The entries from the highest-ranked to the lowest-ranked.

    >>> [e.id for e in rank_order([Entry("c", 1), Entry("a", 2), Entry("b", 2, rating=1600)])]
    ['b', 'a', 'c']
    """
    return sorted(entries, key=rank_key)


def bye_order(entries: Sequence[Entry]) -> list[Entry]:
    """The entries in the order they get byes: fewest byes first, then lowest-ranked first.

    >>> [e.id for e in bye_order([Entry("a", 0), Entry("b", 1), Entry("c", 0, byes=1)])]
    ['a', 'b', 'c']
    """
    ranked = rank_order(entries)
    order = sorted(range(len(ranked)), key=lambda i: (ranked[i].byes, -i))
    return [ranked[i] for i in order]


def table_sizes(players: int, table_size: int, min_table_size: int) -> list[int]:
    """The sizes of the tables for ``players`` entries, largest first.

    As many entries as possible are seated at tables of ``min_table_size`` to ``table_size``
    seats; the fewest tables that hold them are used, and their sizes differ by at most one.
    Whoever cannot be seated gets a bye.

    >>> table_sizes(10, 4, 3)
    [4, 3, 3]
    >>> table_sizes(10, 4, 4)   # two byes
    [4, 4]
    >>> table_sizes(7, 2, 2)    # one bye
    [2, 2, 2]
    >>> table_sizes(2, 4, 3)    # nobody can be seated
    []
    """
    check_table_size(table_size, min_table_size)
    for seated in range(players, 0, -1):
        tables = -(-seated // table_size)
        if tables * min_table_size <= seated:
            small, extra = divmod(seated, tables)
            return [small + 1] * extra + [small] * (tables - extra)
    return []


def check_table_size(table_size: int, min_table_size: int) -> None:
    """Raise :class:`PairingError` unless ``2 <= min_table_size <= table_size <= 6``."""
    if not MIN_TABLE <= table_size <= MAX_TABLE:
        raise PairingError(
            f"table_size must be between {MIN_TABLE} and {MAX_TABLE}, not {table_size}"
        )
    if not MIN_TABLE <= min_table_size <= table_size:
        raise PairingError(
            f"min_table_size must be between {MIN_TABLE} and table_size ({table_size}), "
            f"not {min_table_size}"
        )


def default_min_table_size(table_size: int) -> int:
    """``min_table_size`` when the caller gives none: 2 for one-against-one, else 3.

    Three is the fewest players a multi-player Tute (Cabrero, Arrastrado) can be played with.

    >>> default_min_table_size(2), default_min_table_size(5)
    (2, 3)
    """
    return min(table_size, 3)


@dataclass(frozen=True)
class Field:
    """The entries numbered by rank, with what the pairing needs to know about them.

    ``entries[i]`` is the entry of rank ``i`` (0 is the top). ``group[i]`` is the index of its
    score group (0 for the top score). ``met[i][j]`` is how often ``i`` and ``j`` have met
    (absent: never). ``bye_order`` lists indices in bye order; ``bye_place[i]`` is the place of
    ``i`` in it.
    """

    entries: tuple[Entry, ...]
    group: tuple[int, ...]
    met: tuple[dict[int, int], ...]
    bye_order: tuple[int, ...]
    bye_place: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many entries the field holds."""
        return len(self.entries)

    def meetings(self, members: Sequence[int]) -> int:
        """How many earlier meetings a table of these members would repeat."""
        total = 0
        for a, first in enumerate(members):
            met = self.met[first]
            if met:
                for second in members[a + 1 :]:
                    total += met.get(second, 0)
        return total

    @classmethod
    def build(cls, entries: Sequence[Entry]) -> Field:
        """Check the entries and index them by rank.

        Raises :class:`PairingError` on a duplicate id, a negative bye count, a score or rating
        that is not a finite number, or an entry listed among its own opponents. A meeting
        recorded on one side only counts; recorded on both sides, it counts once (the larger of
        the two counts).
        """
        ranked = rank_order(entries)
        index: dict[PlayerId, int] = {}
        for i, entry in enumerate(ranked):
            if entry.id in index:
                raise PairingError(f"duplicate id {entry.id!r}")
            if entry.byes < 0:
                raise PairingError(f"entry {entry.id!r} has a negative number of byes")
            if not (math.isfinite(entry.score) and math.isfinite(entry.rating)):
                raise PairingError(f"entry {entry.id!r} needs a finite score and rating")
            index[entry.id] = i
        met: list[dict[int, int]] = [{} for _ in ranked]
        for i, entry in enumerate(ranked):
            counts: dict[int, int] = {}
            for other in entry.opponents:
                j = index.get(other)
                if j is None:
                    continue  # not in the field (withdrawn)
                if j == i:
                    raise PairingError(f"entry {entry.id!r} is listed among its own opponents")
                counts[j] = counts.get(j, 0) + 1
            for j, count in counts.items():
                if count > met[i].get(j, 0):
                    met[i][j] = count
                    met[j][i] = count
        scores = sorted({entry.score for entry in ranked}, reverse=True)
        group_of = {score: g for g, score in enumerate(scores)}
        group = tuple(group_of[entry.score] for entry in ranked)
        bye_order = tuple(sorted(range(len(ranked)), key=lambda i: (ranked[i].byes, -i)))
        bye_place = [0] * len(ranked)
        for place, i in enumerate(bye_order):
            bye_place[i] = place
        return cls(tuple(ranked), group, tuple(met), bye_order, tuple(bye_place))
