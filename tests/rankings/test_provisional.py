"""Provisional ratings (fewer than ``PROVISIONAL_GAMES`` rated games) are listed on the
leaderboards, among the settled ones, marked with a "?" that says what it means; the API marks
each row with ``provisional``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from league.rankings import selectors
from league.rankings.models import Rating
from league.skill import PROVISIONAL_GAMES
from tests.factories import UserFactory, club_with

pytestmark = pytest.mark.django_db


def rating(user, *, shown, games, variant="dos"):
    return Rating.objects.create(
        user=user,
        variant=variant,
        mu=25.0,
        sigma=2.0,
        shown=shown,
        games=games,
        wins=games // 2,
        last_played_at=timezone.now() - timedelta(days=1),
    )


@pytest.fixture
def board(db):
    users = {n: UserFactory(username=n) for n in ["ana", "bruno", "carmen"]}
    rating(users["ana"], shown=1600, games=PROVISIONAL_GAMES)  # settled
    rating(users["bruno"], shown=1700, games=3)  # provisional, ahead by his shown rating
    rating(users["carmen"], shown=900, games=PROVISIONAL_GAMES - 1)
    return users


def test_provisional_ratings_are_listed_in_rating_order(board) -> None:
    rows = list(selectors.leaderboard(variant="dos"))
    assert [(r.user.username, r.provisional) for r in rows] == [
        ("bruno", True),
        ("ana", False),
        ("carmen", True),
    ]
    pos = selectors.leaderboard_position(variant="dos", user=board["carmen"])
    assert (pos.rank, pos.total, pos.reason, pos.provisional) == (3, 3, "", True)


def test_the_leaderboard_page_marks_provisional_ratings(board) -> None:
    client = Client()
    client.force_login(board["bruno"])
    client.cookies["django_language"] = "en"
    html = client.get("/rankings/?variant=dos").content.decode()
    assert "/players/bruno/" in html and "/players/carmen/" in html and "/players/ana/" in html
    # "?" after a provisional rating, with words for screen readers and a tooltip; a legend.
    assert html.count('class="provisional-mark"') == 2
    assert '1700<abbr class="provisional-mark" title="Provisional rating: fewer than 20' in html
    assert '<span aria-hidden="true">?</span><span class="visually-hidden"> provisional' in html
    assert 'id="provisional-legend"' in html
    assert "1600<abbr" not in html
    # bruno is ranked, first, and told his rating is provisional
    assert "You are number 1 of 3" in html and "Your rating is provisional" in html


def test_the_club_page_marks_provisional_ratings(board) -> None:
    club = club_with(admin=board["ana"], members=[board["bruno"]])
    html = Client().get(f"/rankings/clubs/{club.slug}/").content.decode()
    assert html.count('class="provisional-mark"') == 1 and 'id="provisional-legend"' in html


def test_no_legend_without_provisional_ratings(board) -> None:
    Rating.objects.update(games=PROVISIONAL_GAMES)
    html = Client().get("/rankings/?variant=dos").content.decode()
    assert "provisional-mark" not in html and "provisional-legend" not in html


def test_the_api_lists_provisional_ratings_marked(board) -> None:
    body = APIClient().get("/api/leaderboards/dos/").json()
    assert [(r["player"]["username"], r["rank"], r["provisional"]) for r in body["results"]] == [
        ("bruno", 1, True),
        ("ana", 2, False),
        ("carmen", 3, True),
    ]


def test_the_leaderboard_opens_on_the_variant_people_play(client: Client) -> None:
    """A first visit showed Cabrero's empty board while the demo club played Spanish tute."""
    from league.rankings.variants import variant_keys

    keys = variant_keys()
    assert selectors.busiest_variant(variants=keys) is None
    for name in ("ana", "bruno"):
        rating(UserFactory(username=name), shown=1500, games=3)
    assert keys[0] != "dos" and selectors.busiest_variant(variants=keys) == "dos"
    page = client.get("/rankings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "ana" in page.lower() and "bruno" in page.lower()
