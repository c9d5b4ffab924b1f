"""The PostgreSQL backup routine of ``docs/backups.md``, run for real: a database holding a
played history (a Swiss tournament, a league season, their tables, hands, ratings) is dumped
with ``pg_dump -Fc``, restored with ``pg_restore`` into a fresh database, and every table of the
schema holds the same rows there, matches and ratings included.

Runs when ``DATABASE_URL`` names a PostgreSQL server (as in CI); skipped on SQLite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from io import StringIO
from pathlib import Path

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from league.rankings.models import FinishedMatch, Rating

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") or "").startswith(("postgres", "postgresql")),
        reason="the backup routine is PostgreSQL's: set DATABASE_URL",
    ),
    pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump is not installed"),
]


def _conninfo(name: str) -> dict[str, object]:
    s = connection.settings_dict
    info: dict[str, object] = {"dbname": name, "user": s["USER"] or None}
    if s["HOST"]:
        info["host"] = s["HOST"]
    if s["PORT"]:
        info["port"] = int(s["PORT"])
    if s["PASSWORD"]:
        info["password"] = s["PASSWORD"]
    return info


def _cli_args() -> list[str]:
    s = connection.settings_dict
    args = []
    if s["HOST"]:
        args += ["-h", str(s["HOST"])]
    if s["PORT"]:
        args += ["-p", str(s["PORT"])]
    if s["USER"]:
        args += ["-U", str(s["USER"])]
    return args


def _env() -> dict[str, str]:
    env = dict(os.environ)
    if connection.settings_dict["PASSWORD"]:
        env["PGPASSWORD"] = str(connection.settings_dict["PASSWORD"])
    return env


def _row_counts(name: str) -> dict[str, int]:
    with psycopg.connect(**_conninfo(name), autocommit=True) as conn:  # type: ignore[arg-type]
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )
        ]
        return {
            t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]  # type: ignore[index]
            for t in tables
        }


def _ratings(name: str) -> list[tuple[object, ...]]:
    table = Rating._meta.db_table
    with psycopg.connect(**_conninfo(name), autocommit=True) as conn:  # type: ignore[arg-type]
        return list(conn.execute(f'SELECT * FROM "{table}" ORDER BY id').fetchall())


def test_a_dump_restores_into_a_fresh_database(settings, tmp_path: Path) -> None:
    settings.TUTE_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())  # a club, a tournament and a season, played
    source = connection.settings_dict["NAME"]
    assert FinishedMatch.objects.count() > 0 and Rating.objects.count() > 0
    before = _row_counts(source)
    assert before[FinishedMatch._meta.db_table] == FinishedMatch.objects.count()

    dump = tmp_path / "tute.dump"
    subprocess.run(
        ["pg_dump", *_cli_args(), "-Fc", "--no-owner", "-f", str(dump), source],
        check=True,
        env=_env(),
    )
    fresh = f"restore_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(**_conninfo(source), autocommit=True) as conn:  # type: ignore[arg-type]
        conn.execute(f'CREATE DATABASE "{fresh}"')
    try:
        subprocess.run(
            ["pg_restore", *_cli_args(), "--no-owner", "--exit-on-error", "-d", fresh, str(dump)],
            check=True,
            env=_env(),
        )
        after = _row_counts(fresh)
        assert after == before  # every table, every row count
        assert _ratings(fresh) == _ratings(source)  # every rating, field by field
        with psycopg.connect(**_conninfo(fresh), autocommit=True) as conn:  # type: ignore[arg-type]
            applied = conn.execute("SELECT count(*) FROM django_migrations").fetchone()
        assert applied is not None and applied[0] > 0
    finally:
        with psycopg.connect(**_conninfo(source), autocommit=True) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)')
