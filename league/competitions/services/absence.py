"""Fair absence: a player who never appeared at a competition table cannot win it.

A player *appears* at his table when he connects to it or makes a move there (``games`` keeps
it: :func:`games.selectors.attendance.tables_attendance`). Once a table has been open for the
event's ``absence_grace_minutes``, :func:`absences_apply` (run every minute by the periodic
task) applies the event's :class:`~league.competitions.models.NoShowRule` to the entries with a
seat whose player never appeared; at a correspondence table (a time per move of an hour or
more) a seat whose time for a move ran out is absent too (the absence rule applies at the
deadline).

``FORFEIT`` (the default)
    With at most one entry present, the table stops (``games.services.table_forfeit`` with
    ``stop=True``: abandoned, the reason shown to its players) and the result is recorded at
    once as a forfeit: the entry present wins, the absent ones forfeit (no points); when every
    entry is absent, all forfeit and nobody wins. With two entries or more present, the game
    goes on with bots in the absent seats, and when it ends the absent entries forfeit
    (:func:`~league.competitions.services.results.match_result_record`). An absent tournament
    entry is withdrawn (reason: did not show up), as an organiser would.
``BOT``
    A bot plays the absent seats at once (``stop=False``) and the result counts; the standings
    mark it "a bot played".
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as games_services
from games.errors import TableError
from games.selectors.attendance import TableAttendance, tables_attendance
from league.notifications import events as notification_events

from .. import formats
from ..models import (
    Board,
    BoardSeat,
    Fixture,
    FixtureSeat,
    League,
    NoShowRule,
    ResultSource,
    Tournament,
    TournamentEntry,
)
from .common import current_time, locked_tournament, scheme_of
from .results import apply_places
from .rounds import finish_round_if_done

logger = logging.getLogger(__name__)

#: A time per move of at least this many seconds makes a correspondence table.
CORRESPONDENCE_SECONDS = 3600


def grace_ends(event: Tournament | League, attendance: TableAttendance) -> datetime:
    """When the players of a table must have appeared by: the event's grace period after the
    table opened, and at a correspondence table at least its time for a move."""
    grace = timedelta(minutes=event.absence_grace_minutes)
    if attendance.turn_seconds >= CORRESPONDENCE_SECONDS:
        grace = max(grace, timedelta(seconds=attendance.turn_seconds))
    return attendance.opened_at + grace


def absent_positions(
    event: Tournament | League, attendance: TableAttendance, now: datetime
) -> list[int]:
    """The table seats the absence rule applies to now (none before the grace ends)."""
    positions: set[int] = set()
    if now >= grace_ends(event, attendance):
        positions.update(attendance.never_appeared)
    correspondence = attendance.turn_seconds >= CORRESPONDENCE_SECONDS
    if correspondence and event.no_show_rule == NoShowRule.FORFEIT:
        positions.update(attendance.timed_out)
    return sorted(positions)


def absent_entries(shape: str, positions: Sequence[int], entries: int) -> list[bool]:
    """Per entry of a table: whether one of its seats is among ``positions``.

    >>> absent_entries("pairs", [3], 2), absent_entries("single", [0, 1], 2)
    ([False, True], [True, True])
    """
    return [
        any(s in positions for s in formats.entry_seats(shape, position, entries))
        for position in range(entries)
    ]


def absences_apply(*, now: datetime | None = None) -> int:
    """Apply the absence rule to every competition table in play whose grace period is over
    (the periodic task); returns how many tables it changed."""
    now = current_time(now)
    boards = {
        b.table_id: b.pk
        for b in Board.objects.filter(status=Board.Status.PLAYING, table_id__isnull=False)
    }
    fixtures = {
        f.table_id: f.pk
        for f in Fixture.objects.filter(status=Fixture.Status.PLAYING, table_id__isnull=False)
    }
    attendance = tables_attendance([*boards, *fixtures])
    changed = 0
    for table_id, seen in attendance.items():
        if not seen.never_appeared and not seen.timed_out:
            continue
        try:
            if table_id in boards:
                changed += _board_absence(boards[table_id], seen, now)
            elif table_id in fixtures:
                changed += _fixture_absence(fixtures[table_id], seen, now)
        except Exception:  # one broken table must not stop the others
            logger.exception("Applying the absence rule to table %s failed", table_id)
    return changed


@transaction.atomic
def _board_absence(board_id: int, seen: TableAttendance, now: datetime) -> bool:
    board = Board.objects.select_related("round__tournament").get(pk=board_id)
    tournament = locked_tournament(board.round.tournament)
    board = Board.objects.select_for_update().select_related("round").get(pk=board.pk)
    if board.status != Board.Status.PLAYING or board.table_id != seen.table_id:
        return False
    seats = list(board.seats.select_related("entry").order_by("position"))
    absent = _apply_rule(tournament, seats, seen, now)
    if absent is None:
        return False
    _tell_forfeited(board, tournament, seats, seen, now)
    if absent:
        _record_forfeit(board, seats, absent, now)
        board.status = Board.Status.FINISHED
        board.save(update_fields=["status", "result_source", "finished_at"])
        TournamentEntry.objects.filter(
            pk__in=[s.entry_id for i, s in enumerate(seats) if absent[i]],
            status=TournamentEntry.Status.ACTIVE,
        ).update(status=TournamentEntry.Status.WITHDRAWN, reason=TournamentEntry.Reason.NO_SHOW)
        finish_round_if_done(board.round, tournament, now)
    return True


@transaction.atomic
def _fixture_absence(fixture_id: int, seen: TableAttendance, now: datetime) -> bool:
    fixture = (
        Fixture.objects.select_for_update().select_related("season__league").get(pk=fixture_id)
    )
    if fixture.status != Fixture.Status.PLAYING or fixture.table_id != seen.table_id:
        return False
    seats = list(fixture.seats.select_related("entry").order_by("position"))
    absent = _apply_rule(fixture.season.league, seats, seen, now)
    if absent is None:
        return False
    _tell_forfeited(fixture, fixture.season.league, seats, seen, now)
    if absent:
        _record_forfeit(fixture, seats, absent, now)
        fixture.status = Fixture.Status.FORFEITED
        fixture.save(update_fields=["status", "result_source", "finished_at"])
    return True


def _tell_forfeited(
    played: Board | Fixture,
    event: Tournament | League,
    seats: Sequence[BoardSeat | FixtureSeat],
    seen: TableAttendance,
    now: datetime,
) -> None:
    """Under the forfeit rule, tell the players whose seats were just forfeited."""
    if event.no_show_rule != NoShowRule.FORFEIT:
        return
    positions = absent_positions(event, seen, now)
    absent = absent_entries(event.shape, positions, len(seats))
    user_ids = [u for i, seat in enumerate(seats) if absent[i] for u in seat.entry.user_ids()]
    if user_ids:
        notification_events.seats_forfeited(played=played, user_ids=user_ids)


def _apply_rule(
    event: Tournament | League,
    seats: Sequence[BoardSeat | FixtureSeat],
    seen: TableAttendance,
    now: datetime,
) -> list[bool] | None:
    """Ask ``games`` to forfeit the absent seats of the table; None when there are none (or
    the table ended meanwhile), an empty list when the game goes on, else per entry whether
    it is absent (the table was stopped: the caller records the forfeit)."""
    positions = absent_positions(event, seen, now)
    if not positions:
        return None
    absent = absent_entries(event.shape, positions, len(seats))
    present = absent.count(False)
    stop = event.no_show_rule == NoShowRule.FORFEIT and present <= 1
    reason = _("Forfeited: not every player appeared at the table in time.") if stop else ""
    try:
        games_services.table_forfeit(
            table_id=int(seen.table_id), positions=positions, reason=reason, stop=stop
        )
    except TableError:  # the match ended (its result is on its way) or the table stopped
        return None
    return absent if stop else []


def _record_forfeit(
    played: Board | Fixture,
    seats: Sequence[BoardSeat | FixtureSeat],
    absent: Sequence[bool],
    now: datetime,
) -> None:
    """The result of a table stopped for absence: the entry present wins, the others forfeit."""
    event: Any = played.round.tournament if isinstance(played, Board) else played.season.league
    for i, seat in enumerate(seats):
        seat.no_show = absent[i]
        seat.save(update_fields=["no_show"])
    apply_places(seats, [None if absent[i] else 1 for i in range(len(seats))], scheme_of(event))
    played.result_source = ResultSource.FORFEIT
    played.finished_at = now
