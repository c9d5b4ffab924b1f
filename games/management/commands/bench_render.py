"""``manage.py bench_render``: what rendering a move's frames costs, in-process
(:mod:`games.bench.render`). Any database will do: its table is made in a transaction that is
rolled back::

    python manage.py bench_render --variant cabrero --moves 100 --repeat 9
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from games.engine import variant_keys
from games.models import Table


class Command(BaseCommand):
    help = "CPU time to render a move's frames for every player of a table (in-process)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--variant", default="cabrero", choices=variant_keys())
        parser.add_argument("--moves", type=int, default=100, help="moves played and rendered")
        parser.add_argument(
            "--repeat", type=int, default=9, help="measured passes over the moves (0: none)"
        )
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--language", default="es", choices=("es", "en", "it"))

    def handle(self, *args: Any, **options: Any) -> None:
        from games.bench import render

        if options["moves"] < 1 or options["repeat"] < 0:
            raise CommandError("--moves must be at least 1 and --repeat 0 or more.")
        if Table._meta.db_table not in connection.introspection.table_names():
            raise CommandError("The database has no tables yet: run manage.py migrate first.")
        figures = render.run(
            variant=options["variant"],
            moves=options["moves"],
            repeat=options["repeat"],
            seed=options["seed"],
            language=options["language"],
        )
        self.stdout.write(render.report(figures))
