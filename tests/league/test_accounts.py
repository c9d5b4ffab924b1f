"""Sign-up, log in and out, password reset and email verification (django-allauth)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from league.clubs import services
from league.clubs.models import Profile, User
from league.errors import UserError
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SIGNUP = reverse("account_signup")


def signup_data(**overrides: str) -> dict[str, str]:
    data = {
        "username": "carmen",
        "email": "carmen@example.com",
        "password1": "una-clave-bien-larga-7",
        "password2": "una-clave-bien-larga-7",
        "display_name": "Carmen López",
        "country": "AR",
        "preferred_language": "it",
    }
    data.update(overrides)
    return data


def english_client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_signup_creates_user_and_profile_and_logs_in() -> None:
    client = english_client()
    response = client.post(SIGNUP, signup_data())
    assert response.status_code == 302
    user = User.objects.get(username="carmen")
    assert user.email == "carmen@example.com"
    assert user.profile.display_name == "Carmen López"
    assert user.profile.country.code == "AR"
    assert user.profile.preferred_language == "it"
    assert user.profile.avatar_initials == "CL"
    assert client.session["_auth_user_id"] == str(user.pk)
    # The preferred language is applied at once.
    assert response.cookies["django_language"].value == "it"


def test_signup_page_offers_profile_fields_in_the_current_language() -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="es").get(SIGNUP)
    html = response.content.decode()
    assert 'name="display_name"' in html
    assert 'name="country"' in html
    assert '<option value="es" selected>' in html
    assert "Argentina" in html


@pytest.mark.parametrize("taken", ["ana", "ANA"])
def test_signup_with_a_taken_name_is_refused(taken: str) -> None:
    UserFactory(username="ana")
    response = english_client().post(SIGNUP, signup_data(username=taken))
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert "already exists" in response.content.decode()
    assert User.objects.count() == 1
    assert Profile.objects.count() == 1


def test_signup_with_a_bad_email_is_refused() -> None:
    response = english_client().post(SIGNUP, signup_data(email="not-an-email"))
    assert response.status_code == 200
    assert "email" in response.context["form"].errors
    assert "Enter a valid email address." in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("short1", "This password is too short."),
        ("12345678901", "This password is entirely numeric."),
        ("password123", "This password is too common."),
    ],
)
def test_signup_with_a_weak_password_is_refused(password: str, expected: str) -> None:
    response = english_client().post(SIGNUP, signup_data(password1=password, password2=password))
    assert response.status_code == 200
    assert expected in response.content.decode()
    assert not User.objects.exists()


def test_signup_with_an_unknown_language_is_refused() -> None:
    response = english_client().post(SIGNUP, signup_data(preferred_language="xx"))
    assert response.status_code == 200
    assert "preferred_language" in response.context["form"].errors
    assert not User.objects.exists()


def test_signup_is_all_or_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(**kwargs: object) -> None:
        raise UserError("profile could not be saved")

    monkeypatch.setattr(services, "profile_update", fail)
    with pytest.raises(UserError):
        english_client().post(SIGNUP, signup_data())
    assert not User.objects.exists()
    assert not Profile.objects.exists()


def test_login_with_user_name_or_email_applies_the_preferred_language() -> None:
    user = UserFactory(username="diego")
    services.profile_set_language(user=user, language="en")
    for login in ("diego", "diego@example.com"):
        client = Client(HTTP_ACCEPT_LANGUAGE="es")
        response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
        assert response.status_code == 302, login
        assert response.cookies["django_language"].value == "en"
        page = client.get(reverse("league:home"))
        assert "Hello, diego" in page.content.decode()


def test_login_with_a_wrong_password_says_so() -> None:
    UserFactory(username="diego")
    response = english_client().post(
        reverse("account_login"), {"login": "diego", "password": "wrong-password"}
    )
    assert response.status_code == 200
    assert "not correct" in response.content.decode()
    assert "_auth_user_id" not in english_client().session


def test_logout_is_a_post() -> None:
    user = UserFactory()
    client = english_client()
    client.force_login(user)
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_password_reset_mails_a_working_link() -> None:
    UserFactory(username="elena", email="elena@example.com")
    client = english_client()
    response = client.post(reverse("account_reset_password"), {"email": "elena@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["elena@example.com"]
    link = next(w for w in message.body.split() if "/accounts/password/reset/key/" in w)
    path = link.split("testserver", 1)[1]
    page = client.get(path, follow=True)
    assert page.status_code == 200
    new = "otra-clave-muy-larga-9"
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else path
    response = client.post(form_url, {"password1": new, "password2": new})
    assert response.status_code == 302
    assert User.objects.get(username="elena").check_password(new)


def test_email_verification_optional_logs_in_and_mails_a_link(settings) -> None:
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    client = english_client()
    client.post(SIGNUP, signup_data())
    assert "_auth_user_id" in client.session
    assert len(mail.outbox) == 1
    assert "/accounts/confirm-email/" in mail.outbox[0].body


def test_email_verification_mandatory_waits_for_the_link(settings) -> None:
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    client = english_client()
    response = client.post(SIGNUP, signup_data())
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session
    assert User.objects.filter(username="carmen").exists()
    assert len(mail.outbox) == 1


def test_email_verification_none_sends_nothing(settings) -> None:
    settings.ACCOUNT_EMAIL_VERIFICATION = "none"
    client = english_client()
    client.post(SIGNUP, signup_data())
    assert "_auth_user_id" in client.session
    assert mail.outbox == []


def test_user_create_service_validates_password_and_name() -> None:
    services.user_create(username="fede", email="fede@example.com", password="bien-larga-clave-3")
    with pytest.raises(UserError):
        services.user_create(username="FEDE", email="f2@example.com", password="otra-clave-larga-5")
    with pytest.raises(UserError):
        services.user_create(username="gina", email="gina@example.com", password="123")
    assert list(User.objects.values_list("username", flat=True)) == ["fede"]
