"""Live tables: who sits where, and the game as an ordered log of actions.

A :class:`Table` stores what fixes its match before anyone acts: the variant, the player count,
the options, a secret seed (``secrets.randbits``) and the first dealer. Everything after that is
a :class:`TableAction` row, numbered from 0; ``Table.version`` is the number of actions
applied. The live state is the engine replaying the log (:mod:`games.table_state` keeps a cache that
correctness never relies on). The unique ``(table, index)`` pair is a second guard, after the
locked version check in :mod:`games.services`, against two actions taking the same turn.

A :class:`Seat` holds a user or a bot level. A user's seat is played by a bot while ``away``
(the turn timer ran out, or he left during the game); he takes it back with one click.
Each expired timer is a :class:`SeatTimeout` row. Finished hands are kept as
:class:`HandRecord` rows (the engine's hand record and result); a finished match keeps its
record and result on the table itself. A table stopped while in play is ``ABANDONED`` (with
the reason and who stopped it): it has no result. A seat remembers when its person first
connected (``first_seen_at``) and whether it was forfeited for absence (``forfeited``).

Tables opened by other apps (a tournament round) say so in ``source_kind`` / ``source_id``:
plain fields, so that ``games`` never imports the app that made them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


def new_seed() -> int:
    """A secret seed for a table's deal (63 bits: fits a signed 64-bit column)."""
    return secrets.randbits(63)


def new_table_token() -> str:
    return secrets.token_urlsafe(12)


#: The longest reason an abandoned table keeps.
ABANDON_REASON_MAX = 200


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")
        #: Stopped while in play (:func:`games.services.table_abandon`): no result.
        ABANDONED = "abandoned", _("Abandoned")

    class DeadlineKind(models.TextChoices):
        BOT = "bot", _("bot move")
        TURN = "turn", _("turn timer")

    variant = models.CharField(_("variant"), max_length=20)
    players = models.PositiveSmallIntegerField(_("players"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    seed = models.BigIntegerField(_("seed"), default=new_seed, editable=False)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    is_private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(
        _("invitation token"), max_length=32, unique=True, default=new_table_token
    )
    turn_seconds = models.PositiveIntegerField(
        _("turn timer (seconds)"), default=60, help_text=_("0: no timer.")
    )
    rated = models.BooleanField(_("rated"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    #: Number of actions applied: the state the clients name when they act.
    version = models.PositiveIntegerField(_("version"), default=0)
    #: Bumped on every change clients see (actions, seats, away flags): drives re-renders.
    revision = models.PositiveIntegerField(_("revision"), default=0)
    #: When the seat to act must have acted (a bot's paced move or a person's turn timer).
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, db_index=True)
    deadline_kind = models.CharField(
        _("deadline kind"), max_length=4, choices=DeadlineKind.choices, blank=True
    )
    result = models.JSONField(_("result"), null=True, blank=True)
    record = models.JSONField(_("record"), null=True, blank=True)
    #: Why the table was abandoned (as its abandoner wrote it; "" when none was given).
    abandon_reason = models.CharField(
        _("reason for abandoning"), max_length=ABANDON_REASON_MAX, blank=True
    )
    #: Who abandoned it: a person, or None for an internal caller (a competition).
    abandoned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("abandoned by"),
    )
    source_kind = models.CharField(_("source kind"), max_length=40, blank=True)
    source_id = models.PositiveBigIntegerField(_("source id"), null=True, blank=True)
    #: Whether the table's chat is open (a competition may turn it off: :mod:`games.chat`).
    chat_enabled = models.BooleanField(_("chat"), default=True)
    #: Play again: the ids of the people seated who accepted a new match with the same seats,
    #: and the table that opened once they all had (:mod:`games.services.rematch`).
    rematch_accepted = models.JSONField(_("play again accepted by"), default=list, blank=True)
    rematch_table = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("play again table"),
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ("-created_at",)
        indexes = [models.Index(fields=["source_kind", "source_id"])]

    def __str__(self) -> str:
        return f"#{self.pk} {self.variant} ({self.players})"

    def get_absolute_url(self) -> str:
        return reverse("games:table_detail", args=[self.pk])

    def get_invite_path(self) -> str:
        return reverse("games:table_invite", args=[self.invite_token])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_abandoned(self) -> bool:
        return self.status == self.Status.ABANDONED

    @property
    def variant_label(self) -> str:
        from games import messages

        return messages.variant_name(self.variant)

    @property
    def option_labels(self) -> list[str]:
        from games import messages

        return [
            messages.option_label(name)
            for name, value in sorted(self.options.items())
            if value not in (False, None, "")
        ]

    @property
    def seat_rows(self) -> list[Seat]:
        """The seats in order (uses a prefetch of ``seats`` when there is one)."""
        return sorted(self.seats.all(), key=lambda seat: seat.position)


class Seat(models.Model):
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="table_seats",
        verbose_name=_("user"),
    )
    bot_level = models.CharField(_("bot level"), max_length=20, blank=True)
    #: A person's seat played by a bot until he takes it back.
    away = models.BooleanField(_("away"), default=False)
    timeouts = models.PositiveIntegerField(_("timeouts"), default=0)
    #: When the seat's person first connected to the table (he appeared: the absence rule of
    #: competitions reads it); None while he never did.
    first_seen_at = models.DateTimeField(_("first seen at"), null=True, blank=True)
    #: The seat was forfeited for absence (:func:`games.services.table_forfeit`).
    forfeited = models.BooleanField(_("forfeited"), default=False)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ("table", "position")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"], name="games_seat_unique_position"
            ),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="games_seat_one_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.position}"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None and bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.bot_level

    @property
    def name(self) -> str:
        """What the table shows for this seat: the player's name, a bot's, or ""."""
        if self.user_id is not None:
            if not self.user.is_active:  # a closed account: its name goes with it
                return str(_("Former player"))
            name = getattr(self.user, "public_name", None)
            return str(name) if name else self.user.get_username()
        if self.bot_level:
            from games import messages

            return messages.bot_name(self.bot_level, self.position)
        return ""

    @property
    def played_by_bot(self) -> bool:
        """Whether a bot chooses this seat's moves now (a bot seat, or a person away)."""
        return self.is_bot or (self.user_id is not None and self.away)


