"""Opening tables and their seats before and outside the game: create, sit, leave, take a
seat back, bots at the table, cancel. A table starts as soon as every seat is taken."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import conf, messages, table_state
from games import errors as e
from games.engine import MatchState, TuteError, get_variant
from games.models import Seat, Table
from games.services.common import (
    announce,
    check_level,
    free_seat,
    lock_table,
    not_playing_error,
    plan_deadline,
    require_user,
    retry_on_sqlite_lock,
    seats_of,
    touch,
    user_seat,
)

MAX_TURN_SECONDS = 3 * 86400  # correspondence: up to three days a move


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat of a table made from code: a user, a bot level, or nobody yet."""

    user: Any = None
    bot_level: str = ""


def _start(table: Table, seats: Sequence[Seat]) -> MatchState:
    match = table_state.new_match(table)
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    countdown = plan_deadline(table, seats, match)
    touch(
        table,
        status=table.status,
        started_at=table.started_at,
        deadline=table.deadline,
        deadline_kind=table.deadline_kind,
    )
    announce(table, match=match, countdown=countdown)
    return match


def _start_if_full(table: Table, seats: Sequence[Seat]) -> bool:
    if all(not s.is_empty for s in seats):
        _start(table, seats)
        return True
    return False


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


@retry_on_sqlite_lock
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
    chat_enabled: bool = True,
    seed: int | None = None,
    first_dealer: int | None = None,
) -> Table:
    """Open a table (``chat_enabled``: whether its chat is open, :mod:`games.chat`).

    ``seed`` and ``first_dealer`` (a duplicate tournament's round) give the table a chosen
    deal: tables sharing both deal the same cards to the same seats; by default both are
    drawn at random.

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
        require_user(creator)
        specs[0] = SeatSpec(user=creator)
    if fill_with_bots:
        level = check_level(bot_level)
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
            check_level(spec.bot_level)
    table = Table.objects.create(
        variant=variant,
        players=players,
        options=full_options,
        first_dealer=secrets.randbelow(players) if first_dealer is None else first_dealer % players,
        **({"seed": int(seed)} if seed is not None else {}),
        is_private=is_private,
        turn_seconds=int(turn_seconds),
        rated=rated,
        created_by=creator if creator is not None and creator.is_authenticated else None,
        source_kind=source_kind,
        source_id=source_id,
        chat_enabled=bool(chat_enabled),
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
        announce(table)
    return table


@retry_on_sqlite_lock
@transaction.atomic
def table_sit(
    *, table_id: int, user: Any, position: int | None = None, invite_token: str | None = None
) -> Seat:
    """Take a seat at an open table (the first free one unless ``position`` is given).

    A private table needs its invitation token (its creator needs none).
    """
    require_user(user)
    table = lock_table(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    if table.is_private and table.created_by_id != user.pk and invite_token != table.invite_token:
        raise e.InvitationRequiredError()
    seats = seats_of(table)
    if user_seat(seats, user) is not None:
        raise e.AlreadySeatedError()
    seat = free_seat(seats, position)
    seat.user = user
    seat.bot_level = ""
    try:
        with transaction.atomic():
            seat.save(update_fields=["user", "bot_level"])
    except IntegrityError:
        raise e.AlreadySeatedError() from None
    if not _start_if_full(table, seats):
        touch(table)
        announce(table)
    return seat


@retry_on_sqlite_lock
@transaction.atomic
def table_leave(*, table_id: int, user: Any) -> Table:
    """Leave a table. Before the game: the seat is free again (a table left with nobody but
    bots is cancelled). During the game: a bot plays the seat until the player takes it back.
    """
    require_user(user)
    table = lock_table(table_id)
    seats = seats_of(table)
    seat = user_seat(seats, user)
    if seat is None:
        raise e.NotSeatedError()
    if table.is_open:
        seat.user = None
        seat.save(update_fields=["user"])
        if not any(s.user_id for s in seats):
            touch(table, status=Table.Status.CANCELLED, finished_at=timezone.now())
        else:
            touch(table)
        announce(table)
        return table
    if not table.is_playing:
        raise not_playing_error(table)
    if not seat.away:
        seat.away = True
        seat.save(update_fields=["away"])
        match = table_state.match_at(table)
        countdown = None
        if match.current_player() == seat.position:
            countdown = plan_deadline(table, seats, match)
        touch(table, deadline=table.deadline, deadline_kind=table.deadline_kind)
        announce(table, countdown=countdown)
    return table


@retry_on_sqlite_lock
@transaction.atomic
def table_take_back(*, table_id: int, user: Any) -> Seat:
    """A player whose seat a bot was playing (timeout, or he left) plays it himself again."""
    require_user(user)
    table = lock_table(table_id)
    if not table.is_playing:
        raise not_playing_error(table)
    seats = seats_of(table)
    seat = user_seat(seats, user)
    if seat is None:
        raise e.NotSeatedError()
    if seat.away:
        seat.away = False
        seat.save(update_fields=["away"])
        match = table_state.match_at(table)
        countdown = None
        if match.current_player() == seat.position:
            countdown = plan_deadline(table, seats, match)
        touch(table, deadline=table.deadline, deadline_kind=table.deadline_kind)
        announce(table, countdown=countdown)
    return seat


def _may_manage_seats(table: Table, seats: Sequence[Seat], user: Any) -> bool:
    return user_seat(seats, user) is not None or (
        table.created_by_id is not None and table.created_by_id == user.pk
    )


def _bots_may_sit(table_id: int, user: Any, level: str | None) -> tuple[Table, list[Seat], str]:
    """Lock an open, unrated table whose seats ``user`` may manage; the checked bot level."""
    require_user(user)
    table = lock_table(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    if table.rated:
        raise e.BotsNotAllowedError()
    level = check_level(level)
    seats = list(seats_of(table))
    if not _may_manage_seats(table, seats, user):
        raise e.TablePermissionError()
    return table, seats, level


@retry_on_sqlite_lock
@transaction.atomic
def table_add_bot(
    *, table_id: int, user: Any, position: int | None = None, level: str | None = None
) -> Seat:
    """Seat a bot of ``level`` (default: the best there is) at an empty seat.

    Players seated at the table and its creator may add bots; a rated table takes none.
    """
    table, seats, level = _bots_may_sit(table_id, user, level)
    seat = free_seat(seats, position)
    seat.bot_level = level
    seat.save(update_fields=["bot_level"])
    if not _start_if_full(table, seats):
        touch(table)
        announce(table)
    return seat


@retry_on_sqlite_lock
@transaction.atomic
def table_fill_bots(*, table_id: int, user: Any, level: str | None = None) -> Table:
    """Seat bots of ``level`` at every empty seat; the game starts."""
    table, seats, level = _bots_may_sit(table_id, user, level)
    for seat in seats:
        if seat.is_empty:
            seat.bot_level = level
            seat.save(update_fields=["bot_level"])
    _start_if_full(table, seats)
    return table


@retry_on_sqlite_lock
@transaction.atomic
def table_remove_bot(*, table_id: int, user: Any, position: int) -> Seat:
    """Free a bot's seat before the game starts."""
    require_user(user)
    table = lock_table(table_id)
    if not table.is_open:
        raise e.TableNotOpenError()
    seats = seats_of(table)
    if not _may_manage_seats(table, seats, user):
        raise e.TablePermissionError()
    seat = next((s for s in seats if s.position == position and s.is_bot), None)
    if seat is None:
        raise e.TableNotFoundError()
    seat.bot_level = ""
    seat.save(update_fields=["bot_level"])
    touch(table)
    announce(table)
    return seat


@retry_on_sqlite_lock
@transaction.atomic
def table_cancel(*, table_id: int, user: Any) -> Table:
    """The creator closes a table whose game has not started."""
    require_user(user)
    table = lock_table(table_id)
    if table.created_by_id != user.pk:
        raise e.TablePermissionError()
    if not table.is_open:
        raise e.TableNotOpenError()
    touch(table, status=Table.Status.CANCELLED, finished_at=timezone.now())
    announce(table)
    return table
