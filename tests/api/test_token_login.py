"""``POST /api/auth/token/`` goes through allauth as the login form does: its rate limits and
lock-out, its email verification rules, and a DRF throttle that is really configured.

Before, the view called ``authenticate()`` directly with a ``throttle_scope`` but no throttle
class: 60 wrong passwords in a row were each a 400, then the right one gave a token; a
locked-out account and an unverified one (verification mandatory) got one too.
"""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory

TOKEN = "/api/auth/token/"
# allauth's defaults (the test settings turn its limits off): login_failed is 10 a minute per
# address and 5 in 5 minutes per user name or email.
ALLAUTH_LIMITS_ON = override_settings(ACCOUNT_RATE_LIMITS={})


@pytest.fixture(autouse=True)
def empty_cache():
    """Rate-limit counters live in the cache: each test starts and ends with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def ana(db):
    return UserFactory(username="ana")


def ask(client: APIClient, username: str, password: str):
    return client.post(TOKEN, {"username": username, "password": password}, format="json")


def test_the_drf_throttle_answers_429_with_a_message(ana, api) -> None:
    """Without allauth's limits, DRF's ``token`` scope (20 a minute) still stops a guesser."""
    statuses = [ask(api, "ana", f"wrong-{n}").status_code for n in range(25)]
    assert statuses[:20] == [400] * 20
    assert statuses[20:] == [429] * 5
    refused = ask(api, "ana", PASSWORD)
    assert refused.status_code == 429
    assert "throttled" in refused.json()["detail"].lower()
    assert "Retry-After" in refused.headers
    assert not Token.objects.filter(user=ana).exists()


@ALLAUTH_LIMITS_ON
def test_allauth_lock_out_holds_for_the_right_password(ana, api) -> None:
    statuses = [ask(api, "ana", f"wrong-{n}").status_code for n in range(8)]
    # Five wrong passwords for one user name, then allauth refuses every attempt.
    assert statuses == [400] * 5 + [429] * 3
    locked = ask(api, "ana", PASSWORD)
    assert locked.status_code == 429
    assert "Too many failed login attempts" in locked.json()["detail"]
    assert not Token.objects.filter(user=ana).exists()
    # Another account is not locked by ana's counter.
    UserFactory(username="bruno")
    assert ask(api, "bruno", PASSWORD).status_code == 200


@ALLAUTH_LIMITS_ON
def test_an_account_locked_out_on_the_form_gets_no_token(ana, api) -> None:
    form = Client()
    for n in range(5):
        response = form.post("/accounts/login/", {"login": "ana", "password": f"bad-{n}"})
        assert response.status_code == 200  # the form again, with its error
    response = form.post("/accounts/login/", {"login": "ana", "password": PASSWORD})
    assert "_auth_user_id" not in form.session  # the form refuses the right password too
    refused = ask(api, "ana", PASSWORD)
    assert refused.status_code == 429 and refused.json()["detail"]
    assert not Token.objects.filter(user=ana).exists()


@ALLAUTH_LIMITS_ON
def test_the_lock_out_counts_the_email_as_the_form_does(ana, api) -> None:
    for n in range(5):
        assert ask(api, "ana@example.com", f"bad-{n}").status_code == 400
    assert ask(api, "ana@example.com", PASSWORD).status_code == 429


@override_settings(ACCOUNT_EMAIL_VERIFICATION="mandatory")
def test_mandatory_verification_refuses_an_unverified_account(ana, api) -> None:
    EmailAddress.objects.create(user=ana, email=ana.email, verified=False, primary=True)
    refused = ask(api, "ana", PASSWORD)
    assert refused.status_code == 403
    assert "not verified" in refused.json()["detail"]
    assert "token" not in refused.json()
    assert not Token.objects.filter(user=ana).exists()
    assert [m.to for m in mail.outbox] == [[ana.email]]  # the link is sent again
    # Without a token, no club is created in his name either.
    assert api.post("/api/clubs/", {"name": "Sin verificar"}, format="json").status_code == 401


@override_settings(ACCOUNT_EMAIL_VERIFICATION="mandatory")
def test_mandatory_verification_lets_a_verified_account_in(ana, api) -> None:
    EmailAddress.objects.create(user=ana, email=ana.email, verified=True, primary=True)
    response = ask(api, "ana", PASSWORD)
    assert response.status_code == 200 and response.json()["token"]


def test_an_inactive_account_gets_no_token(ana, api) -> None:
    ana.is_active = False
    ana.save()
    response = ask(api, "ana", PASSWORD)
    assert response.status_code in (400, 403) and response.json()["detail"]
    assert not Token.objects.filter(user=ana).exists()


def test_see_and_revoke_the_token(ana, api) -> None:
    assert api.get(TOKEN).status_code == 401
    assert api.delete(TOKEN).status_code == 401
    given = ask(api, "ana", PASSWORD).json()
    assert given["created"]
    assert ask(api, "ana", PASSWORD).json()["token"] == given["token"]  # one per player
    api.credentials(HTTP_AUTHORIZATION=f"Token {given['token']}")
    assert api.get(TOKEN).json() == {"created": given["created"]}
    assert api.delete(TOKEN).status_code == 204
    assert api.get(TOKEN).status_code == 401  # the token no longer authenticates
    session = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    session.force_authenticate(ana)
    missing = session.get(TOKEN)
    assert missing.status_code == 404 and missing.json()["detail"] == "You have no token."


def test_bad_input_is_a_400_naming_the_field(ana, api) -> None:
    response = api.post(TOKEN, {"username": "ana"}, format="json")
    assert response.status_code == 400 and "password" in response.json()
