"""Tables of three to six (Cabrero, Arrastrado, …): who sits with whom.

The entries that cannot be seated (see :func:`league.pairing.ranking.table_sizes`) get byes, in
bye order (fewest byes, then lowest rank, first). The others are split into tables of the sizes
:func:`~league.pairing.ranking.table_sizes` gives, minimising a cost compared level by level:

1. ``repeats``: the earlier meetings the tables repeat, summed over every two entries of a table;
2. ``score``: the squares of the score-group distances, summed the same way;
3. ``rank``: the squares of the rank distances, summed the same way.

With no history the least-cost split is the ranking cut into consecutive tables, top down.

Four stages, all deterministic (budgets count steps, never seconds):

* **Greedy.** Top down, the highest-ranked entry not yet seated opens the next table (largest
  sizes first) and is joined by the next entries in rank order that meet nobody already there
  again, or the fewest times when all do. This is the whole answer in most real rounds.
* **Branch and bound** (fields up to :data:`EXACT_LIMIT` entries). If the greedy tables repeat
  a meeting, a depth-first search tries the same choices in the same order (so the first answers
  it finds are the greedy's neighbours), each table's size among the sizes left, every choice of
  companions, and keeps the split with the fewest repeats; it stops at zero, when it has seen
  every choice (a proof that the repeats left are forced), or when its step budget is spent. The
  budget covers the whole tree for hand-made sizes, so "no repeat while a repeat-free split
  exists" holds there (checked against brute force).
* **Local search.** Swaps of two entries between two tables, accepted when they lower the cost,
  until none does: it brings back together score neighbours that the greedy or the search pulled
  apart, and removes the repeats left at the bottom tables of a large field.
* **Annealing**, only while repeats remain that the search did not prove forced: random swaps
  that may add a repeat with a falling probability, in windows of tables growing from near to
  all (a small window keeps entries near their score neighbours), each followed by the local
  search.

When repeats remain and the field is small, other bye sets are tried (next in bye order first,
at most :data:`MAX_BYE_SETS`, skipping those whose lower bound on repeats cannot do better),
because avoiding a rematch comes before the bye rule, as in one-against-one pairing. Ties keep
the earlier bye set.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from league.pairing.ranking import Field, table_sizes

EXACT_LIMIT = 24
"""Fields up to this many entries get the full search: every companion, every bye set."""

SMALL_BUDGET = 100_000
"""Search steps for a small field (shared by every bye set tried)."""

MAX_BYE_SETS = 256
"""A small field with repeats left tries at most this many bye sets (in bye order)."""

NEIGHBOUR_TABLES = 3
"""Local search in a large field swaps between tables at most this far apart in table order,
and between a table that repeats a meeting and any other."""

MAX_PASSES = 25
"""Local search stops after this many passes over the tables even if it could go on."""

BOUND_LIMIT = 64
"""The search computes its lower bound on repeats only with at most this many entries left."""

ANNEAL_STEPS = 20_000
"""Swaps tried by one annealing run, run only when repeats are left and not proven needed."""


class _Budget:
    """A count of search steps left, shared by every search of one pairing."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self) -> bool:
        """Spend one step; ``False`` once none is left."""
        self.left -= 1
        return self.left >= 0


def pair_multi(
    field: Field, table_size: int, min_table_size: int
) -> tuple[list[list[int]], list[int], int]:
    """Split the field into tables: the tables and the byes (rank indices) and the repeats.

    Each table lists its members in rank order; tables are listed by their best-ranked member.
    """
    n = field.size
    sizes = table_sizes(n, table_size, min_table_size)
    byes_needed = n - sum(sizes)
    small = n <= EXACT_LIMIT
    budget = _Budget(SMALL_BUDGET if small else 0)
    best: tuple[int, list[list[int]], list[int]] | None = None
    met_masks = {p: sum(1 << q for q in field.met[p]) for p in range(n)} if small else {}
    for tried, bye_set in enumerate(combinations(field.bye_order, byes_needed)):
        if tried >= MAX_BYE_SETS:
            break
        sitting_out = set(bye_set)
        seated = [i for i in range(n) if i not in sitting_out]
        if best is not None and sizes:
            mask = sum(1 << p for p in seated)
            if _repeats_at_least(seated, mask, met_masks, sizes) >= best[0]:
                continue  # this bye set cannot do better than the best so far
        tables = _arrange(field, seated, sizes, small=small, budget=budget)
        repeats = sum(field.meetings(table) for table in tables)
        if best is None or repeats < best[0]:
            best = (repeats, tables, sorted(bye_set))
        if best[0] == 0 or not small or budget.left <= 0:
            break
    assert best is not None
    repeats, tables, byes = best
    ordered = sorted((sorted(table) for table in tables), key=lambda table: table[0])
    return ordered, byes, repeats


