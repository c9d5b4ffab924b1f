"""The user's sockets told of his notifications (after commit; :mod:`.consumers` listens).

Every page of a logged-in user opens ``/ws/notifications/``, which joins the group
``notifications.user.<id>``. :func:`push_new` sends it the unread count with the new
notification's text (in the user's language), link and kind, so a page can show the badge and,
for the kinds that call him to a table, a browser notification; :func:`push_count` the count
alone (after marking read). Sent with games' channel-layer plumbing, from any thread.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games.live.notify import group_send

from . import selectors
from .models import Notification


def user_group(user_id: int) -> str:
    """The channel-layer group of a user's notification sockets."""
    return f"notifications.user.{user_id}"


def language_of(user: Any) -> str:
    profile = getattr(user, "profile", None)
    return getattr(profile, "preferred_language", "") or translation.get_language() or "es"


def frame_of(notification: Notification) -> dict[str, Any]:
    """What a socket is sent of a notification: its text in the user's language."""
    with translation.override(language_of(notification.user)):
        text = notification.text
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "text": text,
        "url": notification.url,
    }


def push_new(*, user_id: int, notification_id: int) -> None:
    notification = (
        Notification.objects.select_related("user__profile").filter(pk=notification_id).first()
    )
    message: dict[str, Any] = {
        "type": "notifications.changed",
        "count": selectors.unread_count(user_id=user_id),
    }
    if notification is not None:
        message["notification"] = frame_of(notification)
    group_send(user_group(user_id), message)


def push_count(*, user_id: int) -> None:
    message = {"type": "notifications.changed", "count": selectors.unread_count(user_id=user_id)}
    group_send(user_group(user_id), message)
