"""Duplicate scoring: pure functions, no database.

In a duplicate tournament every table of a round plays the same deals (the round's seed and
first dealer), so hand *k* at one table held the same cards, seat by seat, as hand *k* at the
others: a *board*. An entry's result on a board is compared only with the results of those who
held the same cards: the same position on the same board, and a deal with the same fingerprint
(a hand dealt differently, e.g. after a Cabrero player retired at one table, is compared only
with the hands dealt like it).

**The unit** of a result (:func:`board_score`): in a variant ranked by survival (Cabrero,
Chancho, Argentine tute for two) minus the hands lost on that board (0, −1, or −2 for a
renuncio's charge); in every other variant the hand points the entry's seats took (the team's
points in pairs).

**Matchpoints** (:func:`compare`): 2 for each other result beaten, 1 for each tie, out of a top
of 2 per other result; as a percentage of the top. **Average score**: the result minus the
average of the others who held the same cards ("with these cards: you −2, the field −1.33").

>>> rows = compare([Held("b", 0, 10, -1), Held("b", 0, 11, 0), Held("b", 0, 12, -2)])
>>> [(r.entry, r.matchpoints, r.top, r.field_average, r.difference) for r in rows]
[(10, 2, 4, Decimal('-1'), Decimal('0')), (11, 4, 4, Decimal('-1.50'), Decimal('1.50')), \
(12, 0, 4, Decimal('-0.50'), Decimal('-1.50'))]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from itertools import permutations
from typing import Any

from games.engine import Variant
from games.engine.variant import Ranking

from . import formats

CENT = Decimal("0.01")
#: Hands compared per round unless the organiser says otherwise, for a variant with neither a
#: "hands" nor a "games" option: a Cabrero player retires on his fourth lost hand, so the first
#: four hands of a match are played by everyone.
DEFAULT_BOARDS = 4
MAX_BOARDS = 48


def default_boards(variant: Variant, options: Mapping[str, Any]) -> int:
    """Boards per round by default: with a ``hands`` option (a match of a fixed number of
    hands), all of them; with a ``games`` option (best of *n* games), the hands every match
    lasts (each hand decides at most one game: a majority, *n* // 2 + 1); otherwise
    :data:`DEFAULT_BOARDS`.

    >>> from games.engine import get_variant
    >>> default_boards(get_variant("parejas"), {"games": 7}), default_boards(
    ...     get_variant("cabrero"), {})
    (4, 4)
    >>> default_boards(get_variant("parejas"), {"games": 3})
    2
    """
    if "hands" in variant.options:
        return int(variant.validate_options(dict(options))["hands"])
    if "games" in variant.options:
        return int(variant.validate_options(dict(options))["games"]) // 2 + 1
    return DEFAULT_BOARDS


def board_score(
    variant: Variant | None, shape: str, result: Mapping[str, Any], position: int, entries: int
) -> tuple[Decimal, int]:
    """An entry's score on one hand, in the variant's unit, and its hand points.

    >>> from games.engine import get_variant
    >>> hand = {"points": [21, 50, 23, 36], "losers": [2, 3], "extra": {"charges": {"3": 2}}}
    >>> [board_score(get_variant("cabrero"), "table", hand, p, 4) for p in (0, 2, 3)]
    [(Decimal('0'), 21), (Decimal('-1'), 23), (Decimal('-2'), 36)]
    >>> pairs = {"points": [30, 29, 27, 44], "team_points": [57, 73]}
    >>> board_score(get_variant("parejas"), "pairs", pairs, 1, 2)
    (Decimal('73'), 73)
    """
    seats = formats.entry_seats(shape, position, entries)
    points_list = result.get("points") or []
    team = result.get("team_points")
    if shape == formats.PAIRS and team and len(team) > position:
        points = int(team[position])
    else:
        points = sum(int(points_list[s]) for s in seats if s < len(points_list))
    if variant is not None and variant.ranking is Ranking.SURVIVAL:
        charges = ((result.get("extra") or {}).get("charges")) or {}
        losers = {int(s) for s in result.get("losers") or []}
        lost = sum(int(charges.get(str(s), 1)) for s in seats if s in losers)
        return Decimal(-lost), points
    return Decimal(points), points


@dataclass(frozen=True)
class Held:
    """One result on a board: ``key`` names the cards held (board, deal, position)."""

    key: Hashable
    table: int
    entry: int
    score: Decimal | int


@dataclass(frozen=True)
class Compared:
    key: Hashable
    table: int
    entry: int
    score: Decimal
    matchpoints: int
    top: int
    field_average: Decimal | None
    difference: Decimal | None

    @property
    def percent(self) -> Decimal | None:
        return percent(self.matchpoints, self.top)


def percent(matchpoints: int | Decimal, top: int | Decimal) -> Decimal | None:
    """Matchpoints as a percentage of the top (None: nothing to compare).

    >>> percent(3, 4), percent(0, 0)
    (Decimal('75'), None)
    """
    if not top:
        return None
    return tidy(Decimal(matchpoints) * 100 / Decimal(top))


def tidy(value: Decimal) -> Decimal:
    return formats.tidy(value.quantize(CENT, rounding=ROUND_HALF_UP))


def compare(results: Iterable[Held]) -> list[Compared]:
    """Every result compared with the others holding the same cards (the same ``key``), in
    the order given. A result alone with its cards has a top of 0 and no field average."""
    items = list(results)
    groups: dict[Hashable, list[Held]] = defaultdict(list)
    for held in items:
        groups[held.key].append(held)
    out = []
    for held in items:
        others = [o.score for o in groups[held.key] if o is not held]
        score = Decimal(held.score)
        mp = sum(2 if score > Decimal(o) else 1 if score == Decimal(o) else 0 for o in others)
        average = tidy(Decimal(sum(Decimal(o) for o in others)) / len(others)) if others else None
        out.append(
            Compared(
                key=held.key,
                table=held.table,
                entry=held.entry,
                score=score,
                matchpoints=mp,
                top=2 * len(others),
                field_average=average,
                difference=None if average is None else tidy(score - average),
            )
        )
    return out


@dataclass(frozen=True)
class Standing:
    entry: int
    matchpoints: int
    top: int
    difference: Decimal
    boards: int

    @property
    def percent(self) -> Decimal | None:
        return percent(self.matchpoints, self.top)


def standings(compared: Iterable[Compared], entries: Sequence[int] = ()) -> list[Standing]:
    """Totals per entry, best first: the matchpoint percentage over the boards compared, then
    the summed difference from the field's averages, then more boards compared, then the
    order of ``entries`` (the seed order). Entries of ``entries`` with no board come last.

    >>> rows = compare([Held("x", 0, 1, 5), Held("x", 1, 2, 3), Held("y", 0, 2, 1),
    ...                 Held("y", 1, 1, 1)])
    >>> [(s.entry, s.percent, s.difference) for s in standings(rows, [2, 1])]
    [(1, Decimal('75'), Decimal('2')), (2, Decimal('25'), Decimal('-2'))]
    """
    totals: dict[int, list[Any]] = {}
    order = {entry: i for i, entry in enumerate(entries)}
    for entry in entries:
        totals[entry] = [0, 0, Decimal(0), 0]
    for row in compared:
        if not row.top:
            continue
        total = totals.setdefault(row.entry, [0, 0, Decimal(0), 0])
        total[0] += row.matchpoints
        total[1] += row.top
        total[2] += row.difference or 0
        total[3] += 1
    out = [Standing(entry, mp, top, tidy(diff), n) for entry, (mp, top, diff, n) in totals.items()]
    out.sort(
        key=lambda s: (
            s.top == 0,
            -(s.percent or 0),
            -s.difference,
            -s.boards,
            order.get(s.entry, len(order)),
            s.entry,
        )
    )
    return out


def _turns(order: Sequence[int], history: Mapping[int, Sequence[int]]) -> int:
    """The earlier rounds the entries of ``order`` spent in the positions it gives them."""
    total = 0
    for position, entry in enumerate(order):
        held = history.get(entry) or ()
        total += held[position] if position < len(held) else 0
    return total


def side_pairing(
    ranked: Sequence[int],
    history: Mapping[int, Sequence[int]],
    met: Mapping[int, Iterable[int]],
) -> list[tuple[int, int]]:
    """Tables of two for entries in rank order, each an entry that owes the first seat (it held
    it less often than the second) against one that owes the second, so that everyone changes
    sides from round to round, as the two tables of duplicate bridge swap them. Entries with
    no debt fill the smaller side in rank order; if the sides are still uneven, those owing
    least cross over. Each entry of the first side meets the highest-ranked entry of the other
    side it has not met (or, if it met them all, the highest-ranked).

    >>> side_pairing([1, 2, 3, 4], {}, {})
    [(1, 2), (3, 4)]
    >>> side_pairing([1, 3, 2, 4], {1: [1, 0], 2: [0, 1], 3: [1, 0], 4: [0, 1]},
    ...              {1: [2], 2: [1], 3: [4], 4: [3]})
    [(2, 3), (4, 1)]
    """

    def lean(entry: int) -> int:
        held = [*(history.get(entry) or ()), 0, 0]
        return int(held[0]) - int(held[1])  # > 0: owes the second seat

    first = [e for e in ranked if lean(e) < 0]
    second = [e for e in ranked if lean(e) > 0]
    for entry in (e for e in ranked if lean(e) == 0):
        (first if len(first) <= len(second) else second).append(entry)
    order = {e: i for i, e in enumerate(ranked)}
    while abs(len(first) - len(second)) > 1:
        big, small = (first, second) if len(first) > len(second) else (second, first)
        mover = min(big, key=lambda e: (abs(lean(e)), -order[e]))
        big.remove(mover)
        small.append(mover)
    first.sort(key=order.__getitem__)
    second.sort(key=order.__getitem__)
    tables = []
    free = list(second)
    for entry in first:
        seen = set(met.get(entry) or ())
        partner = next((o for o in free if o not in seen), free[0])
        free.remove(partner)
        tables.append((entry, partner))
    return tables


def check_field(entries: int, table_size: int) -> str | None:
    """Why ``entries`` cannot play a duplicate round at tables of ``table_size`` (English, for
    the message's choice), or None: every table the same size (they share one deal) and at
    least two tables (something to compare).

    >>> check_field(8, 4), check_field(9, 4), check_field(4, 4)
    (None, 'uneven', 'one table')
    """
    if entries < 2 * table_size:
        return "one table"
    if entries % table_size:
        return "uneven"
    return None


def rotate_seats(
    tables: Sequence[Sequence[int]], history: Mapping[int, Sequence[int]], round_number: int
) -> list[tuple[int, ...]]:
    """Each table's entries in seat order, rotated so that the cards of each position go to
    those who held them least: the order that minimises the entries' earlier turns in the
    positions they are given (``history[entry][p]``: rounds at position ``p``); ties go to
    the cyclic shift of the round number, so with no history the seats still turn.

    >>> rotate_seats([(1, 2), (3, 4)], {1: [1, 0], 2: [0, 1], 3: [1, 0], 4: [0, 1]}, 2)
    [(2, 1), (4, 3)]
    >>> rotate_seats([(1, 2, 3)], {}, 2)
    [(2, 3, 1)]
    """
    out = []
    for table in tables:
        size = len(table)
        shift = (round_number - 1) % size
        base = tuple(table[(i + shift) % size] for i in range(size))

        candidates = permutations(base) if size <= 6 else iter([base])
        # the first minimum: the shifted order wins ties
        out.append(min(candidates, key=lambda order: _turns(order, history)))
    return out
