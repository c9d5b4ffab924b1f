"""Every change competitions make to the database.

Each service is a keyword-only function named ``<thing>_<action>``, runs in one transaction and
raises a :class:`~.errors.CompetitionError` (translated, for the page) when the request cannot be
met, so nothing is half-written. Organiser actions raise
:class:`~.errors.CompetitionPermissionError` (a 403) for anyone who is not an active organiser
or admin of the club. Services that depend on the time take ``now`` (tests freeze the clock by
passing it).

**A tournament round** (see docs/competitions.md): :func:`round_pair` maps the field to
:mod:`league.pairing` through :mod:`.adapter`, stores the boards and byes, and opens a live
table per board with :func:`games.services.table_create` (``source_kind="competitions.board"``)
unless the organiser reviews pairings first (:func:`round_start` opens them then). When a
table's match ends, ``games`` sends ``match_finished``; :mod:`.receivers` calls
:func:`match_result_record`, which reads the finished table, applies the no-show rule, scores
the places and, when the round's last board is in, finishes the round and (``auto_advance``)
pairs the next one.

**A league season**: :func:`season_start` generates the fixtures (:mod:`.schedule`), each with a
play window. Players press "play now" (:func:`fixture_play_now`); when all of a fixture's
players are ready its table opens. :func:`fixtures_close_windows` (Celery beat) forfeits the
fixtures whose window closed unplayed. :func:`season_close` ranks each division, promotes and
relegates, and makes the next season.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from itertools import pairwise
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils import formats as dj_formats
from django.utils import timezone
from django.utils.translation import gettext as _

from games import conf as games_conf
from games import services as games_services
from games.engine import REGISTRY, get_variant
from games.errors import TableCancelledError, TableError, TableFinishedError, TableNotFoundError
from games.models import ABANDON_REASON_MAX, HandRecord, Seat, TableAction
from games.models import Table as LiveTable
from league.models import Club, Membership, User
from league.pairing import TIEBREAKS, PairingError, pair

from . import adapter, errors, formats, schedule, seeding
from .models import (
    Board,
    BoardSeat,
    ChangeLog,
    Division,
    Fixture,
    FixtureSeat,
    League,
    NoShowRule,
    ResultSource,
    Round,
    Season,
    SeasonEntry,
    Shape,
    Tournament,
    TournamentEntry,
)

logger = logging.getLogger(__name__)

BOARD_SOURCE = "competitions.board"
FIXTURE_SOURCE = "competitions.fixture"

MAX_ROUNDS = 30
#: How long a "play now" stays valid while the other players of the fixture arrive.
READY_MINUTES = 15


# ----------------------------------------------------------------------------- helpers


def _now(now: datetime | None) -> datetime:
    return now or timezone.now()


def _when(moment: datetime) -> str:
    return dj_formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _active_membership(club: Club, user: Any) -> Membership | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Membership.objects.filter(club=club, user=user, status=Membership.Status.ACTIVE).first()


def _require_organiser(club: Club, user: Any) -> None:
    membership = _active_membership(club, user)
    if membership is None or not membership.can_organise:
        raise errors.CompetitionPermissionError(
            _("Only the club's organisers and admins can do that.")
        )


def _require_user(user: Any) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise errors.CompetitionPermissionError(_("Log in first."))


def _reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise errors.CompetitionError(_("Say why: the reason is kept in the change log."))
    return reason[:1000]


def _log(
    *,
    kind: str,
    by: Any,
    reason: str,
    summary: str,
    before: dict[str, Any],
    after: dict[str, Any],
    tournament: Tournament | None = None,
    season: Season | None = None,
) -> ChangeLog:
    return ChangeLog.objects.create(
        kind=kind,
        by=by,
        reason=reason,
        summary=summary,
        before=before,
        after=after,
        tournament=tournament,
        season=season,
    )


# ----------------------------------------------------------------------------- formats


@dataclass(frozen=True)
class _Format:
    variant: str
    shape: str
    options: dict[str, Any]
    table_size: int
    min_table_size: int
    turn_seconds: int
    scoring: dict[str, list[int]]
    tiebreaks: list[str]

    def model_fields(self) -> dict[str, Any]:
        """The :class:`~.models.CompetitionFormat` fields a tournament or league is created with."""
        return asdict(self)


def _check_format(
    *,
    variant: str,
    options: Mapping[str, Any] | None,
    table_size: int | None,
    min_table_size: int | None,
    turn_seconds: int,
    scoring: Mapping[int, Sequence[int]] | None,
    tiebreaks: Sequence[str] | None,
    default_tiebreaks: Sequence[str],
) -> _Format:
    """Validated settings shared by tournaments and leagues (translated errors)."""
    if variant not in REGISTRY:
        raise errors.InvalidSettingsError(_("Choose one of the games offered."))
    spec = get_variant(variant)
    shape = formats.shape_of(spec)
    sizes = formats.table_sizes_for(spec)
    if shape in (formats.SINGLE, formats.PAIRS):
        table_size, min_table_size = 2, 2
    else:
        if table_size is None:
            table_size = 4 if 4 in sizes else max(sizes)
        if min_table_size is None:
            min_table_size = min(sizes)
    if table_size not in sizes or min_table_size not in sizes or min_table_size > table_size:
        raise errors.InvalidSettingsError(
            _("%(game)s is played at tables of %(sizes)s.")
            % {"game": spec.name, "sizes": ", ".join(str(s) for s in sizes)}
        )
    used = list(range(min_table_size, table_size + 1))
    if any(size not in sizes for size in used):
        raise errors.InvalidSettingsError(
            _("%(game)s is played at tables of %(sizes)s.")
            % {"game": spec.name, "sizes": ", ".join(str(s) for s in sizes)}
        )
    per_entry = formats.seats_per_entry(shape)
    full_options: dict[str, Any] = {}
    for size in used:
        try:
            full_options = games_services.validate_table_settings(
                variant=variant, players=size * per_entry, options=dict(options or {})
            )
        except TableError as error:
            raise errors.InvalidSettingsError(error.message) from None
    if (
        isinstance(turn_seconds, bool)
        or turn_seconds not in games_conf.TURN_SECONDS_CHOICES
        or turn_seconds <= 0
    ):
        raise errors.InvalidSettingsError(
            _(
                "Competition tables need a time for each move, so that an absent player's "
                "seat can be played."
            )
        )
    scheme: dict[int, list[int]] = {}
    for size in used:
        points = list((scoring or {}).get(size) or formats.DEFAULT_SCORING[size])
        if len(points) != size or any(a < b for a, b in pairwise(points)):
            raise errors.InvalidSettingsError(
                _(
                    "Match points for a table of %(n)s: give %(n)s numbers, from the first "
                    "place to the last, never growing."
                )
                % {"n": size}
            )
        if any(p < 0 or p > 1000 for p in points):
            raise errors.InvalidSettingsError(_("Match points lie between 0 and 1000."))
        scheme[size] = points
    chosen = list(default_tiebreaks if tiebreaks is None else tiebreaks)
    if len(set(chosen)) != len(chosen) or any(name not in TIEBREAKS for name in chosen):
        raise errors.InvalidSettingsError(_("Choose each tiebreak at most once."))
    return _Format(
        variant=variant,
        shape=shape,
        options=full_options,
        table_size=table_size,
        min_table_size=min_table_size,
        turn_seconds=int(turn_seconds),
        scoring=formats.scheme_to_json(scheme),
        tiebreaks=chosen,
    )


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise errors.InvalidSettingsError(_("Give it a name."))
    if len(name) > 100:
        raise errors.InvalidSettingsError(_("That name is too long."))
    return name


def _scheme(event: Tournament | League) -> dict[int, tuple[int, ...]]:
    return formats.scheme_from_json(event.scoring)


# ----------------------------------------------------------------------------- entries


def _check_partner(*, shape: str, user: Any, partner: Any, club: Club, members_only: bool) -> None:
    if shape != Shape.PAIRS:
        if partner is not None:
            raise errors.RegistrationError(_("This game is not played in pairs."))
        return
    if partner is None:
        raise errors.RegistrationError(_("This game is played in pairs: choose your partner."))
    if partner.pk == user.pk:
        raise errors.RegistrationError(_("Your partner must be another player."))
    if members_only and _active_membership(club, partner) is None:
        raise errors.RegistrationError(
            _("%(name)s is not a member of %(club)s.")
            % {"name": partner.public_name, "club": club.name}
        )


def _player_or_partner(user: Any) -> Q:
    return Q(player=user) | Q(partner=user)


def _taken_by(entries: Any, users: Sequence[Any]) -> Any:
    """The first of ``entries`` in which any of ``users`` plays (as player or partner)."""
    ids = [u.pk for u in users if u is not None]
    for entry in entries.select_related("player", "partner"):
        if entry.player_id in ids or entry.partner_id in ids:
            return entry
    return None


# ----------------------------------------------------------------------------- tournaments


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    organiser: User,
    name: str,
    variant: str,
    rounds: int,
    registration_closes: datetime,
    registration_opens: datetime | None = None,
    options: Mapping[str, Any] | None = None,
    table_size: int | None = None,
    min_table_size: int | None = None,
    turn_seconds: int = 60,
    rated: bool = False,
    capacity: int | None = None,
    members_only: bool = True,
    checkin_required: bool = False,
    no_show_rule: str = NoShowRule.BOT,
    auto_advance: bool = True,
    review_pairings: bool = False,
    scoring: Mapping[int, Sequence[int]] | None = None,
    bye_points: Decimal | float | str | None = None,
    tiebreaks: Sequence[str] | None = None,
    now: datetime | None = None,
) -> Tournament:
    """A Swiss tournament of ``club`` (organisers and admins)."""
    _require_organiser(club, organiser)
    now = _now(now)
    name = _clean_name(name)
    fmt = _check_format(
        variant=variant,
        options=options,
        table_size=table_size,
        min_table_size=min_table_size,
        turn_seconds=turn_seconds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        default_tiebreaks=formats.TOURNAMENT_TIEBREAKS,
    )
    if isinstance(rounds, bool) or not 1 <= int(rounds) <= MAX_ROUNDS:
        raise errors.InvalidSettingsError(
            _("A tournament has from 1 to %(n)s rounds.") % {"n": MAX_ROUNDS}
        )
    opens = registration_opens or now
    if registration_closes <= opens:
        raise errors.InvalidSettingsError(_("Registration must close after it opens."))
    if capacity is not None and capacity < fmt.min_table_size:
        raise errors.InvalidSettingsError(
            _("The capacity must be at least %(n)s.") % {"n": fmt.min_table_size}
        )
    if no_show_rule not in NoShowRule.values:
        raise errors.InvalidSettingsError(_("Choose one of the rules offered for no-shows."))
    scheme = formats.scheme_from_json(fmt.scoring)
    if bye_points is None or bye_points == "":
        bye = formats.default_bye_points(scheme, fmt.table_size)
    else:
        try:
            bye = formats.tidy(Decimal(str(bye_points)))
        except InvalidOperation:
            raise errors.InvalidSettingsError(_("The points for a bye must be a number.")) from None
        if not 0 <= bye <= max(scheme[fmt.table_size]):
            raise errors.InvalidSettingsError(_("A bye is worth from 0 to the points of a win."))
    return Tournament.objects.create(
        club=club,
        name=name,
        created_by=organiser,
        rated=rated,
        **fmt.model_fields(),
        rounds=int(rounds),
        registration_opens=opens,
        registration_closes=registration_closes,
        capacity=capacity,
        members_only=members_only,
        checkin_required=checkin_required,
        no_show_rule=no_show_rule,
        auto_advance=auto_advance,
        review_pairings=review_pairings,
        bye_points=bye,
    )


def _locked_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def tournament_register(
    *,
    tournament: Tournament,
    user: User,
    partner: User | None = None,
    now: datetime | None = None,
) -> TournamentEntry:
    """Register ``user`` (with ``partner`` in pair variants) while the window is open.

    A late entry, after round 1 is paired, is accepted while no more than half the rounds have
    been paired; it joins the next round with no points for the rounds it missed.
    """
    _require_user(user)
    now = _now(now)
    tournament = _locked_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.RegistrationError(_("This tournament has finished."))
    if now < tournament.registration_opens:
        raise errors.RegistrationError(
            _("Registration opens on %(date)s.") % {"date": _when(tournament.registration_opens)}
        )
    if now >= tournament.registration_closes:
        raise errors.RegistrationError(
            _("Registration closed on %(date)s.") % {"date": _when(tournament.registration_closes)}
        )
    paired = tournament.round_set.count()
    if paired > tournament.late_entry_rounds:
        raise errors.RegistrationError(
            _("Late entries are accepted only until half the rounds have been played.")
        )
    if tournament.members_only and _active_membership(tournament.club, user) is None:
        raise errors.RegistrationError(
            _("Only members of %(club)s can play this tournament.") % {"club": tournament.club.name}
        )
    _check_partner(
        shape=tournament.shape,
        user=user,
        partner=partner,
        club=tournament.club,
        members_only=tournament.members_only,
    )
    entries = TournamentEntry.objects.filter(tournament=tournament)
    taken = _taken_by(entries.filter(status=TournamentEntry.Status.ACTIVE), [user, partner])
    if taken is not None:
        if user.pk in taken.user_ids():
            raise errors.AlreadyRegisteredError(
                _("You are already registered for this tournament.")
            )
        raise errors.AlreadyRegisteredError(
            _("%(name)s is already registered for this tournament.")
            % {"name": partner.public_name if partner else ""}
        )
    active = entries.filter(status=TournamentEntry.Status.ACTIVE).count()
    if tournament.capacity is not None and active >= tournament.capacity:
        raise errors.RegistrationError(_("The tournament is full."))
    joined = paired + 1
    checked_in = now if paired else None
    old = entries.filter(player=user).first()
    if old is not None:  # withdrawn earlier: the same entry comes back
        if old.reason in (TournamentEntry.Reason.DROPPED, TournamentEntry.Reason.NO_SHOW):
            raise errors.RegistrationError(
                _(
                    "An organiser took you out of this tournament. Ask an organiser to bring you "
                    "back."
                )
            )
        if (partner.pk if partner else None) != old.partner_id and old.seats.exists():
            raise errors.RegistrationError(
                _("You played earlier rounds with another partner: register with the same one.")
            )
        old.partner = partner
        old.status = TournamentEntry.Status.ACTIVE
        old.reason = TournamentEntry.Reason.NONE
        old.joined_round = max(old.joined_round, joined) if old.seats.exists() else joined
        old.checked_in_at = checked_in or old.checked_in_at
        old.save()
        return old
    return TournamentEntry.objects.create(
        tournament=tournament,
        player=user,
        partner=partner,
        joined_round=joined,
        checked_in_at=checked_in,
    )


def _own_entry(tournament: Tournament, user: Any) -> TournamentEntry:
    _require_user(user)
    entry = (
        TournamentEntry.objects.select_for_update()
        .filter(tournament=tournament, status=TournamentEntry.Status.ACTIVE)
        .filter(_player_or_partner(user))
        .first()
    )
    if entry is None:
        raise errors.NotRegisteredError(_("You are not registered for this tournament."))
    return entry


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, user: User) -> TournamentEntry:
    """Leave a tournament: before it starts, or as a drop-out (no later rounds)."""
    tournament = _locked_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.RegistrationError(_("This tournament has finished."))
    entry = _own_entry(tournament, user)
    entry.status = TournamentEntry.Status.WITHDRAWN
    entry.reason = TournamentEntry.Reason.WITHDREW
    entry.save(update_fields=["status", "reason"])
    return entry


@transaction.atomic
def tournament_check_in(
    *, tournament: Tournament, user: User, now: datetime | None = None
) -> TournamentEntry:
    """Confirm you will play (before round 1 is paired)."""
    tournament = _locked_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise errors.RegistrationError(_("Check-in is over: the tournament has started."))
    entry = _own_entry(tournament, user)
    if entry.checked_in_at is None:
        entry.checked_in_at = _now(now)
        entry.save(update_fields=["checked_in_at"])
    return entry


def _organiser_entry_change(
    entry: TournamentEntry, by: User, reason: str
) -> tuple[Tournament, TournamentEntry, str]:
    """Checks and locks shared by :func:`entry_drop` and :func:`entry_reinstate`: ``by`` is an
    organiser, there is a reason, the tournament is not over. Returns the locked tournament and
    entry, and the cleaned reason."""
    tournament = entry.tournament
    _require_organiser(tournament.club, by)
    reason = _reason(reason)
    tournament = _locked_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.CompetitionError(_("This tournament has finished."))
    entry = TournamentEntry.objects.select_for_update().get(pk=entry.pk)
    return tournament, entry, reason


@transaction.atomic
def entry_drop(*, entry: TournamentEntry, by: User, reason: str) -> TournamentEntry:
    """An organiser takes an entry out of the later rounds (logged)."""
    tournament, entry, reason = _organiser_entry_change(entry, by, reason)
    if not entry.is_active:
        raise errors.CompetitionError(_("%(name)s is not playing.") % {"name": entry.name})
    before = {"status": entry.status, "reason": entry.reason}
    entry.status = TournamentEntry.Status.WITHDRAWN
    entry.reason = TournamentEntry.Reason.DROPPED
    entry.save(update_fields=["status", "reason"])
    _log(
        kind=ChangeLog.Kind.DROP,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(_("%(name)s was withdrawn.") % {"name": entry.name}),
        before={"entry": entry.pk, **before},
        after={"entry": entry.pk, "status": entry.status, "reason": entry.reason},
    )
    return entry


@transaction.atomic
def entry_reinstate(*, entry: TournamentEntry, by: User, reason: str) -> TournamentEntry:
    """An organiser brings a withdrawn entry back for the next round (logged)."""
    tournament, entry, reason = _organiser_entry_change(entry, by, reason)
    if entry.is_active:
        raise errors.CompetitionError(_("%(name)s is already playing.") % {"name": entry.name})
    clash = _taken_by(
        TournamentEntry.objects.filter(tournament=tournament, status=TournamentEntry.Status.ACTIVE),
        [entry.player, entry.partner],
    )
    if clash is not None:
        raise errors.AlreadyRegisteredError(
            _("%(name)s is already registered for this tournament.") % {"name": clash.name}
        )
    before = {"status": entry.status, "reason": entry.reason}
    entry.status = TournamentEntry.Status.ACTIVE
    entry.reason = TournamentEntry.Reason.NONE
    entry.joined_round = max(entry.joined_round, tournament.round_set.count() + 1)
    if tournament.status != Tournament.Status.REGISTRATION:
        entry.checked_in_at = entry.checked_in_at or timezone.now()
    entry.save(update_fields=["status", "reason", "joined_round", "checked_in_at"])
    _log(
        kind=ChangeLog.Kind.REINSTATE,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(_("%(name)s is playing again.") % {"name": entry.name}),
        before={"entry": entry.pk, **before},
        after={"entry": entry.pk, "status": entry.status},
    )
    return entry


# ----------------------------------------------------------------------------- rounds


def _tournament_seats(tournament: Tournament) -> list[BoardSeat]:
    return list(
        BoardSeat.objects.filter(board__round__tournament=tournament).select_related(
            "board", "board__round"
        )
    )


def _seed_new_entries(tournament: Tournament, entries: Sequence[TournamentEntry]) -> None:
    """Seed the entries (in entry order) about to be paired for the first time, after those
    already seeded, by their current rating (:mod:`.seeding`)."""
    new = [e for e in entries if e.seed is None]
    if not new:
        return
    last = tournament.entries.aggregate(last=Max("seed"))["last"] or 0
    for seeded in seeding.projected(variant=tournament.variant, entries=new, first=last + 1):
        seeded.entry.seed = seeded.seed
        seeded.entry.seed_rating = seeded.rating
    TournamentEntry.objects.bulk_update(new, ["seed", "seed_rating"])


def _pair_next_round(tournament: Tournament, now: datetime) -> Round:
    tournament = _locked_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.RoundError(_("This tournament has finished."))
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise errors.RoundError(
            _(
                "Round %(n)s is not finished yet: every table needs its result before the next "
                "round is paired."
            )
            % {"n": last.number}
        )
    number = (last.number if last else 0) + 1
    if number > tournament.rounds:
        raise errors.RoundError(_("All %(n)s rounds have been played.") % {"n": tournament.rounds})
    entries_qs = TournamentEntry.objects.filter(tournament=tournament)
    if number == 1 and tournament.checkin_required:
        entries_qs.filter(status=TournamentEntry.Status.ACTIVE, checked_in_at__isnull=True).update(
            status=TournamentEntry.Status.WITHDRAWN, reason=TournamentEntry.Reason.NO_CHECKIN
        )
    entries = list(
        entries_qs.filter(status=TournamentEntry.Status.ACTIVE, joined_round__lte=number)
        .select_related("player", "partner")
        .order_by("registered_at", "pk")
    )
    if len(entries) < tournament.min_table_size:
        raise errors.RoundError(
            _("Not enough players to pair a round: at least %(n)s are needed.")
            % {"n": tournament.min_table_size}
        )
    _seed_new_entries(tournament, entries)
    field = adapter.pairing_entries(
        entries,
        _tournament_seats(tournament),
        ratings={e.pk: seeding.pairing_rating(e.seed) for e in entries if e.seed is not None},
    )
    try:
        pairing = pair(
            field, table_size=tournament.table_size, min_table_size=tournament.min_table_size
        )
    except PairingError:
        logger.exception("Tournament %s: pairing round %s failed", tournament.pk, number)
        raise errors.RoundError(_("The round could not be paired.")) from None
    if number == 1:
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now
        tournament.save(update_fields=["status", "started_at"])
    rnd = Round.objects.create(tournament=tournament, number=number, repeats=pairing.repeats)
    for plan in adapter.board_plans(pairing):
        board = Board.objects.create(round=rnd, number=plan.number, is_bye=plan.is_bye)
        if plan.is_bye:
            board.status = Board.Status.FINISHED
            board.result_source = ResultSource.BYE
            board.finished_at = now
            board.save(update_fields=["status", "result_source", "finished_at"])
        BoardSeat.objects.bulk_create(
            BoardSeat(
                board=board,
                entry_id=entry_id,
                position=position,
                points=tournament.bye_points if plan.is_bye else None,
            )
            for position, entry_id in enumerate(plan.entries)
        )
    if not tournament.review_pairings:
        _open_round(rnd, tournament, now)
    return rnd


@transaction.atomic
def round_pair(*, tournament: Tournament, by: User, now: datetime | None = None) -> Round:
    """Pair the next round (organisers); its tables open at once unless pairings are reviewed.

    Refused while the previous round has a table without its result.
    """
    _require_organiser(tournament.club, by)
    return _pair_next_round(tournament, _now(now))


@transaction.atomic
def round_start(*, round: Round, by: User, now: datetime | None = None) -> Round:
    """Open the live tables of a paired round (when the organiser reviews pairings first)."""
    tournament = round.tournament
    _require_organiser(tournament.club, by)
    tournament = _locked_tournament(tournament)
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status != Round.Status.PAIRED:
        raise errors.RoundError(_("The tables of this round are already open."))
    _open_round(rnd, tournament, _now(now))
    return rnd


def _open_round(rnd: Round, tournament: Tournament, now: datetime) -> None:
    rnd.status = Round.Status.PLAYING
    rnd.started_at = now
    rnd.save(update_fields=["status", "started_at"])
    for board in rnd.boards.filter(is_bye=False, status=Board.Status.PENDING):
        _open_board(board, tournament)
    _finish_round_if_done(rnd, tournament, now)


def _open_table(
    event: Tournament | League, entries: Sequence[Any], source_kind: str, source_id: int
) -> int:
    users = adapter.seat_users(event.shape, entries)
    try:
        table = games_services.table_create(
            creator=None,
            variant=event.variant,
            players=len(users),
            options=event.options,
            turn_seconds=event.turn_seconds,
            rated=event.rated,
            seats=[games_services.SeatSpec(user=user) for user in users],
            source_kind=source_kind,
            source_id=source_id,
        )
    except TableError as error:
        raise errors.CompetitionError(error.message) from None
    return int(table.pk)


def _open_board(board: Board, tournament: Tournament) -> None:
    seats = list(board.seats.select_related("entry__player", "entry__partner").order_by("position"))
    board.table_id = _open_table(tournament, [s.entry for s in seats], BOARD_SOURCE, board.pk)
    board.status = Board.Status.PLAYING
    board.save(update_fields=["table_id", "status"])


def _abandon_table(table_id: int, reason: str, over: errors.CompetitionError) -> None:
    """Stop a live table in play for good (``games.services.table_abandon``: no result, no
    ``match_finished``; its players see ``reason``). A table whose match has ended meanwhile
    raises ``over`` (its result is on its way: nothing here may replace it); a table already
    stopped, or gone, is left as it is."""
    try:
        games_services.table_abandon(
            table_id=table_id, user=None, reason=reason[:ABANDON_REASON_MAX]
        )
    except TableFinishedError:
        raise over from None
    except (TableCancelledError, TableNotFoundError):
        pass


def _finish_round_if_done(rnd: Round, tournament: Tournament, now: datetime) -> None:
    if rnd.status == Round.Status.FINISHED:
        return
    if rnd.boards.exclude(status=Board.Status.FINISHED).exists():
        return
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = now
    rnd.save(update_fields=["status", "finished_at"])
    if rnd.number >= tournament.rounds:
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        return
    if tournament.auto_advance:
        try:
            with transaction.atomic():
                _pair_next_round(tournament, now)
        except errors.CompetitionError as error:
            logger.info(
                "Tournament %s: round %s not paired: %s", tournament.pk, rnd.number + 1, error
            )


@transaction.atomic
def pairing_change(
    *,
    round: Round,
    entry: TournamentEntry,
    other: TournamentEntry,
    by: User,
    reason: str,
    now: datetime | None = None,
) -> Round:
    """Swap two entries of an unfinished round (between tables, or with a bye); logged.

    A table whose match is over cannot change (change its result instead). A table already in
    play is abandoned (``games.services.table_abandon``: its game stops, without a result) and
    the board gets a new live table with its new players.
    """
    tournament = round.tournament
    _require_organiser(tournament.club, by)
    reason = _reason(reason)
    tournament = _locked_tournament(tournament)
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status == Round.Status.FINISHED:
        raise errors.PairingChangeError(
            _("Round %(n)s is finished: change its results instead.") % {"n": rnd.number}
        )
    seats = {
        s.entry_id: s
        for s in BoardSeat.objects.select_for_update()
        .filter(board__round=rnd, entry__in=[entry.pk, other.pk])
        .select_related("board", "entry")
    }
    for who in (entry, other):
        if who.pk not in seats:
            raise errors.PairingChangeError(
                _("%(name)s is not paired in round %(n)s.") % {"name": who.name, "n": rnd.number}
            )
    first, second = seats[entry.pk], seats[other.pk]
    if first.board_id == second.board_id:
        raise errors.PairingChangeError(_("They already sit at the same table."))
    for seat in (first, second):
        if seat.board.is_finished and not seat.board.is_bye:
            raise errors.PairingChangeError(
                _("The match at table %(n)s is over: change its result instead.")
                % {"n": seat.board.number}
            )
    before = {
        "boards": {
            str(first.entry_id): first.board.number,
            str(second.entry_id): second.board.number,
        },
        "tables": {
            str(first.board.number): first.board.table_id,
            str(second.board.number): second.board.table_id,
        },
    }
    first.entry_id, second.entry_id = second.entry_id, first.entry_id
    first.save(update_fields=["entry"])
    second.save(update_fields=["entry"])
    for board in (first.board, second.board):
        if board.status == Board.Status.PLAYING:
            if board.table_id:
                _abandon_table(
                    board.table_id,
                    _("An organiser changed the pairing: this game is replaced by a new table."),
                    errors.PairingChangeError(
                        _("The match at table %(n)s is over: change its result instead.")
                        % {"n": board.number}
                    ),
                )
            _open_board(board, tournament)
    after = {
        "boards": {
            str(first.entry_id): first.board.number,
            str(second.entry_id): second.board.number,
        },
        "tables": {
            str(first.board.number): first.board.table_id,
            str(second.board.number): second.board.table_id,
        },
    }
    _log(
        kind=ChangeLog.Kind.PAIRING,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(
            _("Round %(n)s: %(a)s and %(b)s swapped places (tables %(x)s and %(y)s).")
            % {
                "n": rnd.number,
                "a": entry.name,
                "b": other.name,
                "x": first.board.number,
                "y": second.board.number,
            }
        ),
        before=before,
        after=after,
    )
    return rnd


def _clean_places(
    seats: Sequence[BoardSeat | FixtureSeat], places: Mapping[int, int | None]
) -> list[int | None]:
    """Places given per entry id, in the seats' order; None is a forfeit."""
    ids = [s.entry_id for s in seats]
    if set(places) != set(ids):
        raise errors.ResultError(_("Give a place, or a forfeit, for every player at the table."))
    out: list[int | None] = []
    for entry_id in ids:
        place = places[entry_id]
        if place is not None and (isinstance(place, bool) or not 1 <= int(place) <= len(ids)):
            raise errors.ResultError(_("Places go from 1 to %(n)s.") % {"n": len(ids)})
        out.append(None if place is None else int(place))
    return out


