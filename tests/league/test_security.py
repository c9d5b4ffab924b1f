"""Security baseline: CSRF, POST-only actions, the deploy check, no committed secret."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Membership, User
from tests.factories import UserFactory, club_with
from tute_site.settings.env import local_secret_key

ROOT = Path(settings.BASE_DIR)


def clean_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY", "ALLOWED_HOSTS"}
        and not k.startswith(("DJANGO_", "PYTEST_"))
    }
    env.update(extra)
    return env


PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "tute_site.settings.production",
    "DJANGO_SECRET_KEY": "x7!Kq2@pZr9#vL4$wN8%tB3^mC6&hF1*jD5(sG0)aE-yU_iO+oP=" * 2,
    "DATABASE_URL": "postgres://tute@db.internal:5432/tute",
    "REDIS_URL": "redis://cache.internal:6379/0",
    "ALLOWED_HOSTS": "tute.example.org",
}


@pytest.mark.django_db
def test_forged_post_without_csrf_token_is_403_and_writes_nothing() -> None:
    user = UserFactory()
    club = club_with()
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    response = client.post(reverse("league:club_create"), {"name": "Forged"})
    assert response.status_code == 403
    assert "nothing was changed" in response.content.decode()
    response = client.post(reverse("league:club_join_request", kwargs={"slug": club.slug}))
    assert response.status_code == 403
    assert not Club.objects.filter(name="Forged").exists()
    assert not Membership.objects.filter(user=user).exists()


@pytest.mark.django_db
def test_forged_signup_without_csrf_token_is_403() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("account_signup"),
        {
            "username": "mallory",
            "email": "m@example.com",
            "password1": "una-clave-bien-larga-7",
            "password2": "una-clave-bien-larga-7",
            "preferred_language": "es",
        },
    )
    assert response.status_code == 403
    assert not User.objects.exists()


@pytest.mark.django_db
def test_post_with_the_csrf_token_passes() -> None:
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("league:club_create"))
    token = client.cookies["csrftoken"].value
    response = client.post(
        reverse("league:club_create"), {"name": "Real", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert Club.objects.filter(name="Real").exists()


@pytest.mark.slow
def test_deploy_check_with_production_settings_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean_env(**PRODUCTION_ENV),
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output


@pytest.mark.slow
def test_deploy_check_notices_plain_http() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=clean_env(**PRODUCTION_ENV, DJANGO_HTTPS="0"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "security.W008" in result.stdout + result.stderr  # SSL redirect is off


def test_no_secret_is_committed() -> None:
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    assert not [path for path in tracked if path.startswith("var/") or path.endswith(".env")]
    assert "/var/" in (ROOT / ".gitignore").read_text()
    for path in ("base.py", "local.py", "production.py"):
        text = (ROOT / "tute_site" / "settings" / path).read_text()
        assert 'SECRET_KEY = "' not in text and "SECRET_KEY = '" not in text, path


def test_local_secret_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    key = local_secret_key(tmp_path / "var")
    assert len(key) >= 50
    assert local_secret_key(tmp_path / "var") == key
    stored = tmp_path / "var" / "secret_key"
    assert stored.read_text().strip() == key
    assert stored.stat().st_mode & 0o077 == 0
    assert local_secret_key(tmp_path / "other") != key
