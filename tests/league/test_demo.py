"""``manage.py seed_demo``: the demo club of embedded mode, idempotent."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from league.clubs.demo import DEMO_CLUB, DEMO_PLAYERS
from league.clubs.models import Club, Membership, User

pytestmark = pytest.mark.django_db


def test_seed_demo_makes_the_players_and_the_club_once(settings) -> None:
    settings.TUTE_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())
    # Someone changes something on the site, then the command runs again: nothing is undone.
    club = Club.objects.get(name=DEMO_CLUB)
    club.description = "Cambiado"
    club.save()
    call_command("seed_demo", stdout=StringIO())
    assert User.objects.count() == len(DEMO_PLAYERS)
    assert Club.objects.get().description == "Cambiado"
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {name: role for name, _, _, _, role in DEMO_PLAYERS}
    ana = User.objects.get(username="ana")
    assert ana.profile.display_name == "Ana García"
    assert ana.is_superuser
    assert Client().login(username="diego", password=settings.TUTE_DEMO_PASSWORD)


def test_seed_demo_refuses_outside_embedded_mode(settings) -> None:
    settings.TUTE_DEMO_MODE = False
    with pytest.raises(CommandError, match="embedded mode"):
        call_command("seed_demo")
    assert not User.objects.exists()
    call_command("seed_demo", "--force", stdout=StringIO())
    assert Club.objects.filter(name=DEMO_CLUB).exists()


def test_home_page_shows_the_demo_hint_only_in_demo_mode(settings) -> None:
    settings.TUTE_DEMO_MODE = True
    assert "tute-demo-1234" in Client().get("/").content.decode()
    settings.TUTE_DEMO_MODE = False
    assert "tute-demo-1234" not in Client().get("/").content.decode()
