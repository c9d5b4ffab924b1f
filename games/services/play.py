"""Playing: a person's move, the deferred moves (bots, turn timers) and the watchdog.

The engine is the only judge of the game: a service asks it, stores the action in the table's
log, and only once the transaction has committed tells the table's sockets and schedules the
next deferred move.

**Deferred moves.** After each change the table gets a ``deadline`` for the seat to act: a
bot (or a person who is away) plays at ``now + TUTE_BOT_DELAY`` (longer after a trick or a
hand, so people can follow); a person has the table's turn timer. A task
(:func:`table_advance`, keyed by table id and version) is scheduled for the deadline. It is
idempotent: it acts only if the table is still at that version and the deadline has passed, so
a task delivered twice or late plays nothing twice. A task lost with its worker is caught by
the watchdog (:func:`tables_run_overdue`), which plays every move overdue by more than
``TUTE_WATCHDOG_GRACE`` seconds. When a person's timer runs out, a bot plays for him, his seat
is marked away (bots go on playing it) and the timeout is recorded; he takes the seat back
with :func:`~games.services.tables.table_take_back` or simply by playing.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games import conf, messages, snapshots, table_state
from games import errors as e
from games.engine import IllegalActionError, MatchState, action_to_notation, parse_action
from games.engine.bots import LEVELS, choose_action
from games.engine.errors import NotationError
from games.engine.records import hand_record, match_record
from games.live import scheduler
from games.models import HandRecord, Seat, SeatTimeout, Table, TableAction
from games.services.common import (
    announce,
    best_bot_level,
    conflict_is_stale,
    lock_with_seats,
    not_playing_error,
    plan_deadline,
    require_user,
    retry_on_sqlite_lock,
    user_seat,
)
from games.services.ending import announce_finished
from games.services.store import store_move

logger = logging.getLogger(__name__)


#: A deferred move that wakes up this much before its deadline still plays (clock jitter).
EARLY_TOLERANCE = 0.05


@dataclass(frozen=True)
class ActResult:
    """What an applied action did: the new version and whether a hand or the match ended."""

    version: int
    action: str
    hand_ended: bool
    match_ended: bool


class _Moved(Exception):
    """The table changed since it was read without a lock: decide again under the lock."""


@dataclass(frozen=True)
class Planned:
    """A move applied to the private match and the table's row, not yet written: its log
    row, the countdown to the next deferred move, and whether it ended its hand."""

    row: TableAction
    countdown: float | None
    hand_ended: bool


def plan_move(
    table: Table,
    seats: Sequence[Seat],
    match: MatchState,
    position: int,
    action: int,
    actor: str,
) -> Planned:
    """Apply ``action`` for ``position`` to the private ``match`` and to ``table``'s fields
    (version, revision, the end of the match, the next deadline); raises
    :class:`~games.errors.IllegalMoveError` (nothing changed) if the engine refuses it."""
    hands_before = len(match.hands)
    tricks_before = len(match.hand.history)
    hand_number = hands_before - 1
    try:
        match.apply_action(action, position)
    except IllegalActionError as exc:
        raise e.IllegalMoveError(
            messages.engine_error_message(exc), code=exc.code, **exc.params
        ) from None
    index = table.version
    hand_ended = len(match.hands) > hands_before or match.is_terminal()
    now = timezone.now()
    table.version = index + 1
    table.revision += 1
    if match.is_terminal():
        table.status = Table.Status.FINISHED
        table.finished_at = now
        table.result = match.result().to_json()
        table.record = match_record(match)
    pause = 0.0
    if hand_ended:
        pause = conf.hand_pause()
    elif len(match.hand.history) > tricks_before:
        pause = conf.trick_pause()
    countdown = plan_deadline(table, seats, match, pause, acted=position)
    row = TableAction(
        table=table,
        index=index,
        hand_number=hand_number,
        seat=position,
        action=action_to_notation(action),
        actor=actor,
        created_at=now,
    )
    return Planned(row, countdown, hand_ended)


def act_result(table: Table, match: MatchState, planned: Planned) -> ActResult:
    return ActResult(
        version=table.version,
        action=planned.row.action,
        hand_ended=planned.hand_ended,
        match_ended=match.is_terminal(),
    )


def _apply(
    table: Table,
    seats: Sequence[Seat],
    match: MatchState,
    position: int,
    action: int,
    actor: str,
    *,
    revision: int | None = None,
    alone: bool = False,
) -> ActResult:
    """Apply ``action`` for ``position`` to the private ``match``, store it, plan what follows.

    The caller holds the table's row lock and has checked the version; or (``revision``) it
    read the table without a lock, and the write raises :class:`_Moved` (writing nothing) if
    the table is no longer at that version and revision.

    ``alone``: the caller is in no transaction (:func:`writes_alone`). A move that ends
    neither its hand nor the match is then its one statement, committed by itself; one that
    does writes its records with it in a transaction of their own.
    """
    planned = plan_move(table, seats, match, position, action, actor)
    row, hand_ended = planned.row, planned.hand_ended
    together = alone and (hand_ended or match.is_terminal())
    with transaction.atomic() if together else contextlib.nullcontext():
        if not store_move(table, row, revision=revision):
            if revision is not None:
                raise _Moved()
            raise e.StaleVersionError(version=row.index + 1)
        if hand_ended:
            hand = match.hands[row.hand_number]
            HandRecord.objects.create(
                table=table,
                number=row.hand_number,
                record=hand_record(hand),
                result=hand.result().to_json(),
            )
        announce(table, match=match, countdown=planned.countdown, seats=seats)
        if match.is_terminal():
            announce_finished(table)
    return act_result(table, match, planned)


def table_act(*, table_id: int, user: Any, action: str, version: int) -> ActResult:
    """A player's action (``12B``, ``sing:O``, ``pass``...) on the state ``version`` he saw.

    Raises :class:`StaleVersionError` if the table has moved on, :class:`NotYourTurnError`,
    or :class:`IllegalMoveError` with the engine's explanation; the table is then unchanged.
    A player whose seat a bot was playing takes it back by acting.

    The usual move (the table this process last wrote or read is still at ``version``) is
    decided on that snapshot and written in one conditional statement, without a read or a
    row lock held while the engine works; anything else (the snapshot is missing or behind,
    the move is refused, another change came first) is decided again under the row lock,
    so every error and every race ends as it would there.
    """
    require_user(user)
    if isinstance(version, bool) or not isinstance(version, int):
        return _act_locked(table_id=table_id, user=user, action=action, version=version)
    done = _act_on_snapshot(table_id=table_id, user=user, action=action, version=version)
    if done is not None:
        return done
    return _act_locked(table_id=table_id, user=user, action=action, version=version)


def _act_on_snapshot(*, table_id: int, user: Any, action: str, version: int) -> ActResult | None:
    """The move decided on this process's snapshot of the table, or None (decide it locked)."""
    found = on_snapshot(table_id=table_id, user=user, action=action, version=version)
    if found is None:
        return None
    try:
        return _act_written(*found)
    except (_Moved, e.IllegalMoveError, IntegrityError):
        return None