def _seat_state(seats: Iterable[BoardSeat | FixtureSeat]) -> list[dict[str, Any]]:
    return [
        {
            "entry": s.entry_id,
            "place": s.place,
            "points": None if s.points is None else str(s.points),
            "forfeit": s.forfeit,
        }
        for s in seats
    ]


def _apply_places(
    seats: Sequence[BoardSeat | FixtureSeat],
    places: Sequence[int | None],
    scheme: Mapping[int, Sequence[int]],
    tantos: Sequence[int] | None = None,
) -> None:
    points = formats.points_for_places(places, scheme)
    ranks = formats.normalise_places(places)
    for i, seat in enumerate(seats):
        seat.place = ranks[i]
        seat.points = points[i]
        seat.forfeit = places[i] is None
        if tantos is not None:
            seat.tantos = tantos[i]
        seat.save(update_fields=["place", "points", "forfeit", "tantos"])


@transaction.atomic
def result_override(
    *,
    board: Board,
    places: Mapping[int, int | None],
    by: User,
    reason: str,
    now: datetime | None = None,
    abandon: bool = False,
) -> Board:
    """Change the result of a finished table: a place per entry id (None: a forfeit); logged.

    Refused for a match that is not over, unless ``abandon`` and the table is in play (a match
    that never finishes): then its live table is abandoned, the board takes the given result
    and, if it was the round's last, the round finishes as after a played result. Later
    pairings stay; the standings follow.
    """
    tournament = board.round.tournament
    _require_organiser(tournament.club, by)
    reason = _reason(reason)
    tournament = _locked_tournament(tournament)
    board = Board.objects.select_for_update().select_related("round").get(pk=board.pk)
    if board.is_bye:
        raise errors.ResultError(_("A bye has no result to change."))
    stopped = None
    if board.status != Board.Status.FINISHED:
        if not (abandon and board.status == Board.Status.PLAYING and board.table_id):
            raise errors.MatchNotOverError(
                _("The match at table %(n)s is not over yet: its result cannot be set.")
                % {"n": board.number}
            )
        stopped = _stop_for_result(board, places)
    seats, before = _override_places(board, places, tournament)
    if stopped is not None:
        board.status = Board.Status.FINISHED
        board.finished_at = _now(now)
        board.save(update_fields=["status", "finished_at"])
        _finish_round_if_done(board.round, tournament, _now(now))
    _log(
        kind=ChangeLog.Kind.RESULT,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(
            _("Round %(n)s, table %(t)s: result set to %(result)s.")
            % {"n": board.round.number, "t": board.number, "result": _result_text(seats)}
        ),
        before={"board": board.pk, "seats": before, **(stopped or {})},
        after={"board": board.pk, "seats": _seat_state(seats)},
    )
    return board


