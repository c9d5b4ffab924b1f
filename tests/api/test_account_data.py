"""Each player's own data through the API: ``GET /api/me/export/`` and ``POST /api/me/delete/``.

The history of ``tests.rankings.inactive_support``: Zoe played five rated duels (and one
Cabrero match) against Ana and Bruno, who also played each other and Carmen. Zoe and Ana
each wrote at a table and got a notification.
"""

from __future__ import annotations

import json

import pytest
from allauth.account.models import EmailAddress
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.chat.models import ChatMessage
from games.models import Table
from league.clubs.models import Membership, User
from league.notifications.models import Notification
from league.rankings.models import Rating, RatingHistory
from tests.factories import PASSWORD
from tests.rankings.inactive_support import DUELS, played_with_zoe

EXPORT = "/api/me/export/"
DELETE = "/api/me/delete/"


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def played(db):
    users = played_with_zoe()
    table = Table.objects.create(variant="dos", players=2)
    ChatMessage.objects.create(
        table=table, user=users["zoe"], channel="players", kind="text", text="¡Buena mano!"
    )
    ChatMessage.objects.create(
        table=table, user=users["ana"], channel="players", kind="text", text="secreto de ana"
    )
    Notification.objects.create(user=users["zoe"], kind="joined", params={"n": 1})
    Notification.objects.create(user=users["ana"], kind="joined", params={"n": 2})
    for name in ("ana", "zoe"):
        EmailAddress.objects.create(
            user=users[name], email=users[name].email, verified=True, primary=True
        )
    return users


def client_of(user) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    client.force_authenticate(user)
    return client


def ratings_of_others(zoe) -> list[tuple]:
    rows = Rating.objects.exclude(user=zoe).order_by("user_id", "variant")
    history = RatingHistory.objects.exclude(user=zoe).order_by("pk")
    return [
        *rows.values_list("user_id", "variant", "mu", "sigma", "shown", "games", "wins"),
        *history.values_list("user_id", "table_id", "mu", "sigma", "shown"),
    ]


def test_both_endpoints_need_a_login(played) -> None:
    anonymous = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert anonymous.get(EXPORT).status_code == 401
    refused = anonymous.post(DELETE, {"password": PASSWORD}, format="json")
    assert refused.status_code == 401 and refused.json()["detail"]
    assert User.objects.get(username="zoe").is_active


def test_the_export_holds_his_data_and_nothing_private_of_others(played) -> None:
    response = client_of(played["zoe"]).get(EXPORT)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    assert data["format"] == "tute-account-export"
    assert data["account"]["username"] == "zoe"
    assert data["account"]["email"] == "zoe@example.com"
    assert data["account"]["email_addresses"][0]["verified"] is True
    assert data["profile"]["display_name"] == "Zoe"
    assert [m["club"] for m in data["memberships"]] == [played["club"].slug]
    zoe_duels = sorted(t for t, winner, loser in DUELS if "zoe" in (winner, loser))
    assert sorted(m["table_id"] for m in data["matches"]) == [*zoe_duels, 20]
    assert all(m["outcome"] for m in data["matches"])
    assert [r["variant"] for r in data["ratings"]] == ["dos"]
    assert [h["table_id"] for h in data["rating_history"]] == zoe_duels
    assert [m["text"] for m in data["chat"]["messages"]] == ["¡Buena mano!"]
    assert [n["params"] for n in data["notifications"]] == [{"n": 1}]
    text = response.content.decode()
    for other in ("ana", "bruno", "carmen"):
        assert f"{other}@example.com" not in text
    assert "secreto de ana" not in text
    # No engine record, no hands, no cards of anybody.
    assert '"record"' not in text and '"hands_detail"' not in text and '"cards"' not in text


