"""League play windows: the players of a fixture are told when its window opens and, once,
when it closes within :data:`CLOSING_SOON` (run by the beat task ``notifications.window_reminders``
or, in embedded mode, after each run of the tables' watchdog).

A reminder has a key per fixture and moment, so running this as often as one likes tells each
player once. Only fixtures still to be played are reminded of.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from league.competitions.models import Fixture

from .events import active_users
from .kinds import Kind
from .services import notify

#: How long before a window closes its players are reminded.
CLOSING_SOON = timedelta(hours=24)
#: A window that opened longer ago than this is not announced any more (a late first run).
OPENED_LATELY = timedelta(days=1)


def _opponents(fixture: Fixture, user_id: int) -> str:
    names = [
        seat.entry.name for seat in fixture.seats.all() if user_id not in seat.entry.user_ids()
    ]
    return ", ".join(names)


def _remind(fixtures: list[Fixture], kind: Kind, moment: str) -> int:
    told = 0
    for fixture in fixtures:
        ids = [i for seat in fixture.seats.all() for i in seat.entry.user_ids()]
        for user in active_users(ids):
            params = {
                "event": fixture.season.league.name,
                "round": fixture.round,
                "opponents": _opponents(fixture, user.pk),
                "closes": timezone.localtime(fixture.window_closes).strftime("%Y-%m-%d %H:%M"),
            }
            if notify(
                user=user,
                kind=kind,
                params=params,
                url=fixture.season.get_absolute_url(),
                key=f"{moment}:{fixture.pk}",
            ):
                told += 1
    return told


def windows_remind(*, now: datetime | None = None) -> int:
    """Tell the players of fixtures whose window opened or closes soon; returns how many
    notifications were new."""
    now = now or timezone.now()
    base = (
        Fixture.objects.filter(status=Fixture.Status.SCHEDULED)
        .select_related("season__league")
        .prefetch_related("seats__entry__player__profile", "seats__entry__partner__profile")
    )
    opened = list(
        base.filter(
            window_opens__lte=now, window_opens__gt=now - OPENED_LATELY, window_closes__gt=now
        )
    )
    closing = list(base.filter(window_closes__gt=now, window_closes__lte=now + CLOSING_SOON))
    return _remind(opened, Kind.WINDOW_OPEN, "window-open") + _remind(
        closing, Kind.WINDOW_CLOSING, "window-closing"
    )
