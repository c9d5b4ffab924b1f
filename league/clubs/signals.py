"""Signal receivers of the league app: every user gets a profile, and logging in applies the
player's preferred language."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest

from . import selectors, services
from .middleware import remember_language
from .models import User


@receiver(post_save, sender=User, dispatch_uid="league_user_profile")
def ensure_profile(
    sender: type[User], instance: User, created: bool, raw: bool, **kwargs: Any
) -> None:
    if created and not raw:
        services.profile_ensure(user=instance)


@receiver(user_logged_in, dispatch_uid="league_login_language")
def apply_preferred_language(
    sender: Any, request: HttpRequest | None, user: User, **kwargs: Any
) -> None:
    if request is None:
        return
    profile = selectors.profile_for_user(user=user)
    if profile is not None:
        remember_language(request, profile.preferred_language)
