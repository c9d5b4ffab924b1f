"""In a real browser (Chromium driven by Playwright; marked ``browser``): two players' pages of
one table are open; a quick phrase and a typed message sent from Ana's page appear on Bruno's
(in his language), the typed text as plain characters; a spectator's page shows neither, and
the board still fits the window with the chat panel on the page (1280x800 and on a phone,
where the chat lives in the side drawer).

With ``TUTE_SCREENSHOTS=<folder>`` the test saves the two pages there.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from games import services
from games.chat.models import ChatMessage
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import PHONE, db, log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here


def open_table(base: str, context: Any, user: Any, table_id: int) -> Any:
    log_in(context, base, user)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/tables/{table_id}/")
    page.locator("#connection.connection-online").wait_for()
    page.locator("#table-chat").wait_for()
    page.errors = errors  # type: ignore[attr-defined]
    return page


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("TUTE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"chat-{name}.png"))


def board_fits(page: Any) -> None:
    box = page.locator("#board").bounding_box()
    size = page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1


def test_a_chat_message_crosses_from_one_players_page_to_the_others(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana, bruno, carla = (db(lambda n=n: UserFactory(username=n)) for n in ("ana", "bruno", "carla"))
    table = db(
        lambda: services.table_create(
            creator=ana,
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[
                services.SeatSpec(user=ana),
                services.SeatSpec(user=bruno),
                services.SeatSpec(bot_level="heuristic"),
                services.SeatSpec(bot_level="heuristic"),
            ],
        )
    )
    page_ana = open_table(
        base, browser_context_factory(viewport={"width": 1280, "height": 800}), ana, table.pk
    )
    page_bruno = open_table(base, browser_context_factory(locale="es-ES", **PHONE), bruno, table.pk)
    page_carla = open_table(base, browser_context_factory(), carla, table.pk)

    # A quick phrase, then a typed message with markup in it.
    page_ana.locator("#chat-phrases summary").click()
    page_ana.locator("#table-chat [data-phrase='good_luck']").click()
    page_ana.locator("#chat-text").fill("<b>hola</b> Bruno")
    page_ana.locator("#chat-form button[type=submit]").click()

    lines_bruno = page_bruno.locator("#chat-lines .chat-line")
    lines_bruno.filter(has_text="¡Buena suerte!").wait_for(state="attached")
    lines_bruno.filter(has_text="<b>hola</b> Bruno").wait_for(state="attached")
    assert page_bruno.locator("#chat-lines b").count() == 0  # escaped, not markup
    page_ana.locator("#chat-lines .chat-line").filter(has_text="Good luck!").wait_for()
    assert db(lambda: ChatMessage.objects.filter(table=table, channel="players").count()) == 2

    # Bruno answers; Ana reads it. The spectator's page shows none of it.
    page_bruno.locator("#panel-toggle").click()
    page_bruno.locator("#chat-phrases summary").click()
    page_bruno.locator("#table-chat [data-phrase='thanks']").click()
    page_ana.locator("#chat-lines .chat-line").filter(has_text="Thanks!").wait_for()
    shoot(page_bruno, "375x740-drawer")
    assert page_carla.locator("#table-chat .chat-title").inner_text() == "Spectators’ chat"
    page_carla.locator("#chat-phrases summary").click()
    page_carla.locator("#table-chat [data-phrase='hello']").click()
    page_carla.locator("#chat-lines .chat-line").filter(has_text="Hello!").wait_for()
    page_ana.wait_for_timeout(500)
    assert page_carla.locator("#chat-lines .chat-line").count() == 1
    assert page_ana.locator("#chat-lines .chat-line").count() == 3

    # The board still fits with the chat on the page (wide screen, and the phone's drawer).
    page_bruno.keyboard.press("Escape")
    board_fits(page_ana)
    board_fits(page_bruno)
    shoot(page_ana, "1280x800")
    shoot(page_bruno, "375x740")
    assert not page_ana.errors and not page_bruno.errors  # type: ignore[attr-defined]
