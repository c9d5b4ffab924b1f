"""The profile's account part: the API token (create, see, regenerate, revoke), "download my
data" and "delete my account" (password typed again; afterwards "Former player" on every page
and no way back in)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from games import services as game_services
from games.models import Table
from league.clubs.models import User
from league.competitions import services as competition_services
from league.competitions.models import TournamentEntry
from league.rankings.models import Rating
from tests.competitions.helpers import make_tournament
from tests.factories import PASSWORD, MembershipFactory
from tests.rankings.inactive_support import played_with_zoe

PROFILE = reverse("league:profile")
DELETE = reverse("league:account_delete")


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def played(db):
    users = played_with_zoe()
    club = users["club"]
    organiser = users["ana"]
    MembershipFactory(club=club, user=users["carmen"])
    tournament = make_tournament(club, organiser, timezone.now() + timedelta(days=1))
    for name in ("zoe", "bruno", "carmen"):
        competition_services.tournament_register(tournament=tournament, user=users[name])
    users["tournament"] = tournament
    return users


def test_profile_token_create_regenerate_revoke(user, client_for) -> None:
    client = client_for(user)
    page = client.get(PROFILE).content.decode()
    assert "You have no token." in page and "Create a token" in page
    created = client.post(reverse("league:token_create"))
    key = Token.objects.get(user=user).key
    assert created.status_code == 200 and key in created.content.decode()
    assert created["Cache-Control"] == "no-store"
    again = client.get(PROFILE).content.decode()
    assert key not in again and "You have a token, created on" in again  # shown once
    client.post(reverse("league:token_create"))
    assert Token.objects.get(user=user).key != key  # regenerated: the old key is dead
    revoked = client.post(reverse("league:token_revoke"), follow=True)
    assert "Your API token is revoked." in revoked.content.decode()
    assert not Token.objects.filter(user=user).exists()
    assert client.get(reverse("league:token_create")).status_code == 405


def test_account_pages_need_a_login(db) -> None:
    anonymous = Client()
    for url in (reverse("league:data_export"), DELETE):
        assert anonymous.get(url).status_code == 302
    assert anonymous.post(reverse("league:token_create")).status_code == 302


def test_download_my_data_from_the_profile(played, client_for) -> None:
    client = client_for(played["zoe"])
    assert reverse("league:data_export") in client.get(PROFILE).content.decode()
    response = client.get(reverse("league:data_export"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"]["username"] == "zoe"
    entries = data["competition_entries"]
    assert [(e["kind"], e["name"]) for e in entries] == [("tournament", "Copa")]
    text = response.content.decode()
    assert "bruno@example.com" not in text and "carmen@example.com" not in text


def test_delete_needs_the_password_and_the_confirmation(played, client_for) -> None:
    client = client_for(played["zoe"])
    assert "Delete my account for good" in client.get(DELETE).content.decode()
    wrong = client.post(DELETE, {"password": "not-hers", "confirm": "on"})
    assert wrong.status_code == 200 and "That is not your password." in wrong.content.decode()
    unconfirmed = client.post(DELETE, {"password": PASSWORD})
    assert (
        unconfirmed.status_code == 200 and "This field is required." in unconfirmed.content.decode()
    )
    assert User.objects.get(pk=played["zoe"].pk).is_active
    last_admin = client_for(played["ana"]).post(DELETE, {"password": PASSWORD, "confirm": "on"})
    assert "last admin" in last_admin.content.decode()
    assert User.objects.get(pk=played["ana"].pk).is_active


def test_after_deleting_former_player_everywhere(played, client_for) -> None:
    zoe = played["zoe"]
    others = list(
        Rating.objects.exclude(user=zoe)
        .order_by("pk")
        .values_list("user_id", "mu", "sigma", "shown")
    )
    client = client_for(zoe)
    done = client.post(DELETE, {"password": PASSWORD, "confirm": "on"}, follow=True)
    assert done.redirect_chain[-1][0] == reverse("league:home")
    assert "Your account is deleted." in done.content.decode()
    assert client.get(PROFILE).status_code == 302  # logged out
    ratings_after = Rating.objects.exclude(user=zoe).order_by("pk")
    assert list(ratings_after.values_list("user_id", "mu", "sigma", "shown")) == others

    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    visitor.cookies["django_language"] = "en"
    pages = {
        "player": reverse("rankings:player", args=["ana"]) + "?variant=dos",
        "leaderboard": reverse("rankings:leaderboard") + "?variant=dos",
        "tournament": played["tournament"].get_absolute_url(),
    }
    for name, url in pages.items():
        html = visitor.get(url).content.decode()
        assert "Zoe" not in html, name
    assert "Former player" in visitor.get(pages["player"]).content.decode()
    assert "Former player" in visitor.get(pages["tournament"]).content.decode()
    assert visitor.get(reverse("rankings:player", args=["zoe"])).status_code == 404

    form = visitor.post(reverse("account_login"), {"login": "zoe", "password": PASSWORD})
    assert form.status_code == 200 and "_auth_user_id" not in visitor.session


def test_nobody_waits_for_a_deleted_account(played, client_for) -> None:
    """He leaves an open table (the seat is free again) and withdraws from the tournament."""
    zoe, bruno = played["zoe"], played["bruno"]
    table = game_services.table_create(creator=bruno, variant="cabrero", players=3)
    game_services.table_sit(table_id=table.pk, user=zoe)
    assert sorted(table.seats.exclude(user=None).values_list("user__username", flat=True)) == [
        "bruno",
        "zoe",
    ]
    client_for(zoe).post(DELETE, {"password": PASSWORD, "confirm": "on"})
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert list(table.seats.exclude(user=None).values_list("user_id", flat=True)) == [bruno.pk]
    entry = TournamentEntry.objects.get(tournament=played["tournament"], player=zoe)
    assert entry.status == TournamentEntry.Status.WITHDRAWN
    others = TournamentEntry.objects.filter(tournament=played["tournament"]).exclude(player=zoe)
    assert set(others.values_list("status", flat=True)) == {TournamentEntry.Status.ACTIVE}
