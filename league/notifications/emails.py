"""The mail of a notification: its text in the reader's language, a link to follow, and a link
that turns this kind of mail off (a signed token: it works logged out, and only for the user
and kind it was made for).

:func:`send_email` is the Celery task (``notifications.send_email``) that
:func:`~league.notifications.services.notify` queues after commit; in embedded mode tasks run
in-process (``CELERY_TASK_ALWAYS_EAGER``), under a broker a worker sends it. Django's mail
backend is the settings' (the console locally, SMTP in production).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .kinds import EMAIL_KINDS, Kind
from .models import Notification
from .push import language_of
from .selectors import email_wanted

logger = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def unsubscribe_token(*, user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, Kind] | None:
    """The user id and kind a token was made for, or None for a forged or broken one."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        user_id, kind = int(data["u"]), Kind(data["k"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    return (user_id, kind) if kind in EMAIL_KINDS else None


def absolute(path: str) -> str:
    """A link for a mail: the site's address (``TUTE_SITE_URL``) and the path."""
    if path.startswith(("http://", "https://")):
        return path
    base = str(getattr(settings, "TUTE_SITE_URL", "") or "http://localhost:8000").rstrip("/")
    return base + path


def build_email(notification: Notification) -> EmailMultiAlternatives:
    """The mail of a notification, rendered in its reader's language."""
    user = notification.user
    token = unsubscribe_token(user_id=user.pk, kind=notification.kind)
    with translation.override(language_of(user)):
        context: dict[str, Any] = {
            "notification": notification,
            "text": notification.text,
            "kind_label": str(Kind(notification.kind).label),
            "name": user.public_name,
            "url": absolute(notification.url) if notification.url else "",
            "unsubscribe_url": absolute(reverse("notifications:unsubscribe", args=[token])),
            "centre_url": absolute(reverse("notifications:list")),
        }
        subject = render_to_string("notifications/email/subject.txt", context)
        body = render_to_string("notifications/email/body.txt", context)
        html = render_to_string("notifications/email/body.html", context)
    subject = str(getattr(settings, "ACCOUNT_EMAIL_SUBJECT_PREFIX", "")) + " ".join(subject.split())
    message = EmailMultiAlternatives(subject, body, to=[user.email])
    message.attach_alternative(html, "text/html")
    message.extra_headers["List-Unsubscribe"] = f"<{context['unsubscribe_url']}>"
    return message


@shared_task(name="notifications.send_email", ignore_result=True)
def send_email(notification_id: int) -> bool:
    """Mail a notification (if it still exists and its reader still wants it mailed)."""
    notification = (
        Notification.objects.select_related("user__profile").filter(pk=notification_id).first()
    )
    if notification is None or not notification.user.email:
        return False
    if not email_wanted(user=notification.user, kind=notification.kind):
        return False
    build_email(notification).send()
    return True