def test_delete_refuses_bad_input_with_a_message(played) -> None:
    zoe = client_of(played["zoe"])
    missing = zoe.post(DELETE, {}, format="json")
    assert missing.status_code == 400 and missing.json()["password"]
    wrong = zoe.post(DELETE, {"password": "not-hers"}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["password"] == ["That is not your password."]
    assert User.objects.get(pk=played["zoe"].pk).is_active
    # Ana is the club's only admin, with members: she hands the club on first.
    last_admin = client_of(played["ana"]).post(DELETE, {"password": PASSWORD}, format="json")
    assert last_admin.status_code == 400 and "last admin" in last_admin.json()["detail"]
    assert User.objects.get(pk=played["ana"].pk).is_active


def test_delete_keeps_results_and_others_ratings(played) -> None:
    zoe = played["zoe"]
    Token.objects.create(user=zoe)
    before = ratings_of_others(zoe)
    board_before = APIClient().get("/api/leaderboards/dos/").json()
    assert "zoe" in [r["player"]["username"] for r in board_before["results"]]

    response = client_of(zoe).post(DELETE, {"password": PASSWORD}, format="json")
    assert response.status_code == 204

    zoe.refresh_from_db()
    assert not zoe.is_active and zoe.username.startswith("former-")
    assert (zoe.email, zoe.has_usable_password()) == ("", False)
    assert not Token.objects.filter(user=zoe).exists()
    assert not EmailAddress.objects.filter(user=zoe).exists()
    assert not Notification.objects.filter(user=zoe).exists()
    assert zoe.profile.display_name == "" and zoe.public_name == "Former player"
    # Nobody else's rating or history moved, to the byte.
    assert ratings_of_others(zoe) == before
    # Results stay, under "Former player".
    visitor = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    match = visitor.get("/api/matches/1/").json()
    assert match["seats"][0]["player"] == {"username": None, "name": "Former player"}
    board = visitor.get("/api/leaderboards/dos/").json()
    assert "zoe" not in [r["player"]["username"] for r in board["results"]]
    assert Membership.objects.filter(user=zoe).count() == 1  # hidden, the club's history
    # He cannot log in, by either name.
    for login in ("zoe", "zoe@example.com", zoe.username):
        token = visitor.post(
            "/api/auth/token/", {"username": login, "password": PASSWORD}, format="json"
        )
        assert token.status_code == 400
    assert visitor.get("/api/players/zoe/").status_code == 404


def test_his_sessions_end_after_deleting(played) -> None:
    client, other_browser = (APIClient(HTTP_ACCEPT_LANGUAGE="en") for _n in range(2))
    for each in (client, other_browser):
        each.force_login(played["zoe"])
        assert each.get("/api/me/").status_code == 200
    assert client.post(DELETE, {"password": PASSWORD}, format="json").status_code == 204
    assert "sessionid" not in client.cookies or not client.cookies["sessionid"].value
    assert client.get("/api/me/").status_code in (401, 403)
    assert other_browser.get("/api/me/").status_code in (401, 403)


def test_the_account_scope_is_throttled(played) -> None:
    zoe = client_of(played["zoe"])
    statuses = [zoe.get(EXPORT).status_code for _n in range(12)]
    assert statuses == [200] * 10 + [429] * 2
    assert zoe.get(EXPORT).json()["detail"]


def test_his_name_leaves_club_staff_notifications(played) -> None:
    from league.clubs import services as club_services
    from tests.factories import club_with

    zoe, ana = played["zoe"], played["ana"]
    asked = club_with(admin=ana, name="Peña Norte")
    invited = club_with(admin=ana, name="Peña Sur")
    club_services.club_request_join(club=asked, user=zoe)
    club_services.club_join_by_invite(token=invited.invite_token, user=zoe)
    told = Notification.objects.filter(user=ana, params__name="Zoe")
    assert sorted(told.values_list("kind", flat=True)) == ["club_joined", "club_request"]

    assert client_of(zoe).post(DELETE, {"password": PASSWORD}, format="json").status_code == 204
    assert not Notification.objects.filter(user=ana, params__name="Zoe").exists()
    joined = Notification.objects.get(user=ana, kind="club_joined")
    assert joined.params == {"name": "Former player", "club": "Peña Sur"}
    assert not Notification.objects.filter(user=ana, kind="club_request").exists()
    assert not Membership.objects.filter(user=zoe, club=asked).exists()  # the request went
