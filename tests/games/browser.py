"""What the browser tests of live tables share (Chromium driven by Playwright).

pytest-django's live server speaks WSGI only, so :func:`asgi_server` serves the site with
uvicorn, in a thread of the test process (the same test database), as ASGI: pages and
WebSockets. A test module takes the fixture with ``asgi_server = browser.asgi_server`` (after
``from tests.games import browser``) and is marked ``browser``.

:func:`db` runs a query of the test's own thread again while SQLite says "locked": the test
database is SQLite's shared-cache memory database, where a reader meets a writer's table lock
at once (the server's threads, and the bots', write while the test reads).

:func:`play` clicks through a table: it waits for the player's turn (legal cards or action
buttons in the page), lets a ``choose`` function pick what to click, and waits for the table to
move on after each click (the ``data-version`` of ``#table-live``), until ``done`` is true.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from django.db import OperationalError

from games.live.frames import WS_MAX_SIZE
from tests.league.test_browser import PHONE, log_in  # noqa: F401  (re-exported)

T = TypeVar("T")


def db(query: Callable[[], T], attempts: int = 100) -> T:
    """``query()``, tried again (for up to ten seconds) while SQLite's tables are locked."""
    for _attempt in range(attempts - 1):
        try:
            return query()
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(0.1)
    return query()


@pytest.fixture
def asgi_server(transactional_db: None, settings: Any) -> Iterator[str]:
    """The site over ASGI (uvicorn in a thread); yields its base URL."""
    import uvicorn

    from tute_site.asgi import application

    settings.TUTE_TABLE_SCHEDULER = "inprocess"
    settings.TUTE_BOT_DELAY = 0.05
    settings.TUTE_TRICK_PAUSE = 0.1
    settings.TUTE_HAND_PAUSE = 0.1
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            application,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="off",
            ws="websockets-sansio",
            ws_max_size=WS_MAX_SIZE,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def version_of(page: Any) -> str | None:
    return page.locator("#table-live").get_attribute("data-version")


def click_and_wait(page: Any, target: Any) -> None:
    """Click ``target`` (a move) and wait until the table's version moves past it."""
    version = version_of(page)
    target.click()
    page.wait_for_function(
        "v => document.getElementById('table-live').dataset.version !== v", arg=version
    )


def first_legal_card(page: Any) -> Any | None:
    """The first card the player may play, else the first action button (pass, ...)."""
    legal = page.locator(".hand-cards .card-button.is-legal")
    if legal.count():
        return legal.first
    buttons = page.locator(".action-buttons .button")
    return buttons.first if buttons.count() else None


def my_turn(page: Any) -> bool:
    live = page.locator("#table-live")
    return bool(
        live.locator(".hand-cards .card-button.is-legal").count()
        or live.locator(".action-buttons .button").count()
    )


def must_follow(page: Any) -> bool:
    """The player's turn to play a card, with some cards of the hand forbidden."""
    live = page.locator("#table-live")
    return bool(
        live.locator(".hand-cards .card-button.is-legal").count()
        and live.locator(".hand-cards .card-button.is-illegal").count()
    )


def play(
    page: Any,
    done: Callable[[], bool],
    choose: Callable[[Any], Any | None] = first_legal_card,
    limit: float = 120,
    hold: Callable[[], bool] = lambda: False,
) -> int:
    """Click the player's moves (``choose`` picks each) until ``done()``; the number of clicks.
    No click while ``hold()`` (e.g. the hand is over in the database while the page may still
    show its last state, or already the next hand's cards)."""
    clicks = 0
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        if not my_turn(page) or hold():
            time.sleep(0.05)
            continue
        target = choose(page)
        if target is None:
            time.sleep(0.05)
            continue
        click_and_wait(page, target)
        clicks += 1
    return clicks


def card_lift(button: Any) -> float:
    """How far the card of a hand's button is raised in it (px; transforms included)."""
    card = button.locator("svg.playing-card").bounding_box()
    return float(button.bounding_box()["y"] - card["y"])


def assert_legal_and_illegal_cards_differ_beyond_colour(page: Any) -> None:
    """Cards the player may play are raised, ringed and checked; the others are flat, with no
    ring and no check, dimmed but still readable."""
    live = page.locator("#table-live")
    legal = live.locator(".hand-cards .card-button.is-legal")
    illegal = live.locator(".hand-cards .card-button.is-illegal")
    assert legal.count() >= 1 and illegal.count() >= 1
    for i in range(legal.count()):
        button = legal.nth(i)
        assert card_lift(button) >= 8, "a legal card is not raised"
        assert button.locator("svg").evaluate("e => getComputedStyle(e).boxShadow") != "none"
        assert "✓" in button.evaluate("e => getComputedStyle(e, '::after').content")
    for i in range(illegal.count()):
        button = illegal.nth(i)
        assert abs(card_lift(button)) < 1, "an illegal card is raised"
        assert button.locator("svg").evaluate("e => getComputedStyle(e).boxShadow") == "none"
        assert button.evaluate("e => getComputedStyle(e, '::after').content") in ("none", "normal")
        opacity = float(button.locator("svg").evaluate("e => getComputedStyle(e).opacity"))
        assert 0.5 <= opacity < 1


#: Every visible element with its own text (outside the card drawings) whose font is under
#: 16px: [tag, class, size, text].
SMALL_TEXT_JS = """() => {
  const small = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') || el.closest('.visually-hidden')) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const size = parseFloat(style.fontSize);
    if (size < 16) small.push([el.tagName, el.className, size, el.textContent.trim().slice(0, 40)]);
  }
  return small;
}"""
