"""In a real browser (Chromium driven by Playwright; marked ``browser``): two players' pages
are open; Ana asks to join Bruno's club from hers, and the notification badge on Bruno's page,
already open, shows it without a reload; the notifications page lists it. The header stays one
slim row on a phone with the badge beside the Menu button."""

from __future__ import annotations

from typing import Any

import pytest

from league.clubs import services as club_services
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import PHONE, db, log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here


def test_a_join_request_reaches_the_organisers_open_page(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana, bruno = (db(lambda n=n: UserFactory(username=n)) for n in ("ana", "bruno"))
    club = db(lambda: club_services.club_create(name="Peña del Tute", owner=bruno))

    bruno_context = browser_context_factory()
    log_in(bruno_context, base, bruno)
    bruno_page = bruno_context.new_page()
    errors: list[str] = []
    bruno_page.on("pageerror", lambda exc: errors.append(str(exc)))
    bruno_page.goto(f"{base}/")
    badge = bruno_page.locator("#notif-badge")
    bruno_page.wait_for_function(
        "() => document.getElementById('notif-badge').dataset.live === '1'"
    )
    assert bruno_page.locator("#notif-count").is_hidden()

    ana_context = browser_context_factory()
    log_in(ana_context, base, ana)
    ana_page = ana_context.new_page()
    ana_page.goto(f"{base}{club.get_absolute_url()}")
    ana_page.locator(f"form[action$='/clubs/{club.slug}/join/'] button").click()
    ana_page.wait_for_load_state()

    count = bruno_page.locator("#notif-count")
    count.wait_for(state="visible")
    assert count.inner_text().strip() == "1"
    assert "has-unread" in (badge.get_attribute("class") or "")
    assert errors == []

    badge.click()
    bruno_page.wait_for_url(f"{base}/notifications/")
    assert "ana" in bruno_page.locator(".notif-list").inner_text()


def test_the_phone_header_keeps_one_row_with_the_badge(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana"))
    context = browser_context_factory(**PHONE)
    log_in(context, base, ana)
    page = context.new_page()
    page.goto(f"{base}/")
    header = page.locator(".site-header .header-row").bounding_box()
    badge = page.locator("#notif-badge").bounding_box()
    menu = page.locator(".menu-button").bounding_box()
    assert header and badge and menu
    assert header["height"] < 70
    assert badge["x"] + badge["width"] <= menu["x"] + 1  # beside the Menu button, on its left
    assert abs((badge["y"] + badge["height"] / 2) - (menu["y"] + menu["height"] / 2)) < 6


def test_the_tab_title_says_your_turn_at_a_table(
    asgi_server: str, browser_context_factory: Any
) -> None:
    from games import services as games_services

    base = asgi_server
    ana = db(lambda: UserFactory(username="ana"))
    table = db(
        lambda: games_services.table_create(
            creator=ana, variant="dos", players=2, fill_with_bots=True
        )
    )
    context = browser_context_factory()
    log_in(context, base, ana)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/tables/{table.pk}/")
    page.locator("#turn.your-turn").wait_for()
    page.wait_for_function("() => document.title.startsWith('(\u25cf) ')")
    assert "Your turn" in page.title()
    assert page.locator("[data-notif-permission]").count() == 0  # no prompt on load
    assert errors == []
