"""Demo data of live tables (``manage.py seed_demo``, after league's players).

Two public tables wait in the lobby for a person: a Cabrero and a Chancho table for four, three
bots (of the best level there is) seated in each, so a visitor taking the free seat starts a
game at once. Idempotent: a demo table still waiting is left as it is; once one has started (or
ended), the next run opens a fresh one beside it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from games import services
from games.models import Table
from games.services import SeatSpec

DEMO_SOURCE = "demo"
#: (source id, variant, turn timer of the person who sits down)
DEMO_TABLES = [
    (1, "cabrero", 60),
    (2, "chancho", 60),
]


@transaction.atomic
def seed(*, log: Callable[[str], None] = print) -> None:
    for source_id, variant, turn_seconds in DEMO_TABLES:
        waiting = Table.objects.filter(
            source_kind=DEMO_SOURCE, source_id=source_id, status=Table.Status.OPEN
        )
        if waiting.exists():
            continue
        bot = SeatSpec(bot_level=services.best_bot_level())
        services.table_create(
            creator=None,
            variant=variant,
            players=4,
            turn_seconds=turn_seconds,
            seats=[bot, bot, bot, SeatSpec()],
            source_kind=DEMO_SOURCE,
            source_id=source_id,
        )
        log(f"demo table: {variant} with three bots and a free seat")
