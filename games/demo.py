"""Demo data of live tables (``manage.py seed_demo``, after league's players).

Two public tables wait in the lobby for a person: a Cabrero and a Chancho table for four, each
with a demo player and two bots seated, so one visitor taking the last seat starts a game.
Idempotent: a demo table that is still waiting is left as it is; one that has started or ended
is replaced by a fresh one.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import transaction

from games import services
from games.models import Table
from games.services import SeatSpec

DEMO_SOURCE = "demo"
#: (source id, variant, the demo player who sits, turn timer)
DEMO_TABLES = [
    (1, "cabrero", "bruno", 60),
    (2, "chancho", "carmen", 60),
]


@transaction.atomic
def seed(*, log: Callable[[str], None] = print) -> None:
    users = {
        u.get_username(): u
        for u in get_user_model().objects.filter(username__in=[t[2] for t in DEMO_TABLES])
    }
    for source_id, variant, username, turn_seconds in DEMO_TABLES:
        user = users.get(username)
        if user is None:
            continue
        waiting = Table.objects.filter(
            source_kind=DEMO_SOURCE, source_id=source_id, status=Table.Status.OPEN
        )
        if waiting.exists():
            continue
        services.table_create(
            creator=user,
            variant=variant,
            players=4,
            turn_seconds=turn_seconds,
            seats=[
                SeatSpec(user=user),
                SeatSpec(bot_level=services.best_bot_level()),
                SeatSpec(bot_level=services.best_bot_level()),
                SeatSpec(),
            ],
            source_kind=DEMO_SOURCE,
            source_id=source_id,
        )
        log(f"demo table: {variant} with {username} and two bots, one seat free")