def _stop_for_result(played: Board | Fixture, places: Mapping[int, int | None]) -> dict[str, Any]:
    """Abandon the live table of a board or fixture in play before an organiser's result is
    set on it (the places are checked first). Returns what the change log keeps of it."""
    seats = list(played.seats.select_related("entry").order_by("position"))
    _clean_places(seats, places)  # bad places are refused before the table is touched
    assert played.table_id is not None
    _abandon_table(
        played.table_id,
        _("An organiser stopped this game and set its result."),
        errors.ResultError(
            _("This match has just ended: its result is being recorded. Change it afterwards.")
        ),
    )
    return {"status": played.status, "abandoned_table": played.table_id}


def _override_places(
    played: Board | Fixture, places: Mapping[int, int | None], event: Tournament | League
) -> tuple[list[Any], list[dict[str, Any]]]:
    """Set an organiser's places on a board's or fixture's seats (the result is marked as set by
    an organiser). Returns the seats and their state before."""
    seats = list(
        played.seats.select_related("entry__player", "entry__partner").order_by("position")
    )
    clean = _clean_places(seats, places)
    before = _seat_state(seats)
    _apply_places(seats, clean, _scheme(event))
    played.result_source = ResultSource.OVERRIDE
    played.save(update_fields=["result_source"])
    return seats, before


