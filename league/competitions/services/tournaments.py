"""A Swiss tournament's creation and its field: registration, withdrawal, check-in, and the
organiser's drops and reinstatements (logged)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.models import Club, User

from .. import errors, formats
from ..models import (
    DEFAULT_ABSENCE_GRACE_MINUTES,
    ChangeLog,
    Format,
    NoShowRule,
    Tournament,
    TournamentEntry,
)
from .common import (
    active_membership,
    check_partner,
    clean_reason,
    current_time,
    locked_tournament,
    log_change,
    player_or_partner,
    require_organiser,
    require_user,
    taken_by,
    when_text,
)
from .duplicate import duplicate_settings
from .validation import check_absence, check_format, clean_name

MAX_ROUNDS = 30


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
    chat_enabled: bool = True,
    capacity: int | None = None,
    members_only: bool = True,
    checkin_required: bool = False,
    no_show_rule: str = NoShowRule.FORFEIT,
    absence_grace_minutes: int = DEFAULT_ABSENCE_GRACE_MINUTES,
    auto_advance: bool = True,
    review_pairings: bool = False,
    scoring: Mapping[int, Sequence[int]] | None = None,
    bye_points: Decimal | float | str | None = None,
    tiebreaks: Sequence[str] | None = None,
    format: str = Format.SWISS,
    boards: int | None = None,
    now: datetime | None = None,
) -> Tournament:
    """A Swiss tournament of ``club`` (organisers and admins); ``format`` duplicate: every
    table of a round plays the same deals, ``boards`` hands of them compared (:mod:`.duplicate`).
    """
    require_organiser(club, organiser)
    now = current_time(now)
    name = clean_name(name)
    fmt = check_format(
        variant=variant,
        options=options,
        table_size=table_size,
        min_table_size=min_table_size,
        turn_seconds=turn_seconds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        default_tiebreaks=formats.TOURNAMENT_TIEBREAKS,
    )
    fmt, duplicate_fields = duplicate_settings(fmt, format, boards)
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
    absence = check_absence(no_show_rule=no_show_rule, absence_grace_minutes=absence_grace_minutes)
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
        chat_enabled=bool(chat_enabled),
        **fmt.model_fields(),
        rounds=int(rounds),
        registration_opens=opens,
        registration_closes=registration_closes,
        capacity=capacity,
        members_only=members_only,
        checkin_required=checkin_required,
        **absence,
        auto_advance=auto_advance,
        review_pairings=review_pairings,
        bye_points=bye,
        **duplicate_fields,
    )


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
    require_user(user)
    now = current_time(now)
    tournament = locked_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.RegistrationError(_("This tournament has finished."))
    if now < tournament.registration_opens:
        raise errors.RegistrationError(
            _("Registration opens on %(date)s.")
            % {"date": when_text(tournament.registration_opens)}
        )
    if now >= tournament.registration_closes:
        raise errors.RegistrationError(
            _("Registration closed on %(date)s.")
            % {"date": when_text(tournament.registration_closes)}
        )
    paired = tournament.round_set.count()
    if paired > tournament.late_entry_rounds:
        raise errors.RegistrationError(
            _("Late entries are accepted only until half the rounds have been played.")
        )
    if tournament.members_only and active_membership(tournament.club, user) is None:
        raise errors.RegistrationError(
            _("Only members of %(club)s can play this tournament.") % {"club": tournament.club.name}
        )
    check_partner(
        shape=tournament.shape,
        user=user,
        partner=partner,
        club=tournament.club,
        members_only=tournament.members_only,
    )
    entries = TournamentEntry.objects.filter(tournament=tournament)
    taken = taken_by(entries.filter(status=TournamentEntry.Status.ACTIVE), [user, partner])
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
    require_user(user)
    entry = (
        TournamentEntry.objects.select_for_update()
        .filter(tournament=tournament, status=TournamentEntry.Status.ACTIVE)
        .filter(player_or_partner(user))
        .first()
    )
    if entry is None:
        raise errors.NotRegisteredError(_("You are not registered for this tournament."))
    return entry


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, user: User) -> TournamentEntry:
    """Leave a tournament: before it starts, or as a drop-out (no later rounds)."""
    tournament = locked_tournament(tournament)
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
    tournament = locked_tournament(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise errors.RegistrationError(_("Check-in is over: the tournament has started."))
    entry = _own_entry(tournament, user)
    if entry.checked_in_at is None:
        entry.checked_in_at = current_time(now)
        entry.save(update_fields=["checked_in_at"])
    return entry


def _organiser_entry_change(
    entry: TournamentEntry, by: User, reason: str
) -> tuple[Tournament, TournamentEntry, str]:
    """Checks and locks shared by :func:`entry_drop` and :func:`entry_reinstate`: ``by`` is an
    organiser, there is a reason, the tournament is not over. Returns the locked tournament and
    entry, and the cleaned reason."""
    tournament = entry.tournament
    require_organiser(tournament.club, by)
    reason = clean_reason(reason)
    tournament = locked_tournament(tournament)
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
    log_change(
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
    clash = taken_by(
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
    log_change(
        kind=ChangeLog.Kind.REINSTATE,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(_("%(name)s is playing again.") % {"name": entry.name}),
        before={"entry": entry.pk, **before},
        after={"entry": entry.pk, "status": entry.status},
    )
    return entry
