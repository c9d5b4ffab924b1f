"""``manage.py seed_demo``'s played history: a finished tournament and league season between the
demo players, really played, so that the rankings, statistics, charts and replays show
something on the first run; made once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import HandRecord, Table
from league.competitions.demo import PAST_LEAGUE, PAST_TOURNAMENT, PLAYERS
from league.competitions.models import Fixture, League, Season, Tournament
from league.competitions.selectors.standings import tournament_standings
from league.rankings.models import FinishedMatch, Rating, RatingHistory

# The history plays its tables through the services, each committed before its result follows.
pytestmark = pytest.mark.django_db(transaction=True)


def _counts() -> tuple[int, ...]:
    return (
        Table.objects.count(),
        HandRecord.objects.count(),
        FinishedMatch.objects.count(),
        RatingHistory.objects.count(),
        Tournament.objects.count(),
        League.objects.count(),
        Season.objects.count(),
        Fixture.objects.count(),
    )


def test_seed_demo_plays_a_history_once(settings) -> None:
    settings.TUTE_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())
    now = timezone.now()

    tournament = Tournament.objects.get(name=PAST_TOURNAMENT)
    assert tournament.status == Tournament.Status.FINISHED and tournament.rated
    assert tournament.round_set.filter(status="finished").count() == tournament.rounds
    lines = tournament_standings(tournament=tournament)
    assert {line.entry.player.username for line in lines} == set(PLAYERS)
    assert tournament.finished_at < now

    league = League.objects.get(name=PAST_LEAGUE)
    first = league.seasons.get(number=1)
    assert first.status == Season.Status.CLOSED
    assert not first.fixtures.exclude(status=Fixture.Status.PLAYED).exists()
    assert sorted(first.entries.values_list("final_place", flat=True)) == [1, 2, 3, 4]

    # Every match was played to its end, hand by hand, rated, and dated over the past weeks.
    played = Table.objects.exclude(source_kind="demo")
    finished = played.filter(status=Table.Status.FINISHED)
    assert finished.count() == FinishedMatch.objects.count() > 0
    assert (
        not played.exclude(status=Table.Status.FINISHED)
        .filter(source_kind="competitions.board")
        .exists()
    )
    assert not FinishedMatch.objects.exclude(rating_status="applied").exists()
    for table in finished:
        assert HandRecord.objects.filter(table=table).exists()
        match = FinishedMatch.objects.get(table_id=table.pk)
        assert match.finished_at == table.finished_at < now
    stamps = sorted(FinishedMatch.objects.values_list("finished_at", flat=True))
    assert (stamps[-1] - stamps[0]).days >= 14 and (now - stamps[-1]).days >= 1
    ratings = Rating.objects.filter(variant="dos")
    assert {r.user.username for r in ratings} == set(PLAYERS)
    assert all(r.games == 9 for r in ratings)

    client = Client()
    # The leaderboard lists the demo players, their ratings marked provisional (9 games).
    html = client.get(reverse("rankings:leaderboard") + "?variant=dos").content.decode()
    for name in PLAYERS:
        assert reverse("rankings:player", args=[name]) in html
    assert html.count('class="provisional-mark"') == len(PLAYERS)
    # A player's statistics page: his rating chart has a point per rated game.
    page = client.get(reverse("rankings:player", args=["carmen"]) + "?variant=dos")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'class="chart chart-line"' in html and "chart-series" in html
    assert (
        len(html.split('class="chart-series" fill="none" points="')[1].split('"')[0].split()) == 9
    )
    # The tournament page shows its standings; a hand of its tables can be replayed.
    page = client.get(reverse("competitions:tournament_detail", args=[tournament.pk]))
    assert page.status_code == 200 and 'id="standings-title"' in page.content.decode()
    client.login(username="ana", password=settings.TUTE_DEMO_PASSWORD)
    table = finished.filter(seats__user__username="ana").first()
    assert table is not None
    replay = client.get(reverse("games:hand_replay", args=[table.pk, 1]))
    assert replay.status_code == 200 and "Ana" in replay.content.decode()

    # Run again: nothing is played twice.
    before = _counts()
    call_command("seed_demo", stdout=StringIO())
    assert _counts() == before
