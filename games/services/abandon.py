"""Stopping a table: who may, and what it leaves (an abandoned table has no result)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import errors as e
from games.models import ABANDON_REASON_MAX, Seat, Table
from games.services.common import (
    announce,
    lock_table,
    require_user,
    retry_on_sqlite_lock,
    seats_of,
    touch,
)
from games.services.ending import announce_abandoned


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


@retry_on_sqlite_lock
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
        require_user(user)
    table = lock_table(table_id)
    seats = seats_of(table)
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
    touch(
        table,
        status=status,
        finished_at=timezone.now(),
        deadline=None,
        deadline_kind="",
        abandon_reason=reason,
        abandoned_by=user,
    )
    announce(table)
    announce_abandoned(table)
    return table
