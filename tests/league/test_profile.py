"""The player's profile: display name, country, preferred language, avatar initials."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.clubs import services
from league.clubs.models import Profile, initials_of
from league.errors import UserError
from tests.factories import UserFactory

PROFILE = reverse("league:profile")


@pytest.mark.parametrize(
    ("name", "initials"),
    [
        ("Ana García", "AG"),
        ("ana maría lópez", "AL"),
        ("Bruno", "B"),
        ("  ", "?"),
        ("Ñandú (el) Pérez", "ÑP"),
        ("diego", "D"),
    ],
)
def test_avatar_initials(name: str, initials: str) -> None:
    assert initials_of(name) == initials


@pytest.mark.django_db
def test_every_new_user_gets_a_profile_named_after_him() -> None:
    user = UserFactory(username="zoe")
    assert Profile.objects.filter(user=user).count() == 1
    assert user.profile.name == "zoe"
    assert user.profile.avatar_initials == "Z"
    assert user.public_name == "zoe"


@pytest.mark.django_db
def test_profile_page_needs_login() -> None:
    response = Client().get(PROFILE)
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))


@pytest.mark.django_db
def test_profile_update_saves_and_switches_language(user, client_for) -> None:
    client = client_for(user)
    response = client.post(
        PROFILE,
        {"display_name": "  Ana   M.  García ", "country": "UY", "preferred_language": "es"},
    )
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "es"
    user.profile.refresh_from_db()
    assert user.profile.display_name == "Ana M. García"
    assert user.profile.country.code == "UY"
    assert user.profile.preferred_language == "es"
    page = client.get(PROFILE)
    assert "Su perfil se ha guardado." in page.content.decode()
    assert ">AG<" in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "bad",
    [
        {"country": "XX"},
        {"preferred_language": "de"},
        {"display_name": "x" * 61},
    ],
)
def test_profile_update_refuses_bad_input_and_changes_nothing(user, client_for, bad) -> None:
    data = {"display_name": "Otra", "country": "ES", "preferred_language": "en"}
    data.update(bad)
    response = client_for(user).post(PROFILE, data)
    assert response.status_code == 200
    assert response.context["form"].errors
    user.profile.refresh_from_db()
    assert user.profile.display_name == "Ana García"
    assert not user.profile.country


@pytest.mark.django_db
def test_profile_update_service_refuses_unknown_language(user) -> None:
    with pytest.raises(UserError):
        services.profile_update(user=user, display_name="A", country="", preferred_language="de")
    user.profile.refresh_from_db()
    assert user.profile.display_name == "Ana García"


@pytest.mark.django_db
def test_language_switcher_sets_cookie_and_keeps_choice_on_profile(user, client_for) -> None:
    client = client_for(user, language="es")
    response = client.post(reverse("league:language"), {"language": "en", "next": "/clubs/"})
    assert response.status_code == 302
    assert response.url == "/clubs/"
    assert response.cookies["django_language"].value == "en"
    user.profile.refresh_from_db()
    assert user.profile.preferred_language == "en"
    assert "Clubs" in client.get("/clubs/").content.decode()


@pytest.mark.django_db
def test_language_switcher_for_visitors_and_unknown_languages(user) -> None:
    client = Client()
    response = client.post(reverse("league:language"), {"language": "it", "next": "/"})
    assert response.cookies["django_language"].value == "it"
    assert "Gioca a Tute" in client.get("/").content.decode()
    response = client.post(reverse("league:language"), {"language": "klingon", "next": "/"})
    assert "django_language" not in response.cookies
    assert client.get(reverse("league:language")).status_code == 405
