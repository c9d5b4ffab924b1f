"""Fixtures of the notification tests: the competition tests' table settings (manual scheduler,
no pacing, English), ``commit`` (a call and its commit callbacks), a club and its people."""

from __future__ import annotations

from tests.competitions.conftest import (  # noqa: F401  (fixtures)
    club,
    commit,
    make_members,
    now,
    organiser,
    soon,
    table_settings,
)