class _Costs:
    """The cost of two entries at one table, folded into one integer (repeats, score, rank)."""

    def __init__(self, field: Field, players: Sequence[int], table_size: int) -> None:
        self.field = field
        n = max(players, default=0) + 1
        groups = max((field.group[p] for p in players), default=0) + 1
        pairs = len(players) * max(table_size - 1, 1)
        self.unit_score = pairs * n * n + 1
        self.unit_repeat = self.unit_score * (pairs * groups * groups + 1)

    def pair(self, a: int, b: int) -> int:
        """The cost of ``a`` and ``b`` at one table."""
        field = self.field
        return (
            field.met[a].get(b, 0) * self.unit_repeat
            + (field.group[a] - field.group[b]) ** 2 * self.unit_score
            + (a - b) ** 2
        )

    def table(self, members: Sequence[int]) -> int:
        """The cost of a table: the sum over every two of its members."""
        return sum(self.pair(a, b) for x, a in enumerate(members) for b in members[x + 1 :])


def _arrange(
    field: Field, seated: list[int], sizes: list[int], *, small: bool, budget: _Budget
) -> list[list[int]]:
    """Split ``seated`` (rank order) into tables of ``sizes``: greedy, search, local search.

    The search runs in small fields only: in large ones, chronological backtracking spends its
    time at the bottom tables, where the local search does better in a fraction of the time.
    """
    if not sizes:
        return []
    tables = _greedy(field, seated, sizes)
    proven = True
    if any(field.meetings(table) for table in tables):
        proven = False
        if small:
            found, proven = _search(field, seated, sizes, budget, tables)
            if found is not None:
                tables = found
    costs = _Costs(field, seated, max(sizes))
    tables = _improve(tables, costs, everywhere=small)
    if not proven and any(field.meetings(table) for table in tables):
        tables = _shake(tables, costs)
    return tables


def _greedy(field: Field, seated: list[int], sizes: list[int]) -> list[list[int]]:
    """Top down: each table is the best-ranked entry left and the nearest that fit with it."""
    left = list(seated)
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best_at = 0
            best_repeats: int | None = None
            for at, candidate in enumerate(left):
                met = field.met[candidate]
                repeats = sum(met.get(member, 0) for member in table) if met else 0
                if best_repeats is None or repeats < best_repeats:
                    best_at, best_repeats = at, repeats
                    if repeats == 0:
                        break
            table.append(left.pop(best_at))
        tables.append(table)
    return tables


