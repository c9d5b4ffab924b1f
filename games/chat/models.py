"""The chat's rows, registered in ``games.models`` (app label ``games``).

A :class:`ChatMessage` belongs to its table (deleted with it) and to one channel. Staff hide a
message (``hidden_by_staff``) rather than delete it, so a report keeps what was reported.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The longest free-text message, in characters.
CHAT_TEXT_MAX = 200
#: The longest reason given with a report.
REPORT_REASON_MAX = 200


class ChatMessage(models.Model):
    class Channel(models.TextChoices):
        PLAYERS = "players", _("players")
        SPECTATORS = "spectators", _("spectators")

    class Kind(models.TextChoices):
        PHRASE = "phrase", _("quick phrase")
        TEXT = "text", _("text")

    table = models.ForeignKey(
        "games.Table",
        on_delete=models.CASCADE,
        related_name="chat_messages",
        verbose_name=_("table"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="table_chat_messages",
        verbose_name=_("user"),
    )
    channel = models.CharField(_("channel"), max_length=10, choices=Channel.choices)
    kind = models.CharField(_("kind"), max_length=6, choices=Kind.choices)
    phrase_key = models.CharField(_("quick phrase"), max_length=20, blank=True)
    text = models.CharField(_("text"), max_length=CHAT_TEXT_MAX, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    hidden_by_staff = models.BooleanField(_("hidden by staff"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ("table", "created_at", "id")
        indexes = [models.Index(fields=["table", "channel", "created_at"])]

    def __str__(self) -> str:
        body = self.phrase_key if self.kind == self.Kind.PHRASE else self.text
        return f"#{self.table_id} {self.channel}: {body[:40]}"


class ChatMute(models.Model):
    """``user`` no longer sees ``muted_user``'s messages (at every table)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="chat_mutes",
        verbose_name=_("user"),
    )
    muted_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("muted player"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")
        constraints = [
            models.UniqueConstraint(fields=["user", "muted_user"], name="games_chat_mute_unique")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_user_id}"


class ChatReport(models.Model):
    """A message reported to staff by someone who saw it."""

    message = models.ForeignKey(
        ChatMessage, on_delete=models.CASCADE, related_name="reports", verbose_name=_("message")
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reason = models.CharField(_("reason"), max_length=REPORT_REASON_MAX, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    resolved = models.BooleanField(_("resolved"), default=False)

    class Meta:
        verbose_name = _("chat report")
        verbose_name_plural = _("chat reports")
        ordering = ("resolved", "-created_at")
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="games_chat_report_unique")
        ]

    def __str__(self) -> str:
        return f"report of {self.message_id} by {self.reporter_id}"
