"""Read endpoints on a small played history; bad input is a 4xx with a message, never a 500;
no endpoint shows a hand in play."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from tests.rankings.support import announce, engine_outcome

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(people, django_capture_on_commit_callbacks):
    ids = [people[n].pk for n in ("ana", "bruno", "carmen", "eva")]
    for table_id in range(1, 5):
        announce(
            engine_outcome("cabrero", ids, seed=table_id, table_id=table_id),
            django_capture_on_commit_callbacks,
        )
    announce(
        engine_outcome("dos", ids[:2], seed=9, table_id=5, rated=False),
        django_capture_on_commit_callbacks,
    )
    return people


def test_player_endpoints(history, api) -> None:
    stats = api.get("/api/players/ana/stats/").json()
    cab = next(s for s in stats if s["variant"] == "cabrero")
    assert cab["games"] == 4 and cab["rating"] is not None and cab["provisional"] is True
    assert cab["wins"] + cab["losses"] + cab["draws"] == 4
    assert [s["variant"] for s in api.get("/api/players/ana/stats/?rated=true").json()] == [
        "cabrero"
    ]
    history_ = api.get("/api/players/ana/rating-history/?variant=cabrero").json()
    assert history_["count"] == 4 and [r["table_id"] for r in history_["results"]] == [1, 2, 3, 4]
    h2h = api.get("/api/players/ana/head-to-head/").json()
    assert {r["opponent"]["username"] for r in h2h} == {"bruno", "carmen", "eva"}
    points = api.get("/api/players/ana/points/?variant=cabrero").json()
    assert sum(b["count"] for b in points) == cab["hands"]
    ratings = api.get("/api/players/ana/ratings/").json()
    assert [r["variant"] for r in ratings] == ["cabrero"]
    found = api.get("/api/players/?search=carm").json()
    assert [p["username"] for p in found["results"]] == ["carmen"]
    members = api.get(f"/api/players/?club={history['club'].slug}").json()
    assert {p["username"] for p in members["results"]} == {"ana", "bruno", "carmen"}


@override_settings(RANKINGS_LEADERBOARD_MIN_GAMES=2, RANKINGS_ACTIVE_DAYS=100_000)
def test_leaderboard_with_my_position(history, api, api_as) -> None:
    body = api_as(history["ana"]).get("/api/leaderboards/cabrero/").json()
    assert body["count"] == 4
    assert [r["rank"] for r in body["results"]] == [1, 2, 3, 4]
    ratings = [r["rating"] for r in body["results"]]
    assert ratings == sorted(ratings, reverse=True)
    me = body["me"]
    assert me["rank"] == next(
        r["rank"] for r in body["results"] if r["player"]["username"] == "ana"
    )
    club = api.get(f"/api/leaderboards/cabrero/?club={history['club'].slug}").json()
    assert {r["player"]["username"] for r in club["results"]} == {"ana", "bruno", "carmen"}
    assert club["me"] is None
    page2 = api.get("/api/leaderboards/cabrero/?page=2&page_size=2").json()
    assert [r["rank"] for r in page2["results"]] == [3, 4]


def test_matches(history, api) -> None:
    listing = api.get("/api/matches/").json()
    assert [m["table_id"] for m in listing["results"]] == [5, 4, 3, 2, 1]
    assert "record" not in listing["results"][0]
    detail = api.get("/api/matches/3/").json()
    assert detail["record"]["variant"] == "cabrero" and detail["record"]["actions"]
    assert len(detail["hands"]) == detail["hands_played"]
    assert [s["seat"] for s in detail["seats"]] == [0, 1, 2, 3]
    assert api.get("/api/matches/?variant=dos").json()["count"] == 1
    assert api.get("/api/matches/?rated=false").json()["count"] == 1
    assert api.get("/api/matches/?player=carmen").json()["count"] == 4
    assert api.get(f"/api/matches/?club={history['club'].slug}").json()["count"] == 5
    assert api.get("/api/matches/?finished_after=2099-01-01T00:00:00Z").json()["count"] == 0


def test_ratings_and_variants(history, api) -> None:
    body = api.get("/api/ratings/?variant=cabrero&min_games=4").json()
    assert body["count"] == 4
    variants = api.get("/api/variants/").json()
    assert {v["key"]: v["shape"] for v in variants}["vtt"] == "teams"


def test_club_statistics(history, api) -> None:
    body = api.get(f"/api/clubs/{history['club'].slug}/statistics/").json()
    assert {r["variant"] for r in body["per_variant"]} == {"cabrero", "dos"}
    assert body["players"][0]["games"] == 5


@pytest.mark.parametrize(
    "url",
    [
        "/api/players/nobody/",
        "/api/players/nobody/stats/",
        "/api/clubs/no-such-club/",
        "/api/clubs/no-such-club/members/",
        "/api/matches/999999/",
        "/api/matches/abc/",
        "/api/leaderboards/poker/",
        "/api/matches/?page=999",
        "/api/matches/?page=abc",
        "/api/players/%00/",
    ],
)
def test_unknown_ids_and_pages_are_404_with_a_message(history, api, url) -> None:
    response = api.get(url)
    assert response.status_code == 404
    if response["Content-Type"].startswith("application/json"):
        assert response.json()["detail"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/matches/?variant=poker",
        "/api/matches/?rated=maybe",
        "/api/matches/?finished_after=yesterday",
        "/api/matches/?club=no-such-club",
        "/api/matches/?source_id=-1",
        "/api/matches/?source_id=99999999999999999999999",
        "/api/ratings/?min_games=lots",
        "/api/ratings/?min_games=1e400",
        "/api/ratings/?variant=poker",
        "/api/players/?club=nowhere",
        "/api/players/?search=%00",
        "/api/players/ana/rating-history/?variant=poker",
        "/api/players/ana/points/",
        "/api/leaderboards/cabrero/?club=nowhere",
    ],
)
def test_bad_filters_are_400_with_a_message(history, api, url) -> None:
    response = api.get(url)
    assert response.status_code == 400, response.content
    assert response.json()


def test_bad_page_size_is_400_with_a_message(history, api) -> None:
    for size in ("abc", "-3", "0", "201", "100000", ""):
        response = api.get(f"/api/matches/?page_size={size}")
        assert response.status_code == 400, (size, response.content)
        assert response.json()["page_size"]
    assert api.get("/api/matches/?page_size=200").status_code == 200


@pytest.mark.parametrize(
    "body",
    ['{"name": ', "[1, 2", "\x00", '{"name": "\\ud800"}', '"just a string"', "[]", "null"],
)
def test_malformed_json_is_400(people, api_as, body) -> None:
    response = api_as(people["eva"]).post("/api/clubs/", data=body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()


def test_wrong_content_type_and_method(people, api_as) -> None:
    client = api_as(people["eva"])
    assert client.post("/api/clubs/", data="x", content_type="text/csv").status_code == 415
    assert client.delete(f"/api/clubs/{people['club'].slug}/").status_code == 405


def test_no_endpoint_shows_a_hand_in_play(history, api, api_as) -> None:
    """A match in play is not stored at all: only the finished ones are; and the schema has
    no route to tables, hands in progress or observations. A table's chat is the one route
    under a table: it carries what people typed, never a card (tests/games/test_chat_api.py)."""
    schema = api.get("/api/schema/?format=json")
    paths = json.loads(schema.content)["paths"]
    assert not [
        p for p in paths if ("table" in p.split("{")[0] and "/chat/" not in p) or "observation" in p
    ]
    from games.models import Table

    table = Table.objects.create(
        pk=424242, variant="cabrero", players=4, status=Table.Status.PLAYING
    )
    assert api.get(f"/api/matches/{table.pk}/").status_code == 404
    assert table.pk not in [m["table_id"] for m in api.get("/api/matches/").json()["results"]]
