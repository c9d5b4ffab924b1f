"""The per-hand results of a duplicate tournament (:mod:`league.competitions.duplicate`).

A :class:`DealResult` is one entry's result on one hand ("board") of a finished table of a
duplicate round: the hand's number in the match, the fingerprint of its deal (hands with the
same fingerprint were dealt the same cards to the same seats, ``games.outcome.HandOutcome.deal``),
the entry's position at the table (the cards it held), its score in the variant's unit and its
hand points. Matchpoints and averages are not stored: they are worked out from these rows
(:mod:`league.competitions.selectors.duplicate`).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class DealResult(models.Model):
    board = models.ForeignKey(
        "competitions.Board",
        on_delete=models.CASCADE,
        related_name="deal_results",
        verbose_name=_("board"),
    )
    entry = models.ForeignKey(
        "competitions.TournamentEntry",
        on_delete=models.CASCADE,
        related_name="deal_results",
        verbose_name=_("entry"),
    )
    #: The hand's number in the table's match (as the table's replay pages number it).
    number = models.PositiveSmallIntegerField(_("hand"))
    deal = models.CharField(_("deal"), max_length=40)
    #: The entry's position at the table (0 is the first seat; pairs: seats p and p + 2).
    position = models.PositiveSmallIntegerField(_("seat"))
    #: The result in the variant's unit (Cabrero: minus the hands lost; others: points).
    score = models.DecimalField(_("score"), max_digits=8, decimal_places=2)
    hand_points = models.IntegerField(_("hand points"), default=0)
    #: The live table the hand was played at.
    table_id = models.PositiveBigIntegerField(_("live table"))

    class Meta:
        app_label = "competitions"
        verbose_name = _("deal result")
        verbose_name_plural = _("deal results")
        ordering = ["board", "number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "number", "position"], name="competitions_dealresult_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} · {self.number} · {self.position}"
