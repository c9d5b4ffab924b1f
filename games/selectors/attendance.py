"""Who appeared at a table: what the absence rule of a competition needs to know of it.

A person *appeared* at a table once he connected to it (``Seat.first_seen_at``) or played a
move himself. :func:`tables_attendance` reads that, with the table's opening time, its time per
move and the turn timers that ran out on each seat, for the tables a competition asks about,
as plain values (competitions never read games' models).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from games.models import Seat, Table, TableAction


@dataclass(frozen=True, slots=True)
class SeatAttendance:
    position: int
    user_id: int
    first_seen_at: datetime | None
    acted: bool
    timeouts: int
    forfeited: bool

    @property
    def appeared(self) -> bool:
        return self.first_seen_at is not None or self.acted


@dataclass(frozen=True, slots=True)
class TableAttendance:
    """A table open or in play: when it opened, its time per move and its people's seats."""

    table_id: int
    status: str
    opened_at: datetime
    turn_seconds: int
    seats: tuple[SeatAttendance, ...]

    @property
    def never_appeared(self) -> list[int]:
        """The positions of the people who never appeared (and are not forfeited yet)."""
        return [s.position for s in self.seats if not s.appeared and not s.forfeited]

    @property
    def timed_out(self) -> list[int]:
        """The positions of the people whose turn timer ran out (not forfeited yet)."""
        return [s.position for s in self.seats if s.timeouts > 0 and not s.forfeited]


def tables_attendance(table_ids: Iterable[int]) -> dict[int, TableAttendance]:
    """The attendance of those of ``table_ids`` that are open or in play, by table id."""
    ids = [int(t) for t in table_ids]
    tables = {
        t.pk: t
        for t in Table.objects.filter(
            pk__in=ids, status__in=[Table.Status.OPEN, Table.Status.PLAYING]
        )
    }
    acted: set[tuple[int, int]] = set(
        TableAction.objects.filter(table_id__in=tables, actor=TableAction.Actor.PLAYER)
        .values_list("table_id", "seat")
        .distinct()
    )
    seats: dict[int, list[SeatAttendance]] = {t: [] for t in tables}
    for seat in Seat.objects.filter(table_id__in=tables, user__isnull=False).order_by(
        "table_id", "position"
    ):
        seats[seat.table_id].append(
            SeatAttendance(
                position=seat.position,
                user_id=int(seat.user_id),
                first_seen_at=seat.first_seen_at,
                acted=(seat.table_id, seat.position) in acted,
                timeouts=seat.timeouts,
                forfeited=seat.forfeited,
            )
        )
    return {
        pk: TableAttendance(
            table_id=pk,
            status=table.status,
            opened_at=table.started_at or table.created_at,
            turn_seconds=table.turn_seconds,
            seats=tuple(seats[pk]),
        )
        for pk, table in tables.items()
    }