def on_snapshot(
    *, table_id: int, user: Any, action: str, version: int
) -> tuple[Table, list[Seat], MatchState, Seat, int] | None:
    """The table, seats and match of this process's snapshot (copies of its own) when the move
    may be decided on them: the table in play at ``version``, ``user`` seated and to play,
    ``action`` well written; else None. Reads nothing from the database."""
    snapshot = snapshots.cached_snapshot(table_id=table_id, revision=0)
    if snapshot is None or snapshot.match is None:
        return None
    table = snapshots.copy_row(snapshot.table)
    if not table.is_playing or table.version != version or len(snapshot.match.log) != version:
        return None
    seats = [snapshots.copy_row(seat) for seat in snapshot.seats]
    for seat in seats:
        seat.table = table
    seat = user_seat(seats, user)
    if seat is None:
        return None
    try:
        parsed = parse_action(action)
    except NotationError:
        return None
    match = snapshot.match
    if match.current_player() != seat.position:
        return None
    return table, seats, match, seat, parsed


def writes_alone(table: Table, seat: Seat) -> bool:
    """Whether a move on the snapshot may be written without a transaction around it.

    On PostgreSQL a usual move is one conditional statement (:mod:`games.services.store`),
    atomic by itself: in a transaction it cost two more round trips (``BEGIN`` and ``COMMIT``)
    on the thread that makes it, and two more wake-ups of its database backend. Not when the
    caller is in a transaction already, when the seat is taken back from the bots (a second
    write), or at a correspondence table (the next person's turn is announced after the
    commit, and the announcement is planned before the write)."""
    return (
        connection.vendor == "postgresql"
        and not connection.in_atomic_block
        and not seat.away
        and table.turn_seconds < conf.CORRESPONDENCE_SECONDS
    )


def _act_written(
    table: Table, seats: list[Seat], match: MatchState, seat: Seat, parsed: int
) -> ActResult:
    if writes_alone(table, seat):
        return _apply(
            table,
            seats,
            match,
            seat.position,
            parsed,
            TableAction.Actor.PLAYER,
            revision=table.revision,
            alone=True,
        )
    return _act_in_transaction(table, seats, match, seat, parsed)


@retry_on_sqlite_lock
@transaction.atomic
def _act_in_transaction(
    table: Table, seats: list[Seat], match: MatchState, seat: Seat, parsed: int
) -> ActResult:
    revision = table.revision
    if seat.away:
        seat.away = False
        seat.save(update_fields=["away"])
    return _apply(
        table, seats, match, seat.position, parsed, TableAction.Actor.PLAYER, revision=revision
    )


