from __future__ import annotations

import pytest
from django.test import Client

from league.clubs.models import User
from tests.factories import UserFactory


@pytest.fixture
def user(db: None) -> User:
    return UserFactory(username="ana", display_name="Ana García")


@pytest.fixture
def other_user(db: None) -> User:
    return UserFactory(username="bruno", display_name="Bruno Rossi")


@pytest.fixture
def client_for(db: None):
    """``client_for(user)``: a test client logged in as that user (English pages)."""

    def make(user: User, language: str = "en") -> Client:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(user)
        client.cookies["django_language"] = language
        return client

    return make
