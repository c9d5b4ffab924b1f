"""Club leagues and their seasons: creation, registration, divisions, start and close.

:func:`season_start` generates the fixtures (:mod:`.fixtures`); :func:`season_close` ranks each
division (:func:`league.competitions.selectors.standings.division_standings`), promotes and
relegates, and makes the next season with everyone in his new division.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from league.clubs.models import Club, User

from .. import errors, formats
from ..models import (
    DEFAULT_ABSENCE_GRACE_MINUTES,
    Division,
    League,
    NoShowRule,
    Season,
    SeasonEntry,
    Shape,
)
from ..selectors.leagues import season_undecided_fixtures
from ..selectors.standings import division_standings
from .common import (
    active_membership,
    check_partner,
    current_time,
    player_or_partner,
    require_organiser,
    require_user,
    taken_by,
)
from .fixtures import generate_fixtures
from .validation import check_absence, check_format, check_league_numbers, clean_name


def make_divisions(season: Season, count: int, names: Sequence[str] = ()) -> list[Division]:
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
    chat_enabled: bool = True,
    double_round_robin: bool = False,
    rounds: int | None = None,
    window_days: int = 7,
    scoring: Mapping[int, Sequence[int]] | None = None,
    tiebreaks: Sequence[str] | None = None,
    promotion: int = 1,
    divisions: int = 1,
    no_show_rule: str = NoShowRule.FORFEIT,
    absence_grace_minutes: int = DEFAULT_ABSENCE_GRACE_MINUTES,
) -> League:
    """A club league of one game, with its first season open for registration."""
    require_organiser(club, organiser)
    name = clean_name(name)
    fmt = check_format(
        variant=variant,
        options=options,
        table_size=table_size,
        min_table_size=min_table_size,
        turn_seconds=turn_seconds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        default_tiebreaks=formats.LEAGUE_TIEBREAKS,
    )
    check_league_numbers(
        window_days=window_days, promotion=promotion, divisions=divisions, rounds=rounds
    )
    absence = check_absence(no_show_rule=no_show_rule, absence_grace_minutes=absence_grace_minutes)
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
        chat_enabled=bool(chat_enabled),
        **fmt.model_fields(),
        double_round_robin=double_round_robin,
        rounds=rounds if fmt.shape == Shape.TABLE else None,
        window_days=window_days,
        promotion=promotion,
        **absence,
    )
    season = Season.objects.create(league=league, number=1)
    make_divisions(season, divisions)
    return league


@transaction.atomic
def season_create(*, league: League, by: User, divisions: int | None = None) -> Season:
    """A new season open for registration, once the previous one is closed."""
    require_organiser(league.club, by)
    league = League.objects.select_for_update().get(pk=league.pk)
    last = league.seasons.order_by("-number").first()
    if last is not None and last.status != Season.Status.CLOSED:
        raise errors.SeasonError(_("Season %(n)s is not closed yet.") % {"n": last.number})
    count = divisions or (last.divisions.count() if last else 1)
    check_league_numbers(
        window_days=league.window_days,
        promotion=league.promotion,
        divisions=count,
        rounds=league.rounds,
    )
    season = Season.objects.create(league=league, number=(last.number if last else 0) + 1)
    make_divisions(season, count)
    return season


@transaction.atomic
def season_register(*, season: Season, user: User, partner: User | None = None) -> SeasonEntry:
    """Join a season open for registration (club members); new players start at the bottom."""
    require_user(user)
    season = Season.objects.select_for_update().select_related("league__club").get(pk=season.pk)
    league = season.league
    if season.status != Season.Status.DRAFT:
        raise errors.RegistrationError(_("Registration for this season is closed."))
    if active_membership(league.club, user) is None:
        raise errors.RegistrationError(
            _("Only members of %(club)s can play in its leagues.") % {"club": league.club.name}
        )
    check_partner(
        shape=league.shape, user=user, partner=partner, club=league.club, members_only=True
    )
    taken = taken_by(SeasonEntry.objects.filter(season=season), [user, partner])
    if taken is not None:
        if user.pk in taken.user_ids():
            raise errors.AlreadyRegisteredError(_("You are already registered for this season."))
        raise errors.AlreadyRegisteredError(
            _("%(name)s is already registered for this season.")
            % {"name": partner.public_name if partner else ""}
        )
    bottom = season.divisions.order_by("-level").first()
    if bottom is None:
        bottom = make_divisions(season, 1)[0]
    return SeasonEntry.objects.create(season=season, division=bottom, player=user, partner=partner)


@transaction.atomic
def season_withdraw(*, season: Season, user: User) -> None:
    """Leave a season before it starts."""
    require_user(user)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.DRAFT:
        raise errors.RegistrationError(_("The season has started: ask an organiser."))
    entry = SeasonEntry.objects.filter(season=season).filter(player_or_partner(user)).first()
    if entry is None:
        raise errors.NotRegisteredError(_("You are not registered for this season."))
    entry.delete()


@transaction.atomic
def season_assign(*, entry: SeasonEntry, division: Division, by: User) -> SeasonEntry:
    """Move an entry to another division before the season starts (organisers)."""
    season = entry.season
    require_organiser(season.league.club, by)
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
    require_organiser(league.club, by)
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
    season.starts_at = starts_at or current_time(now)
    season.save(update_fields=["status", "starts_at"])
    generate_fixtures(season)
    return season


@transaction.atomic
def season_close(*, season: Season, by: User, now: datetime | None = None) -> Season:
    """Close a season whose fixtures are all decided (organisers): final places, promotion and
    relegation, and the next season (open for registration) with everyone in his new division.

    The top ``league.promotion`` entries of each division below the first go up; the bottom
    ones of each division above the last go down (at most half of a small division moves).
    """
    league = season.league
    require_organiser(league.club, by)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.RUNNING:
        raise errors.SeasonError(_("Only a season in play can be closed."))
    open_count = season_undecided_fixtures(season=season)
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
    season.closed_at = current_time(now)
    season.save(update_fields=["status", "closed_at"])
    following = Season.objects.create(league=league, number=season.number + 1)
    new_divisions = {
        d.level: d for d in make_divisions(following, len(divisions), [d.name for d in divisions])
    }
    for entry in season.entries.order_by("division__level", "final_place", "pk"):
        SeasonEntry.objects.create(
            season=following,
            division=new_divisions[moves.get(entry.pk, entry.division.level)],
            player_id=entry.player_id,
            partner_id=entry.partner_id,
        )
    return following
