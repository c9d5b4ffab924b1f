"""League schedules: pure functions over entry ids, no database.

**Round robin** (one against one, and pairs where an entry is a partnership):
:func:`round_robin` is the circle method. Entry 0 stays put, the others turn one place per
round; round ``r`` pairs position ``i`` with position ``n - 1 - i``. With an odd number of
entries a ghost makes the count even, and whoever meets the ghost rests that round. Every pair
meets exactly once in ``n - 1`` rounds (``n`` even after the ghost).

*Home* is seat 0, the *mano*, who leads the first trick. The entry in the upper half of the
circle is at home; the fixed entry alternates, home in even rounds. Over the ``n - 1`` rounds
every entry turns through each position once, so it is at home ``n/2 - 1`` times from the upper
half plus 0 or 1 from the fixed entry's table: home counts differ by at most one, the best an
odd number of rounds allows. A double round robin plays the same rounds again with home and
away swapped, so every entry is at home exactly ``n - 1`` times.

**Rotating tables** (Cabrero, tables of three to six): :func:`rotating_tables` builds round
after round with the Swiss pairing of :mod:`league.pairing` where everyone has the same score:
what is left for it to optimise is avoiding repeated meetings, spreading the rests (byes)
evenly, and balancing the seats (who is mano, who deals). Enough rounds for everyone to meet
everyone once, when the tables allow it, is ``ceil((n - 1) / (k - 1))``
(:func:`rotating_rounds`).

>>> [[pair for pair in rnd] for rnd in round_robin(["a", "b", "c", "d"])]
[[('a', 'd'), ('b', 'c')], [('c', 'a'), ('d', 'b')], [('a', 'b'), ('c', 'd')]]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

from league.pairing import Entry, PlayerId, pair

T = TypeVar("T")


def round_robin(ids: Sequence[T], *, double: bool = False) -> list[list[tuple[T, ...]]]:
    """The rounds of a round robin: per round, the pairings ``(home, away)``; an entry that
    meets the ghost (odd count) rests and appears in no pairing of that round.

    >>> rounds = round_robin([1, 2, 3])
    >>> len(rounds), sorted(p for rnd in rounds for p in rnd)
    (3, [(1, 2), (2, 3), (3, 1)])
    >>> [rnd for rnd in round_robin([1, 2], double=True)]
    [[(1, 2)], [(2, 1)]]
    """
    circle: list[T | None] = list(ids)
    if len(circle) < 2:
        return []
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds: list[list[tuple[T, ...]]] = []
    for r in range(n - 1):
        pairs: list[tuple[T, ...]] = []
        for i in range(n // 2):
            home, away = circle[i], circle[n - 1 - i]
            if i == 0 and r % 2 == 1:
                home, away = away, home
            if home is None or away is None:
                continue
            pairs.append((home, away))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    if double:
        rounds += [[(away, home) for home, away in rnd] for rnd in rounds]
    return rounds


def rotating_rounds(entries: int, table_size: int, *, double: bool = False) -> int:
    """Rounds for everyone to meet everyone once (twice with ``double``), if tables allow.

    >>> rotating_rounds(9, 3), rotating_rounds(8, 4), rotating_rounds(8, 4, double=True)
    (4, 3, 6)
    """
    if entries < 2:
        return 0
    rounds = math.ceil((entries - 1) / max(1, min(table_size, entries) - 1))
    return rounds * (2 if double else 1)


def rotating_tables(
    ids: Sequence[PlayerId], *, table_size: int, min_table_size: int, rounds: int
) -> list[list[tuple[PlayerId, ...]]]:
    """Per round, the tables (entries in seat order, mano first); entries left out rest.

    >>> plan = rotating_tables([1, 2, 3, 4, 5, 6], table_size=3, min_table_size=3, rounds=2)
    >>> [sorted(len(t) for t in rnd) for rnd in plan]
    [[3, 3], [3, 3]]
    """
    met: dict[PlayerId, list[PlayerId]] = {i: [] for i in ids}
    byes: Counter[PlayerId] = Counter()
    seats: dict[PlayerId, list[int]] = {i: [0] * table_size for i in ids}
    plan: list[list[tuple[PlayerId, ...]]] = []
    for _ in range(rounds):
        field = [
            Entry(i, 0, 0, opponents=tuple(met[i]), byes=byes[i], seat_counts=tuple(seats[i]))
            for i in ids
        ]
        pairing = pair(field, table_size=table_size, min_table_size=min_table_size)
        for table in pairing.tables:
            for seat, i in enumerate(table):
                met[i].extend(o for o in table if o != i)
                seats[i][seat] += 1
        for i in pairing.byes:
            byes[i] += 1
        plan.append([tuple(table) for table in pairing.tables])
    return plan
