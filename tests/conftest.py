"""Fixtures and markers shared by the whole suite.

Markers (see pyproject.toml): ``redis`` tests are skipped when ``REDIS_URL`` is unset,
``browser`` tests when Chromium (/usr/bin/chromium) or Playwright is missing; each skip says why.
Database tests run on PostgreSQL when ``DATABASE_URL`` is set (CI) and on SQLite otherwise.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _browser_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"needs Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)"
    if importlib.util.find_spec("playwright") is None:
        return "needs the playwright package (pip install -r requirements-dev.txt)"
    return None


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> Iterator[None]:
    """Each test gets channel layers of its own. pytest-asyncio runs every async test in an
    event loop of its own, and a Redis layer keeps the lock of its receiver bound to the loop
    that first used it: a layer left by one test broke the sockets of the next on the same
    worker ("bound to a different event loop")."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def own_socket_buckets(settings: Any) -> None:
    """Each test counts its users' socket frames in Redis keys of its own: parallel workers
    (each with its own database) give different players the same ids, and a bucket left by an
    earlier test would start the next one half-spent."""
    import uuid

    settings.TUTE_SOCKET_LIMIT_PREFIX = f"test-socket-rate-{uuid.uuid4().hex}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip_redis = None
    if not os.environ.get("REDIS_URL"):
        skip_redis = pytest.mark.skip(
            reason="needs Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379/0); CI sets it"
        )
    browser_missing = _browser_missing()
    skip_browser = pytest.mark.skip(reason=browser_missing) if browser_missing else None
    for item in items:
        if skip_redis and "redis" in item.keywords:
            item.add_marker(skip_redis)
        if skip_browser and "browser" in item.keywords:
            item.add_marker(skip_browser)


@pytest.fixture
def browser_context_factory(
    transactional_db: None, live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Any]:
    """Make independent browser contexts (one per player) in one headless Chromium.

    For tests marked ``browser``; ``live_server.url`` is the site. Playwright's sync API marks
    an event loop as running in this thread, so Django's async-safety check is relaxed, and the
    database connections opened meanwhile are closed before the browser goes.
    """
    from django.db import connections
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        contexts = []

        def make(**options: Any) -> Any:
            options.setdefault("locale", "en-GB")
            context = browser.new_context(**options)
            context.set_default_timeout(15_000)
            contexts.append(context)
            return context

        try:
            yield make
        finally:
            connections.close_all()
            for context in contexts:
                context.close()
            browser.close()


@pytest.fixture
def browser_page(browser_context_factory: Any) -> Any:
    """One Playwright page in headless Chromium (English locale)."""
    return browser_context_factory().new_page()


@pytest.fixture(scope="session")
def live_server(django_db_setup: None, live_server: Any) -> Any:
    """pytest-django's live server, started after the test databases exist so that it stops
    (closing its connection) before they are dropped."""
    return live_server
