"""The API and private tables: a private table's match is listed and shown only to the people
who sat at it and to staff; to anybody else it does not exist (404 like a table that never
was, so the answer tells nothing). Figures and ratings still count it; a rating change from it
does not name the table."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.rankings.support import private_and_public

pytestmark = pytest.mark.django_db

#: Who sees the private match: its players and staff; not a stranger, nor anybody anonymous.
SEES = {"ana": True, "fede": True, "sam": True, "eva": False, "diego": False, None: False}


@pytest.fixture
def tables(django_capture_on_commit_callbacks) -> dict:
    return private_and_public(django_capture_on_commit_callbacks)


def api_for(tables: dict, name: str | None, *, token: bool = False) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    if name and token:
        from rest_framework.authtoken.models import Token

        key = Token.objects.get_or_create(user=tables[name])[0].key
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    elif name:
        client.force_authenticate(tables[name])
    return client


@pytest.mark.parametrize("name", list(SEES))
def test_match_list(tables, name) -> None:
    api = api_for(tables, name)
    private, public = tables["private"], tables["public"]
    expected = [private, public] if SEES[name] else [public]
    body = api.get("/api/matches/").json()
    assert [m["table_id"] for m in body["results"]] == expected
    assert body["count"] == len(expected)
    assert {m["table_id"]: m["private"] for m in body["results"]}[public] is False
    # filters never bring it back
    for query in ("player=fede", "variant=cabrero", "rated=true", f"club={tables['club'].slug}"):
        listed = [m["table_id"] for m in api.get(f"/api/matches/?{query}").json()["results"]]
        assert (private in listed) is SEES[name], query
    assert api.get("/api/matches/?player=diego").json()["count"] == 1


@pytest.mark.parametrize("name", list(SEES))
def test_match_detail(tables, name) -> None:
    api = api_for(tables, name)
    response = api.get(f"/api/matches/{tables['private']}/")
    if SEES[name]:
        assert response.status_code == 200
        body = response.json()
        assert body["private"] is True and body["record"]["actions"]
        seated = {s["player"]["username"] for s in body["seats"]}
        assert seated == {"ana", "bruno", "carmen", "fede"}
    else:
        nothing = api.get("/api/matches/999999999/")
        assert response.status_code == nothing.status_code == 404
        assert response.json() == nothing.json()  # the same answer as a table that never was
    assert api.get(f"/api/matches/{tables['public']}/").status_code == 200


def test_a_token_is_a_participant_too(tables) -> None:
    url = f"/api/matches/{tables['private']}/"
    assert api_for(tables, "fede", token=True).get(url).status_code == 200
    assert api_for(tables, "eva", token=True).get(url).status_code == 404


@pytest.mark.parametrize("name", list(SEES))
def test_head_to_head_and_rating_history(tables, name) -> None:
    api = api_for(tables, name)
    h2h = api.get("/api/players/ana/head-to-head/").json()
    games = {r["opponent"]["username"]: r["games"] for r in h2h}
    if SEES[name]:
        assert games == {"bruno": 2, "carmen": 2, "diego": 1, "fede": 1}
    else:
        assert games == {"bruno": 1, "carmen": 1, "diego": 1}
    history = api.get("/api/players/ana/rating-history/?variant=cabrero").json()
    assert history["count"] == 2  # the rating changes are public
    assert [r["table_id"] for r in history["results"]] == [
        tables["public"],
        tables["private"] if SEES[name] else None,
    ]
    assert [r["games"] for r in history["results"]] == [1, 2]


@pytest.mark.parametrize("name", list(SEES))
def test_figures_count_every_match(tables, name) -> None:
    api = api_for(tables, name)
    stats = api.get("/api/players/ana/stats/").json()
    assert stats[0]["games"] == 2 and stats[0]["rating"] is not None
    ratings = api.get("/api/ratings/?player=fede").json()["results"]
    assert [r["games"] for r in ratings] == [1]  # Fede's only game was the private one
    club = api.get(f"/api/clubs/{tables['club'].slug}/statistics/").json()
    assert club["per_variant"][0]["matches"] == 2
    listed = [m["table_id"] for m in club["matches"]]
    assert (tables["private"] in listed) is SEES[name]
    assert tables["public"] in listed


def test_list_queries_do_not_grow_with_private_matches(
    tables, django_assert_max_num_queries
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from league.rankings import services

    api = api_for(tables, "fede")
    with django_assert_max_num_queries(20) as captured:
        assert api.get("/api/matches/").status_code == 200
    count = len(captured)
    ids = [tables[n].pk for n in ("ana", "bruno", "carmen", "fede")]
    for table_id in range(5000, 5030):
        services.match_store(
            table_id=table_id,
            variant="cabrero",
            seat_users=ids,
            places=[1, 2, 3, 4],
            rated=False,
            finished_at=timezone.now() - timedelta(minutes=table_id),
            private=table_id % 3 == 0,
        )
    for name in ("fede", "eva", "sam", None):
        client = api_for(tables, name)
        with django_assert_max_num_queries(count):
            assert client.get("/api/matches/").status_code == 200
