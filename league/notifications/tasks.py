"""Celery tasks of the notification centre.

``notifications.send_email`` (defined in :mod:`.emails`) mails one notification;
``notifications.window_reminders`` runs under Celery beat (``CELERY_BEAT_SCHEDULE``) and tells
the players of league fixtures that their play window opened or closes soon
(:mod:`.reminders`); in embedded mode the tables' in-process watchdog runs it (``apps``).
"""

from __future__ import annotations

from celery import shared_task

from .emails import send_email
from .reminders import windows_remind

__all__ = ["send_email", "window_reminders"]


@shared_task(name="notifications.window_reminders", ignore_result=True)
def window_reminders() -> int:
    return windows_remind()
