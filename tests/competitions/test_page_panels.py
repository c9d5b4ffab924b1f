"""What the competition pages offer: the organiser's panel only while it has something in it,
"Close the season" only when the season can be closed, and the live table of a tournament
board or a league fixture naming and linking its competition."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from league.competitions import errors, selectors, services
from league.competitions.models import Board, Fixture, Tournament
from tests.competitions.helpers import make_tournament, play_tables
from tests.competitions.test_views import client_for

pytestmark = pytest.mark.django_db


def test_the_organiser_panel_goes_when_the_tournament_ends(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, rounds=1)
    for player in make_members(2):
        services.tournament_register(tournament=tournament, user=player)
    client = client_for(organiser)

    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "organiser-panel" in page and "Pair round 1" in page

    commit(services.round_pair, tournament=tournament, by=organiser)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "organiser-panel" in page and "Change a pairing of round 1" in page

    play_tables(commit, Board.objects.values_list("table_id", flat=True))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "organiser-panel" not in page and 'id="organise-title"' not in page
    assert "Standings" in page


def _running_season(club: Any, organiser: Any, make_members: Any) -> Any:
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    season = league.seasons.get()
    for player in make_members(3):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser)
    return season


def test_close_the_season_is_offered_only_when_every_fixture_is_decided(
    club: Any, organiser: Any, make_members: Any
) -> None:
    season = _running_season(club, organiser, make_members)
    client = client_for(organiser)
    undecided = selectors.season_undecided_fixtures(season=season)
    assert undecided == Fixture.objects.filter(season=season).count() == 3

    page = client.get(season.get_absolute_url()).content.decode()
    close_url = reverse("competitions:season_close", args=[season.pk])
    assert close_url not in page and "Close the season" not in page
    assert "The season cannot be closed yet: 3 fixtures are still to be decided." in page
    # The service refuses for the same reason.
    with pytest.raises(errors.SeasonError):
        services.season_close(season=season, by=organiser)

    last = Fixture.objects.order_by("-window_closes")[0].window_closes
    services.fixtures_close_windows(now=last)
    assert selectors.season_undecided_fixtures(season=season) == 0
    page = client.get(season.get_absolute_url()).content.decode()
    assert close_url in page and "Close the season" in page
    assert "cannot be closed yet" not in page
    assert client.post(close_url).status_code == 302
    season.refresh_from_db()
    assert season.status == "closed"


def test_one_undecided_fixture_is_said_in_the_singular_and_in_spanish(
    club: Any, organiser: Any, make_members: Any
) -> None:
    season = _running_season(club, organiser, make_members)
    first, *others = Fixture.objects.filter(season=season).order_by("window_closes", "pk")
    services.fixtures_close_windows(now=others[-1].window_closes)
    Fixture.objects.filter(pk=first.pk).update(status=Fixture.Status.SCHEDULED)
    assert selectors.season_undecided_fixtures(season=season) == 1
    english = client_for(organiser).get(season.get_absolute_url()).content.decode()
    assert "The season cannot be closed yet: one fixture is still to be decided." in english
    spanish = client_for(organiser, "es").get(season.get_absolute_url()).content.decode()
    assert "La temporada aún no se puede cerrar: queda un encuentro por decidir." in spanish


def test_a_tournament_table_names_and_links_its_tournament(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, name="Copa de primavera")
    players = make_members(2)
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get(round__number=1)

    page = client_for(players[0]).get(reverse("games:table_detail", args=[board.table_id]))
    html = page.content.decode()
    assert page.status_code == 200
    link = f'<a class="table-source" href="{tournament.get_absolute_url()}">'
    assert link + "Round 1 of Copa de primavera</a>" in html

    spanish = client_for(players[0], "es").get(reverse("games:table_detail", args=[board.table_id]))
    assert "Ronda 1 de Copa de primavera</a>" in spanish.content.decode()


def test_a_league_table_names_and_links_its_season(
    club: Any, organiser: Any, make_members: Any
) -> None:
    season = _running_season(club, organiser, make_members)
    fixture = Fixture.objects.filter(season=season).order_by("window_opens", "pk").first()
    users = [seat.entry.player for seat in fixture.seats.select_related("entry__player")]
    for user in users:
        fixture = services.fixture_play_now(fixture=fixture, user=user)
    assert fixture.table_id

    html = client_for(users[0]).get(reverse("games:table_detail", args=[fixture.table_id]))
    link = f'<a class="table-source" href="{season.get_absolute_url()}">'
    assert link + "Liga · season 1 · fixture</a>" in html.content.decode()


def test_a_lobby_table_names_no_competition(organiser: Any) -> None:
    from games import services as games_services

    table = games_services.table_create(
        creator=organiser, variant="dos", players=2, fill_with_bots=True
    )
    html = client_for(organiser).get(reverse("games:table_detail", args=[table.pk]))
    assert html.status_code == 200 and "table-source" not in html.content.decode()