def _result_text(seats: Iterable[BoardSeat | FixtureSeat]) -> str:
    parts = []
    for seat in seats:
        if seat.forfeit:
            parts.append(str(_("%(name)s forfeit") % {"name": seat.entry.name}))
        else:
            parts.append(
                str(_("%(name)s %(place)sº") % {"name": seat.entry.name, "place": seat.place})
            )
    return ", ".join(parts)


# ----------------------------------------------------------------------------- results


def _finished_table(table_id: int) -> LiveTable | None:
    return LiveTable.objects.filter(pk=table_id).first()


def _absent_seats(table: LiveTable) -> set[int]:
    """Seats whose player never played a move himself after his turn timer ran out."""
    timed_out = set(
        Seat.objects.filter(table=table, timeouts__gt=0, user__isnull=False).values_list(
            "position", flat=True
        )
    )
    if not timed_out:
        return set()
    acted = set(
        TableAction.objects.filter(
            table=table, seat__in=timed_out, actor=TableAction.Actor.PLAYER
        ).values_list("seat", flat=True)
    )
    return timed_out - acted


def _table_outcome(
    event: Tournament | League, table: LiveTable, entries: int
) -> tuple[list[int], list[int], list[bool]]:
    """Per entry: place, tantos, absent (every seat-move by a bot after a timeout)."""
    result = table.result or {}
    places = adapter.entry_places(event.shape, list(result.get("places") or []), entries)
    hands = (
        HandRecord.objects.filter(table=table).order_by("number").values_list("result", flat=True)
    )
    tantos = adapter.entry_tantos(event.shape, list(hands), entries, table.players)
    absent_seats = _absent_seats(table)
    absent = [
        any(s in absent_seats for s in formats.entry_seats(event.shape, position, entries))
        for position in range(entries)
    ]
    return places, tantos, absent


