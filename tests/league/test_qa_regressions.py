"""Regressions found by the acceptance pass in a browser (QA): each test is a bug a user met."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory, club_with

pytestmark = pytest.mark.django_db


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
