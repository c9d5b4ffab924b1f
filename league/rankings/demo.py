"""The rankings' part of the demo (``manage.py seed_demo``): a bot ladder to look at.

With no ladder yet, the fixture ``fixtures/demo_bot_ladder.json`` is loaded: the ladders of a
short arena (8 duplicate deals per variant, the strong bot at 24 deals a decision), made with
``manage.py bot_ladder --deals 8 --iterations 24`` and ``dumpdata`` of the three ladder models.
Loading it takes no time, where playing those games takes minutes; later refreshes add their
games to it (its deal counts say where they go on). A ladder that exists is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from io import StringIO

from django.core.management import call_command

from .models import BotLadder

FIXTURE = "demo_bot_ladder"


def seed(*, log: Callable[[str], None]) -> None:
    if BotLadder.objects.exists():
        log("bot ladder: kept as it is")
        return
    call_command("loaddata", FIXTURE, app_label="rankings", stdout=StringIO())
    log(f"bot ladder: {BotLadder.objects.count()} variants from a short arena")
