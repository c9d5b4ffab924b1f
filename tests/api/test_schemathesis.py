"""Schemathesis against our own OpenAPI schema: generated requests to every operation, as a
visitor and as a logged-in player (token). The responses must be what the schema says: no
server error, a documented status code, content type and body, and a request outside the
schema (a wrong type, an empty parameter, a path outside its pattern) refused with a 4xx.

``positive_data_acceptance`` is not among the checks: a request the schema allows may still be
refused with a 400 by a rule the schema cannot state (a club name already taken, a wrong
password, an unknown club slug), and that 400 is documented.
"""

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

CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.response_schema_conformance,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.negative_data_rejection,
]


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
    max_examples=8,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_responses_conform_to_the_schema(case, ana) -> None:
    case.call_and_validate(checks=CHECKS)
    token, _created = Token.objects.get_or_create(user=ana)  # an example may revoke it
    case.call_and_validate(headers={"Authorization": f"Token {token.key}"}, checks=CHECKS)