@transaction.atomic
def match_result_record(*, table_id: int, now: datetime | None = None) -> Board | Fixture | None:
    """Record the result of a finished live table on its board or fixture.

    Called by the ``match_finished`` receiver (and by the sweep of :func:`results_collect`).
    Idempotent: a result already recorded, or a table that a pairing change replaced, is left
    alone. Raises :class:`~.errors.MatchNotOverError` for a table still in play.
    """
    now = _now(now)
    table = _finished_table(table_id)
    if table is None or table.source_id is None:
        return None
    if table.source_kind == BOARD_SOURCE:
        return _record_board(table, now)
    if table.source_kind == FIXTURE_SOURCE:
        return _record_fixture(table, now)
    return None


def _not_over(table: LiveTable) -> errors.MatchNotOverError:
    return errors.MatchNotOverError(
        _("The match at table %(n)s is not over yet: its result cannot be set.") % {"n": table.pk}
    )


def _record_board(table: LiveTable, now: datetime) -> Board | None:
    board = Board.objects.select_related("round__tournament").filter(pk=table.source_id).first()
    if board is None:
        return None
    # The tournament row first (as every tournament service does): two boards of a round
    # finishing at once are recorded one after the other, so the second sees the round complete
    # (tests/competitions/test_concurrency.py).
    tournament = _locked_tournament(board.round.tournament)
    board = Board.objects.select_for_update().select_related("round").get(pk=board.pk)
    if board.table_id != table.pk or board.status == Board.Status.FINISHED:
        return board
    if table.status != LiveTable.Status.FINISHED:
        raise _not_over(table)
    seats = list(board.seats.select_related("entry").order_by("position"))
    places, tantos, absent = _table_outcome(tournament, table, len(seats))
    forfeit = tournament.no_show_rule == NoShowRule.FORFEIT
    final: list[int | None] = [
        None if forfeit and absent[i] else places[i] for i in range(len(seats))
    ]
    for i, seat in enumerate(seats):
        seat.no_show = absent[i]
        seat.save(update_fields=["no_show"])
    _apply_places(seats, final, _scheme(tournament), tantos)
    board.status = Board.Status.FINISHED
    board.result_source = ResultSource.MATCH
    board.finished_at = now
    board.save(update_fields=["status", "result_source", "finished_at"])
    if forfeit:
        TournamentEntry.objects.filter(
            pk__in=[s.entry_id for i, s in enumerate(seats) if absent[i]],
            status=TournamentEntry.Status.ACTIVE,
        ).update(status=TournamentEntry.Status.WITHDRAWN, reason=TournamentEntry.Reason.NO_SHOW)
    _finish_round_if_done(board.round, tournament, now)
    return board


