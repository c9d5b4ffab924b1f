from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory, club_with


@pytest.fixture
def api() -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def api_as(api):
    def make(user) -> APIClient:
        client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        client.cookies["django_language"] = "en"
        client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def people(db):
    """ana (admin), bruno (organiser), carmen (member), diego (pending), eva (stranger)."""
    names = ["ana", "bruno", "carmen", "diego", "eva"]
    users = {n: UserFactory(username=n, display_name=n.capitalize()) for n in names}
    club = club_with(
        admin=users["ana"],
        organisers=[users["bruno"]],
        members=[users["carmen"]],
        pending=[users["diego"]],
        name="Peña del Tute",
    )
    users["club"] = club
    return users
