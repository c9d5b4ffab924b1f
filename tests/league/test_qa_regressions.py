"""Regressions found by the acceptance pass in a browser (QA): each test is a bug a user met."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory, club_with
from tests.games import browser

pytestmark = pytest.mark.django_db

asgi_server = browser.asgi_server  # the fixture, under its name here


def hrefs(html: str) -> set[str]:
    return {href.replace("&amp;", "&") for href in re.findall(r'href="([^"]+)"', html)}


def logged_in(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_api_docs_are_linked_from_every_page() -> None:
    """The API docs page existed but no page linked to it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    docs = reverse("api:docs")
    for url in (reverse("league:home"), reverse("league:club_list"), reverse("account_login")):
        assert docs in hrefs(client.get(url).content.decode()), url
    assert client.get(docs).status_code == 200


def test_statistics_pages_are_reachable_from_the_navigation() -> None:
    """A player's page and a club's statistics were linked only from leaderboard rows (20
    rated games needed) and match lists: a new player could reach neither."""
    member = UserFactory(display_name="Carmen López")
    gone = UserFactory(display_name="Old Member")
    club = club_with(members=[member, gone], name="Peña Central")
    gone.is_active = False
    gone.save()
    client = logged_in(member)
    mine = reverse("rankings:player", args=[member.username])

    profile = hrefs(client.get(reverse("league:profile")).content.decode())
    assert mine in profile
    board = hrefs(client.get(reverse("rankings:leaderboard") + "?variant=dos").content.decode())
    assert f"{mine}?variant=dos" in board
    club_page = client.get(club.get_absolute_url()).content.decode()
    links = hrefs(club_page)
    assert reverse("rankings:club", args=[club.slug]) in links
    assert mine in links
    # No link to a deactivated account's page (a 404).
    assert reverse("rankings:player", args=[gone.username]) not in links
    for url in (mine, f"{mine}?variant=dos", reverse("rankings:club", args=[club.slug])):
        assert client.get(url).status_code == 200, url


def test_match_tally_shows_only_counts_per_player() -> None:
    """Spanish tute for two, after two games: the "match so far" table had an untranslated
    "Game winners" row showing seat numbers (the engine's list of who won each game)."""
    import random

    from django.utils import translation

    from games.engine import get_variant
    from games.presenters.table import _tally

    variant = get_variant("dos")
    rng = random.Random("qa")
    for attempt in range(20):
        match = variant.new_match(players=2, seed=f"qa/{attempt}", options={"games": 3})
        tally = match.observation(0)["match"]
        while not match.is_terminal() and len(tally["game_winners"]) < 2:
            actions = match.legal_actions()
            match.apply_action(actions[int(rng.random() * len(actions))])
            tally = match.observation(0)["match"]
        if len(tally["game_winners"]) == 2:
            break
    assert len(tally["game_winners"]) == 2, "no match reached a second game"
    with translation.override("es"):
        shown = _tally(tally, ["Ana", "Bruno"])
    assert shown is not None
    assert [row.label for row in shown.rows] == ["Juegos ganados"]
    assert sorted(shown.rows[0].values) == sorted(tally["games"])


def test_password_reset_errors_are_in_the_page_language() -> None:
    """Italian page, Spanish-speaking account: the set-password page showed "La contraseña es
    demasiado corta" among Italian text."""
    from django.core import mail

    user = UserFactory(username="elena", email="elena@example.com")
    user.profile.preferred_language = "es"
    user.profile.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.cookies["django_language"] = "it"
    client.post(reverse("account_reset_password"), {"email": "elena@example.com"})
    link = next(w for w in mail.outbox[0].body.split() if "/accounts/password/reset/key/" in w)
    page = client.get(link.split("testserver", 1)[1], follow=True)
    form_url = page.redirect_chain[-1][0]
    html = client.post(form_url, {"password1": "corta", "password2": "corta"}).content.decode()
    assert 'lang="it"' in html
    assert "contraseña" not in html
    assert "troppo corta" in html


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_table_buttons_go_when_the_match_stops_live(asgi_server: str, browser_context_factory):
    """A match that ended while the page was open kept "Leave the table" and "Abandon this
    table..." on screen (they sit outside the live partial); clicking them only brought an
    error. The WebSocket's new status now hides them."""
    from games import services

    ana = UserFactory(username="ana")
    table = services.table_create(
        creator=ana,
        variant="cabrero",
        players=4,
        fill_with_bots=True,
        bot_level="heuristic",
        turn_seconds=0,
    )
    context = browser_context_factory(**browser.PHONE)
    browser.log_in(context, asgi_server, ana)
    page = context.new_page()
    page.goto(f"{asgi_server}/tables/{table.pk}/")
    page.locator("#connection.connection-online").wait_for()
    leave = page.locator(f"form[action='/tables/{table.pk}/leave/']")
    abandon = page.locator("details#abandon")
    assert leave.is_visible() and abandon.is_visible()

    browser.db(lambda: services.table_abandon(table_id=table.pk, user=ana, reason="QA"))
    page.locator("#table-live[data-status='abandoned']").wait_for()
    leave.wait_for(state="hidden")
    abandon.wait_for(state="hidden")


def test_a_refused_request_is_logged_once(settings) -> None:
    """QA: in embedded mode (DEBUG) every 403 traceback was printed twice on the console: by
    the console handler Django's defaults give the "django" logger and again by the root's."""
    import logging
    import logging.config

    from django.utils.log import DEFAULT_LOGGING

    from tute_site.settings import base

    def consoles(logger: logging.Logger) -> int:
        return sum(type(h) is logging.StreamHandler for h in logger.handlers)

    try:
        logging.config.dictConfig(DEFAULT_LOGGING)  # as django.setup() does, then the site's
        logging.config.dictConfig(base.LOGGING)
        printed = 0
        logger: logging.Logger | None = logging.getLogger("django.request")
        while logger is not None:
            printed += consoles(logger)
            logger = logger.parent if logger.propagate else None
        assert printed == 1
    finally:
        logging.config.dictConfig(settings.LOGGING)


def test_the_spanish_login_page_speaks_as_usted_throughout() -> None:
    """django-allauth's Spanish catalogue says "¿Ha olvidado tu contraseña?" (usted and tú in
    one sentence); the site's catalogue overrides it (league/catalogue_overrides.py)."""
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.cookies["django_language"] = "es"
    html = client.get(reverse("account_login")).content.decode()
    assert "¿Ha olvidado su contraseña?" in html
    assert "tu contraseña" not in html
