"""Every change to live tables. The only module that writes games' models.

Each service is a keyword-only function named ``table_<action>``, runs in one transaction and
raises a :class:`games.errors.TableError` (translated, for the player) when the request cannot
be met; nothing is then written. The engine is the only judge of the game: a service asks it,
stores the action in the table's log, and only once the transaction has committed tells the
table's sockets (:func:`games.live.notify.notify_table`) and schedules the next deferred move
(:func:`games.live.scheduler.defer`).

**Races.** A service that changes a table first locks its row (``select_for_update``; SQLite
serialises writers itself) and checks the version the client names against the table's. Two
actions racing for one turn: exactly one applies, the other gets :class:`StaleVersionError`.
The unique ``(table, index)`` of the log and a conditional ``UPDATE ... WHERE version = v``
back the check up on any database.

**Deferred moves.** After each change the table gets a ``deadline`` for the seat to act: a
bot (or a person who is away) plays at ``now + TUTE_BOT_DELAY`` (longer after a trick or a
hand, so people can follow); a person has the table's turn timer. A task
(:func:`table_advance`, keyed by table id and version) is scheduled for the deadline. It is
idempotent: it acts only if the table is still at that version and the deadline has passed, so
a task delivered twice or late plays nothing twice. A task lost with its worker is caught by
the watchdog (:func:`tables_run_overdue`), which plays every move overdue by more than
``TUTE_WATCHDOG_GRACE`` seconds. When a person's timer runs out, a bot plays for him, his seat
is marked away (bots go on playing it) and the timeout is recorded; he takes the seat back
with :func:`table_take_back` or simply by playing.
"""

from __future__ import annotations

import copy
import functools
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from games import conf, messages, selectors, table_state
from games import errors as e
from games.engine import (
    IllegalActionError,
    MatchState,
    TuteError,
    action_to_notation,
    get_variant,
    parse_action,
)
from games.engine.bots import LEVELS, choose_action
from games.engine.errors import NotationError
from games.engine.records import hand_record, match_record
from games.live import lobby, notify, scheduler
from games.models import ABANDON_REASON_MAX, HandRecord, Seat, SeatTimeout, Table, TableAction
from games.selectors.outcomes import table_outcome
from games.signals import match_finished, table_abandoned

logger = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

User = AbstractBaseUser
MAX_TURN_SECONDS = 3600
#: A deferred move that wakes up this much before its deadline still plays (clock jitter).
EARLY_TOLERANCE = 0.05


