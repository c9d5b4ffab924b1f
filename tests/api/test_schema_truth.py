"""The schema says what the API answers: the audit's findings, one by one (the schemathesis
test checks every operation in general, tests/api/test_schemathesis.py)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(api) -> dict[str, Any]:
    return api.get("/api/schema/?format=json").json()


def _component(schema: dict[str, Any], ref: str) -> dict[str, Any]:
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def _ok_schema(schema: dict[str, Any], path: str, method: str = "get") -> dict[str, Any]:
    response = schema["paths"][path][method]["responses"]["200"]
    return _component(schema, response["content"]["application/json"]["schema"]["$ref"])


def test_leaderboard_response_is_the_documented_page(schema, api, people) -> None:
    documented = _ok_schema(schema, "/api/leaderboards/{variant}/")
    body = api.get("/api/leaderboards/cabrero/").json()
    # it was documented as one LeaderboardRow (required last_played_at, absent): it is a page
    assert set(documented["required"]) <= set(body)
    assert {"count", "next", "previous", "results", "me"} <= set(documented["properties"])
    assert documented["properties"]["me"].get("nullable") is True
    assert body["me"] is None


def test_an_entry_partner_may_be_null(schema, api_as, people) -> None:
    for name in ("TournamentEntry", "SeasonEntry", "Entry"):
        partner = schema["components"]["schemas"][name]["properties"]["partner"]
        assert partner.get("nullable") is True, name


@pytest.mark.parametrize(
    ("path", "method", "codes"),
    [
        ("/api/matches/", "get", {"400", "401", "404"}),
        ("/api/matches/{table_id}/", "get", {"401", "404"}),
        ("/api/clubs/{slug}/join/", "post", {"400", "401", "403", "404"}),
        ("/api/clubs/", "post", {"400", "401", "403", "415"}),
        ("/api/me/", "get", {"401"}),
        ("/api/auth/token/", "post", {"400", "401", "403", "415", "429"}),
        ("/api/me/delete/", "post", {"400", "401", "403", "415", "429"}),
    ],
)
def test_error_responses_are_documented_with_the_error_body(schema, path, method, codes) -> None:
    responses = schema["paths"][path][method]["responses"]
    assert codes <= set(responses), set(responses)
    for code in codes:
        body = responses[code]["content"]["application/json"]["schema"]
        assert body == {"$ref": "#/components/schemas/Error"}, (code, body)


def test_the_error_body_describes_a_field_error(schema, api_as, people) -> None:
    error = schema["components"]["schemas"]["Error"]
    response = api_as(people["eva"]).post("/api/clubs/", {"name": ""}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert "name" in body and isinstance(body["name"], list)  # not the {"detail"} it said
    assert "detail" not in error.get("required", [])


def test_path_parameters_carry_their_url_pattern(schema, api) -> None:
    (slug,) = schema["paths"]["/api/clubs/{slug}/"]["get"]["parameters"]
    assert slug["schema"]["pattern"] == "^(?:[-a-zA-Z0-9_]{1,90})$"
    # outside the pattern no URL matches: Django's page, documented as such
    response = api.get("/api/clubs/%C2%84/")
    assert response.status_code == 404
    not_found = schema["paths"]["/api/clubs/{slug}/"]["get"]["responses"]["404"]["content"]
    assert response["Content-Type"].split(";")[0] in not_found


@pytest.mark.parametrize(
    "url",
    [
        "/api/matches/?finished_after=",
        "/api/matches/?finished_before=",
        "/api/matches/?player=",
        "/api/matches/?variant=",
        "/api/matches/?source_id=0.5",
        "/api/ratings/?min_games=0.5",
        "/api/ratings/?player=",
        "/api/players/?search=",
        "/api/clubs/?search=",
        "/api/leaderboards/cabrero/?club=",
        "/api/players/ana/rating-history/?variant=",
        "/api/players/ana/stats/?rated=maybe",
        "/api/tournaments/?status=",
    ],
)
def test_empty_or_malformed_parameters_are_400_with_a_message(api, people, url) -> None:
    response = api.get(url)
    assert response.status_code == 400, (url, response.content)
    name = url.split("?")[1].split("=")[0]
    assert response.json()[name], response.json()


def test_a_notifications_flag_that_is_not_one_is_400(people) -> None:
    client = APIClient()
    token = Token.objects.create(user=people["ana"])
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get("/api/notifications/?unread=maybe").status_code == 400
    assert client.get("/api/notifications/?unread=true").status_code == 200


def test_string_body_fields_take_strings_only(api_as, people) -> None:
    client = api_as(UserFactory(username="fede"))
    response = client.post("/api/clubs/", {"name": 0, "description": True}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"name", "description"}


@pytest.mark.django_db
def test_a_far_offset_in_a_date_filter_is_compared_in_utc(client) -> None:
    # Valid ISO 8601 with an offset PostgreSQL refuses in a parameter (past ±15:59): it was a
    # 500 there (and aborted the request's transaction); it is turned to UTC first.
    for value in ("1023-01-28T01:26:08.295+18:02", "0001-01-01T00:00:00+05:00"):
        response = client.get("/api/matches/", {"finished_after": value, "finished_before": value})
        assert response.status_code == 200, response.content[:200]
        assert response.json()["results"] == []
