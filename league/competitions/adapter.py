"""The thin adapter between competition rows and :mod:`league.pairing`'s plain values.

After Tabbycat's ``draw/manager.py``: the pairing and the tiebreaks know nothing of the
database; this module turns rows into :class:`~league.pairing.Entry` and
:class:`~league.pairing.TableResult` values, and a :class:`~league.pairing.Pairing` or a
finished live table back into plain plans and per-entry results that :mod:`.services` writes.
It never writes and never queries: callers hand it rows (with ``board__round`` or ``fixture``
already joined).

Ids given to the pairing are the entries' primary keys.

**From a table to entries.** A live table numbers its seats in play order; an entry at
position ``p`` of a board holds seat ``p`` (one against one, Cabrero), or seats ``p`` and
``p + 2`` (pairs, partners opposite). An entry's place is its seats' place in the engine's
result; its *tantos* are the hand points its seats scored over the match (the team's total
in pair variants), read from the finished hands, or, in a variant ranked by stakes, its
balance in the match's ledger (:func:`entry_balances`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from league.pairing import (
    Entry,
    Pairing,
    PlayerResult,
    Record,
    StandingRow,
    TableResult,
    standings,
    wins,
)

from . import formats

# ----------------------------------------------------------------------------- pairing


def pairing_entries(
    entries: Iterable[Any], seats: Iterable[Any], *, ratings: Mapping[int, float] | None = None
) -> list[Entry]:
    """The field to pair: each active entry with its score, opponents, byes and seat history.

    ``seats`` are the tournament's :class:`~.models.BoardSeat` rows so far (with their
    ``board``); unfinished boards count as meetings (they are paired) but add no points.
    """
    ratings = ratings or {}
    by_board: dict[int, list[Any]] = defaultdict(list)
    for seat in seats:
        by_board[seat.board_id].append(seat)
    score: dict[int, Decimal] = defaultdict(Decimal)
    opponents: dict[int, list[int]] = defaultdict(list)
    byes: dict[int, int] = defaultdict(int)
    seat_counts: dict[int, list[int]] = defaultdict(lambda: [0] * 6)
    for board_seats in by_board.values():
        board = board_seats[0].board
        for seat in board_seats:
            if seat.points is not None:
                score[seat.entry_id] += seat.points
            if board.is_bye:
                byes[seat.entry_id] += 1
                continue
            opponents[seat.entry_id].extend(o.entry_id for o in board_seats if o is not seat)
            seat_counts[seat.entry_id][seat.position] += 1
    return [
        Entry(
            entry.pk,
            float(score[entry.pk]),
            float(ratings.get(entry.pk, 0)),
            opponents=tuple(opponents[entry.pk]),
            byes=byes[entry.pk],
            seat_counts=tuple(seat_counts[entry.pk]),
        )
        for entry in entries
    ]


@dataclass(frozen=True)
class BoardPlan:
    """One board to create: entry ids in seat order; a bye holds one entry."""

    number: int
    entries: tuple[int, ...]
    is_bye: bool = False


def board_plans(pairing: Pairing) -> list[BoardPlan]:
    """Boards numbered from the top table down, then the byes.

    >>> [(p.number, p.entries, p.is_bye) for p in board_plans(Pairing(((3, 1),), (2,)))]
    [(1, (3, 1), False), (2, (2,), True)]
    """
    plans = [
        BoardPlan(i + 1, tuple(int(x) for x in table)) for i, table in enumerate(pairing.tables)
    ]
    start = len(plans)
    plans += [BoardPlan(start + i + 1, (int(x),), True) for i, x in enumerate(pairing.byes)]
    return plans


# ----------------------------------------------------------------------------- live tables


def seat_users(shape: str, entries: Sequence[Any]) -> list[Any]:
    """The users of a table's seats, in seat order, for entries in position order.

    >>> from types import SimpleNamespace as E
    >>> seat_users("pairs", [E(player="a", partner="b"), E(player="c", partner="d")])
    ['a', 'c', 'b', 'd']
    """
    if shape == formats.PAIRS:
        return [e.player for e in entries] + [e.partner for e in entries]
    return [e.player for e in entries]


def entry_places(shape: str, table_places: Sequence[int], entries: int) -> list[int]:
    """Each entry's place from the table's places per seat.

    >>> entry_places("pairs", [2, 1, 2, 1], 2), entry_places("table", [1, 3, 2], 3)
    ([2, 1], [1, 3, 2])
    """
    return [
        min(table_places[s] for s in formats.entry_seats(shape, position, entries))
        for position in range(entries)
    ]


def entry_tantos(
    shape: str, hand_results: Iterable[Mapping[str, Any]], entries: int, players: int
) -> list[int]:
    """Each entry's hand points summed over the match's finished hands.

    A hand whose points do not list every seat (a Cabrero playoff between two survivors) adds
    nothing; in pair variants an entry's tantos are its team's points.

    >>> entry_tantos("pairs", [{"points": [40, 50, 40, 50], "team_points": [40, 90]}], 2, 4)
    [40, 90]
    >>> entry_tantos("table", [{"points": [10, 0, 52]}, {"points": [1, 2]}], 3, 3)
    [10, 0, 52]
    """
    totals = [0] * entries
    for result in hand_results:
        points = result.get("points") or []
        if len(points) != players:
            continue
        team_points = result.get("team_points")
        for position in range(entries):
            if shape == formats.PAIRS and team_points and len(team_points) > position:
                totals[position] += int(team_points[position])
            else:
                seats = formats.entry_seats(shape, position, entries)
                totals[position] += sum(int(points[s]) for s in seats)
    return totals


def entry_balances(shape: str, ledger: Sequence[Any], entries: int) -> list[int]:
    """Each entry's balance in the match's ledger (its seats' sum), for the variants whose
    tantos are the stakes (:func:`formats.tantos_are_stakes`).

    >>> entry_balances("table", [160, -20, -140], 3), entry_balances("table", [5, -5], 3)
    ([160, -20, -140], [5, -5, 0])
    """
    return [
        sum(
            int(ledger[s]) if s < len(ledger) else 0
            for s in formats.entry_seats(shape, position, entries)
        )
        for position in range(entries)
    ]


# ----------------------------------------------------------------------------- standings


def table_results(seats: Iterable[Any], *, round_of: Any) -> list[TableResult]:
    """One :class:`TableResult` per decided table (and per bye) from seat rows.

    ``round_of(seat)`` gives the round number of a seat's table; a table counts once all its
    seats have points.
    """
    groups: dict[tuple[str, int], list[Any]] = defaultdict(list)
    byes: dict[tuple[str, int], bool] = {}
    for seat in seats:
        holder = getattr(seat, "board_id", None)
        key = ("b", holder) if holder is not None else ("f", seat.fixture_id)
        groups[key].append(seat)
        byes[key] = bool(getattr(getattr(seat, "board", None), "is_bye", False))
    out: list[TableResult] = []
    for key, group in groups.items():
        if any(s.points is None for s in group):
            continue
        group.sort(key=lambda s: s.position)
        out.append(
            TableResult(
                round_of(group[0]),
                tuple(PlayerResult(s.entry_id, float(s.points), s.tantos) for s in group),
                bye=byes[key],
            )
        )
    return out


@dataclass
class StandingLine:
    """One line of a standings table for a page or a CSV file."""

    place: int
    entry: Any
    score: float
    played: int = 0
    won: int = 0
    byes: int = 0
    forfeits: int = 0
    #: Tables won because the other entries forfeited (they never appeared).
    forfeit_wins: int = 0
    #: Tables where the entry was absent and a bot played its seat (the result counts).
    bot_played: int = 0
    tantos: int = 0
    tiebreaks: list[tuple[str, float]] = field(default_factory=list)


def standing_lines(
    entries: Sequence[Any], seats: Iterable[Any], tiebreaks: Sequence[str], *, round_of: Any
) -> list[StandingLine]:
    """The standings of ``entries`` from their seat rows, tiebreaks applied in order."""
    seats = list(seats)
    results = table_results(seats, round_of=round_of)
    ids = [e.pk for e in entries]
    rows: list[StandingRow] = standings(results, list(tiebreaks), players=ids)
    record = Record(results, ids)
    by_id = {e.pk: e for e in entries}
    stats: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    forfeited_tables = {_table_of(seat) for seat in seats if seat.forfeit}
    for seat in seats:
        if seat.points is None:
            continue
        line = stats[seat.entry_id]
        if getattr(getattr(seat, "board", None), "is_bye", False):
            line["byes"] += 1
            continue
        line["played"] += 1
        line["tantos"] += seat.tantos
        if seat.forfeit:
            line["forfeits"] += 1
        elif _table_of(seat) in forfeited_tables:
            line["forfeit_wins"] += 1
        if getattr(seat, "no_show", False) and not seat.forfeit:
            line["bot_played"] += 1
    lines = []
    for row in rows:
        entry = by_id.get(int(row.player))
        if entry is None:
            continue
        line = stats[entry.pk]
        lines.append(
            StandingLine(
                place=row.place,
                entry=entry,
                score=row.score,
                played=line["played"],
                won=int(wins(record, entry.pk)),
                byes=line["byes"],
                forfeits=line["forfeits"],
                forfeit_wins=line["forfeit_wins"],
                bot_played=line["bot_played"],
                tantos=line["tantos"],
                tiebreaks=[(name, row.tiebreaks[name]) for name in tiebreaks],
            )
        )
    return lines


def _table_of(seat: Any) -> tuple[str, int]:
    """The board or fixture a seat row belongs to."""
    board_id = getattr(seat, "board_id", None)
    if board_id is not None:
        return ("board", int(board_id))
    return ("fixture", int(getattr(seat, "fixture_id", 0) or 0))