@retry_on_sqlite_lock
@conflict_is_stale
@transaction.atomic
def _act_locked(*, table_id: int, user: Any, action: str, version: int) -> ActResult:
    table, seats = lock_with_seats(table_id)
    if not table.is_playing:
        raise not_playing_error(table)
    seat = user_seat(seats, user)
    if seat is None:
        raise e.NotSeatedError()
    if isinstance(version, bool) or not isinstance(version, int) or version != table.version:
        raise e.StaleVersionError(version=table.version)
    try:
        parsed = parse_action(action)
    except NotationError as exc:
        raise e.IllegalMoveError(messages.engine_error_message(exc), code=exc.code) from None
    match = table_state.match_at(table)
    if match.current_player() != seat.position:
        raise e.NotYourTurnError()
    if seat.away:
        seat.away = False
        seat.save(update_fields=["away"])
    return _apply(table, seats, match, seat.position, parsed, TableAction.Actor.PLAYER)


def _due(table: Table, version: int, now: datetime) -> float | None:
    """Seconds until the table's deferred move at ``version`` is due (<= 0: due now), or
    None if there is none (the table moved on, ended, or nobody is on a timer)."""
    if not table.is_playing or table.version != version or table.deadline is None:
        return None
    return (table.deadline - now).total_seconds()


def table_advance(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """The deferred move of a table at ``version``, once its deadline has passed.

    A bot's (or an away player's) seat: the bot plays. A person's seat whose turn timer ran
    out: the timeout is recorded, the seat is marked away and a bot plays for it. Does nothing
    (returns False) if the table has moved on or ended, so running it twice is harmless.

    The bot thinks (the strong level searches for a while) before the table is locked; the
    locked step checks again that the table is still at ``version`` and the move still due.
    A bot seat's move skips the lock where a person's does (:func:`writes_alone`): it is
    written only if the table is still at the version and revision read before thinking (so
    its deadline is the one found due), else it is decided under the lock as above.
    """
    now = now or timezone.now()
    try:
        table, seats = lock_with_seats(table_id, lock=False)
    except e.TableNotFoundError:
        return False
    due = _due(table, version, now)
    if due is None:
        return False
    if due > EARLY_TOLERANCE:  # woke up early (a clock, or the watchdog's view): sleep again
        scheduler.defer("table_advance", (table_id, version), due, kind=table.deadline_kind)
        return False
    match = table_state.match_at(table)
    position = match.current_player()
    seat = seats[position]
    level = seat.bot_level if seat.is_bot and seat.bot_level in LEVELS else best_bot_level()
    notation = choose_action(
        level,
        match.observation(position, memory=True),
        seed=f"{table.seed}:{version}",
        budget_ms=conf.bot_budget_ms(),
    )
    if seat.is_bot and writes_alone(table, seat):
        # A bot's usual move is written as a person's is (:func:`_act_written`): one
        # statement, matching only the table as it was read before thinking.
        try:
            _apply(
                table,
                seats,
                match,
                position,
                parse_action(notation),
                TableAction.Actor.BOT,
                revision=table.revision,
                alone=True,
            )
            return True
        except (_Moved, IntegrityError):
            pass  # something changed meanwhile: decide again under the lock
    return _advance_locked(
        table_id=table_id, version=version, now=now, position=position, notation=notation
    )


@retry_on_sqlite_lock
@conflict_is_stale
@transaction.atomic
def _advance_locked(
    *, table_id: int, version: int, now: datetime, position: int, notation: str
) -> bool:
    try:
        table, seats = lock_with_seats(table_id)
    except e.TableNotFoundError:
        return False
    due = _due(table, version, now)
    if due is None or due > EARLY_TOLERANCE:
        return False
    match = table_state.match_at(table)
    if match.current_player() != position:  # pragma: no cover - same version, same turn
        return False
    seat = seats[position]
    if seat.is_bot:
        actor = TableAction.Actor.BOT
    elif seat.away:
        actor = TableAction.Actor.AWAY
    else:
        actor = TableAction.Actor.TIMEOUT
        seat.away = True
        seat.timeouts += 1
        seat.save(update_fields=["away", "timeouts"])
        SeatTimeout.objects.create(
            table=table, position=position, user_id=seat.user_id, version=version
        )
    _apply(table, seats, match, position, parse_action(notation), actor)
    return True


def tables_run_overdue(*, now: datetime | None = None, limit: int = 500) -> int:
    """The watchdog: play every deferred move overdue by more than the grace period.

    A task can be lost (a worker dies holding it; an embedded server restarts); this finds
    the tables whose deadline has passed long ago and plays their move now. Each move is a
    :func:`table_advance` of its own, so a move that arrives meanwhile is not played twice.
    Returns how many moves it played.
    """
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=conf.watchdog_grace())
    overdue = list(
        Table.objects.filter(status=Table.Status.PLAYING, deadline__lt=cutoff)
        .order_by("deadline")
        .values_list("pk", "version")[:limit]
    )
    played = 0
    for table_id, version in overdue:
        try:
            played += table_advance(table_id=table_id, version=version, now=now)
        except Exception:  # one broken table must not stop the others
            logger.exception("Watchdog: table %s at version %s failed", table_id, version)
    return played
