"""Fixtures of the live-table tests.

Every test runs in English with the ``immediate`` scheduler (bot moves run at once, in order, in the
calling thread; turn timers never fire on their own), no pacing, a tiny thinking budget for the
strong bot and an empty engine cache. Table tests use the transactional database: services
announce changes and schedule bot moves in ``transaction.on_commit``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from games import snapshots, table_state
from games.live import scheduler
from games.templatetags.table_cards import clear_fragments

_names = itertools.count(1)


@pytest.fixture(autouse=True)
def table_settings(settings: Any) -> Iterator[None]:
    settings.TUTE_TABLE_SCHEDULER = "immediate"
    settings.TUTE_BOT_DELAY = 0
    settings.TUTE_TRICK_PAUSE = 0
    settings.TUTE_HAND_PAUSE = 0
    settings.TUTE_BOT_BUDGET_MS = 2
    settings.TUTE_WATCHDOG_GRACE = 5
    settings.TUTE_GC_TUNING = False  # a server's tuning, not the test process's
    table_state.clear()
    snapshots.clear_snapshots()
    clear_fragments()
    scheduler.MANUAL_QUEUE.clear()
    with translation.override("en"):
        yield
    table_state.clear()
    snapshots.clear_snapshots()
    scheduler.MANUAL_QUEUE.clear()


@pytest.fixture
def make_user(db: None) -> Callable[..., Any]:
    """Make a player: ``make_user("ana")`` (password ``pass-1234-word``)."""

    def make(username: str | None = None, **extra: Any) -> Any:
        name = username or f"player{next(_names)}"
        return get_user_model().objects.create_user(
            username=name, email=f"{name}@example.com", password="pass-1234-word", **extra
        )

    return make


@pytest.fixture
def ana(make_user: Callable[..., Any]) -> Any:
    return make_user("ana")


@pytest.fixture
def bruno(make_user: Callable[..., Any]) -> Any:
    return make_user("bruno")


@pytest.fixture
async def close_db_threads() -> Any:
    """Close the database connections that async tests opened in asgiref's sync thread (the
    test's own thread is closed by pytest-django; a left-over PostgreSQL session would keep
    the test database from being dropped)."""
    from asgiref.sync import sync_to_async
    from django.db import connections

    from games.live import loopdb

    yield
    await loopdb.close()  # the event loop's own, for the moves written from it
    loopdb.close_all()  # and any other loop's (a server's thread)
    await sync_to_async(connections.close_all)()
