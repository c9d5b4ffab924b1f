"""The "ready to play" selector: your turn, tables waiting for you, league fixtures open now,
the next round of your tournaments."""

from __future__ import annotations

from typing import Any

import pytest

from games import services as games_services
from games import table_state
from games.live import scheduler
from games.models import Seat
from league.competitions import services
from league.notifications.ready import ready_panel
from tests.competitions.helpers import make_tournament
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_table_against_bots_is_listed_as_your_turn_when_it_is(commit: Any) -> None:
    ana = UserFactory()
    table = commit(
        games_services.table_create, creator=ana, variant="dos", players=2, fill_with_bots=True
    )
    scheduler.run_manual()  # the bot plays until it is ana's turn
    table.refresh_from_db()
    seat = Seat.objects.get(table=table, user=ana)
    assert table_state.match_at(table).current_player() == seat.position
    panel = ready_panel(user=ana)
    assert [item.url for item in panel.your_turn] == [f"/tables/{table.pk}/"]
    assert panel.waiting == []
    assert ready_panel(user=UserFactory()).is_empty


def test_a_tournament_table_opened_for_you_waits_and_the_round_is_shown(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    a, b = make_members(2)
    tournament = make_tournament(club, organiser, soon)
    for player in (a, b):
        services.tournament_register(tournament=tournament, user=player)
    before = ready_panel(user=a)
    assert [item.label for item in before.rounds] == ["Copa"]
    assert "Next: round 1 of 3" in before.rounds[0].detail
    commit(services.round_pair, tournament=tournament, by=organiser)
    panel = ready_panel(user=a)
    board_table = tournament.round_set.get().boards.get().table_id
    listed = [item.url for item in panel.your_turn + panel.waiting]
    assert listed == [f"/tables/{board_table}/"]
    assert "Round 1 of 3 is being played" in panel.rounds[0].detail


def test_a_league_fixture_open_now_is_listed(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    a, b = make_members(2)
    season = league.seasons.get()
    for player in (a, b):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser, starts_at=now)
    [item] = ready_panel(user=a).fixtures
    assert item.label.startswith("Liga") and item.url == season.get_absolute_url()
    assert ready_panel(user=organiser).fixtures == []
