"""The rankings' part of the demo (``manage.py seed_demo``): a bot ladder to look at.

Every variant without ladder games gets one quick refresh (one deal, the strong bot at a small
budget: a few seconds in all); a ladder that has games is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable

from . import services
from .models import BotLadder
from .variants import variant_keys

DEMO_ITERATIONS = 12


def seed(*, log: Callable[[str], None]) -> None:
    have = set(BotLadder.objects.filter(games__gt=0).values_list("variant", flat=True))
    missing = [v for v in variant_keys() if v not in have]
    games = sum(
        services.ladder_refresh(variant=v, deals=1, iterations=DEMO_ITERATIONS) for v in missing
    )
    log(f"bot ladder: {games} arena games in {len(missing)} variants")
