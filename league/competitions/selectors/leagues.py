"""Reads of leagues for the pages: seasons, divisions with their fixtures and standings,
fixtures and who a fixture still waits for."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from league.clubs.models import Club

from .. import adapter
from ..formats import READY_MINUTES
from ..models import ChangeLog, Division, Fixture, FixtureSeat, League, Season, SeasonEntry
from .common import ENTRY_RELATED
from .standings import division_standings


def league_list(*, club: Club | None = None) -> QuerySet[League]:
    qs = League.objects.select_related("club")
    if club is not None:
        qs = qs.filter(club=club)
    return qs.order_by("club__name", "name")


def league_get(*, pk: int) -> League | None:
    return League.objects.select_related("club").filter(pk=pk).first()


def league_seasons(*, league: League) -> QuerySet[Season]:
    return Season.objects.filter(league=league).order_by("-number")


def season_get(*, pk: int) -> Season | None:
    return Season.objects.select_related("league__club").filter(pk=pk).first()


def season_undecided_fixtures(*, season: Season) -> int:
    """How many fixtures of the season have no result yet (neither played nor forfeited). A
    season in play can be closed when there are none: the service that closes it
    (:func:`league.competitions.services.season_close`) asks this, and so does the page
    before it offers to close."""
    return season.fixtures.exclude(
        status__in=[Fixture.Status.PLAYED, Fixture.Status.FORFEITED]
    ).count()


def season_current(*, league: League) -> Season | None:
    """The season in play, else the one open for registration, else the last one."""
    seasons = list(league.seasons.order_by("-number"))
    for status in (Season.Status.RUNNING, Season.Status.DRAFT):
        for season in seasons:
            if season.status == status:
                return season
    return seasons[0] if seasons else None


def season_entry_of(*, season: Season, user: Any) -> SeasonEntry | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        SeasonEntry.objects.filter(season=season).filter(Q(player=user) | Q(partner=user)).first()
    )


def season_entry_get(*, season: Season, pk: int) -> SeasonEntry | None:
    return SeasonEntry.objects.filter(season=season, pk=pk).select_related(*ENTRY_RELATED).first()


@dataclass
class DivisionView:
    division: Division
    entries: list[SeasonEntry]
    standings: list[adapter.StandingLine]
    rounds: list[tuple[int, list[Fixture]]] = field(default_factory=list)


def _fixture_seats() -> Prefetch:
    return Prefetch(
        "seats",
        queryset=FixtureSeat.objects.select_related(
            *(f"entry__{r}" for r in ENTRY_RELATED)
        ).order_by("position"),
    )


def season_divisions(*, season: Season) -> list[DivisionView]:
    views = []
    for division in season.divisions.order_by("level"):
        entries = list(division.entries.select_related(*ENTRY_RELATED))
        fixtures = list(
            division.fixtures.prefetch_related(_fixture_seats()).order_by("round", "number")
        )
        rounds: dict[int, list[Fixture]] = {}
        for fixture in fixtures:
            rounds.setdefault(fixture.round, []).append(fixture)
        views.append(
            DivisionView(
                division=division,
                entries=entries,
                standings=division_standings(division) if fixtures else [],
                rounds=sorted(rounds.items()),
            )
        )
    return views


def season_changes(*, season: Season) -> QuerySet[ChangeLog]:
    return ChangeLog.objects.filter(season=season).select_related("by__profile")


def fixture_get(*, pk: int) -> Fixture | None:
    return (
        Fixture.objects.select_related("season__league__club", "division")
        .prefetch_related(_fixture_seats())
        .filter(pk=pk)
        .first()
    )


def fixture_waiting_for(*, fixture: Fixture, now: datetime | None = None) -> list[str]:
    """Names of the players of a fixture who have not pressed "play now" lately."""
    since = (now or timezone.now()) - timedelta(minutes=READY_MINUTES)
    names = []
    for seat in fixture.seats.all():
        entry = seat.entry
        if seat.ready_at is None or seat.ready_at < since:
            names.append(entry.player.public_name)
        if entry.partner_id and (seat.partner_ready_at is None or seat.partner_ready_at < since):
            names.append(entry.partner.public_name)
    return names