def best_bot_level() -> str:
    """The strongest bot level the engine offers now (``LEVELS`` is weakest first)."""
    return LEVELS[-1]


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat of a table made from code: a user, a bot level, or nobody yet."""

    user: Any = None
    bot_level: str = ""


@dataclass(frozen=True)
class ActResult:
    """What an applied action did: the new version and whether a hand or the match ended."""

    version: int
    action: str
    hand_ended: bool
    match_ended: bool


def _retry_on_sqlite_lock(fn: Callable[P, R]) -> Callable[P, R]:
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


def _conflict_is_stale(fn: Callable[P, R]) -> Callable[P, R]:
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


# ----------------------------------------------------------------------------- helpers


def _lock(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except (Table.DoesNotExist, ValueError, TypeError):
        raise e.TableNotFoundError() from None


def _lock_with_seats(table_id: int) -> tuple[Table, list[Seat]]:
    """The table, locked, and its seats with their players, in one query (a move's hot path).

    ``FOR UPDATE OF`` the table row only; SQLite has no row locks and serialises writers.
    """
    locked = connection.features.has_select_for_update_of
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


def _seats(table: Table) -> list[Seat]:
    return list(
        Seat.objects.filter(table=table)
        .select_related(*selectors.user_related())
        .order_by("position")
    )


def _user_seat(seats: Sequence[Seat], user: Any) -> Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def _free_seat(seats: Sequence[Seat], position: int | None) -> Seat:
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


def _require_user(user: Any) -> None:
    if user is None or isinstance(user, AnonymousUser) or not user.is_authenticated:
        raise e.TablePermissionError()


def _check_level(level: str | None) -> str:
    if not level:
        return best_bot_level()
    if level not in LEVELS:
        raise e.UnknownBotLevelError(level=level)
    return level


def _touch(table: Table, **fields: Any) -> None:
    """Save ``fields`` and bump the revision (a change the sockets must show)."""
    table.revision += 1
    for name, value in fields.items():
        setattr(table, name, value)
    table.save(update_fields=["revision", *fields])


def _announce(
    table: Table,
    *,
    match: MatchState | None = None,
    countdown: float | None = None,
    seats: Sequence[Seat] | None = None,
) -> None:
    """After commit: cache the new state, tell the sockets, schedule the next deferred move.

    With the seats (read with their players, as :func:`_lock_with_seats` does), this
    process's sockets re-render from what was just written, without reading it back
    (:func:`games.selectors.remember_snapshot`).
    """
    table_id, version, revision = table.pk, table.version, table.revision
    finished = table.status != Table.Status.PLAYING
    kind = table.deadline_kind
    written = copy.copy(table)

    def run() -> None:
        if match is not None and not finished:
            table_state.remember(table, match)
        elif finished:
            table_state.forget(table)
        if seats is not None and (match is not None or table.status == Table.Status.OPEN):
            selectors.remember_snapshot(written, list(seats), match)
        notify.notify_table(table_id, version=version, revision=revision)
        if countdown is not None:
            scheduler.defer("table_advance", (table_id, version), countdown, kind=kind)

    transaction.on_commit(run, robust=True)
    lobby.announce(table, match=match)


def _plan_deadline(
    table: Table, seats: Sequence[Seat], match: MatchState, pause: float = 0.0
) -> float | None:
    """Set the table's deadline for the seat to act; return its countdown (None: no timer)."""
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
    return delay


def _start(table: Table, seats: Sequence[Seat]) -> MatchState:
    match = table_state.new_match(table)
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    countdown = _plan_deadline(table, seats, match)
    _touch(
        table,
        status=table.status,
        started_at=table.started_at,
        deadline=table.deadline,
        deadline_kind=table.deadline_kind,
    )
    _announce(table, match=match, countdown=countdown)
    return match


def _start_if_full(table: Table, seats: Sequence[Seat]) -> bool:
    if all(not s.is_empty for s in seats):
        _start(table, seats)
        return True
    return False


# ----------------------------------------------------------------------------- creating


def validate_table_settings(
    *, variant: str, players: int, options: dict[str, Any] | None
) -> dict[str, Any]:
    """The full option set of a valid table, or :class:`InvalidTableSettingsError`."""
    try:
        spec = get_variant(variant)
        full = spec.validate_options(options or {})
        spec.new_match(players=players, seed=0, options=full)
    except TuteError as exc:
        raise e.InvalidTableSettingsError(messages.engine_setup_message(exc)) from None
    return full


@_retry_on_sqlite_lock
@transaction.atomic
def table_create(
    *,
    creator: Any,
    variant: str,
    players: int,
    options: dict[str, Any] | None = None,
    is_private: bool = False,
    turn_seconds: int | None = None,
    rated: bool = False,
    seats: Sequence[SeatSpec] | None = None,
    creator_sits: bool = True,
    bot_level: str | None = None,
    fill_with_bots: bool = False,
    source_kind: str = "",
    source_id: int | None = None,
) -> Table:
    """Open a table.

    From the lobby: ``creator`` sits at seat 0 (``creator_sits``) and the others wait for
    players; ``fill_with_bots`` seats bots of ``bot_level`` (default: the best) in every other
    seat, so the game starts at once ("play now"). From code (a tournament round): ``seats``
    lists who sits where (:class:`SeatSpec`), ``creator`` may be None, and ``source_kind`` /
    ``source_id`` say who asked. The table starts as soon as every seat is taken.
    """
    full_options = validate_table_settings(variant=variant, players=players, options=options)
    if turn_seconds is None:
        turn_seconds = conf.default_turn_seconds()
    if isinstance(turn_seconds, bool) or not 0 <= int(turn_seconds) <= MAX_TURN_SECONDS:
        raise e.InvalidTableSettingsError()
    specs: list[SeatSpec] = list(seats) if seats is not None else [SeatSpec()] * players
    if len(specs) != players:
        raise e.InvalidTableSettingsError()
    if seats is None and creator_sits:
        _require_user(creator)
        specs[0] = SeatSpec(user=creator)
    if fill_with_bots:
        level = _check_level(bot_level)
        specs = [
            s if s.user is not None or s.bot_level else SeatSpec(bot_level=level) for s in specs
        ]
    user_ids = [s.user.pk for s in specs if s.user is not None]
    if len(user_ids) != len(set(user_ids)):
        raise e.AlreadySeatedError()
    for spec in specs:
        if spec.bot_level:
            if rated:
                raise e.BotsNotAllowedError()
            _check_level(spec.bot_level)
    table = Table.objects.create(
        variant=variant,
        players=players,
        options=full_options,
        first_dealer=secrets.randbelow(players),
        is_private=is_private,
        turn_seconds=int(turn_seconds),
        rated=rated,
        created_by=creator if creator is not None and creator.is_authenticated else None,
        source_kind=source_kind,
        source_id=source_id,
    )
    seat_rows = Seat.objects.bulk_create(
        Seat(
            table=table,
            position=i,
            user=spec.user,
            bot_level=spec.bot_level if not spec.user else "",
        )
        for i, spec in enumerate(specs)
    )
    if not _start_if_full(table, seat_rows):
        _announce(table)
    return table


# ----------------------------------------------------------------------------- seats


@_retry_on_sqlite_lock
@transaction.atomic
def table_sit(
    *, table_id: int, user: Any, position: int | None = None, invite_token: str | None = None
) -> Seat:
    """Take a seat at an open table (the first free one unless ``position`` is given).

    A private table needs its invitation token (its creator needs none).
    """
    _require_user(user)
    table = _lock(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    if table.is_private and table.created_by_id != user.pk and invite_token != table.invite_token:
        raise e.InvitationRequiredError()
    seats = _seats(table)
    if _user_seat(seats, user) is not None:
        raise e.AlreadySeatedError()
    seat = _free_seat(seats, position)
    seat.user = user
    seat.bot_level = ""
    try:
        with transaction.atomic():
            seat.save(update_fields=["user", "bot_level"])
    except IntegrityError:
        raise e.AlreadySeatedError() from None
    if not _start_if_full(table, seats):
        _touch(table)
        _announce(table)
    return seat


@_retry_on_sqlite_lock
@transaction.atomic
def table_leave(*, table_id: int, user: Any) -> Table:
    """Leave a table. Before the game: the seat is free again (a table left with nobody but
    bots is cancelled). During the game: a bot plays the seat until the player takes it back.
    """
    _require_user(user)
    table = _lock(table_id)
    seats = _seats(table)
    seat = _user_seat(seats, user)
    if seat is None:
        raise e.NotSeatedError()
    if table.is_open:
        seat.user = None
        seat.save(update_fields=["user"])
        if not any(s.user_id for s in seats):
            _touch(table, status=Table.Status.CANCELLED, finished_at=timezone.now())
        else:
            _touch(table)
        _announce(table)
        return table
    if not table.is_playing:
        raise _not_playing(table)
    if not seat.away:
        seat.away = True
        seat.save(update_fields=["away"])
        match = table_state.match_at(table)
        countdown = None
        if match.current_player() == seat.position:
            countdown = _plan_deadline(table, seats, match)
        _touch(table, deadline=table.deadline, deadline_kind=table.deadline_kind)
        _announce(table, countdown=countdown)
    return table


@_retry_on_sqlite_lock
@transaction.atomic
def table_take_back(*, table_id: int, user: Any) -> Seat:
    """A player whose seat a bot was playing (timeout, or he left) plays it himself again."""
    _require_user(user)
    table = _lock(table_id)
    if not table.is_playing:
        raise _not_playing(table)
    seats = _seats(table)
    seat = _user_seat(seats, user)
    if seat is None:
        raise e.NotSeatedError()
    if seat.away:
        seat.away = False
        seat.save(update_fields=["away"])
        match = table_state.match_at(table)
        countdown = None
        if match.current_player() == seat.position:
            countdown = _plan_deadline(table, seats, match)
        _touch(table, deadline=table.deadline, deadline_kind=table.deadline_kind)
        _announce(table, countdown=countdown)
    return seat


def _may_manage_seats(table: Table, seats: Sequence[Seat], user: Any) -> bool:
    return _user_seat(seats, user) is not None or (
        table.created_by_id is not None and table.created_by_id == user.pk
    )


@_retry_on_sqlite_lock
@transaction.atomic
def table_add_bot(
    *, table_id: int, user: Any, position: int | None = None, level: str | None = None
) -> Seat:
    """Seat a bot of ``level`` (default: the best there is) at an empty seat.

    Players seated at the table and its creator may add bots; a rated table takes none.
    """
    _require_user(user)
    table = _lock(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    if table.rated:
        raise e.BotsNotAllowedError()
    level = _check_level(level)
    seats = _seats(table)
    if not _may_manage_seats(table, seats, user):
        raise e.TablePermissionError()
    seat = _free_seat(seats, position)
    seat.bot_level = level
    seat.save(update_fields=["bot_level"])
    if not _start_if_full(table, seats):
        _touch(table)
        _announce(table)
    return seat


@_retry_on_sqlite_lock
@transaction.atomic
def table_fill_bots(*, table_id: int, user: Any, level: str | None = None) -> Table:
    """Seat bots of ``level`` at every empty seat; the game starts."""
    _require_user(user)
    table = _lock(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    if table.rated:
        raise e.BotsNotAllowedError()
    level = _check_level(level)
    seats = _seats(table)
    if not _may_manage_seats(table, seats, user):
        raise e.TablePermissionError()
    for seat in seats:
        if seat.is_empty:
            seat.bot_level = level
            seat.save(update_fields=["bot_level"])
    _start_if_full(table, seats)
    return table


@_retry_on_sqlite_lock
@transaction.atomic
def table_remove_bot(*, table_id: int, user: Any, position: int) -> Seat:
    """Free a bot's seat before the game starts."""
    _require_user(user)
    table = _lock(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    seats = _seats(table)
    if not _may_manage_seats(table, seats, user):
        raise e.TablePermissionError()
    seat = next((s for s in seats if s.position == position and s.is_bot), None)
    if seat is None:
        raise e.TableNotFoundError()
    seat.bot_level = ""
    seat.save(update_fields=["bot_level"])
    _touch(table)
    _announce(table)
    return seat


@_retry_on_sqlite_lock
@transaction.atomic
def table_cancel(*, table_id: int, user: Any) -> Table:
    """The creator closes a table whose game has not started."""
    _require_user(user)
    table = _lock(table_id)
    if table.created_by_id != user.pk:
        raise e.TablePermissionError()
    if not table.is_open:
        raise e.TableNotOpenError()
    _touch(table, status=Table.Status.CANCELLED, finished_at=timezone.now())
    _announce(table)
    return table


def may_abandon(*, table: Table, seats: Sequence[Seat], user: Any) -> bool:
    """Whether ``user`` may abandon ``table`` (its seats given), whatever its status.

    Staff may abandon any table. The creator of a casual table (one no other app opened:
    ``source_kind`` is empty) may, while no other person sits there: only bots and himself
    ("stop playing against bots"). Internal callers pass ``user=None`` to
    :func:`table_abandon` and check their own permissions.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    if table.source_kind or table.created_by_id is None or table.created_by_id != user.pk:
        return False
    return all(s.user_id is None or s.user_id == user.pk for s in seats)


@_retry_on_sqlite_lock
@transaction.atomic
def table_abandon(*, table_id: int, user: Any | None, reason: str) -> Table:
    """Stop a table: its game ends without a result.

    ``user=None`` is an internal caller (a competition retiring a table an organiser's pairing
    change superseded), always allowed; a person must pass :func:`may_abandon`, else
    :class:`TablePermissionError`. ``reason`` (at most ``ABANDON_REASON_MAX`` characters,
    else :class:`AbandonReasonError`) is kept on the table and shown on its page.

    A table in play becomes ``ABANDONED``: its deadline is cleared, so a bot move or a turn
    timer already scheduled does nothing when it wakes up (:func:`table_advance` and the
    watchdog act only on tables in play), and any move sent afterwards is refused with
    :class:`TableAbandonedError`. An open table is closed as :func:`table_cancel` would
    (``CANCELLED``). A finished table is refused (:class:`TableFinishedError`), a cancelled
    one too (:class:`TableCancelledError`); abandoning an abandoned table again changes
    nothing and returns it (nothing is written, nothing sent), so a caller may retry.

    ``match_finished`` is never sent (there is no result); after the commit the sockets get
    the table's final state and :data:`games.signals.table_abandoned` is sent.
    """
    reason = (reason or "").strip()
    if len(reason) > ABANDON_REASON_MAX:
        raise e.AbandonReasonError(limit=ABANDON_REASON_MAX)
    if user is not None:
        _require_user(user)
    table = _lock(table_id)
    seats = _seats(table)
    if user is not None and not may_abandon(table=table, seats=seats, user=user):
        raise e.TablePermissionError()
    if table.is_abandoned:
        return table
    if table.is_finished:
        raise e.TableFinishedError()
    if table.status == Table.Status.CANCELLED:
        raise e.TableCancelledError()
    was_playing = table.is_playing
    status = Table.Status.ABANDONED if was_playing else Table.Status.CANCELLED
    _touch(
        table,
        status=status,
        finished_at=timezone.now(),
        deadline=None,
        deadline_kind="",
        abandon_reason=reason,
        abandoned_by=user,
    )
    _announce(table)
    payload = {
        **_signal_basics(table, seats),
        "version": table.version,
        "hands_finished": HandRecord.objects.filter(table=table).count(),
        "reason": reason,
        "abandoned_by": user.pk if user is not None else None,
        "status": str(status),
    }
    transaction.on_commit(lambda: _send(table_abandoned, table.pk, payload), robust=True)
    return table


def _not_playing(table: Table) -> e.TableError:
    """The error for a move (or a seat change during the game) at a table not in play."""
    if table.is_abandoned:
        return e.TableAbandonedError()
    return e.TableNotPlayingError()


# ----------------------------------------------------------------------------- playing


def _apply(
    table: Table, seats: Sequence[Seat], match: MatchState, position: int, action: int, actor: str
) -> ActResult:
    """Apply ``action`` for ``position`` to the private ``match``, store it, plan what follows.

    The caller holds the table's row lock and has checked the version.
    """
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
    notation = action_to_notation(action)
    TableAction.objects.create(
        table=table,
        index=index,
        hand_number=hand_number,
        seat=position,
        action=notation,
        actor=actor,
    )
    hand_ended = len(match.hands) > hands_before or match.is_terminal()
    if hand_ended:
        hand = match.hands[hand_number]
        HandRecord.objects.create(
            table=table,
            number=hand_number,
            record=hand_record(hand),
            result=hand.result().to_json(),
        )
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
    countdown = _plan_deadline(table, seats, match, pause)
    updated = Table.objects.filter(pk=table.pk, version=index).update(
        version=F("version") + 1,
        revision=table.revision,
        status=table.status,
        finished_at=table.finished_at,
        result=table.result,
        record=table.record,
        deadline=table.deadline,
        deadline_kind=table.deadline_kind,
    )
    if updated != 1:
        raise e.StaleVersionError(version=index + 1)
    _announce(table, match=match, countdown=countdown, seats=seats)
    if match.is_terminal():
        _announce_finish(table, seats)
    return ActResult(
        version=table.version,
        action=notation,
        hand_ended=hand_ended,
        match_ended=match.is_terminal(),
    )


def _send(signal: Signal, table_id: int, payload: dict[str, Any]) -> None:
    """Send ``signal`` with ``payload`` and the table's :class:`~games.outcome.TableOutcome`
    (``outcome=``), read once the transaction has committed."""
    signal.send_robust(sender=Table, **payload, outcome=table_outcome(table_id))


def _signal_basics(table: Table, seats: Sequence[Seat]) -> dict[str, Any]:
    """What both ``match_finished`` and ``table_abandoned`` say of a table and its seats."""
    return {
        "table_id": table.pk,
        "variant": table.variant,
        "players": table.players,
        "seats": {s.position: s.user_id for s in seats},
        "bot_levels": {s.position: s.bot_level for s in seats if s.is_bot},
        "source_kind": table.source_kind,
        "source_id": table.source_id,
    }


def _announce_finish(table: Table, seats: Sequence[Seat]) -> None:
    result = table.result or {}
    payload = {
        **_signal_basics(table, seats),
        "timeouts": {s.position: s.timeouts for s in seats},
        "places": list(result.get("places", [])),
        "winners": list(result.get("winners", [])),
        "rated": table.rated,
        "private": table.is_private,
        "result": result,
        "record": table.record,
    }
    transaction.on_commit(lambda: _send(match_finished, table.pk, payload), robust=True)


@_retry_on_sqlite_lock
@_conflict_is_stale
@transaction.atomic
def table_act(*, table_id: int, user: Any, action: str, version: int) -> ActResult:
    """A player's action (``12B``, ``sing:O``, ``pass``...) on the state ``version`` he saw.

    Raises :class:`StaleVersionError` if the table has moved on, :class:`NotYourTurnError`,
    or :class:`IllegalMoveError` with the engine's explanation; the table is then unchanged.
    A player whose seat a bot was playing takes it back by acting.
    """
    _require_user(user)
    table, seats = _lock_with_seats(table_id)
    if not table.is_playing:
        raise _not_playing(table)
    seat = _user_seat(seats, user)
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
    """
    now = now or timezone.now()
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return False
    due = _due(table, version, now)
    if due is None:
        return False
    if due > EARLY_TOLERANCE:  # woke up early (a clock, or the watchdog's view): sleep again
        scheduler.defer("table_advance", (table_id, version), due, kind=table.deadline_kind)
        return False
    seats = _seats(table)
    match = table_state.match_at(table)
    position = match.current_player()
    seat = seats[position]
    level = seat.bot_level if seat.is_bot and seat.bot_level in LEVELS else best_bot_level()
    notation = choose_action(
        level,
        match.observation(position),
        seed=f"{table.seed}:{version}",
        budget_ms=conf.bot_budget_ms(),
    )
    return _advance_locked(
        table_id=table_id, version=version, now=now, position=position, notation=notation
    )


@_retry_on_sqlite_lock
@_conflict_is_stale
@transaction.atomic
def _advance_locked(
    *, table_id: int, version: int, now: datetime, position: int, notation: str
) -> bool:
    try:
        table, seats = _lock_with_seats(table_id)
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
