"""A seated person's socket connected: remember that he appeared, and tell who listens.

The counts of open sockets live in the cache (:mod:`games.presence`); what must last is here:
``Seat.first_seen_at``, the first time the seat's person connected to the table (the absence
rule of a competition reads it), and the :data:`games.signals.player_arrived` signal, sent
after the commit when a seated person's first socket connects to a table that is open or in
play, with the seated people who are not connected (``waiting_for``).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import presence
from games.models import Seat, Table
from games.selectors.queries import table_people
from games.signals import player_arrived


@transaction.atomic
def table_seen(*, table_id: int, user_id: int, now: datetime | None = None) -> bool:
    """Record that ``user_id`` connected to ``table_id``: the first time, his seat's
    ``first_seen_at``. Returns whether he sits there (a spectator changes nothing)."""
    seat = Seat.objects.filter(table_id=table_id, user_id=user_id).first()
    if seat is None:
        return False
    if seat.first_seen_at is None:
        Seat.objects.filter(pk=seat.pk, first_seen_at__isnull=True).update(
            first_seen_at=now or timezone.now()
        )
    return True


def table_arrival(*, table_id: int, user_id: int) -> None:
    """Send :data:`games.signals.player_arrived` for ``user_id`` (his first socket at the
    table is open now) after the commit, if the table is open or in play."""
    table = (
        Table.objects.filter(pk=table_id, status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .values("source_kind", "source_id")
        .first()
    )
    if table is None:
        return
    people = [user for _, user in table_people(table_id=table_id)]
    connected = presence.connected_users(table_id, people)
    waiting_for = [u for u in people if u != user_id and u not in connected]

    def send() -> None:
        player_arrived.send_robust(
            sender=Table,
            table_id=table_id,
            user_id=user_id,
            waiting_for=waiting_for,
            source_kind=table["source_kind"],
            source_id=table["source_id"],
        )

    transaction.on_commit(send, robust=True)
