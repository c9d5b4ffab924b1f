"""Everything of the league app is in the Django admin."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.clubs.models import Membership
from tests.factories import UserFactory, club_with

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["user", "profile", "club", "membership"])
def test_admin_lists_and_edits_league_models(model: str) -> None:
    admin = UserFactory(is_staff=True, is_superuser=True)
    club = club_with(admin=admin, members=[UserFactory()])
    objects = {
        "user": admin,
        "profile": admin.profile,
        "club": club,
        "membership": Membership.objects.filter(club=club).first(),
    }
    client = Client()
    client.force_login(admin)
    assert client.get(reverse(f"admin:league_{model}_changelist")).status_code == 200
    change = reverse(f"admin:league_{model}_change", args=[objects[model].pk])
    assert client.get(change).status_code == 200


def test_admin_is_for_staff_only() -> None:
    client = Client()
    client.force_login(UserFactory())
    response = client.get(reverse("admin:league_club_changelist"))
    assert response.status_code == 302