def _search(
    field: Field,
    seated: list[int],
    sizes: list[int],
    budget: _Budget,
    incumbent: list[list[int]],
) -> tuple[list[list[int]] | None, bool]:
    """Depth-first branch and bound for fewer repeats than ``incumbent``.

    Returns the best split found (``None`` if none beats ``incumbent``) and whether the search
    went through every choice (which proves that no split has fewer repeats than the answer).

    Each level opens one table with the best-ranked entry not yet seated, tries each size still
    available (largest first), and each choice of companions among the free entries, in rank
    order, whose repeats keep the total below the best found so far; a level is cut when a
    lower bound on the repeats still to come (:func:`_repeats_at_least`) cannot do better.
    """
    free = dict.fromkeys(seated, True)
    free_mask = sum(1 << p for p in seated)
    met_masks = {p: sum(1 << q for q in field.met[p]) for p in seated}
    order = list(seated)
    best_cost = sum(field.meetings(table) for table in incumbent)
    best: list[list[int]] | None = None
    left_sizes = sorted(sizes, reverse=True)
    placed: list[tuple[list[int], int, int]] = []  # (table, its repeats, its size's place)
    frames: list[Iterator[tuple[list[int], int, int]]] = []
    cost = 0

    def options(bound: int) -> Iterator[tuple[list[int], int, int]]:
        players = [p for p in order if free[p]]
        if _repeats_at_least(players, free_mask, met_masks, left_sizes) > bound:
            return
        anchor = players[0]
        candidates = [p for p in players if p != anchor]
        tried: set[int] = set()
        for place, size in enumerate(left_sizes):
            if size in tried:
                continue
            tried.add(size)
            found = _companions(field, [anchor], candidates, size - 1, bound, budget)
            for companions, repeats in found:
                yield [anchor, *companions], repeats, place

    frames.append(options(best_cost - 1))
    exhausted = False
    while True:
        if not frames:
            exhausted = True
            break
        if placed and len(placed) == len(frames):
            table, repeats, place = placed.pop()
            cost -= repeats
            left_sizes.insert(place, len(table))
            for p in table:
                free[p] = True
                free_mask |= 1 << p
        option = next(frames[-1], None)
        if option is None:
            if budget.left <= 0:
                break
            frames.pop()
            continue
        table, repeats, place = option
        for p in table:
            free[p] = False
            free_mask &= ~(1 << p)
        del left_sizes[place]
        placed.append((table, repeats, place))
        cost += repeats
        if not left_sizes:
            if cost < best_cost:
                best_cost = cost
                best = [list(t) for t, _, _ in placed]
                if best_cost == 0:
                    break
            continue
        frames.append(options(best_cost - 1 - cost))
    return best, exhausted or best_cost == 0


