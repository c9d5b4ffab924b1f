"""Play again: a new match with the same seats once every person seated has accepted.

At a finished table that no competition opened (``source_kind`` empty), each person seated
may accept (:func:`table_rematch_accept`); bots accept at once, so a table with one person
opens the new one on his first click. Acceptances are kept on the finished table
(``Table.rematch_accepted``, user ids) and each one re-renders its sockets, so everyone sees
who has accepted. When the last person accepts, a new table opens with the same variant,
options, timer, privacy and seats (each person in his seat, each bot at its level) and starts
at once; ``Table.rematch_table`` points to it, and the finished table's state frame carries
its address (``data-rematch-url``), which the page follows. What a player sees of it is
:func:`games.presenters.table.rematch_offer`.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games import errors as e
from games.models import Table
from games.services.common import (
    announce,
    lock_table,
    require_user,
    retry_on_sqlite_lock,
    seats_of,
    touch,
    user_seat,
)
from games.services.tables import SeatSpec, table_create


class RematchNotOfferedError(e.TableError):
    """Play again is offered only at a finished table that no competition opened."""

    code = "rematch_not_offered"

    def default_message(self) -> str:
        return _("Play again is not offered at this table.")


def offers_rematch(table: Table) -> bool:
    """Whether the finished ``table`` offers play again (never a competition's table)."""
    return table.status == Table.Status.FINISHED and not table.source_kind


@retry_on_sqlite_lock
@transaction.atomic
def table_rematch_accept(*, table_id: int, user: Any) -> Table | None:
    """``user`` accepts to play again; returns the new table once everyone has (else None).

    Accepting twice changes nothing; once the new table is open, accepting returns it."""
    require_user(user)
    table = lock_table(table_id)
    if not offers_rematch(table):
        raise RematchNotOfferedError()
    seats = seats_of(table)
    if user_seat(seats, user) is None:
        raise e.NotSeatedError()
    if table.rematch_table_id is not None:
        return Table.objects.get(pk=table.rematch_table_id)
    accepted = list(table.rematch_accepted or [])
    if user.pk not in accepted:
        accepted.append(user.pk)
    people = [s.user for s in seats if s.user_id is not None]
    new = None
    if all(p.pk in accepted for p in people):
        new = table_create(
            creator=table.created_by or people[0],
            variant=table.variant,
            players=table.players,
            options=dict(table.options),
            is_private=table.is_private,
            turn_seconds=table.turn_seconds,
            rated=table.rated,
            seats=[SeatSpec(user=s.user, bot_level=s.bot_level) for s in seats],
            chat_enabled=table.chat_enabled,
        )
    touch(table, rematch_accepted=accepted, rematch_table=new)
    announce(table)
    return new


#: The first acceptance is the offer: the others see it and accept in turn.
table_rematch_offer = table_rematch_accept
