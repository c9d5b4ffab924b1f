"""Forfeiting seats for absence: what a competition's absence rule asks of a table.

``games`` does not judge who is absent nor what a forfeit scores (that is the competition's
rule, :mod:`league.competitions.services.absence`); it only marks the seats ``forfeited`` and
then either stops the table (``stop=True``: abandoned with the reason, no result; the
competition records the forfeits) or lets the game go on with a bot in those seats
(``stop=False``: the seats become away, a bot plays them to the end; the table's outcome marks
them absent).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from games import errors as e
from games import table_state
from games.models import ABANDON_REASON_MAX, Seat, Table
from games.services.abandon import table_abandon
from games.services.common import (
    announce,
    lock_with_seats,
    not_playing_error,
    plan_deadline,
    retry_on_sqlite_lock,
    touch,
)


@retry_on_sqlite_lock
@transaction.atomic
def table_forfeit(*, table_id: int, positions: Sequence[int], reason: str, stop: bool) -> Table:
    """Forfeit the people's seats at ``positions`` of a table open or in play.

    ``stop=True``: the table is abandoned (:func:`games.services.table_abandon`, by an
    internal caller) with ``reason``; ``stop=False``: the game goes on, bots playing those
    seats. Raises :class:`TableFinishedError` if the match ended meanwhile (its result
    stands), :class:`TableError` for a table stopped already; a position that is not a
    person's seat is :class:`TableNotFoundError`.
    """
    table, seats = lock_with_seats(table_id)
    wanted = sorted({int(p) for p in positions})
    chosen = [s for s in seats if s.position in wanted and s.user_id is not None]
    if len(chosen) != len(wanted):
        raise e.TableNotFoundError()
    if table.is_finished:
        raise e.TableFinishedError()
    if not (table.is_playing or table.is_open):
        raise not_playing_error(table)
    Seat.objects.filter(pk__in=[s.pk for s in chosen]).update(forfeited=True, away=True)
    for seat in chosen:
        seat.forfeited, seat.away = True, True
    if stop or table.is_open:
        return table_abandon(table_id=table.pk, user=None, reason=reason[:ABANDON_REASON_MAX])
    match = table_state.match_at(table)
    countdown = plan_deadline(table, seats, match)
    touch(table, deadline=table.deadline, deadline_kind=table.deadline_kind)
    announce(table, match=match, countdown=countdown, seats=seats)
    return table
