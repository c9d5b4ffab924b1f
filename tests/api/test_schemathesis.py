"""Schemathesis against our own OpenAPI schema: generated requests to every operation, as a
visitor and as a logged-in player (token); no response is a server error."""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory, club_with
from tute_site.wsgi import application

schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture
def api_schema(db):
    # Requests go straight to the WSGI application, in the test's transaction: keep Django
    # from closing the connection at the end of each request, as its test client does.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def ana(db):
    ana = UserFactory(username="ana")
    club_with(admin=ana, members=[UserFactory(username="bruno")], name="Peña")
    return ana


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_error(case, ana) -> None:
    case.call_and_validate(checks=[schemathesis.checks.not_a_server_error])
    token, _created = Token.objects.get_or_create(user=ana)  # an example may revoke it
    case.call_and_validate(
        headers={"Authorization": f"Token {token.key}"},
        checks=[schemathesis.checks.not_a_server_error],
    )