def _record_fixture(table: LiveTable, now: datetime) -> Fixture | None:
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("season__league")
        .filter(pk=table.source_id)
        .first()
    )
    if fixture is None or fixture.table_id != table.pk or fixture.is_decided:
        return fixture
    if table.status != LiveTable.Status.FINISHED:
        raise _not_over(table)
    league = fixture.season.league
    seats = list(fixture.seats.select_related("entry").order_by("position"))
    places, tantos, _absent = _table_outcome(league, table, len(seats))
    _apply_places(seats, list(places), _scheme(league), tantos)
    fixture.status = Fixture.Status.PLAYED
    fixture.result_source = ResultSource.MATCH
    fixture.finished_at = now
    fixture.save(update_fields=["status", "result_source", "finished_at"])
    return fixture


def results_collect(*, now: datetime | None = None) -> int:
    """Record the results of finished tables whose announcement was lost (a safety net)."""
    table_ids = list(
        Board.objects.filter(status=Board.Status.PLAYING, table_id__isnull=False).values_list(
            "table_id", flat=True
        )
    ) + list(
        Fixture.objects.filter(status=Fixture.Status.PLAYING, table_id__isnull=False).values_list(
            "table_id", flat=True
        )
    )
    finished = LiveTable.objects.filter(
        pk__in=table_ids, status=LiveTable.Status.FINISHED
    ).values_list("pk", flat=True)
    done = 0
    for table_id in finished:
        try:
            if match_result_record(table_id=table_id, now=now) is not None:
                done += 1
        except Exception:  # one broken table must not stop the others
            logger.exception("Recording the result of table %s failed", table_id)
    return done


# ----------------------------------------------------------------------------- leagues


def _check_league_numbers(
    *, window_days: int, promotion: int, divisions: int, rounds: int | None
) -> None:
    if not 1 <= window_days <= 60:
        raise errors.InvalidSettingsError(_("Each round is played in 1 to 60 days."))
    if not 0 <= promotion <= 10:
        raise errors.InvalidSettingsError(_("Promote and relegate from 0 to 10 players."))
    if not 1 <= divisions <= 10:
        raise errors.InvalidSettingsError(_("A season has from 1 to 10 divisions."))
    if rounds is not None and not 1 <= rounds <= 60:
        raise errors.InvalidSettingsError(_("A season has from 1 to 60 rounds."))


def _make_divisions(season: Season, count: int, names: Sequence[str] = ()) -> list[Division]:
    return [
        Division.objects.create(
            season=season, level=level, name=names[level - 1] if level <= len(names) else ""
        )
        for level in range(1, count + 1)
    ]


@transaction.atomic
def league_create(
    *,
    club: Club,
    organiser: User,
    name: str,
    variant: str,
    options: Mapping[str, Any] | None = None,
    table_size: int | None = None,
    min_table_size: int | None = None,
    turn_seconds: int = 60,
    rated: bool = False,
    double_round_robin: bool = False,
    rounds: int | None = None,
    window_days: int = 7,
    scoring: Mapping[int, Sequence[int]] | None = None,
    tiebreaks: Sequence[str] | None = None,
    promotion: int = 1,
    divisions: int = 1,
) -> League:
    """A club league of one game, with its first season open for registration."""
    _require_organiser(club, organiser)
    name = _clean_name(name)
    fmt = _check_format(
        variant=variant,
        options=options,
        table_size=table_size,
        min_table_size=min_table_size,
        turn_seconds=turn_seconds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        default_tiebreaks=formats.LEAGUE_TIEBREAKS,
    )
    _check_league_numbers(
        window_days=window_days, promotion=promotion, divisions=divisions, rounds=rounds
    )
    if League.objects.filter(club=club, name__iexact=name).exists():
        raise errors.InvalidSettingsError(
            _("%(club)s already has a league called “%(name)s”.")
            % {"club": club.name, "name": name}
        )
    league = League.objects.create(
        club=club,
        name=name,
        created_by=organiser,
        rated=rated,
        **fmt.model_fields(),
        double_round_robin=double_round_robin,
        rounds=rounds if fmt.shape == Shape.TABLE else None,
        window_days=window_days,
        promotion=promotion,
    )
    season = Season.objects.create(league=league, number=1)
    _make_divisions(season, divisions)
    return league


