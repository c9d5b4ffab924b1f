"""Pages: 403 for every organiser action by someone else, translated errors on the page with
nothing changed, the forms, "play now", my matches and the CSV exports."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services
from league.competitions.models import (
    Board,
    ChangeLog,
    Fixture,
    League,
    Round,
    Season,
    Tournament,
    TournamentEntry,
)
from tests.competitions.helpers import play_tables
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def client_for(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["django_language"] = language
    assert client.login(username=user.username, password=PASSWORD)
    return client


@pytest.fixture
def running(club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any) -> dict[str, Any]:
    """A tournament with round 1 played (round 2 in play), and a league season in play."""
    players = make_members(4)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos",
        options={"games": 1},
        rounds=3,
        registration_closes=soon,
    )
    entries = [services.tournament_register(tournament=tournament, user=p) for p in players]
    commit(services.round_pair, tournament=tournament, by=organiser)
    play_tables(commit, Board.objects.filter(round__number=1).values_list("table_id", flat=True))
    league = services.league_create(
        club=club,
        organiser=organiser,
        name="Liga",
        variant="dos",
        options={"games": 1},
        divisions=2,
    )
    season = league.seasons.get()
    for player in players:
        services.season_register(season=season, user=player)
    draft_entry = season.entries.first()
    services.season_start(season=season, by=organiser)
    services.fixtures_close_windows(now=Fixture.objects.order_by("window_closes")[0].window_closes)
    return {
        "players": players,
        "tournament": tournament,
        "entries": entries,
        "board": Board.objects.filter(round__number=1).first(),
        "round": Round.objects.get(tournament=tournament, number=2),
        "league": league,
        "season": season,
        "season_entry": draft_entry,
        "fixture": Fixture.objects.filter(status="forfeited").first(),
    }


def _organiser_requests(run: dict[str, Any], club: Any) -> list[tuple[str, str, dict[str, Any]]]:
    t, season = run["tournament"], run["season"]
    entries = run["entries"]
    return [
        ("get", reverse("competitions:tournament_create", args=[club.slug]), {}),
        ("post", reverse("competitions:tournament_create", args=[club.slug]), {"name": "X"}),
        ("get", reverse("competitions:league_create", args=[club.slug]), {}),
        ("post", reverse("competitions:league_create", args=[club.slug]), {"name": "X"}),
        ("post", reverse("competitions:round_pair", args=[t.pk]), {}),
        ("post", reverse("competitions:round_start", args=[t.pk, 2]), {}),
        (
            "post",
            reverse("competitions:pairing_change", args=[t.pk]),
            {"entry": entries[0].pk, "other": entries[1].pk, "reason": "x"},
        ),
        ("get", reverse("competitions:board_result", args=[t.pk, run["board"].pk]), {}),
        (
            "post",
            reverse("competitions:board_result", args=[t.pk, run["board"].pk]),
            {**{f"place_{e.pk}": "1" for e in entries}, "reason": "x"},
        ),
        ("post", reverse("competitions:entry_drop", args=[t.pk, entries[0].pk]), {"reason": "x"}),
        (
            "post",
            reverse("competitions:entry_reinstate", args=[t.pk, entries[0].pk]),
            {"reason": "x"},
        ),
        ("post", reverse("competitions:season_start", args=[season.pk]), {}),
        ("post", reverse("competitions:season_close", args=[season.pk]), {}),
        (
            "post",
            reverse("competitions:season_assign", args=[season.pk, run["season_entry"].pk]),
            {"division": season.divisions.first().pk},
        ),
        ("get", reverse("competitions:fixture_result", args=[run["fixture"].pk]), {}),
        (
            "post",
            reverse("competitions:fixture_result", args=[run["fixture"].pk]),
            {"reason": "x"},
        ),
    ]


def _state() -> tuple[Any, ...]:
    return (
        list(Tournament.objects.values_list("status", flat=True)),
        list(TournamentEntry.objects.values_list("status", flat=True)),
        Round.objects.count(),
        Board.objects.count(),
        list(Board.objects.values_list("table_id", flat=True)),
        ChangeLog.objects.count(),
        League.objects.count(),
        list(Season.objects.values_list("status", flat=True)),
        list(Fixture.objects.values_list("status", flat=True)),
    )


def test_every_organiser_action_is_403_for_others(
    running: dict[str, Any], club: Any, make_members: Any
) -> None:
    member = make_members(1)[0]
    player = running["players"][0]
    stranger = UserFactory()
    before = _state()
    for user in (member, player, stranger):
        client = client_for(user)
        for method, url, data in _organiser_requests(running, club):
            response = getattr(client, method)(url, data)
            assert response.status_code == 403, (user, method, url, response.status_code)
    assert _state() == before


def test_the_organiser_may_open_the_organiser_pages(
    running: dict[str, Any], club: Any, organiser: Any
) -> None:
    client = client_for(organiser)
    for method, url, _data in _organiser_requests(running, club):
        if method == "get":
            assert client.get(url).status_code == 200, url


def test_actions_are_post_only(running: dict[str, Any]) -> None:
    client = client_for(running["players"][0])
    t = running["tournament"]
    for name in ("tournament_register", "tournament_withdraw", "round_pair", "pairing_change"):
        assert client.get(reverse(f"competitions:{name}", args=[t.pk])).status_code == 405


def test_pages_render_for_visitors_and_players(running: dict[str, Any]) -> None:
    t, season = running["tournament"], running["season"]
    visitor = Client()
    for url in (
        reverse("competitions:index"),
        t.get_absolute_url(),
        season.get_absolute_url(),
    ):
        assert visitor.get(url).status_code == 200, url
    assert visitor.get(running["league"].get_absolute_url()).status_code == 302
    assert visitor.get(reverse("competitions:my_matches")).status_code == 302  # to log in
    player = client_for(running["players"][0])
    html = player.get(t.get_absolute_url()).content.decode()
    assert "Round 2" in html and "Go to the table" in html and "Standings" in html
    board = Board.objects.filter(round=running["round"]).first()
    assert board.table_url in html
    mine = player.get(reverse("competitions:my_matches")).content.decode()
    assert "Copa" in mine and "Liga" in mine


def test_register_twice_shows_a_translated_error_and_changes_nothing(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos",
        rounds=3,
        registration_closes=soon,
    )
    (player,) = make_members(1)
    client = client_for(player, "es")
    url = reverse("competitions:tournament_register", args=[tournament.pk])
    response = client.post(url, follow=True)
    assert "Está inscrito" in response.content.decode()
    response = client.post(url, follow=True)
    assert response.status_code == 200
    assert "Ya está inscrito en este torneo." in response.content.decode()
    assert TournamentEntry.objects.count() == 1


def test_register_after_the_window_shows_a_translated_error(
    club: Any, organiser: Any, make_members: Any, now: Any
) -> None:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos",
        rounds=3,
        registration_opens=now - timedelta(days=2),
        registration_closes=now - timedelta(days=1),
        now=now - timedelta(days=3),
    )
    (player,) = make_members(1)
    response = client_for(player, "es").post(
        reverse("competitions:tournament_register", args=[tournament.pk]), follow=True
    )
    assert "La inscripción se cerró el" in response.content.decode()
    assert not TournamentEntry.objects.exists()


def test_pairing_while_a_round_is_unfinished_shows_a_translated_error(
    running: dict[str, Any], organiser: Any
) -> None:
    before = _state()
    response = client_for(organiser, "es").post(
        reverse("competitions:round_pair", args=[running["tournament"].pk]), follow=True
    )
    assert "La ronda 2 aún no ha terminado" in response.content.decode()
    assert _state() == before


def test_a_result_for_a_match_not_over_shows_an_error(
    running: dict[str, Any], organiser: Any
) -> None:
    board = Board.objects.filter(round=running["round"], is_bye=False).first()
    seats = list(board.seats.all())
    before = _state()
    response = client_for(organiser, "es").post(
        reverse("competitions:board_result", args=[running["tournament"].pk, board.pk]),
        {**{f"place_{s.entry_id}": "1" for s in seats}, "reason": "Acordado"},
    )
    assert response.status_code == 200
    assert "aún no ha terminado" in response.content.decode()
    assert _state() == before


def test_organiser_changes_a_result_through_the_form(
    running: dict[str, Any], organiser: Any
) -> None:
    board = running["board"]
    seats = list(board.seats.order_by("position"))
    response = client_for(organiser).post(
        reverse("competitions:board_result", args=[running["tournament"].pk, board.pk]),
        {f"place_{seats[0].entry_id}": "1", f"place_{seats[1].entry_id}": "1", "reason": "Draw"},
    )
    assert response.status_code == 302
    assert {s.points for s in board.seats.all()} == {1}
    html = client_for(organiser).get(running["tournament"].get_absolute_url()).content.decode()
    assert "Result changed" in html and "Draw" in html


def test_create_a_tournament_and_a_league_through_the_forms(
    club: Any, organiser: Any, soon: Any
) -> None:
    client = client_for(organiser)
    url = reverse("competitions:tournament_create", args=[club.slug])
    page = client.get(url + "?variant=cabrero").content.decode()
    assert "Match points at a table of 6" in page
    response = client.post(
        url,
        {
            "name": "Cabrero de primavera",
            "variant": "cabrero",
            "table_size": "5",
            "min_table_size": "3",
            "rounds": "4",
            "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
            "members_only": "on",
            "no_show_rule": "forfeit",
            "turn_seconds": "30",
            "points_3": "3 1 0",
            "points_4": "4 2 1 0",
            "points_5": "6 3 2 1 0",
            "tiebreak_1": "sonneborn_berger",
            "tiebreak_2": "head_to_head",
            "opt_tiebreak": "on",
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == tournament.get_absolute_url()
    assert (tournament.table_size, tournament.no_show_rule) == (5, "forfeit")
    assert tournament.scoring["5"] == [6, 3, 2, 1, 0]
    assert tournament.tiebreaks == ["sonneborn_berger", "head_to_head"]
    assert tournament.options["tiebreak"] is True
    bad = client.post(
        url,
        {
            "name": "X",
            "variant": "dos",
            "rounds": "3",
            "turn_seconds": "30",
            "no_show_rule": "bot",
            "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
            "points_2": "0 2",
        },
    )
    assert bad.status_code == 200 and "never growing" in bad.content.decode()
    response = client.post(
        reverse("competitions:league_create", args=[club.slug]),
        {
            "name": "Liga de tute",
            "variant": "dos_ar",
            "window_days": "7",
            "divisions": "2",
            "promotion": "1",
            "turn_seconds": "60",
            "double_round_robin": "on",
            "tiebreak_1": "wins",
        },
    )
    league = League.objects.get()
    assert response.status_code == 302
    assert (league.double_round_robin, league.seasons.get().divisions.count()) == (True, 2)


def test_play_now_through_the_page(club: Any, organiser: Any, make_members: Any) -> None:
    league = services.league_create(club=club, organiser=organiser, name="Liga", variant="dos")
    a, b = make_members(2)
    season = league.seasons.get()
    services.season_register(season=season, user=a)
    services.season_register(season=season, user=b)
    services.season_start(season=season, by=organiser)
    fixture = Fixture.objects.get()
    url = reverse("competitions:fixture_play_now", args=[fixture.pk])
    response = client_for(a).post(url, follow=True)
    # QA: one player still to come is singular ("when Bruno presses", "cuando Bruno pulse").
    assert f"when {b.public_name} presses “Play now”" in response.content.decode()
    response = client_for(b).post(url)
    fixture.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == fixture.table_url
    assert client_for(organiser).post(url).status_code == 403


def test_csv_exports(running: dict[str, Any]) -> None:
    t, season = running["tournament"], running["season"]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = client.get(reverse("competitions:tournament_standings_csv", args=[t.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Place",
        "Player",
        "Partner",
        "Points",
        "Played",
        "Byes",
        "Buchholz",
        "Median-Buchholz",
        "Sonneborn-Berger",
        "Wins",
        "Points scored (tantos)",
        "Status",
    ]
    assert len(rows) == 5 and sorted(r[3] for r in rows[1:]) == ["0", "0", "2", "2"]
    assert {r[1] for r in rows[1:]} == {p.public_name for p in running["players"]}
    results = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("competitions:tournament_results_csv", args=[t.pk])
                ).content.decode()
            )
        )
    )
    assert results[0][:4] == ["Round", "Table", "Seat", "Player"]
    first = [r for r in results[1:] if r[0] == "1"]
    assert len(first) == 4 and {r[8] for r in first} == {"played"}
    assert {r[9] for r in first} == {str(b.table_id) for b in Board.objects.filter(round__number=1)}
    season_rows = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("competitions:season_results_csv", args=[season.pk])
                ).content.decode()
            )
        )
    )
    assert season_rows[0][0] == "Division" and "forfeit" in {r[10] for r in season_rows[1:]}
    standings = list(
        csv.reader(
            io.StringIO(
                client.get(
                    reverse("competitions:season_standings_csv", args=[season.pk])
                ).content.decode()
            )
        )
    )
    assert len(standings) == 5


def test_standings_tables_show_wins_once(running: dict[str, Any]) -> None:
    """QA: with "wins" among the tiebreaks, the standings had two "Wins" columns (the wins
    column and the tiebreak); every header now has exactly one cell per row's value."""
    import re

    t, season = running["tournament"], running["season"]
    assert "wins" in t.tiebreaks and "wins" in season.league.tiebreaks
    player = client_for(running["players"][0])
    for url in (t.get_absolute_url(), season.get_absolute_url()):
        html = player.get(url).content.decode()
        table = html[html.index('<table class="data-table">') :]
        table = table[: table.index("</table>")]
        header = table[: table.index("</thead>")]
        headers = re.findall(r"<th[^>]*>(.*?)</th>", header)
        assert headers.count("Wins") == 1, (url, headers)
        body = table[table.index("<tbody>") :]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
            assert len(re.findall(r"<td", row)) == len(headers), (url, row)
