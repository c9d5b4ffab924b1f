"""Every write endpoint refused to the wrong user (anonymous: 401; wrong role: 403), and
allowed to the right one."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.clubs.models import Club, Membership

pytestmark = pytest.mark.django_db


def membership(people, name):
    return Membership.objects.get(club=people["club"], user=people[name])


def writes(people):
    """(method, url, body, right user, wrong users) for every write endpoint."""
    slug = people["club"].slug
    pending = membership(people, "diego").pk
    carmen = membership(people, "carmen").pk
    base = f"/api/clubs/{slug}/memberships"
    not_admins = ["bruno", "carmen", "eva"]
    return [
        ("patch", f"/api/clubs/{slug}/", {"description": "new"}, "ana", not_admins),
        ("put", f"/api/clubs/{slug}/", {"name": "Peña 2"}, "ana", not_admins),
        ("post", f"/api/clubs/{slug}/rotate-invite/", None, "ana", not_admins),
        ("post", f"{base}/{pending}/approve/", None, "bruno", ["carmen", "eva", "diego"]),
        ("post", f"{base}/{pending}/reject/", None, "ana", ["carmen", "eva", "diego"]),
        (
            "post",
            f"{base}/{carmen}/role/",
            {"role": "organiser"},
            "ana",
            not_admins,
        ),
        ("post", f"{base}/{carmen}/remove/", None, "ana", not_admins),
    ]


def call(client: APIClient, method: str, url: str, body):
    return getattr(client, method)(url, body, format="json")


def test_anonymous_writes_are_401_with_a_message(people, api) -> None:
    endpoints = [(m, u, b) for m, u, b, *_ in writes(people)]
    endpoints += [
        ("post", "/api/clubs/", {"name": "New club"}),
        ("post", f"/api/clubs/{people['club'].slug}/join/", None),
        ("post", f"/api/clubs/{people['club'].slug}/leave/", None),
        ("post", "/api/clubs/join-by-invite/", {"token": people["club"].invite_token}),
    ]
    for method, url, body in endpoints:
        response = call(api, method, url, body)
        assert response.status_code == 401, (method, url, response.status_code)
        assert response.json()["detail"]


def test_wrong_users_are_refused_and_nothing_changes(people, api_as) -> None:
    for method, url, body, _right, wrong in writes(people):
        for name in wrong:
            before = sorted(Membership.objects.values_list("user_id", "role", "status"))
            club = Club.objects.values("name", "description", "invite_token").get()
            response = call(api_as(people[name]), method, url, body)
            assert response.status_code == 403, (method, url, name, response.content)
            assert response.json()["detail"]
            assert sorted(Membership.objects.values_list("user_id", "role", "status")) == before
            assert Club.objects.values("name", "description", "invite_token").get() == club


@pytest.mark.parametrize("index", range(7))
def test_the_right_user_is_allowed(people, api_as, index) -> None:
    method, url, body, right, _wrong = writes(people)[index]
    response = call(api_as(people[right]), method, url, body)
    assert response.status_code in (200, 204), response.content


def test_organisers_see_requests_others_do_not(people, api, api_as) -> None:
    url = f"/api/clubs/{people['club'].slug}/requests/"
    assert api.get(url).status_code == 401
    for name in ("carmen", "eva", "diego"):
        assert api_as(people[name]).get(url).status_code == 403
    body = api_as(people["bruno"]).get(url).json()
    assert [r["player"]["username"] for r in body["results"]] == ["diego"]


def test_join_leave_and_invite(people, api_as) -> None:
    eva = api_as(people["eva"])
    slug = people["club"].slug
    response = eva.post(f"/api/clubs/{slug}/join/")
    assert response.status_code == 201 and response.json()["status"] == "pending"
    again = eva.post(f"/api/clubs/{slug}/join/")
    assert again.status_code == 400 and "already" in again.json()["detail"]
    assert eva.post(f"/api/clubs/{slug}/leave/").status_code == 204
    assert eva.post(f"/api/clubs/{slug}/leave/").status_code == 400
    bad = eva.post("/api/clubs/join-by-invite/", {"token": "nope"}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]
    ok = eva.post(
        "/api/clubs/join-by-invite/", {"token": people["club"].invite_token}, format="json"
    )
    assert ok.status_code == 201 and ok.json()["status"] == "active"


def test_last_admin_cannot_leave(people, api_as) -> None:
    response = api_as(people["ana"]).post(f"/api/clubs/{people['club'].slug}/leave/")
    assert response.status_code == 400 and "last admin" in response.json()["detail"]


def test_create_a_club(people, api_as) -> None:
    response = api_as(people["eva"]).post("/api/clubs/", {"name": "Los del Bar"}, format="json")
    assert response.status_code == 201
    assert response.json()["slug"] == "los-del-bar" and response.json()["member_count"] == 1
    taken = api_as(people["eva"]).post("/api/clubs/", {"name": "los del bar"}, format="json")
    assert taken.status_code == 400 and "already exists" in taken.json()["detail"]


def test_token_authentication(people) -> None:
    client = APIClient()
    bad = client.post("/api/auth/token/", {"username": "ana", "password": "x"}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]
    from tests.factories import PASSWORD

    token = client.post(
        "/api/auth/token/", {"username": "ana", "password": PASSWORD}, format="json"
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/").json()["username"] == "ana"
    assert client.delete("/api/auth/token/").status_code == 204
    assert client.get("/api/me/").status_code == 401


def test_session_authentication_needs_csrf(people) -> None:
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(people["eva"])
    response = client.post("/api/clubs/", {"name": "Sin CSRF"}, format="json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert client.get("/api/me/").status_code == 200
