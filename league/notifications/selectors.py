"""Reads of the notification centre."""

from __future__ import annotations

from django.db.models import QuerySet

from league.clubs.models import User

from .kinds import EMAIL_KINDS, Kind
from .models import Notification, NotificationPreference


def notifications_of(*, user: User, unread: bool | None = None) -> QuerySet[Notification]:
    """The user's notifications, newest first; ``unread`` True or False filters them."""
    qs = Notification.objects.filter(user=user)
    if unread is True:
        qs = qs.filter(read_at__isnull=True)
    elif unread is False:
        qs = qs.filter(read_at__isnull=False)
    return qs.order_by("-created_at", "-pk")


def unread_count(*, user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, read_at__isnull=True).count()


def email_wanted(*, user: User, kind: Kind | str) -> bool:
    """Whether this kind is mailed to the user (the mailed kinds are, unless turned off)."""
    if kind not in EMAIL_KINDS:
        return False
    preference = NotificationPreference.objects.filter(user=user, kind=kind).first()
    return True if preference is None else preference.email


def email_preferences(*, user: User) -> list[tuple[Kind, bool]]:
    """Each mailed kind with whether the user gets it by mail."""
    chosen = dict(NotificationPreference.objects.filter(user=user).values_list("kind", "email"))
    return [(kind, chosen.get(kind, True)) for kind in EMAIL_KINDS]