def _repeats_at_least(
    players: list[int], free: int, met_masks: dict[int, int], sizes: list[int]
) -> int:
    """A lower bound on the repeats of any split of ``players`` into tables of ``sizes``.

    ``free`` is the bit set of ``players``; ``met_masks[p]`` the bit set of those ``p`` met.
    The larger of two bounds. Each entry sits with at least ``min(sizes) - 1`` others; those
    beyond the ones it has not met are repeats, each counted by both its entries. And the
    tables hold ``sum(s * (s - 1) / 2)`` pairs, of which at most half the sum over entries of
    ``min(max(sizes) - 1, not met)`` can be new. Skipped (0) for more than :data:`BOUND_LIMIT`
    entries, where it would cost more than it saves.
    """
    if len(players) > BOUND_LIMIT:
        return 0
    smallest, largest = min(sizes), max(sizes)
    deficit = 0
    new_ends = 0
    for p in players:
        fresh = (free & ~met_masks[p]).bit_count() - 1
        deficit += max(0, smallest - 1 - fresh)
        new_ends += min(largest - 1, fresh)
    pairs = sum(size * (size - 1) // 2 for size in sizes)
    return max((deficit + 1) // 2, pairs - new_ends // 2)


def _companions(
    field: Field,
    chosen: list[int],
    candidates: list[int],
    wanted: int,
    bound: int,
    budget: _Budget,
) -> Iterator[tuple[list[int], int]]:
    """Every way to add ``wanted`` of ``candidates`` (kept in order) to ``chosen``.

    Yields the companions and the repeats they bring with ``chosen`` and among themselves, when
    those repeats stay at most ``bound``. Each candidate looked at spends a step of ``budget``.
    """
    if wanted == 0:
        yield [], 0
        return
    for at in range(len(candidates) - wanted + 1):
        if not budget.spend():
            return
        candidate = candidates[at]
        met = field.met[candidate]
        repeats = sum(met.get(member, 0) for member in chosen) if met else 0
        if repeats > bound:
            continue
        for rest, more in _companions(
            field, [*chosen, candidate], candidates[at + 1 :], wanted - 1, bound - repeats, budget
        ):
            yield [candidate, *rest], repeats + more


def _improve(tables: list[list[int]], costs: _Costs, *, everywhere: bool) -> list[list[int]]:
    """Swap entries between tables while a swap lowers the total cost (first improvement).

    ``everywhere`` compares every two tables; otherwise tables at most
    :data:`NEIGHBOUR_TABLES` apart, and a table with repeats with every other, nearest first.
    Two tables found without an improving swap are not looked at again until one changes.
    """
    tables = [list(table) for table in tables]
    version = [0] * len(tables)
    settled: dict[tuple[int, int], tuple[int, int]] = {}
    for _ in range(MAX_PASSES):
        improved = False
        for t1 in range(len(tables)):
            if costs.field.meetings(tables[t1]) > 0:
                others: Sequence[int] = sorted(
                    (t for t in range(len(tables)) if t != t1), key=lambda t: (abs(t - t1), t)
                )
            elif everywhere:
                others = range(t1 + 1, len(tables))
            else:
                others = range(t1 + 1, min(len(tables), t1 + 1 + NEIGHBOUR_TABLES))
            for t2 in others:
                key = (min(t1, t2), max(t1, t2))
                stamp = (version[key[0]], version[key[1]])
                if settled.get(key) == stamp:
                    continue
                first, second = tables[t1], tables[t2]
                swap = _first_swap(first, second, costs)
                if swap is None:
                    settled[key] = stamp
                    continue
                x, y = swap
                first[x], second[y] = second[y], first[x]
                version[t1] += 1
                version[t2] += 1
                improved = True
        if not improved:
            break
    return tables


def _first_swap(first: list[int], second: list[int], costs: _Costs) -> tuple[int, int] | None:
    """The first swap (``first[x]`` for ``second[y]``) that lowers the cost of the two tables."""
    pair = costs.pair
    cross = [[pair(a, b) for b in second] for a in first]
    own_first = [sum(pair(a, p) for p in first if p != a) for a in first]
    own_second = [sum(pair(b, q) for q in second if q != b) for b in second]
    to_second = [sum(row) for row in cross]
    to_first = [sum(row[y] for row in cross) for y in range(len(second))]
    for x in range(len(first)):
        for y in range(len(second)):
            between = cross[x][y]
            delta = (
                (to_first[y] - between) - own_first[x] + (to_second[x] - between) - own_second[y]
            )
            if delta < 0:
                return x, y
    return None


def _shake(tables: list[list[int]], costs: _Costs) -> list[list[int]]:
    """Annealing runs that hunt the repeats single swaps cannot remove; the best split found.

    Runs of :data:`ANNEAL_STEPS` random swaps between tables at most 4, then 8, then any number
    of places apart (a small window keeps entries near their score neighbours), each followed by
    the local search; stops at the first run without repeats. Ties keep the earlier run's split.
    """
    field = costs.field
    best = tables
    best_key = (sum(field.meetings(t) for t in tables), sum(costs.table(t) for t in tables))
    for window in (4, 8, len(tables)):
        shaken = _improve(_anneal_repeats(field, best, window), costs, everywhere=False)
        key = (sum(field.meetings(t) for t in shaken), sum(costs.table(t) for t in shaken))
        if key < best_key:
            best, best_key = shaken, key
        if best_key[0] == 0:
            break
    return best


def _anneal_repeats(field: Field, tables: list[list[int]], window: int) -> list[list[int]]:
    """Simulated annealing on the number of repeats alone; the split with the fewest seen.

    A random swap of two entries between tables at most ``window`` apart is taken if it does
    not add repeats, else with probability ``exp(-added / temperature)``, the temperature falling
    from 1 to 0.05 over :data:`ANNEAL_STEPS` swaps. The generator is seeded with a constant and
    the field's size, so the answer stays a function of the input.
    """
    current = [list(table) for table in tables]
    if len(current) < 2:
        return current
    rng = random.Random(f"tute-pairing-{sum(len(t) for t in current)}-{window}")
    repeats = [field.meetings(table) for table in current]
    total = sum(repeats)
    best_total, best = total, [list(table) for table in current]
    hot, cold = 1.0, 0.05
    last = len(current) - 1
    for step in range(ANNEAL_STEPS):
        temperature = hot * (cold / hot) ** (step / ANNEAL_STEPS)
        t1 = rng.randrange(len(current))
        t2 = min(last, max(0, t1 + rng.randint(-window, window)))
        if t1 == t2:
            continue
        first, second = current[t1], current[t2]
        x, y = rng.randrange(len(first)), rng.randrange(len(second))
        first[x], second[y] = second[y], first[x]
        now = (field.meetings(first), field.meetings(second))
        added = now[0] + now[1] - repeats[t1] - repeats[t2]
        if added > 0 and rng.random() >= math.exp(-added / temperature):
            first[x], second[y] = second[y], first[x]
            continue
        repeats[t1], repeats[t2] = now
        total += added
        if total < best_total:
            best_total, best = total, [list(table) for table in current]
            if total == 0:
                break
    return best
