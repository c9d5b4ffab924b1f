"""Every change the notification centre makes to the database.

:func:`notify` is the one way to tell a player something: it stores the notification in the
caller's transaction and, only once that commits, pushes the new unread count to the player's
open pages (:mod:`.push`) and, for the kinds that matter when he is away
(:data:`~league.notifications.kinds.EMAIL_KINDS`) and that he did not turn off, queues its
mail (:mod:`.tasks`). A notification rolled back with its cause is never pushed nor mailed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.models import User
from league.errors import UserError

from . import emails, push, selectors
from .kinds import EMAIL_KINDS, Kind
from .models import Notification, NotificationPreference


@transaction.atomic
def notify(
    *,
    user: User,
    kind: Kind | str,
    params: Mapping[str, Any] | None = None,
    url: str = "",
    key: str = "",
) -> Notification | None:
    """Tell ``user`` something of ``kind`` (its text made of ``params``; ``url`` to follow).

    With a ``key``, a user is told once: a second call with the same key returns None.
    Pushed and mailed after commit (see the module docstring).
    """
    kind = Kind(kind)
    values = {name: _plain(value) for name, value in (params or {}).items()}
    if key and Notification.objects.filter(user=user, key=key).exists():
        return None
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                user=user, kind=kind, params=values, url=url[:300], key=key[:80]
            )
    except IntegrityError:  # the same key, told at the same moment by another process
        return None
    mail = kind in EMAIL_KINDS and bool(user.email) and selectors.email_wanted(user=user, kind=kind)
    notification_id, user_id = notification.pk, user.pk
    transaction.on_commit(lambda: push.push_new(user_id=user_id, notification_id=notification_id))
    if mail:
        transaction.on_commit(lambda: emails.send_email.delay(notification_id), robust=True)
    return notification


def _plain(value: Any) -> Any:
    """A JSON value for a text's parameter (names and numbers; anything else as text)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


@transaction.atomic
def notification_mark_read(*, user: User, notification_id: int) -> Notification:
    """Mark one of the user's notifications read (again: no change)."""
    notification = (
        Notification.objects.select_for_update().filter(pk=notification_id, user=user).first()
    )
    if notification is None:
        raise UserError(_("This notification does not exist."))
    if notification.read_at is None:
        notification.read_at = timezone.now()
        notification.save(update_fields=["read_at"])
        transaction.on_commit(lambda: push.push_count(user_id=user.pk))
    return notification


@transaction.atomic
def notifications_mark_all_read(*, user: User) -> int:
    """Mark every unread notification of the user read; returns how many were unread."""
    marked = Notification.objects.filter(user=user, read_at__isnull=True).update(
        read_at=timezone.now()
    )
    if marked:
        transaction.on_commit(lambda: push.push_count(user_id=user.pk))
    return marked


@transaction.atomic
def preference_set(*, user: User, kind: Kind | str, email: bool) -> NotificationPreference:
    """Mail this kind of notification to the user, or not."""
    kind = Kind(kind)
    if kind not in EMAIL_KINDS:
        raise UserError(_("This kind of notification is never mailed."))
    preference, _created = NotificationPreference.objects.update_or_create(
        user=user, kind=kind, defaults={"email": email}
    )
    return preference
