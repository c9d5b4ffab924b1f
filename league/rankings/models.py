"""Finished matches, their statistics per seat, and ratings.

* :class:`FinishedMatch`: one per finished table (``table_id`` is unique: a match is stored
  once however often it is announced), with the engine's record, result and per-hand results.
  Its ``rating_status`` says whether it waits for the rating task, was rated, or is not rated.
  The rating order of matches is ``(finished_at, table_id)``. ``private``: the table was
  private (joined through an invitation link); such a match is listed and shown only to the
  people who sat at it and to staff (``selectors.visible_matches``), though it counts in the
  figures and, if rated, in the ratings.
* :class:`MatchParticipant`: one per seat, with the seat's statistics for that match (hands,
  points, cantos, capotes, renuncios, ..., and in the bidding tutes the hands taken on as
  jugador, kept, the bids and the times batido) so that a player's figures are sums over his
  rows.
* :class:`Rating`: a player's current skill in a variant (openskill's ``mu`` and ``sigma``),
  with the shown rating kept alongside for ordering.
* :class:`RatingHistory`: each rated match's change of one player's rating (before and after).
* :class:`RatingLedger`: a single row locked by whoever applies ratings, so they are applied
  one batch at a time in order, and the last match applied.
* :class:`BotLadder`, :class:`BotLevelRating`, :class:`BotPairing`: the bot ladder of a variant
  (``league.rankings.ladder``): the bot levels' ratings from arena games, and each pair's games.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.skill import DEFAULT_SKILL, PROVISIONAL_GAMES, is_provisional


class FinishedMatch(models.Model):
    class RatingStatus(models.TextChoices):
        UNRATED = "unrated", _("Not rated")
        PENDING = "pending", _("Waiting to be rated")
        APPLIED = "applied", _("Rated")
        VOID = "void", _("Nothing to rate")

    table_id = models.PositiveBigIntegerField(_("table"), unique=True)
    variant = models.CharField(_("variant"), max_length=20, db_index=True)
    players = models.PositiveSmallIntegerField(_("players"))
    rated = models.BooleanField(_("rated"), default=False)
    finished_at = models.DateTimeField(_("finished at"))
    hands_played = models.PositiveIntegerField(_("hands played"), default=0)
    places = models.JSONField(_("places"), default=list)
    result = models.JSONField(_("result"), default=dict)
    record = models.JSONField(_("record"), null=True, blank=True)
    hands = models.JSONField(_("hand results"), default=list)
    source_kind = models.CharField(_("source kind"), max_length=40, blank=True)
    source_id = models.PositiveBigIntegerField(_("source id"), null=True, blank=True)
    #: Copied from the table when the match is stored: listed only to its players and staff.
    private = models.BooleanField(_("private"), default=False)
    rating_status = models.CharField(_("rating status"), max_length=8, choices=RatingStatus.choices)
    stored_at = models.DateTimeField(_("stored at"), auto_now_add=True)

    class Meta:
        verbose_name = _("finished match")
        verbose_name_plural = _("finished matches")
        ordering = ("-finished_at", "-table_id")
        indexes = [
            models.Index(fields=["rating_status", "finished_at", "table_id"]),
            models.Index(fields=["finished_at", "table_id"]),
            models.Index(fields=["source_kind", "source_id"]),
        ]

    def __str__(self) -> str:
        return f"{self.variant} #{self.table_id}"


class MatchParticipant(models.Model):
    class Outcome(models.TextChoices):
        WIN = "W", _("Win")
        DRAW = "D", _("Draw")
        LOSS = "L", _("Loss")

    # No index of their own on match and user: the unique (match, seat) and the indexes that
    # start with user serve the lookups by either, and each index costs every write.
    match = models.ForeignKey(
        FinishedMatch, on_delete=models.CASCADE, related_name="participants", db_index=False
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="match_participations",
        verbose_name=_("user"),
        db_index=False,
    )
    bot_level = models.CharField(_("bot level"), max_length=20, blank=True)
    # Copied from the match so that a player's figures need no join.
    variant = models.CharField(_("variant"), max_length=20)
    finished_at = models.DateTimeField(_("finished at"))
    rated = models.BooleanField(_("rated"), default=False)
    private = models.BooleanField(_("private"), default=False)
    #: The rating side: the team (0 or 1) in team variants, else the seat.
    side = models.PositiveSmallIntegerField(_("side"))
    place = models.PositiveSmallIntegerField(_("place"))
    outcome = models.CharField(_("outcome"), max_length=1, choices=Outcome.choices)
    hands = models.PositiveIntegerField(_("hands played"), default=0)
    hands_won = models.PositiveIntegerField(_("hands won"), default=0)
    hands_lost = models.PositiveIntegerField(_("hands lost"), default=0)
    hand_points = models.IntegerField(_("hand points"), default=0)
    card_points = models.IntegerField(_("card points"), default=0)
    tricks = models.PositiveIntegerField(_("tricks"), default=0)
    cantos_40 = models.PositiveIntegerField(_("forties"), default=0)
    cantos_20 = models.PositiveIntegerField(_("twenties"), default=0)
    tutes = models.PositiveIntegerField(_("tutes"), default=0)
    capotes = models.PositiveIntegerField(_("capotes"), default=0)
    renuncios = models.PositiveIntegerField(_("renuncios"), default=0)
    retired = models.BooleanField(_("retired"), default=False)
    timeouts = models.PositiveIntegerField(_("timeouts"), default=0)
    #: The seat's points in each hand it played, in order (the points-per-hand distribution).
    points_per_hand = models.JSONField(_("points per hand"), default=list)
    # Auction figures of the bidding tutes (``tally``, ``auction``): None in a match whose
    # hands report no auction (no bids in points, no batidos), so that sums skip them.
    contracts = models.PositiveIntegerField(_("hands as jugador"), null=True, blank=True)
    contracts_made = models.PositiveIntegerField(_("contracts made"), null=True, blank=True)
    bid_total = models.PositiveIntegerField(_("sum of bids"), null=True, blank=True)
    batidos = models.PositiveIntegerField(_("times batido"), null=True, blank=True)

    class Meta:
        verbose_name = _("match participant")
        verbose_name_plural = _("match participants")
        ordering = ("match", "seat")
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="rankings_participant_seat"),
        ]
        indexes = [
            models.Index(fields=["user", "variant", "finished_at"]),
            models.Index(fields=["user", "finished_at"]),
            # The rating reads the seats of consecutive matches by their finish time.
            models.Index(fields=["finished_at"], name="rankings_seat_finished"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}:{self.seat}"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("user"),
        db_index=False,  # the unique (user, variant) serves
    )
    variant = models.CharField(_("variant"), max_length=20)
    mu = models.FloatField("mu")
    sigma = models.FloatField("sigma")
    shown = models.IntegerField(_("rating"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    wins = models.PositiveIntegerField(_("rated wins"), default=0)
    last_played_at = models.DateTimeField(_("last rated game"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="rankings_rating_unique"),
        ]
        indexes = [
            models.Index(fields=["variant", "-shown", "-mu", "user"]),
            # The leaderboards: only ratings past the provisional games, in board order, with
            # the last game's date (so counting the active ones reads the index alone). Used
            # while RANKINGS_LEADERBOARD_MIN_GAMES is at least PROVISIONAL_GAMES.
            models.Index(
                fields=["variant", "-shown", "-mu", "user", "last_played_at"],
                condition=models.Q(games__gte=PROVISIONAL_GAMES),
                name="rankings_rating_board",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant} {self.shown}"

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)


class RatingHistory(models.Model):
    # No index of their own on user and match: the (user, variant, ...) index and the unique
    # (match, user) serve the lookups by either, and each index costs every rated match.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_history",
        verbose_name=_("user"),
        db_index=False,
    )
    variant = models.CharField(_("variant"), max_length=20)
    match = models.ForeignKey(
        FinishedMatch, on_delete=models.CASCADE, related_name="rating_changes", db_index=False
    )
    # Copied from the match: the rating order is (finished_at, table_id).
    finished_at = models.DateTimeField(_("finished at"))
    table_id = models.PositiveBigIntegerField(_("table"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    shown_before = models.IntegerField(_("rating before"))
    shown = models.IntegerField(_("rating after"))
    games = models.PositiveIntegerField(_("rated games"))
    wins = models.PositiveIntegerField(_("rated wins"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating history")
        ordering = ("finished_at", "table_id")
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="rankings_history_once"),
        ]
        indexes = [models.Index(fields=["user", "variant", "finished_at", "table_id"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant} {self.shown_before}→{self.shown}"

    @property
    def delta(self) -> int:
        return self.shown - self.shown_before


class RatingLedger(models.Model):
    """The single row (pk 1) that serialises rating: locked while ratings are applied."""

    applied = models.PositiveBigIntegerField(default=0)
    last_finished_at = models.DateTimeField(null=True, blank=True)
    last_table_id = models.PositiveBigIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("rating ledger")
        verbose_name_plural = _("rating ledger")

    def __str__(self) -> str:
        return f"{self.applied} matches rated"


class BotLadder(models.Model):
    """The bot ladder of one variant: how many deals its refreshes have played, and when.

    Its row is locked while a refresh reserves deals and while it adds its games, so two
    refreshes never play the same deals nor lose each other's games.
    """

    variant = models.CharField(_("variant"), max_length=20, unique=True)
    deals = models.PositiveIntegerField(_("deals played"), default=0)
    games = models.PositiveIntegerField(_("games played"), default=0)
    iterations = models.PositiveIntegerField(_("strong bot's deals per decision"), default=0)
    refreshed_at = models.DateTimeField(_("last refreshed"), null=True, blank=True)

    class Meta:
        verbose_name = _("bot ladder")
        verbose_name_plural = _("bot ladders")

    def __str__(self) -> str:
        return f"{self.variant}: {self.games} games"


class BotLevelRating(models.Model):
    """A bot level's openskill rating and games in one variant's ladder."""

    ladder = models.ForeignKey(BotLadder, on_delete=models.CASCADE, related_name="levels")
    level = models.CharField(_("bot level"), max_length=20)
    mu = models.FloatField("mu", default=DEFAULT_SKILL.mu)
    sigma = models.FloatField("sigma", default=DEFAULT_SKILL.sigma)
    games = models.PositiveIntegerField(_("games"), default=0)
    seats = models.PositiveIntegerField(_("seats played"), default=0)
    seat_wins = models.PositiveIntegerField(_("seats won"), default=0)

    class Meta:
        verbose_name = _("bot level rating")
        verbose_name_plural = _("bot level ratings")
        constraints = [
            models.UniqueConstraint(fields=["ladder", "level"], name="rankings_botlevel_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.level} {self.mu:.1f}±{self.sigma:.1f}"


class BotPairing(models.Model):
    """Two bot levels' games against each other in one variant's ladder."""

    ladder = models.ForeignKey(BotLadder, on_delete=models.CASCADE, related_name="pairs")
    first = models.CharField(_("bot level"), max_length=20)
    second = models.CharField(_("opponent level"), max_length=20)
    games = models.PositiveIntegerField(_("games"), default=0)
    first_ahead = models.PositiveIntegerField(default=0)
    second_ahead = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("bot pairing")
        verbose_name_plural = _("bot pairings")
        constraints = [
            models.UniqueConstraint(
                fields=["ladder", "first", "second"], name="rankings_botpair_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first}-{self.second} {self.first_ahead}:{self.second_ahead}"
