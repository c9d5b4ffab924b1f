"""League services: seasons, divisions, fixtures by round robin or rotating tables, "play now",
the beat task that closes play windows, a whole season played by bots, promotion and
relegation."""

from __future__ import annotations

import csv
import io
from collections import Counter
from datetime import timedelta
from itertools import combinations
from typing import Any

import pytest
from django.utils import timezone

from games.models import Table
from league.competitions import errors, selectors, services, tasks
from league.competitions.models import (
    ChangeLog,
    Division,
    Fixture,
    FixtureSeat,
    League,
    Season,
    SeasonEntry,
)
from tests.competitions.helpers import play_table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _league(club: Any, organiser: Any, **extra: Any) -> League:
    settings = {"name": "Liga", "variant": "dos", "options": {"games": 1}, **extra}
    return services.league_create(club=club, organiser=organiser, **settings)


def _season_with(league: League, players: list[Any], **start: Any) -> Season:
    season = league.seasons.get(status=Season.Status.DRAFT)
    for player in players:
        services.season_register(season=season, user=player)
    return season


def _play_now_all(commit: Any, fixture: Fixture, now: Any) -> Fixture:
    for seat in fixture.seats.select_related("entry"):
        for user_id in seat.entry.user_ids():
            user = UserFactory._meta.model.objects.get(pk=user_id)
            fixture = commit(services.fixture_play_now, fixture=fixture, user=user, now=now)
    return fixture


def _play_round(commit: Any, season: Season, number: int, now: Any) -> None:
    for fixture in Fixture.objects.filter(season=season, round=number).order_by("pk"):
        fixture = _play_now_all(commit, fixture, now)
        assert fixture.status == Fixture.Status.PLAYING
        play_table(commit, fixture.table_id, seed=fixture.pk)
        fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.PLAYED


# ----------------------------------------------------------------------------- fixtures


def test_create_makes_a_first_season_with_its_divisions(club: Any, organiser: Any) -> None:
    league = _league(club, organiser, divisions=3)
    season = league.seasons.get()
    assert (season.number, season.status) == (1, Season.Status.DRAFT)
    assert list(season.divisions.values_list("level", flat=True)) == [1, 2, 3]
    assert league.tiebreaks == ["wins", "head_to_head", "tantos"]
    with pytest.raises(errors.InvalidSettingsError, match="already has a league"):
        _league(club, organiser)
    with pytest.raises(errors.InvalidSettingsError):
        _league(club, organiser, name="Otra", window_days=0)


