"""Rankings pages: leaderboards, the player page with its SVG charts, the club page; 404s;
a bounded number of queries however much history there is."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from league.rankings import services
from tests.factories import club_with
from tests.rankings.support import announce, engine_outcome

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(players, django_capture_on_commit_callbacks, settings):
    settings.RANKINGS_LEADERBOARD_MIN_GAMES = 2
    rng = random.Random(4)
    ids = [p.pk for p in players[:5]]
    now = timezone.now()
    for table_id in range(1, 9):
        users = rng.sample(ids, 4)
        outcome = engine_outcome(
            "cabrero",
            users,
            seed=table_id,
            table_id=table_id,
            finished_at=now - timedelta(hours=10 - table_id),
        )
        announce(outcome, django_capture_on_commit_callbacks)
    return players


def client(language: str = "en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=language)
    c.cookies["django_language"] = language
    return c


def test_leaderboard_page(played) -> None:
    response = client().get("/rankings/?variant=cabrero")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Rankings" in html and "Ana" in html
    assert 'href="/rankings/players/ana/?variant=cabrero"' in html


def test_leaderboard_shows_your_position(played) -> None:
    c = client()
    c.force_login(played[0])
    html = c.get("/rankings/?variant=cabrero").content.decode()
    assert "Your position" in html and "You are number" in html
    html = c.get("/rankings/?variant=vtt").content.decode()
    assert "no rating in this variant" in html


def test_club_leaderboard_page(played) -> None:
    club = club_with(admin=played[0], members=[played[1]])
    html = client().get(f"/rankings/?variant=cabrero&club={club.slug}").content.decode()
    assert "Ana" in html and "Carmen" not in html.split("<table")[1]


def test_player_page_with_charts(played) -> None:
    html = client().get("/rankings/players/ana/").content.decode()
    assert "<svg" in html and "chart-line" in html and "chart-bars" in html
    assert "Rating history" in html and "Points per hand" in html
    assert "Against frequent opponents" in html
    assert 'href="/tables/' in html  # replay links
    assert "https://" not in html.split("<main")[1]  # nothing from a CDN


def test_player_page_in_spanish(played) -> None:
    html = client("es").get("/rankings/players/ana/").content.decode()
    assert "Historial de puntuación" in html
    assert "Rating history" not in html


def test_club_page(played) -> None:
    club = club_with(admin=played[0], members=[played[1], played[2]])
    html = client().get(f"/rankings/clubs/{club.slug}/").content.decode()
    assert "Statistics of" in html and "Most active players" in html


@pytest.mark.parametrize(
    "url",
    [
        "/rankings/?variant=poker",
        "/rankings/?club=no-such-club",
        "/rankings/players/nobody/",
        "/rankings/players/ana/?variant=poker",
        "/rankings/clubs/no-such-club/",
    ],
)
def test_unknown_things_are_404(played, url) -> None:
    assert client().get(url).status_code == 404


def test_bad_page_numbers_fall_back(played) -> None:
    for page in ("abc", "-1", "999999"):
        assert client().get(f"/rankings/?variant=cabrero&page={page}").status_code == 200


def test_pages_run_a_bounded_number_of_queries(
    played, django_capture_on_commit_callbacks, django_assert_max_num_queries
) -> None:
    c = client()
    c.force_login(played[0])
    counts = {}
    for url in ("/rankings/?variant=cabrero", "/rankings/players/ana/"):
        with django_assert_max_num_queries(30) as captured:
            assert c.get(url).status_code == 200
        counts[url] = len(captured)
    # ten times the history: the same number of queries
    ids = [p.pk for p in played[:5]]
    now = timezone.now()
    rng = random.Random(9)
    for table_id in range(100, 180):
        services.match_store(
            table_id=table_id,
            variant="cabrero",
            seat_users=rng.sample(ids, 4),
            places=[1, 2, 3, 4],
            rated=True,
            finished_at=now - timedelta(minutes=table_id),
        )
    services.ratings_apply_pending()
    for url, count in counts.items():
        with django_assert_max_num_queries(count):
            assert c.get(url).status_code == 200


def test_match_lists_show_seats_in_order_of_place(played) -> None:
    """QA: the recent matches listed their players by seat ("2. Bruno 1. Carmen")."""
    import re

    from league.rankings.models import FinishedMatch

    club = club_with(admin=played[0], members=list(played[1:5]))
    shuffled = [m for m in FinishedMatch.objects.all() if m.participants.first().place != 1]
    assert shuffled, "every match had its winner in the first seat"
    for url in (f"/rankings/clubs/{club.slug}/", f"/rankings/players/{played[0].username}/"):
        html = client().get(url).content.decode()
        lists = re.findall(r'<ol class="seats">(.*?)</ol>', html, re.S)
        assert lists, url
        for seats in lists:
            places = [int(p) for p in re.findall(r'<span class="place">(\d+)\.</span>', seats)]
            assert places == sorted(places), (url, places)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_statistics_headings_are_not_a_word_per_line_on_a_phone(
    players, django_capture_on_commit_callbacks, browser_context_factory, live_server
) -> None:
    """QA: at 375 px the club's statistics squeezed "Media di punti per mano" into a 82 px
    column, a word per line: the heading row was 167 px tall."""
    ids = [p.pk for p in players[:4]]
    announce(engine_outcome("cabrero", ids, seed=1, table_id=1), django_capture_on_commit_callbacks)
    club = club_with(admin=players[0], members=list(players[1:4]))
    context = browser_context_factory(viewport={"width": 375, "height": 740})
    context.add_cookies([{"name": "django_language", "value": "it", "url": live_server.url}])
    page = context.new_page()
    for path in (f"/rankings/clubs/{club.slug}/", f"/rankings/players/{players[0].username}/"):
        page.goto(live_server.url + path)
        heights = page.eval_on_selector_all(
            "table.ranking-table thead", "heads => heads.map(h => h.getBoundingClientRect().height)"
        )
        assert heights, path
        widths = page.eval_on_selector_all(
            "table.ranking-table thead th",
            "ths => ths.map(t => t.textContent.trim() + ': ' + t.getBoundingClientRect().width)",
        )
        assert max(heights) < 100, (path, heights, widths)
