"""In a real browser (Chromium driven by Playwright; marked ``browser``): play again at the end
of a match. The match is played out by bots in the engine (``fast_forward``, stored as the
services store it); the player presses "Play again" on the finished table and lands on a new
table with the same seats. With two people, the first to accept sees who is awaited, the
other sees the acceptance live, and when he accepts both are taken to the new table (the
finished table's state frame carries its address).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import services
from games.models import Table
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import db, log_in
from tests.games.helpers import fast_forward, people_table

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here


def seats(table_id: int) -> list[tuple[Any, str]]:
    table = Table.objects.get(pk=table_id)
    return [(s.user_id, s.bot_level) for s in table.seats.order_by("position")]


def test_one_person_plays_again_against_the_same_bots(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana"))
    table = db(
        lambda: services.table_create(
            creator=ana,
            variant="cabrero",
            players=4,
            fill_with_bots=True,
            bot_level="heuristic",
            turn_seconds=0,
        )
    )
    table = db(lambda: fast_forward(table))
    context = browser_context_factory()
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/")
    expect(page.get_by_text("Final standings")).to_be_visible()
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    new_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert new_id != table.pk
    assert db(lambda: seats(new_id)) == db(lambda: seats(table.pk))
    expect(page.locator("#board .seat")).to_have_count(4)
    expect(page.locator("#board")).to_contain_text("Paco (club player)")


def test_two_people_both_accept_and_both_land_on_the_new_table(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana"))
    bruno = db(lambda: UserFactory(username="bruno"))
    table = db(lambda: fast_forward(people_table(ana, bruno)))
    pages = []
    for user in (ana, bruno):
        context = browser_context_factory()
        db(lambda user=user, context=context: log_in(context, base, user))
        page = context.new_page()
        page.goto(f"{base}/tables/{table.pk}/")
        page.locator("#connection.connection-online").wait_for()
        pages.append(page)
    ana_page, bruno_page = pages
    bruno_page.get_by_role("button", name="Play again").click()
    expect(bruno_page.locator("#rematch")).to_contain_text("Waiting for")
    expect(ana_page.locator("#rematch")).to_contain_text("Play again accepted by")  # live
    ana_page.get_by_role("button", name="Play again").click()
    new = db(lambda: Table.objects.get(pk=table.pk).rematch_table_id)
    assert new is not None
    ana_page.wait_for_url(f"{base}/tables/{new}/")
    bruno_page.wait_for_url(f"{base}/tables/{new}/")  # taken there by the socket
    assert db(lambda: seats(new)) == db(lambda: seats(table.pk))
