"""In a real browser: register, create a club, copy the invitation link, and a second player
joins through it (Chromium driven by Playwright; marked ``browser``)."""

from __future__ import annotations

import re

import pytest

from league.clubs.models import Club, Membership

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def sign_up(page, base: str, username: str, display_name: str) -> None:
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.com")
    page.fill("#id_password1", "una-clave-bien-larga-7")
    page.fill("#id_password2", "una-clave-bien-larga-7")
    page.fill("#id_display_name", display_name)
    page.select_option("#id_country", "AR")
    page.select_option("#id_preferred_language", "en")
    page.click("main form button[type=submit]")


def test_register_create_club_invite_and_join(live_server, browser_context_factory) -> None:
    base = live_server.url
    owner_context = browser_context_factory(permissions=["clipboard-read", "clipboard-write"])
    owner = owner_context.new_page()

    # A newcomer reads the home page and registers.
    owner.goto(base + "/")
    owner.get_by_role("link", name="Create an account").click()
    sign_up(owner, base, "ana", "Ana García")
    owner.wait_for_url(base + "/")
    assert owner.get_by_role("heading", name="Hello, Ana García").is_visible()

    # She creates a club.
    owner.get_by_role("link", name="Create a club").first.click()
    owner.fill("#id_name", "Peña del Tute")
    owner.fill("#id_description", "Los martes en el bar.")
    owner.get_by_role("button", name="Create the club").click()
    owner.wait_for_url(re.compile(r"/clubs/pena-del-tute/$"))
    assert owner.get_by_text("Your club is ready.").is_visible()

    # She copies the invitation link.
    owner.get_by_role("button", name="Copy link").click()
    owner.get_by_role("button", name="Link copied").wait_for()
    invite = owner.evaluate("navigator.clipboard.readText()")
    club = Club.objects.get(name="Peña del Tute")
    assert invite == base + club.get_invite_path()

    # A second player opens it, has to register first, and joins.
    guest = browser_context_factory().new_page()
    guest.goto(invite)
    assert "/accounts/login/" in guest.url
    guest.locator("main").get_by_role("link", name="sign up", exact=True).click()
    sign_up(guest, base, "bruno", "Bruno Rossi")
    guest.wait_for_url(invite)
    assert guest.get_by_role("heading", name="Join Peña del Tute").is_visible()
    guest.get_by_role("button", name="Join the club").click()
    guest.wait_for_url(re.compile(r"/clubs/pena-del-tute/$"))
    assert guest.get_by_text("Welcome to Peña del Tute!").is_visible()

    members = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert members == {"ana": "admin", "bruno": "member"}

    # The admin sees the new member.
    owner.reload()
    new_member = owner.locator("#members").get_by_role("link", name="Bruno Rossi", exact=True)
    assert new_member.is_visible()


def log_in(context, base: str, user) -> None:
    """Give a browser context the session of ``user`` (no login form to fill)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])


PHONE = {"viewport": {"width": 375, "height": 740}, "has_touch": True, "is_mobile": True}


def test_phone_header_is_one_compact_row_with_a_menu_button(
    live_server, browser_context_factory
) -> None:
    from tests.factories import UserFactory

    base = live_server.url
    context = browser_context_factory(**PHONE)
    log_in(context, base, UserFactory(username="ana", display_name="Ana García"))
    page = context.new_page()
    page.goto(base + "/")
    header = page.locator("header.site-header")
    button = header.locator("summary.menu-button")
    nav = header.get_by_role("navigation", name="Main")

    # Closed: the brand and the button in one row; no link of the navigation shows.
    assert header.bounding_box()["height"] < 80
    assert button.is_visible() and button.get_attribute("aria-expanded") == "false"
    box = button.bounding_box()
    assert box["width"] >= 48 and box["height"] >= 48
    assert not nav.get_by_role("link", name="Tables").is_visible()
    assert not header.get_by_role("button", name="Español").is_visible()

    # A tap opens it: every link (and the languages) in full-width rows of 48px or more.
    button.tap()
    expect(button).to_have_attribute("aria-expanded", "true")
    links = nav.get_by_role("link")
    expect(nav.get_by_role("link", name="Tables")).to_be_visible()
    assert links.count() >= 3
    for i in range(links.count()):
        link_box = links.nth(i).bounding_box()
        assert link_box["height"] >= 48 and link_box["width"] > 300
    expect(header.get_by_role("button", name="Log out")).to_be_visible()
    expect(header.get_by_role("button", name="Español")).to_be_visible()
    nav.get_by_role("link", name="Tables").tap()
    page.wait_for_url(base + "/tables/")
    expect(page.locator("main h1")).to_be_visible()
    # A new page starts with the menu closed again.
    expect(page.locator("summary.menu-button")).to_have_attribute("aria-expanded", "false")

    # With the keyboard: Tab reaches the button (after the skip link, the brand and the
    # notifications badge of a logged-in player), Enter opens the menu, Tab goes on to its
    # first link, Enter on the button closes it again.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator("#notif-badge")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("summary.menu-button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("summary.menu-button")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Tab")
    expect(page.locator(".site-nav a").first).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("summary.menu-button")).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link").first).to_be_hidden()
    # Escape, from inside the open menu, closes it and gives the focus back to the button.
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator(".site-nav a").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("summary.menu-button")).to_have_attribute("aria-expanded", "false")
    expect(page.locator("summary.menu-button")).to_be_focused()


def test_wide_screen_shows_the_whole_navigation_without_a_menu_button(
    live_server, browser_context_factory
) -> None:
    base = live_server.url
    for javascript in (True, False):
        context = browser_context_factory(
            viewport={"width": 1280, "height": 800}, java_script_enabled=javascript
        )
        page = context.new_page()
        page.goto(base + "/")
        header = page.locator("header.site-header")
        expect(header.locator("summary.menu-button")).to_be_hidden()
        nav = header.get_by_role("navigation", name="Main")
        expect(nav.get_by_role("link", name="Log in")).to_be_visible()
        expect(header.get_by_role("button", name="Italiano")).to_be_visible()
        # The brand and the links share one row.
        brand = header.locator(".brand").bounding_box()
        login = nav.get_by_role("link", name="Log in").bounding_box()
        assert abs((brand["y"] + brand["height"] / 2) - (login["y"] + login["height"] / 2)) < 20
        assert header.bounding_box()["height"] < 160


def test_phone_menu_opens_without_javascript(live_server, browser_context_factory) -> None:
    base = live_server.url
    context = browser_context_factory(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(base + "/")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Log in")).to_be_hidden()
    page.locator("summary.menu-button").tap()
    expect(nav.get_by_role("link", name="Log in")).to_be_visible()
    nav.get_by_role("link", name="Log in").tap()
    page.wait_for_url(re.compile(r"/accounts/login/"))
