"""In a real browser: register, create a club, copy the invitation link, and a second player
joins through it (Chromium driven by Playwright; marked ``browser``)."""

from __future__ import annotations

import re

import pytest

from league.models import Club, Membership

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
    assert owner.locator("#members").get_by_text("Bruno Rossi").is_visible()
