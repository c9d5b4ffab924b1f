"""The choices of competitions' models: table shapes, the no-show rule, where a result came
from (the models re-export them: ``from league.competitions.models import Shape``)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Shape(models.TextChoices):
    SINGLE = "single", _("One against one")
    PAIRS = "pairs", _("Pair against pair")
    TABLE = "table", _("Tables of three to six")


class NoShowRule(models.TextChoices):
    """What happens to a player who never appeared at his table (never connected to it nor
    made a move) when the event's grace period after the table opened is over."""

    BOT = "bot", _("A bot plays the absent player's seat and the result counts")
    FORFEIT = "forfeit", _("The absent player forfeits")


#: Minutes a player has to appear at his table once it opened (the event's default).
DEFAULT_ABSENCE_GRACE_MINUTES = 10


class ResultSource(models.TextChoices):
    MATCH = "match", _("played")
    OVERRIDE = "override", _("set by an organiser")
    FORFEIT = "forfeit", _("forfeit")
    BYE = "bye", _("bye")


class Format(models.TextChoices):
    """How a tournament's rounds are played and scored (:mod:`league.competitions.duplicate`)."""

    SWISS = "swiss", _("Swiss")
    DUPLICATE = "duplicate", _("Duplicate: every table plays the same deals")