class TableAction(models.Model):
    """One action of a table's log (the engine's notation: ``12B``, ``sing:O``, ``pass``)."""

    class Actor(models.TextChoices):
        PLAYER = "player", _("player")
        BOT = "bot", _("bot")
        TIMEOUT = "timeout", _("bot after a timeout")
        AWAY = "away", _("bot for an absent player")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="actions")
    index = models.PositiveIntegerField()
    hand_number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=16)
    actor = models.CharField(max_length=8, choices=Actor.choices, default=Actor.PLAYER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("table action")
        verbose_name_plural = _("table actions")
        ordering = ("table", "index")
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="games_action_unique_index")
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.index} {self.seat}:{self.action}"


class HandRecord(models.Model):
    """A finished hand: the engine's hand record (setup and actions) and its result."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hand_records")
    number = models.PositiveIntegerField()
    record = models.JSONField()
    result = models.JSONField()
    finished_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("finished hand")
        verbose_name_plural = _("finished hands")
        ordering = ("table", "number")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="games_hand_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.table_id} hand {self.number}"


class SeatTimeout(models.Model):
    """A turn timer that ran out: a bot played for the seat."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="timeouts")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_timeouts"
    )
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("timeout")
        verbose_name_plural = _("timeouts")
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.table_id}:{self.position} at {self.version}"


# The table chat's and the hand analysis's models live in modules of their own; importing
# them here registers them.
from games.analysis_models import HandAnalysis  # noqa: E402, F401
from games.chat.models import ChatMessage, ChatMute, ChatReport  # noqa: E402, F401
