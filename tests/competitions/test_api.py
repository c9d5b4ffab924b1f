"""The read-only API: tournaments with rounds and standings, leagues, seasons."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from league.competitions import services
from league.competitions.models import Board
from tests.competitions.helpers import play_tables

pytestmark = pytest.mark.django_db


def test_tournament_rounds_and_standings(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos",
        options={"games": 1},
        rounds=1,
        registration_closes=soon,
    )
    for player in make_members(3):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    play_tables(commit, Board.objects.filter(is_bye=False).values_list("table_id", flat=True))
    client = APIClient()
    listing = client.get("/api/tournaments/").json()
    assert [t["name"] for t in listing["results"]] == ["Copa"]
    detail = client.get(f"/api/tournaments/{tournament.pk}/").json()
    assert (detail["status"], detail["club"], detail["shape"]) == ("finished", club.slug, "single")
    rounds = client.get(f"/api/tournaments/{tournament.pk}/rounds/").json()
    boards = rounds[0]["boards"]
    assert [b["is_bye"] for b in boards] == [False, True]
    assert boards[0]["table_id"] == Board.objects.get(is_bye=False).table_id
    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert len(standings) == 3 and standings[0]["place"] == 1
    assert set(standings[0]["tiebreaks"]) == set(tournament.tiebreaks)


def test_league_and_season(club: Any, organiser: Any, make_members: Any) -> None:
    league = services.league_create(club=club, organiser=organiser, name="Liga", variant="dos")
    season = league.seasons.get()
    for player in make_members(3):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser)
    client = APIClient()
    data = client.get(f"/api/leagues/{league.pk}/").json()
    assert data["seasons"] == [{"id": season.pk, "number": 1, "status": "running"}]
    season_data = client.get(f"/api/seasons/{season.pk}/").json()
    (division,) = season_data["divisions"]
    assert len(division["entries"]) == 3 and len(division["fixtures"]) == 3
    assert len(division["standings"]) == 3