@transaction.atomic
def season_create(*, league: League, by: User, divisions: int | None = None) -> Season:
    """A new season open for registration, once the previous one is closed."""
    _require_organiser(league.club, by)
    league = League.objects.select_for_update().get(pk=league.pk)
    last = league.seasons.order_by("-number").first()
    if last is not None and last.status != Season.Status.CLOSED:
        raise errors.SeasonError(_("Season %(n)s is not closed yet.") % {"n": last.number})
    count = divisions or (last.divisions.count() if last else 1)
    _check_league_numbers(
        window_days=league.window_days,
        promotion=league.promotion,
        divisions=count,
        rounds=league.rounds,
    )
    season = Season.objects.create(league=league, number=(last.number if last else 0) + 1)
    _make_divisions(season, count)
    return season


@transaction.atomic
def season_register(*, season: Season, user: User, partner: User | None = None) -> SeasonEntry:
    """Join a season open for registration (club members); new players start at the bottom."""
    _require_user(user)
    season = Season.objects.select_for_update().select_related("league__club").get(pk=season.pk)
    league = season.league
    if season.status != Season.Status.DRAFT:
        raise errors.RegistrationError(_("Registration for this season is closed."))
    if _active_membership(league.club, user) is None:
        raise errors.RegistrationError(
            _("Only members of %(club)s can play in its leagues.") % {"club": league.club.name}
        )
    _check_partner(
        shape=league.shape, user=user, partner=partner, club=league.club, members_only=True
    )
    taken = _taken_by(SeasonEntry.objects.filter(season=season), [user, partner])
    if taken is not None:
        if user.pk in taken.user_ids():
            raise errors.AlreadyRegisteredError(_("You are already registered for this season."))
        raise errors.AlreadyRegisteredError(
            _("%(name)s is already registered for this season.")
            % {"name": partner.public_name if partner else ""}
        )
    bottom = season.divisions.order_by("-level").first()
    if bottom is None:
        bottom = _make_divisions(season, 1)[0]
    return SeasonEntry.objects.create(season=season, division=bottom, player=user, partner=partner)


@transaction.atomic
def season_withdraw(*, season: Season, user: User) -> None:
    """Leave a season before it starts."""
    _require_user(user)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.DRAFT:
        raise errors.RegistrationError(_("The season has started: ask an organiser."))
    entry = SeasonEntry.objects.filter(season=season).filter(_player_or_partner(user)).first()
    if entry is None:
        raise errors.NotRegisteredError(_("You are not registered for this season."))
    entry.delete()


@transaction.atomic
def season_assign(*, entry: SeasonEntry, division: Division, by: User) -> SeasonEntry:
    """Move an entry to another division before the season starts (organisers)."""
    season = entry.season
    _require_organiser(season.league.club, by)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.DRAFT:
        raise errors.SeasonError(_("The season has started: divisions are fixed."))
    if division.season_id != season.pk:
        raise errors.SeasonError(_("That division belongs to another season."))
    entry.division = division
    entry.save(update_fields=["division"])
    return entry


@transaction.atomic
def season_start(
    *, season: Season, by: User, starts_at: datetime | None = None, now: datetime | None = None
) -> Season:
    """Start a season (organisers): the fixtures of every division are generated."""
    league = season.league
    _require_organiser(league.club, by)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.DRAFT:
        raise errors.SeasonError(_("This season has already started."))
    least = league.min_table_size
    if not season.entries.exists():
        raise errors.SeasonError(_("Nobody has registered for this season yet."))
    for division in season.divisions.all():
        count = division.entries.count()
        if 0 < count < least:
            raise errors.SeasonError(
                _("%(division)s needs at least %(n)s players.")
                % {"division": division.label, "n": least}
            )
    season.status = Season.Status.RUNNING
    season.starts_at = starts_at or _now(now)
    season.save(update_fields=["status", "starts_at"])
    _generate_fixtures(season)
    return season


@transaction.atomic
def fixtures_generate(*, season: Season, by: User) -> int:
    """Generate the fixtures of a season in play that has none (organisers); their number.

    :func:`season_start` calls it; on its own it serves a season whose fixtures were removed
    (through the admin) to be remade.
    """
    _require_organiser(season.league.club, by)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.RUNNING:
        raise errors.SeasonError(_("Start the season first."))
    if season.fixtures.exists():
        raise errors.SeasonError(_("The fixtures of this season are already made."))
    return _generate_fixtures(season)


def _generate_fixtures(season: Season) -> int:
    league = season.league
    starts = season.starts_at or timezone.now()
    window = timedelta(days=league.window_days)
    made = 0
    for division in season.divisions.all():
        ids = list(division.entries.order_by("registered_at", "pk").values_list("pk", flat=True))
        if len(ids) < 2:
            continue
        plan: list[list[tuple[int, ...]]]
        if league.shape == Shape.TABLE:
            rounds = league.rounds or schedule.rotating_rounds(
                len(ids), league.table_size, double=league.double_round_robin
            )
            plan = [
                [tuple(int(x) for x in table) for table in rnd]
                for rnd in schedule.rotating_tables(
                    ids,
                    table_size=league.table_size,
                    min_table_size=min(league.min_table_size, len(ids)),
                    rounds=rounds,
                )
            ]
        else:
            plan = schedule.round_robin(ids, double=league.double_round_robin)
        for r, tables in enumerate(plan, start=1):
            opens = starts + window * (r - 1)
            for number, table in enumerate(tables, start=1):
                fixture = Fixture.objects.create(
                    season=season,
                    division=division,
                    round=r,
                    number=number,
                    window_opens=opens,
                    window_closes=opens + window,
                )
                FixtureSeat.objects.bulk_create(
                    FixtureSeat(fixture=fixture, entry_id=entry_id, position=position)
                    for position, entry_id in enumerate(table)
                )
                made += 1
    return made


def _fixture_ready(seat: FixtureSeat, since: datetime) -> bool:
    if seat.ready_at is None or seat.ready_at < since:
        return False
    if seat.entry.partner_id is None:
        return True
    return seat.partner_ready_at is not None and seat.partner_ready_at >= since


