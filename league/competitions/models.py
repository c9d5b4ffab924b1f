"""Tournaments, leagues and the log of the organisers' changes.

**Entries.** Whatever takes one place at a table is an *entry*: a player, or a partnership (a
player and his ``partner``) in the pair-against-pair variants. A table of a round holds two
entries for one against one and for pairs, three to six for Cabrero-like variants; the
:class:`Shape` says which (:mod:`.formats`).

**Tournament.** A Swiss tournament of a club: its settings, its :class:`TournamentEntry`
rows, and per round a :class:`Round` with :class:`Board` rows (a table, or a bye) whose
:class:`BoardSeat` rows say who sits where and, once the match is over, each entry's place,
match points and tantos. A board's live table is a ``games`` table referenced by id
(``table_id``; the table points back with ``source_kind = "competitions.board"``).

**League.** A club league of one variant, in :class:`Season` rows with :class:`Division` rows
(level 1 is the top) of :class:`SeasonEntry` rows; :class:`Fixture` rows (with
:class:`FixtureSeat` rows) per division and round, each with a play window and a table of
``source_kind = "competitions.fixture"``. A duplicate tournament's per-hand results are
:class:`DealResult` rows (:mod:`.models_duplicate`).

**Change log.** Every organiser's change (a pairing, a result, an entry's participation) is a
:class:`ChangeLog` row: who, when, why, what was before and after. Match points are decimals
(2.5 is possible). Changes go through :mod:`.services`; these models hold data and invariants.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Club

# Re-exported: the choices are models' names for every caller.
from .choices import DEFAULT_ABSENCE_GRACE_MINUTES as DEFAULT_ABSENCE_GRACE_MINUTES
from .choices import Format as Format
from .choices import NoShowRule as NoShowRule
from .choices import ResultSource as ResultSource
from .choices import Shape as Shape
from .model_fields import _partner_field, _player_field


def _entry_name(player: object, partner: object | None) -> str:
    name = str(getattr(player, "public_name", player))
    if partner is not None:
        return f"{name} & {getattr(partner, 'public_name', partner)}"
    return name


class CompetitionFormat(models.Model):
    """What a tournament and a league share: the game, the tables, the scoring."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=100)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    variant = models.CharField(_("game"), max_length=20)
    shape = models.CharField(_("table shape"), max_length=10, choices=Shape.choices)
    options = models.JSONField(_("options"), default=dict, blank=True)
    #: Entries per table (2 for one against one and for pairs; 3 to 6 for Cabrero-like games).
    table_size = models.PositiveSmallIntegerField(_("entries per table"))
    #: The smallest table allowed when the entries do not divide evenly.
    min_table_size = models.PositiveSmallIntegerField(_("smallest table"))
    turn_seconds = models.PositiveIntegerField(_("time for each move (seconds)"))
    rated = models.BooleanField(_("rated"), default=False)
    #: Whether its tables' chat is open (``games.Table.chat_enabled``).
    chat_enabled = models.BooleanField(_("table chat"), default=True)
    #: What an absent player's seat becomes once the grace period is over (and, at a
    #: correspondence table, once his time for a move ran out).
    no_show_rule = models.CharField(
        _("no-shows"), max_length=10, choices=NoShowRule.choices, default=NoShowRule.FORFEIT
    )
    absence_grace_minutes = models.PositiveSmallIntegerField(
        _("minutes to appear at a table"), default=DEFAULT_ABSENCE_GRACE_MINUTES
    )
    #: Match points by place for each table size: ``{"4": [4, 2, 1, 0], ...}``.
    scoring = models.JSONField(_("match points by place"), default=dict)
    #: Tiebreak names of :data:`league.pairing.TIEBREAKS`, in the order they apply.
    tiebreaks = models.JSONField(_("tiebreaks"), default=list)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    @property
    def variant_label(self) -> str:
        from games import messages

        return messages.variant_name(self.variant)

    @property
    def seats_per_entry(self) -> int:
        return 2 if self.shape == Shape.PAIRS else 1


class EntryBase(models.Model):
    """What a tournament entry and a season entry share: a player, maybe a partner, a name.

    Each model declares ``player`` and ``partner`` (:func:`_player_field`,
    :func:`_partner_field`) with its own reverse names."""

    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    # Declared by each concrete model.
    player: Any
    partner: Any
    player_id: int
    partner_id: int | None

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return _entry_name(self.player, self.partner)

    def user_ids(self) -> list[int]:
        return [self.player_id] + ([self.partner_id] if self.partner_id else [])


class PlayedAtTable(models.Model):
    """What a tournament board and a league fixture share: a live table and how it ended."""

    table_id = models.PositiveBigIntegerField(_("live table"), null=True, blank=True, db_index=True)
    result_source = models.CharField(
        _("result"), max_length=10, choices=ResultSource.choices, blank=True
    )
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def table_url(self) -> str:
        return reverse("games:table_detail", args=[self.table_id]) if self.table_id else ""


