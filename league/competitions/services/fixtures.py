"""League fixtures: generating them, "play now", and closing the play windows.

Each fixture has a play window. Players press "play now" (:func:`fixture_play_now`); when all of
a fixture's players are ready within ``READY_MINUTES`` its table opens.
:func:`fixtures_close_windows` (Celery beat) forfeits the fixtures whose window closed unplayed.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.models import User
from league.notifications import events as notification_events

from .. import errors, schedule
from ..formats import READY_MINUTES
from ..models import Fixture, FixtureSeat, ResultSource, Season, Shape
from .common import (
    FIXTURE_SOURCE,
    current_time,
    require_organiser,
    require_user,
    scheme_of,
    when_text,
)
from .results import apply_places
from .tables import open_table


@transaction.atomic
def fixtures_generate(*, season: Season, by: User) -> int:
    """Generate the fixtures of a season in play that has none (organisers); their number.

    :func:`season_start` calls it; on its own it serves a season whose fixtures were removed
    (through the admin) to be remade.
    """
    require_organiser(season.league.club, by)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.status != Season.Status.RUNNING:
        raise errors.SeasonError(_("Start the season first."))
    if season.fixtures.exists():
        raise errors.SeasonError(_("The fixtures of this season are already made."))
    return generate_fixtures(season)


def generate_fixtures(season: Season) -> int:
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
    require_user(user)
    now = current_time(now)
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
            _("This fixture can be played from %(date)s.")
            % {"date": when_text(fixture.window_opens)}
        )
    if now >= fixture.window_closes:
        raise errors.FixtureError(
            _("The time to play this fixture ended on %(date)s.")
            % {"date": when_text(fixture.window_closes)}
        )
    if mine.entry.player_id == user.pk:
        mine.ready_at = now
    else:
        mine.partner_ready_at = now
    mine.save(update_fields=["ready_at", "partner_ready_at"])
    since = now - timedelta(minutes=READY_MINUTES)
    if all(_fixture_ready(seat, since) for seat in seats):
        league = fixture.season.league
        fixture.table_id = open_table(league, [s.entry for s in seats], FIXTURE_SOURCE, fixture.pk)
        fixture.status = Fixture.Status.PLAYING
        fixture.save(update_fields=["table_id", "status"])
        notification_events.fixture_table_opened(fixture=fixture, by=user)
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
    now = current_time(now)
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
            apply_places(seats, places, scheme_of(fixture.season.league))
            fixture.status = Fixture.Status.FORFEITED
            fixture.result_source = ResultSource.FORFEIT
            fixture.finished_at = now
            fixture.save(update_fields=["status", "result_source", "finished_at"])
            closed += 1
    return closed
