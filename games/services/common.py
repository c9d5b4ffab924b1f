"""What every service shares: locking a table, its seats, and announcing a change.

**Races.** A service that changes a table first locks its row (``select_for_update``; SQLite
serialises writers itself) and checks the version the client names against the table's. Two
actions racing for one turn: exactly one applies, the other gets :class:`StaleVersionError`.
The unique ``(table, index)`` of the log and a conditional ``UPDATE ... WHERE version = v``
back the check up on any database (:func:`conflict_is_stale`).

After a change, :func:`announce` hands the new state to the caches and tells the sockets and
the lobby, and :func:`plan_deadline` sets when the seat to act must have acted.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any, ParamSpec, TypeVar

from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils import timezone

from games import conf, selectors, snapshots, table_state
from games import errors as e
from games.engine import MatchState
from games.engine.bots import LEVELS
from games.live import lobby, notify, scheduler
from games.live.notice import move_notice
from games.models import Seat, Table
from games.signals import turn_started

P = ParamSpec("P")
R = TypeVar("R")


def best_bot_level() -> str:
    """The strongest bot level the engine offers now (``LEVELS`` is weakest first)."""
    return LEVELS[-1]


def retry_on_sqlite_lock(fn: Callable[P, R]) -> Callable[P, R]:
    """SQLite answers two writers at once with "database is locked": try again, briefly.

    The retry sees the other writer's commit, so the version check still decides who wins.
    PostgreSQL waits on the row lock instead and never gets here.
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(5):
            try:
                return fn(*args, **kwargs)
            except OperationalError as exc:
                if connection.vendor != "sqlite" or "locked" not in str(exc) or attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def conflict_is_stale(fn: Callable[P, R]) -> Callable[P, R]:
    """A unique-constraint conflict on the action log (or a hand's record) means another
    action took this version first: the caller's action is stale. (The row lock makes this
    unreachable on PostgreSQL; the constraint is the guard where there is no row lock.)"""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except IntegrityError:
            table = Table.objects.filter(pk=kwargs.get("table_id")).first()
            raise e.StaleVersionError(version=table.version if table else None) from None

    return wrapper


def lock_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except (Table.DoesNotExist, ValueError, TypeError):
        raise e.TableNotFoundError() from None


def lock_with_seats(table_id: int, *, lock: bool = True) -> tuple[Table, list[Seat]]:
    """The table, locked, and its seats with their players, in one query (a move's hot path).

    ``FOR UPDATE OF`` the table row only; SQLite has no row locks and serialises writers.
    With ``lock=False``, the same read without the lock (a bot reading before it thinks).
    """
    locked = lock and connection.features.has_select_for_update_of
    query = Seat.objects.filter(table_id=table_id).select_related(
        "table", *selectors.user_related()
    )
    if locked:
        query = query.select_for_update(of=("table",))
    seats = list(query.order_by("position"))
    if not seats:
        raise e.TableNotFoundError()
    table = seats[0].table
    for seat in seats[1:]:
        seat.table = table
    return table, seats


def seats_of(table: Table) -> list[Seat]:
    return selectors.table_seats(table=table)


def user_seat(seats: Sequence[Seat], user: Any) -> Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def free_seat(seats: Sequence[Seat], position: int | None) -> Seat:
    """The empty seat at ``position``, or the first empty one when no position is given."""
    if position is None:
        seat = next((s for s in seats if s.is_empty), None)
        if seat is None:
            raise e.TableFullError()
        return seat
    seat = next((s for s in seats if s.position == position), None)
    if seat is None:
        raise e.TableNotFoundError()
    if not seat.is_empty:
        raise e.SeatTakenError()
    return seat


def require_user(user: Any) -> None:
    if user is None or isinstance(user, AnonymousUser) or not user.is_authenticated:
        raise e.TablePermissionError()


def check_level(level: str | None) -> str:
    if not level:
        return best_bot_level()
    if level not in LEVELS:
        raise e.UnknownBotLevelError(level=level)
    return level


