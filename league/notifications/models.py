"""A notification (one message to one user) and the mail preference of a user for a kind."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .kinds import Kind, render


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notifications",
        verbose_name=_("user"),
    )
    kind = models.CharField(_("kind"), max_length=24, choices=Kind.choices)
    #: The plain values the text is made of (see :mod:`.kinds`).
    params = models.JSONField(_("values"), default=dict, blank=True)
    url = models.CharField(_("link"), max_length=300, blank=True)
    #: Set for the notifications that must reach a user once (a reminder, an arrival): a
    #: second :func:`~league.notifications.services.notify` with the same key does nothing.
    key = models.CharField(_("key"), max_length=80, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"],
                condition=~models.Q(key=""),
                name="notifications_unique_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind}"

    @property
    def text(self) -> str:
        """The text in the active language."""
        return render(self.kind, self.params)

    @property
    def is_read(self) -> bool:
        return self.read_at is not None


class NotificationPreference(models.Model):
    """Whether a kind of notification is mailed to a user (no row: the default, mailed)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notification_preferences",
        verbose_name=_("user"),
    )
    kind = models.CharField(_("kind"), max_length=24, choices=Kind.choices)
    email = models.BooleanField(_("by email"), default=True)

    class Meta:
        verbose_name = _("notification preference")
        verbose_name_plural = _("notification preferences")
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="notifications_pref_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind} email={self.email}"
