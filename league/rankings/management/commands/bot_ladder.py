"""``manage.py bot_ladder``: add new arena deals to the bot ladder (what the scheduled task
does), for every variant or the ones named, and print each ladder.

``--deals N`` deals per variant (default ``RANKINGS_LADDER_DEALS``), ``--iterations`` the strong
bot's deals per decision (default ``RANKINGS_LADDER_ITERATIONS``).
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.rankings import selectors, services
from league.rankings.variants import variant_keys


class Command(BaseCommand):
    help = "Play a few new arena deals per variant and add them to the bot ladder."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("variants", nargs="*", help="variant keys (default: every one)")
        parser.add_argument("--deals", type=int, default=None, help="deals per variant")
        parser.add_argument(
            "--iterations", type=int, default=None, help="strong bot: deals per decision"
        )

    def handle(self, *args: Any, variants: list[str], **options: Any) -> None:
        unknown = [v for v in variants if v not in variant_keys()]
        if unknown:
            raise CommandError(f"Unknown variants: {', '.join(unknown)}.")
        for key in variants or variant_keys():
            start = time.perf_counter()
            try:
                added = services.ladder_refresh(
                    variant=key, deals=options["deals"], iterations=options["iterations"]
                )
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
            board = selectors.ladder_board(variant=key)
            levels = (
                ", ".join(f"{lv.level} {lv.rating} ({lv.games} games)" for lv in board.levels)
                if board
                else ""
            )
            self.stdout.write(
                f"{key}: {added} games in {time.perf_counter() - start:.1f} s; {levels}"
            )