def touch(table: Table, **fields: Any) -> None:
    """Save ``fields`` and bump the revision (a change the sockets must show)."""
    table.revision += 1
    for name, value in fields.items():
        setattr(table, name, value)
    table.save(update_fields=["revision", *fields])


def announce(
    table: Table,
    *,
    match: MatchState | None = None,
    countdown: float | None = None,
    seats: Sequence[Seat] | None = None,
) -> None:
    """After commit: cache the new state, tell the sockets, schedule the next deferred move.

    With the seats (read with their players, as :func:`lock_with_seats` does), this
    process's sockets re-render from what was just written, without reading it back
    (:func:`games.snapshots.remember_snapshot`).
    """
    transaction.on_commit(
        after_commit(table, match=match, countdown=countdown, seats=seats), robust=True
    )
    lobby.announce(table, match=match)


def after_commit(
    table: Table,
    *,
    match: MatchState | None = None,
    countdown: float | None = None,
    seats: Sequence[Seat] | None = None,
    defer: Callable[..., None] | None = None,
) -> Callable[[], None]:
    """What :func:`announce` runs once the change is committed (the lobby apart): the new
    state cached, the sockets told, the next deferred move given to ``defer`` (by default
    :func:`games.live.scheduler.defer`)."""
    table_id, version, revision = table.pk, table.version, table.revision
    finished = table.status != Table.Status.PLAYING
    kind = table.deadline_kind
    written = snapshots.copy_row(table)
    # what the other server processes need to apply a move in memory (server to server only)
    notice = move_notice(table, match, seats)

    def run() -> None:
        if match is not None and not finished:
            table_state.remember(table, match)
        elif finished:
            table_state.forget(table)
        if seats is not None and (match is not None or table.status == Table.Status.OPEN):
            snapshots.remember_snapshot(written, list(seats), match)
        notify.notify_table(table_id, version=version, revision=revision, **notice)
        if countdown is not None:
            (defer or scheduler.defer)("table_advance", (table_id, version), countdown, kind=kind)

    return run


def plan_deadline(
    table: Table,
    seats: Sequence[Seat],
    match: MatchState,
    pause: float = 0.0,
    *,
    acted: int | None = None,
) -> float | None:
    """Set the table's deadline for the seat to act; return its countdown (None: no timer).

    At a correspondence table, a person's turn that begins (the seat to act is not ``acted``,
    the seat that just played) is announced after the commit: :func:`announce_turn`.
    """
    if match.is_terminal() or table.status != Table.Status.PLAYING:
        table.deadline, table.deadline_kind = None, ""
        return None
    seat = seats[match.current_player()]
    if seat.played_by_bot:
        delay = conf.bot_delay() + pause
        table.deadline_kind = Table.DeadlineKind.BOT
    elif table.turn_seconds:
        delay = table.turn_seconds + pause
        table.deadline_kind = Table.DeadlineKind.TURN
    else:
        table.deadline, table.deadline_kind = None, ""
        return None
    table.deadline = timezone.now() + timedelta(seconds=delay)
    if (
        table.deadline_kind == Table.DeadlineKind.TURN
        and table.turn_seconds >= conf.CORRESPONDENCE_SECONDS
        and seat.position != acted
        and seat.user_id is not None
    ):
        announce_turn(table, int(seat.user_id))
    return delay


def announce_turn(table: Table, user_id: int) -> None:
    """After the commit, send :data:`games.signals.turn_started`: ``user_id``'s turn began at
    the correspondence ``table`` (his deadline is the table's)."""
    table_id, deadline = table.pk, table.deadline
    source_kind, source_id = table.source_kind, table.source_id

    def send() -> None:
        turn_started.send_robust(
            sender=Table,
            table_id=table_id,
            user_id=user_id,
            deadline=deadline,
            source_kind=source_kind,
            source_id=source_id,
        )

    transaction.on_commit(send, robust=True)


def not_playing_error(table: Table) -> e.TableError:
    """The error for a move (or a seat change during the game) at a table not in play."""
    if table.is_abandoned:
        return e.TableAbandonedError()
    return e.TableNotPlayingError()