class SeatResult(models.Model):
    """What a board seat and a fixture seat share: a seat, and the entry's result there."""

    position = models.PositiveSmallIntegerField(_("seat"))
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    points = models.DecimalField(
        _("match points"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    tantos = models.IntegerField(_("tantos"), default=0)
    forfeit = models.BooleanField(_("forfeit"), default=False)
    #: Did not play: never appeared at the table, or every move of the seat was a bot's after
    #: its timer ran out. With a forfeit, the result is a forfeit; without, "a bot played".
    no_show = models.BooleanField(_("no-show"), default=False)

    class Meta:
        abstract = True

    @property
    def bot_played(self) -> bool:
        """The entry was absent and a bot played its seat: the result counts."""
        return self.no_show and not self.forfeit


class Tournament(CompetitionFormat):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("In play")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="tournaments", verbose_name=_("club")
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    registration_opens = models.DateTimeField(_("registration opens"))
    registration_closes = models.DateTimeField(_("registration closes"))
    capacity = models.PositiveIntegerField(_("capacity"), null=True, blank=True)
    members_only = models.BooleanField(_("club members only"), default=True)
    checkin_required = models.BooleanField(_("check-in required"), default=False)
    #: Pair and open the next round as soon as the last result of a round is in.
    auto_advance = models.BooleanField(_("next round automatically"), default=True)
    #: Publish a round's pairings first; the organiser opens the tables.
    review_pairings = models.BooleanField(_("review pairings before play"), default=False)
    bye_points = models.DecimalField(_("points for a bye"), max_digits=6, decimal_places=2)
    #: Swiss, or duplicate (:mod:`.duplicate`); a duplicate round compares ``boards`` hands.
    format = models.CharField(_("format"), max_length=10, choices=Format.choices, default="swiss")
    boards = models.PositiveSmallIntegerField(_("boards per round"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTRATION
    )
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-registration_closes", "-pk"]

    def get_absolute_url(self) -> str:
        return reverse("competitions:tournament_detail", args=[self.pk])

    @property
    def is_duplicate(self) -> bool:
        return self.format == Format.DUPLICATE

    @property
    def late_entry_rounds(self) -> int:
        """A late entry is accepted while no more than this many rounds have been paired."""
        return self.rounds // 2


class TournamentEntry(EntryBase):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Playing")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class Reason(models.TextChoices):
        NONE = "", _("none")
        WITHDREW = "withdrew", _("withdrew")
        DROPPED = "dropped", _("dropped by an organiser")
        NO_SHOW = "no_show", _("did not show up")
        NO_CHECKIN = "no_checkin", _("did not check in")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = _player_field("tournament_entries")
    partner = _partner_field("tournament_partnerships")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    reason = models.CharField(
        _("reason"), max_length=12, choices=Reason.choices, default=Reason.NONE, blank=True
    )
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    #: The first round the entry could be paired in (late entries start later).
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    #: 1 for the highest-rated entry, fixed when the entry is first paired (:mod:`.seeding`).
    seed = models.PositiveSmallIntegerField(_("seed number"), null=True, blank=True)
    #: The rating the seed was given by (None: unrated).
    seed_rating = models.IntegerField(_("rating when seeded"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament entry")
        verbose_name_plural = _("tournament entries")
        ordering = ["registered_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="competitions_entry_unique_player"
            ),
        ]

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", _("Paired")
        PLAYING = "playing", _("In play")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PAIRED
    )
    #: Earlier meetings this pairing repeats (0 unless none could be avoided).
    repeats = models.PositiveSmallIntegerField(_("repeated meetings"), default=0)
    #: Duplicate: the seed and first dealer every table of the round shares.
    deal_seed = models.BigIntegerField(_("deal seed"), null=True, blank=True, editable=False)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), null=True, blank=True)
    paired_at = models.DateTimeField(_("paired at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="competitions_round_unique_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class Board(PlayedAtTable):
    """One table of a round, or one bye (``is_bye``: a single seat, no table)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for its table")
        PLAYING = "playing", _("In play")
        FINISHED = "finished", _("Finished")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="boards", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    is_bye = models.BooleanField(_("bye"), default=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="competitions_board_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class BoardSeat(SeatResult):
    board = models.ForeignKey(
        Board, on_delete=models.CASCADE, related_name="seats", verbose_name=_("board")
    )
    entry = models.ForeignKey(
        TournamentEntry, on_delete=models.CASCADE, related_name="seats", verbose_name=_("entry")
    )
    # ``position``: the entry's place in the seat order (0 is the mano; for pairs, 0 sits at
    # seats 0 and 2).

    class Meta:
        verbose_name = _("board seat")
        verbose_name_plural = _("board seats")
        ordering = ["board", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "entry"], name="competitions_boardseat_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} · {self.position}"


class League(CompetitionFormat):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="leagues", verbose_name=_("club")
    )
    #: One against one and pairs: every entry meets every other once, or twice (home and away).
    double_round_robin = models.BooleanField(_("double round robin"), default=False)
    #: Rotating tables (Cabrero): rounds per season; None: enough for everyone to meet.
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    window_days = models.PositiveSmallIntegerField(_("days to play each round"), default=7)
    #: Entries promoted from each division and relegated from the one above it.
    promotion = models.PositiveSmallIntegerField(_("promoted and relegated"), default=1)

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="competitions_league_unique"),
        ]

    def get_absolute_url(self) -> str:
        return reverse("competitions:league_detail", args=[self.pk])


class Season(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Registration")
        RUNNING = "running", _("In play")
        CLOSED = "closed", _("Closed")

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("league")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["league", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="competitions_season_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.league} · {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("competitions:season_detail", args=[self.pk])


class Division(models.Model):
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="divisions", verbose_name=_("season")
    )
    level = models.PositiveSmallIntegerField(_("level"))
    name = models.CharField(_("name"), max_length=60, blank=True)

    class Meta:
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        ordering = ["season", "level"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "level"], name="competitions_division_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        return str(_("Division %(level)s") % {"level": self.level})


class SeasonEntry(EntryBase):
    class Movement(models.TextChoices):
        STAYS = "", _("stays")
        UP = "up", _("promoted")
        DOWN = "down", _("relegated")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="entries", verbose_name=_("season")
    )
    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="entries", verbose_name=_("division")
    )
    player = _player_field("season_entries")
    partner = _partner_field("season_partnerships")
    final_place = models.PositiveSmallIntegerField(_("final place"), null=True, blank=True)
    movement = models.CharField(
        _("movement"), max_length=4, choices=Movement.choices, default=Movement.STAYS, blank=True
    )

    class Meta:
        verbose_name = _("season entry")
        verbose_name_plural = _("season entries")
        ordering = ["division", "registered_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"], name="competitions_seasonentry_unique"
            ),
        ]


class Fixture(PlayedAtTable):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("To be played")
        PLAYING = "playing", _("In play")
        PLAYED = "played", _("Played")
        FORFEITED = "forfeited", _("Not played: forfeit")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="fixtures", verbose_name=_("season")
    )
    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="fixtures", verbose_name=_("division")
    )
    round = models.PositiveSmallIntegerField(_("round"))
    number = models.PositiveSmallIntegerField(_("number"))
    window_opens = models.DateTimeField(_("play from"))
    window_closes = models.DateTimeField(_("play by"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )

    class Meta:
        verbose_name = _("fixture")
        verbose_name_plural = _("fixtures")
        ordering = ["division", "round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["division", "round", "number"], name="competitions_fixture_unique"
            ),
        ]
        indexes = [models.Index(fields=["status", "window_closes"])]

    def __str__(self) -> str:
        return f"{self.division} · {self.round}.{self.number}"

    @property
    def is_decided(self) -> bool:
        return self.status in (self.Status.PLAYED, self.Status.FORFEITED)


class FixtureSeat(SeatResult):
    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="seats", verbose_name=_("fixture")
    )
    entry = models.ForeignKey(
        SeasonEntry, on_delete=models.CASCADE, related_name="seats", verbose_name=_("entry")
    )
    # ``position`` 0 is "home": the mano's seat (for pairs, seats 0 and 2).
    #: "Play now" pressed by the player, and by the partner in pairs.
    ready_at = models.DateTimeField(_("ready at"), null=True, blank=True)
    partner_ready_at = models.DateTimeField(_("partner ready at"), null=True, blank=True)

    class Meta:
        verbose_name = _("fixture seat")
        verbose_name_plural = _("fixture seats")
        ordering = ["fixture", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "entry"], name="competitions_fixtureseat_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} · {self.position}"


class ChangeLog(models.Model):
    """An organiser's change: a pairing, a result, an entry dropped or reinstated."""

    class Kind(models.TextChoices):
        PAIRING = "pairing", _("Pairing changed")
        RESULT = "result", _("Result changed")
        DROP = "drop", _("Entry dropped")
        REINSTATE = "reinstate", _("Entry reinstated")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("tournament"),
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("season"),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("by"),
    )
    reason = models.TextField(_("reason"), max_length=1000)
    #: A sentence describing the change (names, boards), frozen when it was made.
    summary = models.TextField(_("summary"), blank=True)
    #: What was before and after, as stored values (for an audit).
    before = models.JSONField(_("before"), default=dict)
    after = models.JSONField(_("after"), default=dict)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.kind} by {self.by_id}"


from .models_duplicate import DealResult as DealResult  # noqa: E402 (duplicate's per-hand rows)