def test_single_round_robin_fixtures_with_windows(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    league = _league(club, organiser, window_days=3)
    season = _season_with(league, make_members(5))
    services.season_start(season=season, by=organiser, starts_at=now)
    fixtures = Fixture.objects.filter(season=season)
    assert fixtures.count() == 10 and set(fixtures.values_list("round", flat=True)) == set(
        range(1, 6)
    )
    pairs = Counter(frozenset(f.seats.values_list("entry_id", flat=True)) for f in fixtures)
    entries = season.entries.values_list("pk", flat=True)
    assert set(pairs) == {frozenset(p) for p in combinations(entries, 2)}
    home = Counter(FixtureSeat.objects.filter(position=0).values_list("entry_id", flat=True))
    assert set(home.values()) == {2}  # 4 fixtures each, 2 at home
    for fixture in fixtures:
        assert fixture.window_opens == now + timedelta(days=3 * (fixture.round - 1))
        assert fixture.window_closes == fixture.window_opens + timedelta(days=3)
    with pytest.raises(errors.SeasonError, match="already made"):
        services.fixtures_generate(season=season, by=organiser)


def test_double_round_robin_pairs_league(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    league = _league(club, organiser, variant="parejas", options={}, double_round_robin=True)
    season = league.seasons.get()
    players = make_members(6)
    for a, b in zip(players[::2], players[1::2], strict=True):
        services.season_register(season=season, user=a, partner=b)
    services.season_start(season=season, by=organiser, starts_at=now)
    home = Counter(FixtureSeat.objects.filter(position=0).values_list("entry_id", flat=True))
    assert Fixture.objects.count() == 6 and set(home.values()) == {2}
    ordered = Counter(
        tuple(f.seats.order_by("position").values_list("entry_id", flat=True))
        for f in Fixture.objects.all()
    )
    assert set(ordered.values()) == {1} and len(ordered) == 6


def test_cabrero_league_rotates_tables(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    league = _league(club, organiser, variant="cabrero", options={}, table_size=3)
    season = _season_with(league, make_members(9))
    services.season_start(season=season, by=organiser, starts_at=now)
    fixtures = Fixture.objects.filter(season=season)
    assert fixtures.count() == 12  # 4 rounds of 3 tables
    met = Counter(
        frozenset(p)
        for f in fixtures
        for p in combinations(f.seats.values_list("entry_id", flat=True), 2)
    )
    assert len(met) == 36 and set(met.values()) == {1}


def test_start_needs_players_and_organisers(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    league = _league(club, organiser)
    season = league.seasons.get()
    with pytest.raises(errors.SeasonError, match="Nobody"):
        services.season_start(season=season, by=organiser)
    (alone,) = make_members(1)
    services.season_register(season=season, user=alone)
    with pytest.raises(errors.SeasonError, match="at least 2"):
        services.season_start(season=season, by=organiser)
    for user in (alone, UserFactory()):
        with pytest.raises(errors.CompetitionPermissionError):
            services.season_start(season=season, by=user)
    assert Season.objects.get().status == Season.Status.DRAFT and not Fixture.objects.exists()


def test_registration_rules(club: Any, organiser: Any, make_members: Any, now: Any) -> None:
    league = _league(club, organiser)
    season = league.seasons.get()
    a, b = make_members(2)
    with pytest.raises(errors.RegistrationError, match="Only members"):
        services.season_register(season=season, user=UserFactory())
    services.season_register(season=season, user=a)
    with pytest.raises(errors.AlreadyRegisteredError):
        services.season_register(season=season, user=a)
    services.season_register(season=season, user=b)
    services.season_withdraw(season=season, user=b)
    services.season_register(season=season, user=b)
    services.season_start(season=season, by=organiser, starts_at=now)
    with pytest.raises(errors.RegistrationError, match="closed"):
        services.season_register(season=season, user=make_members(1)[0])
    with pytest.raises(errors.RegistrationError, match="started"):
        services.season_withdraw(season=season, user=a)


# ----------------------------------------------------------------------------- play now


def test_play_now_opens_the_table_when_everyone_is_ready(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = _league(club, organiser, window_days=2)
    a, b = make_members(2)
    season = _season_with(league, [a, b])
    services.season_start(season=season, by=organiser, starts_at=now + timedelta(hours=1))
    fixture = Fixture.objects.get()
    with pytest.raises(errors.FixtureError, match="can be played from"):
        services.fixture_play_now(fixture=fixture, user=a, now=now)
    with pytest.raises(errors.CompetitionPermissionError):
        services.fixture_play_now(fixture=fixture, user=organiser, now=now + timedelta(hours=2))
    later = now + timedelta(hours=2)
    fixture = commit(services.fixture_play_now, fixture=fixture, user=a, now=later)
    assert fixture.status == Fixture.Status.SCHEDULED and not Table.objects.exists()
    assert selectors.fixture_waiting_for(fixture=fixture, now=later) == [b.public_name]
    # a "play now" goes stale after READY_MINUTES: both must be there together
    much_later = later + timedelta(minutes=services.READY_MINUTES + 1)
    fixture = commit(services.fixture_play_now, fixture=fixture, user=b, now=much_later)
    assert fixture.status == Fixture.Status.SCHEDULED
    fixture = commit(services.fixture_play_now, fixture=fixture, user=a, now=much_later)
    assert fixture.status == Fixture.Status.PLAYING
    table = Table.objects.get(pk=fixture.table_id)
    assert (table.source_kind, table.source_id) == (services.FIXTURE_SOURCE, fixture.pk)
    assert list(table.seats.order_by("position").values_list("user_id", flat=True)) == [
        s.entry.player_id for s in fixture.seats.order_by("position")
    ]
    play_table(commit, table.pk)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.PLAYED
    assert sorted(fixture.seats.values_list("points", flat=True)) == [0, 2]
    with pytest.raises(errors.FixtureError, match="already been decided"):
        services.fixture_play_now(fixture=fixture, user=a, now=much_later)


def test_play_now_after_the_window_is_refused(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    league = _league(club, organiser, window_days=1)
    a, b = make_members(2)
    season = _season_with(league, [a, b])
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = Fixture.objects.get()
    with pytest.raises(errors.FixtureError, match="ended on"):
        services.fixture_play_now(fixture=fixture, user=a, now=now + timedelta(days=1))
    assert FixtureSeat.objects.filter(ready_at__isnull=False).count() == 0


# ----------------------------------------------------------------------------- windows


def test_the_beat_task_forfeits_fixtures_whose_window_closed(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any, monkeypatch: Any
) -> None:
    league = _league(club, organiser, window_days=7)
    a, b, c, d = make_members(4)
    season = _season_with(league, [a, b, c, d])
    services.season_start(season=season, by=organiser, starts_at=now)
    first = list(Fixture.objects.filter(round=1).order_by("number"))
    # fixture 1: one player pressed "play now", the other never came
    present = first[0].seats.order_by("position")[0].entry.player
    commit(services.fixture_play_now, fixture=first[0], user=present, now=now + timedelta(days=1))
    # fixture 2: in play when the window closes: it is left to finish
    in_play = _play_now_all(commit, first[1], now + timedelta(days=2))

    frozen = {"now": now + timedelta(days=6, hours=23)}
    monkeypatch.setattr(timezone, "now", lambda: frozen["now"])
    assert tasks.close_windows() == 0  # a minute before the close: nothing happens
    frozen["now"] = now + timedelta(days=7)
    assert tasks.close_windows() == 1
    forfeited = Fixture.objects.get(pk=first[0].pk)
    assert (forfeited.status, forfeited.result_source) == ("forfeited", "forfeit")
    seats = {s.entry.player_id: s for s in forfeited.seats.select_related("entry")}
    assert seats[present.pk].points == 2 and not seats[present.pk].forfeit
    other = next(s for uid, s in seats.items() if uid != present.pk)
    assert other.forfeit and other.points == 0
    assert Fixture.objects.get(pk=first[1].pk).status == Fixture.Status.PLAYING
    assert Fixture.objects.filter(round=2, status="scheduled").count() == 2
    assert tasks.close_windows() == 0  # idempotent
    # nobody showed up for round 2: both forfeit, no points
    frozen["now"] = now + timedelta(days=14)
    assert tasks.close_windows() == 2
    assert set(FixtureSeat.objects.filter(fixture__round=2).values_list("points", flat=True)) == {0}
    monkeypatch.undo()
    play_table(commit, in_play.table_id)
    assert Fixture.objects.get(pk=first[1].pk).status == Fixture.Status.PLAYED


def test_a_lost_announcement_is_collected_by_the_beat_task(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = _league(club, organiser)
    season = _season_with(league, make_members(2))
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = _play_now_all(commit, Fixture.objects.get(), now)
    from games.signals import match_finished
    from league.competitions import receivers

    match_finished.disconnect(dispatch_uid="competitions.match_finished")
    try:
        play_table(commit, fixture.table_id)
    finally:
        receivers.connect()
    assert Fixture.objects.get().status == Fixture.Status.PLAYING
    tasks.close_windows()
    assert Fixture.objects.get().status == Fixture.Status.PLAYED


# ----------------------------------------------------------------------------- a whole season


def test_a_whole_season_played_by_bots_then_promotion_and_relegation(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = _league(club, organiser, divisions=2, promotion=1, window_days=1)
    players = make_members(8)
    season = _season_with(league, players)
    top, bottom = season.divisions.order_by("level")
    for entry in season.entries.order_by("pk")[:4]:
        services.season_assign(entry=entry, division=top, by=organiser)
    services.season_start(season=season, by=organiser, starts_at=now)
    assert Fixture.objects.filter(season=season).count() == 12  # 6 per division
    with pytest.raises(errors.SeasonError, match="still to be decided"):
        services.season_close(season=season, by=organiser)
    for number in (1, 2, 3):
        _play_round(commit, season, number, now + timedelta(days=number - 1, hours=1))

    standings = {d.level: services.division_standings(d) for d in (top, bottom)}
    for lines in standings.values():
        assert [line.played for line in lines] == [3, 3, 3, 3]
        assert sum(line.score for line in lines) == 12  # 6 fixtures x 2 points
    next_season = services.season_close(season=season, by=organiser)
    season.refresh_from_db()
    assert season.status == Season.Status.CLOSED and next_season.number == 2
    first_of_bottom = standings[2][0].entry
    last_of_top = standings[1][-1].entry
    first_of_bottom.refresh_from_db()
    last_of_top.refresh_from_db()
    assert (first_of_bottom.movement, last_of_top.movement) == ("up", "down")
    assert SeasonEntry.objects.filter(season=season, movement="").count() == 6
    assert [
        e.final_place for e in SeasonEntry.objects.filter(division=top).order_by("final_place")
    ] == [1, 2, 3, 4]
    new_top = Division.objects.get(season=next_season, level=1)
    new_players = set(new_top.entries.values_list("player_id", flat=True))
    old_top = set(SeasonEntry.objects.filter(division=top).values_list("player_id", flat=True))
    assert new_players == old_top - {last_of_top.player_id} | {first_of_bottom.player_id}
    assert next_season.status == Season.Status.DRAFT and next_season.entries.count() == 8
    assert selectors.season_current(league=league) == next_season

    rows = list(csv.reader(io.StringIO(selectors.season_standings_csv(season=season))))
    assert rows[0][:5] == ["Division", "Place", "Player", "Partner", "Points"]
    assert len(rows) == 9
    results = list(csv.reader(io.StringIO(selectors.season_results_csv(season=season))))
    assert len(results) == 1 + 12 * 2 and all(r[10] == "played" for r in results[1:])


def test_fixture_result_override_is_logged(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = _league(club, organiser)
    a, b = make_members(2)
    season = _season_with(league, [a, b])
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = Fixture.objects.get()
    with pytest.raises(errors.MatchNotOverError):
        services.fixture_result_override(
            fixture=fixture,
            places={s.entry_id: 1 for s in fixture.seats.all()},
            by=organiser,
            reason="x",
        )
    services.fixtures_close_windows(now=fixture.window_closes)
    fixture.refresh_from_db()
    with pytest.raises(errors.CompetitionPermissionError):
        services.fixture_result_override(
            fixture=fixture, places={s.entry_id: 1 for s in fixture.seats.all()}, by=a, reason="x"
        )
    services.fixture_result_override(
        fixture=fixture,
        places={s.entry_id: 1 for s in fixture.seats.all()},
        by=organiser,
        reason="They played at the club and drew",
    )
    assert set(fixture.seats.values_list("points", flat=True)) == {1}
    log = ChangeLog.objects.get()
    assert (log.season, log.kind, log.by) == (season, "result", organiser)
