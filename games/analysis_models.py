"""Stored hand analyses ("Could I have played better?"): one row per finished hand and seat.

The engine (:mod:`games.engine.analysis`) computes a :class:`~games.engine.analysis.HandAnalysis`
for one seat of a hand record; :mod:`games.services.analysis` stores its JSON here with the
engine's analysis version, and says when it may be shown (never while the table's match is
being played). ``seat`` is the table's seat position (not the hand's local seat of a playoff).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class HandAnalysis(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Being analysed")
        DONE = "done", _("Analysed")
        FAILED = "failed", _("Analysis failed")

    hand = models.ForeignKey(
        "games.HandRecord",
        on_delete=models.CASCADE,
        related_name="analyses",
        verbose_name=_("finished hand"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.PENDING
    )
    #: The engine's ``HandAnalysis.to_json()`` once done; {} before.
    data = models.JSONField(_("analysis"), default=dict, blank=True)
    #: The engine's analysis version that computed ``data`` (a newer one may recompute it).
    engine_version = models.CharField(_("engine version"), max_length=20, blank=True)
    #: Why it failed (for staff; players see a general message).
    error = models.CharField(_("error"), max_length=200, blank=True)
    requested_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    #: Milliseconds the engine took.
    elapsed_ms = models.PositiveIntegerField(_("time (ms)"), null=True, blank=True)

    class Meta:
        verbose_name = _("hand analysis")
        verbose_name_plural = _("hand analyses")
        ordering = ("hand", "seat")
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="games_analysis_unique_seat")
        ]

    def __str__(self) -> str:
        return f"{self.hand_id} seat {self.seat}: {self.status}"
