"""``manage.py recompute_ratings``: every rating from scratch, in the rating order.

``--check`` recomputes inside a transaction that is rolled back, compares with the stored
(incremental) ratings and exits with an error if any differs.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from league.rankings import services
from league.rankings.models import Rating


class _Rollback(Exception):
    pass


def snapshot() -> dict[tuple[int, str], tuple[float, float, int, int]]:
    return {
        (user_id, variant): (mu, sigma, games, wins)
        for user_id, variant, mu, sigma, games, wins in Rating.objects.values_list(
            "user_id", "variant", "mu", "sigma", "games", "wins"
        )
    }


def differences(
    before: dict[tuple[int, str], tuple[float, float, int, int]],
    after: dict[tuple[int, str], tuple[float, float, int, int]],
) -> list[str]:
    """The ratings that differ (exactly: the same matches in the same order give the same
    floating-point numbers)."""
    return [
        f"user {key[0]} {key[1]}: {before.get(key)} then {after.get(key)}"
        for key in sorted(before.keys() | after.keys())
        if before.get(key) != after.get(key)
    ]


class Command(BaseCommand):
    help = "Recompute every rating from the stored finished matches, in order."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Compare with the stored ratings and change nothing; fail if any differs.",
        )

    def handle(self, *args: Any, check: bool = False, **options: Any) -> None:
        before = snapshot()
        start = time.perf_counter()
        diff: list[str] = []
        try:
            with transaction.atomic():
                rated = services.ratings_recompute()
                diff = differences(before, snapshot())
                if check:
                    raise _Rollback
        except _Rollback:
            pass
        elapsed = time.perf_counter() - start
        self.stdout.write(f"{rated} matches rated in {elapsed:.2f} s; {len(diff)} ratings differ.")
        for line in diff[:20]:
            self.stdout.write(f"  {line}")
        if check and diff:
            raise CommandError("The recomputed ratings differ from the stored ones.")
