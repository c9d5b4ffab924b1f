"""``manage.py seed_demo``: the demo club of embedded mode, made by every app in turn.

Each installed project app that has a ``demo`` module with ``seed(*, log)`` is called, in
``INSTALLED_APPS`` order (``league`` first: the players and the club the others build on).
Each ``seed`` must be idempotent: running the command again keeps the data as it is. The
command runs the seeds outside any transaction of its own: competitions' seed plays a history of
matches whose results follow each table's commit (``league.competitions.demo``).
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = (
        "Load the demo club (players, club, open events, tables, and a played history). Idempotent."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="Seed even outside embedded mode (the demo players share a known password).",
        )

    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        if not settings.TUTE_DEMO_MODE and not force:
            raise CommandError(
                "Demo data is for embedded mode: its players share a published password. "
                "Use --force to load it anyway."
            )
        for config in apps.get_app_configs():
            if not Path(config.path).is_relative_to(settings.BASE_DIR / config.name.split(".")[0]):
                continue
            module_name = f"{config.name}.demo"
            if importlib.util.find_spec(module_name) is None:
                continue
            module = importlib.import_module(module_name)
            module.seed(log=lambda line: self.stdout.write(f"  {line}"))
            self.stdout.write(f"{config.label}: demo data ready")
