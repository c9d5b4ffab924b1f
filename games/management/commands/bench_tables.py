"""``manage.py bench_tables``: the live-table benchmark (see :mod:`games.bench`).

Needs the production-like services: run it with ``DATABASE_URL`` (a PostgreSQL database of its
own: the command migrates it and replaces its bench data) and ``REDIS_URL`` (best a Redis
database of its own, e.g. ``redis://127.0.0.1:6379/9``)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tute_bench REDIS_URL=redis://127.0.0.1:6379/9 \\
        python manage.py bench_tables --tables 100 --think 1.0
    ... python manage.py bench_tables --tables 100 --think 0      # saturation
    ... python manage.py bench_tables --tables 40 --think 0 --processes 2 --client-processes 2
    ... python manage.py bench_tables --tables 100 --think 2 --spectators 1000  # on 10 tables
    ... python manage.py bench_tables --tables 40 --think 0 --relay 5600  # the machine's floor
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.bench.procs import WORKER_POOLS, WS_IMPLEMENTATIONS


class Command(BaseCommand):
    help = "Benchmark live tables through a real ASGI server, Redis and a Celery worker."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--tables",
            type=int,
            default=100,
            help="tables of four scripted people (4 sockets each)",
        )
        parser.add_argument(
            "--bot-tables",
            type=int,
            default=0,
            help="tables of four bots played by a Celery worker",
        )
        parser.add_argument(
            "--think",
            type=float,
            default=1.0,
            help="seconds a person thinks before a move (±50%%); 0 saturates",
        )
        parser.add_argument("--warmup", type=float, default=5.0)
        parser.add_argument("--duration", type=float, default=30.0)
        parser.add_argument("--bot-delay", type=float, default=1.0)
        parser.add_argument("--bot-level", default="heuristic")
        parser.add_argument(
            "--worker-pool",
            choices=WORKER_POOLS,
            default="prefork",
            help="the Celery worker's pool (default: the Procfile's, Celery's own default)",
        )
        parser.add_argument(
            "--worker-concurrency",
            type=int,
            default=2,
            help="the worker's processes or threads (default: the Procfile's CELERY_CONCURRENCY)",
        )
        parser.add_argument(
            "--processes",
            type=int,
            default=1,
            help="ASGI server processes (ports of their own; a table's sockets spread over them)",
        )
        parser.add_argument(
            "--client-processes",
            type=int,
            default=1,
            help="processes opening the sockets (each drives whole tables)",
        )
        parser.add_argument(
            "--spectators",
            type=int,
            default=0,
            help="spectator sockets (logged-in users) spread over --spectator-tables tables",
        )
        parser.add_argument("--spectator-tables", type=int, default=10)
        parser.add_argument(
            "--watch-processes",
            type=int,
            default=0,
            help="ASGI server processes of the spectators' own: their sockets connect there by "
            "/ws/watch/ as a proxy would send them (0: spread over --processes)",
        )
        parser.add_argument(
            "--protocol",
            choices=("parts", "html"),
            default="parts",
            help="what the clients ask for: the table in parts, then only the changed parts "
            "(as the browser does; the default), or the whole html in every frame (scripts)",
        )
        parser.add_argument(
            "--ws",
            choices=WS_IMPLEMENTATIONS,
            default="websockets",
            help="uvicorn's WebSocket implementation (default: the one the Procfile serves)",
        )
        parser.add_argument(
            "--relay",
            type=int,
            default=0,
            metavar="CHARS",
            help="run a bare relay instead of the site (no engine, no database write, no "
            "render: frames of about CHARS characters), the floor of this machine to compare "
            "a saturated run with; people's tables only",
        )
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        from games import bench

        if not settings.DATABASE_URL or not settings.REDIS_URL:
            raise CommandError(
                "Set DATABASE_URL (PostgreSQL) and REDIS_URL: the benchmark "
                "runs the production-like stack."
            )
        for name in ("tables", "processes", "client_processes", "spectator_tables"):
            if options[name] < 1:
                raise CommandError(f"--{name.replace('_', '-')} must be at least 1.")
        if options["relay"] < 0:
            raise CommandError("--relay takes the frames' size in characters (0: the site).")
        if options["relay"] and (options["bot_tables"] or options["spectators"]):
            raise CommandError(
                "--relay runs people's tables only: no --bot-tables, no --spectators."
            )
        if options["watch_processes"] < 0:
            raise CommandError("--watch-processes must be 0 or more.")
        call_command("migrate", verbosity=0)
        result = bench.run(
            tables=options["tables"],
            bot_tables=options["bot_tables"],
            think=options["think"],
            warmup=options["warmup"],
            duration=options["duration"],
            bot_delay=options["bot_delay"],
            bot_level=options["bot_level"],
            worker_concurrency=options["worker_concurrency"],
            worker_pool=options["worker_pool"],
            processes=options["processes"],
            client_processes=options["client_processes"],
            spectators=options["spectators"],
            spectator_tables=options["spectator_tables"],
            watch_processes=options["watch_processes"],
            protocol=options["protocol"],
            ws=options["ws"],
            relay=options["relay"],
            log=lambda line: self.stderr.write(line),
        )
        self.stdout.write(json.dumps(result, indent=2) if options["json"] else bench.report(result))