@transaction.atomic
def fixture_play_now(*, fixture: Fixture, user: User, now: datetime | None = None) -> Fixture:
    """ "Play now": the player is ready; once every player of the fixture is (within
    ``READY_MINUTES``), its live table opens. Only during the fixture's play window."""
    _require_user(user)
    now = _now(now)
    fixture = (
        Fixture.objects.select_for_update().select_related("season__league").get(pk=fixture.pk)
    )
    seats = list(
        fixture.seats.select_related("entry__player", "entry__partner").order_by("position")
    )
    mine = next((s for s in seats if user.pk in s.entry.user_ids()), None)
    if mine is None:
        raise errors.CompetitionPermissionError(_("You do not play in this fixture."))
    if fixture.status == Fixture.Status.PLAYING:
        return fixture
    if fixture.is_decided:
        raise errors.FixtureError(_("This fixture has already been decided."))
    if fixture.season.status != Season.Status.RUNNING:
        raise errors.FixtureError(_("This season is not in play."))
    if now < fixture.window_opens:
        raise errors.FixtureError(
            _("This fixture can be played from %(date)s.") % {"date": _when(fixture.window_opens)}
        )
    if now >= fixture.window_closes:
        raise errors.FixtureError(
            _("The time to play this fixture ended on %(date)s.")
            % {"date": _when(fixture.window_closes)}
        )
    if mine.entry.player_id == user.pk:
        mine.ready_at = now
    else:
        mine.partner_ready_at = now
    mine.save(update_fields=["ready_at", "partner_ready_at"])
    since = now - timedelta(minutes=READY_MINUTES)
    if all(_fixture_ready(seat, since) for seat in seats):
        league = fixture.season.league
        fixture.table_id = _open_table(league, [s.entry for s in seats], FIXTURE_SOURCE, fixture.pk)
        fixture.status = Fixture.Status.PLAYING
        fixture.save(update_fields=["table_id", "status"])
    return fixture


def _showed_up(seat: FixtureSeat) -> bool:
    if seat.ready_at is None:
        return False
    return seat.entry.partner_id is None or seat.partner_ready_at is not None


def fixtures_close_windows(*, now: datetime | None = None) -> int:
    """Forfeit every fixture whose play window has closed unplayed; how many were closed.

    The players who pressed "play now" during the window share the top places; the others
    forfeit (no points). Nobody showed up: everyone forfeits. A fixture whose table is in play
    when its window closes is left to finish.
    """
    now = _now(now)
    due = list(
        Fixture.objects.filter(
            status=Fixture.Status.SCHEDULED,
            window_closes__lte=now,
            season__status=Season.Status.RUNNING,
        ).values_list("pk", flat=True)
    )
    closed = 0
    for fixture_id in due:
        with transaction.atomic():
            fixture = (
                Fixture.objects.select_for_update()
                .select_related("season__league")
                .filter(pk=fixture_id, status=Fixture.Status.SCHEDULED)
                .first()
            )
            if fixture is None:
                continue
            seats = list(fixture.seats.select_related("entry").order_by("position"))
            places: list[int | None] = [1 if _showed_up(s) else None for s in seats]
            _apply_places(seats, places, _scheme(fixture.season.league))
            fixture.status = Fixture.Status.FORFEITED
            fixture.result_source = ResultSource.FORFEIT
            fixture.finished_at = now
            fixture.save(update_fields=["status", "result_source", "finished_at"])
            closed += 1
    return closed


@transaction.atomic
def fixture_result_override(
    *,
    fixture: Fixture,
    places: Mapping[int, int | None],
    by: User,
    reason: str,
    abandon: bool = False,
    now: datetime | None = None,
) -> Fixture:
    """Change the result of a decided fixture: a place per entry id (None: forfeit); logged.

    Refused for a fixture not decided yet, unless ``abandon`` and its table is in play (a match
    that never finishes): then the live table is abandoned and the fixture takes the result.
    """
    season = fixture.season
    league = season.league
    _require_organiser(league.club, by)
    reason = _reason(reason)
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    if season.status == Season.Status.CLOSED:
        raise errors.SeasonError(_("This season is closed."))
    stopped = None
    if not fixture.is_decided:
        if not (abandon and fixture.status == Fixture.Status.PLAYING and fixture.table_id):
            raise errors.MatchNotOverError(
                _("This fixture has not been decided yet: its result cannot be set.")
            )
        stopped = _stop_for_result(fixture, places)
    seats, before = _override_places(fixture, places, league)
    if stopped is not None:
        fixture.status = Fixture.Status.PLAYED
        fixture.finished_at = _now(now)
        fixture.save(update_fields=["status", "finished_at"])
    _log(
        kind=ChangeLog.Kind.RESULT,
        by=by,
        reason=reason,
        season=season,
        summary=str(
            _("%(division)s, round %(n)s: result set to %(result)s.")
            % {
                "division": fixture.division.label,
                "n": fixture.round,
                "result": _result_text(seats),
            }
        ),
        before={"fixture": fixture.pk, "seats": before, **(stopped or {})},
        after={"fixture": fixture.pk, "seats": _seat_state(seats)},
    )
    return fixture


def division_standings(division: Division) -> list[adapter.StandingLine]:
    """The standings of a division (read by :func:`season_close` and the selectors)."""
    league = division.season.league
    entries = list(division.entries.select_related("player", "partner"))
    seats = FixtureSeat.objects.filter(fixture__division=division).select_related("fixture")
    return adapter.standing_lines(
        entries, seats, league.tiebreaks, round_of=lambda seat: seat.fixture.round
    )


@transaction.atomic
def season_close(*, season: Season, by: User, now: datetime | None = None) -> Season:
    """Close a season whose fixtures are all decided (organisers): final places, promotion and
    relegation, and the next season (open for registration) with everyone in his new division.

    The top ``league.promotion`` entries of each division below the first go up; the bottom
    ones of each division above the last go down (at most half of a small division moves).
    """
    league = season.league
    _require_organiser(league.club, by)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.RUNNING:
        raise errors.SeasonError(_("Only a season in play can be closed."))
    open_count = season.fixtures.exclude(
        status__in=[Fixture.Status.PLAYED, Fixture.Status.FORFEITED]
    ).count()
    if open_count:
        raise errors.SeasonError(
            _("%(n)s fixtures are still to be decided: wait until every play window has closed.")
            % {"n": open_count}
        )
    divisions = list(season.divisions.order_by("level"))
    top, bottom = divisions[0].level, divisions[-1].level
    moves: dict[int, int] = {}
    for division in divisions:
        lines = division_standings(division)
        move = min(league.promotion, len(lines) // 2)
        for index, line in enumerate(lines):
            entry = line.entry
            entry.final_place = index + 1
            entry.movement = SeasonEntry.Movement.STAYS
            if move and division.level > top and index < move:
                entry.movement = SeasonEntry.Movement.UP
            elif move and division.level < bottom and index >= len(lines) - move:
                entry.movement = SeasonEntry.Movement.DOWN
            entry.save(update_fields=["final_place", "movement"])
            step = {SeasonEntry.Movement.UP: -1, SeasonEntry.Movement.DOWN: 1}.get(
                entry.movement, 0
            )
            moves[entry.pk] = division.level + step
    season.status = Season.Status.CLOSED
    season.closed_at = _now(now)
    season.save(update_fields=["status", "closed_at"])
    following = Season.objects.create(league=league, number=season.number + 1)
    new_divisions = {
        d.level: d for d in _make_divisions(following, len(divisions), [d.name for d in divisions])
    }
    for entry in season.entries.order_by("division__level", "final_place", "pk"):
        SeasonEntry.objects.create(
            season=following,
            division=new_divisions[moves.get(entry.pk, entry.division.level)],
            player_id=entry.player_id,
            partner_id=entry.partner_id,
        )
    return following
