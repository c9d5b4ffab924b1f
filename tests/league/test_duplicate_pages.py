# ruff: noqa: F811 (the competition fixtures are imported by name)
"""The duplicate pages and API: the results page read in English, the API's standings and
comparisons (the same as the page's), a round's comparisons only once all its tables are over,
the tables private so that no other player replays a board he has still to play, the form."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import selectors, services
from league.competitions.models import Board, Round, Tournament
from tests.competitions.conftest import (  # noqa: F401 (fixtures)
    club,
    commit,
    make_members,
    now,
    organiser,
    soon,
    table_settings,
)
from tests.competitions.helpers import play_table, play_tables

pytestmark = pytest.mark.django_db


def _client(user: Any | None = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    if user is not None:
        client.force_login(user)
    return client


def _two_player_duplicate(club: Any, organiser: Any, soon: Any, members: list[Any]) -> Tournament:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Duplicado a dos",
        variant="dos",
        options={"games": 1},
        rounds=2,
        registration_closes=soon,
        format="duplicate",
    )
    for member in members:
        services.tournament_register(tournament=tournament, user=member)
    return tournament


def _board_users(board: Board) -> list[Any]:
    return [s.entry.player for s in board.seats.select_related("entry__player")]


def test_a_round_shows_nothing_and_its_tables_stay_closed_until_every_table_is_over(
    commit: Any, club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    members = make_members(4)
    tournament = _two_player_duplicate(club, organiser, soon, members)
    commit(services.round_pair, tournament=tournament, by=organiser)
    first, second = Board.objects.filter(round__tournament=tournament).order_by("number")
    play_table(commit, first.table_id)
    # one table is over, the other still plays the same deal
    page = _client(_board_users(second)[0]).get(
        reverse("competitions:tournament_duplicate", args=[tournament.pk])
    )
    assert page.status_code == 200
    assert "No board has been compared yet" in page.content.decode()
    detail = _client().get(tournament.get_absolute_url()).content.decode()
    assert "result when the round is over" in detail and "º ·" not in detail
    # nor do the standings move (the API's and the CSV's are the same selector's)
    lines = selectors.tournament_standings(tournament=tournament)
    assert lines and all(line.score == 0 and line.played == 0 for line in lines)
    rounds = _client().get(f"/api/tournaments/{tournament.pk}/rounds/").json()
    seats = [seat for board in rounds[0]["boards"] for seat in board["seats"]]
    assert seats and all(seat["place"] is None and seat["points"] is None for seat in seats)
    csv = selectors.tournament_results_csv(tournament=tournament)
    assert len(csv.strip().splitlines()) == 1  # the header only
    api = _client().get(f"/api/tournaments/{tournament.pk}/duplicate/")
    assert api.status_code == 200
    assert api.json()["rounds"] == [] and all(r["boards"] == 0 for r in api.json()["standings"])
    # the finished table's hand cannot be replayed, nor the table watched, by a player of the
    # other table (nor by anyone not seated there); its own players can replay it
    replay = reverse("games:hand_replay", args=[first.table_id, 1])
    for outsider in (_board_users(second)[0], organiser):
        assert _client(outsider).get(replay).status_code == 404
    assert _client(_board_users(first)[0]).get(replay).status_code == 200
    assert _client().get(f"/api/tables/{second.table_id}/").status_code in (401, 403, 404)


def test_the_results_page_and_the_api_after_the_evening(
    commit: Any, club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    members = make_members(4)
    tournament = _two_player_duplicate(club, organiser, soon, members)
    commit(services.round_pair, tournament=tournament, by=organiser)
    for number in (1, 2):
        rnd = Round.objects.get(tournament=tournament, number=number)
        play_tables(commit, [b.table_id for b in rnd.boards.order_by("number")])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    results = selectors.duplicate_results(tournament=tournament)
    me = members[0]
    url = reverse("competitions:tournament_duplicate", args=[tournament.pk])
    html = _client(me).get(url).content.decode()
    for text in ("Duplicate results", "Standings", "Matchpoints %", "Against the field"):
        assert text in html
    assert "Round 1" in html and "Board 1" in html and "The cards of Seat 1" in html
    assert "With these cards: you" in html
    for row in results.standings:
        assert row.entry.name in html
    # replay links only to the hands of my own tables
    my_tables = {
        b.table_id
        for b in Board.objects.filter(round__tournament=tournament, seats__entry__player=me)
    }
    others = {b.table_id for b in Board.objects.filter(round__tournament=tournament)} - my_tables
    for table_id in my_tables:
        assert f"/tables/{table_id}/hands/1/" in html
    for table_id in others:
        assert f"/tables/{table_id}/hands/" not in html
    # the tournament page says it is duplicate and links the results
    detail = _client().get(tournament.get_absolute_url()).content.decode()
    assert url in detail and "Duplicate: every table of a round plays the same deals" in detail

    data = _client().get(f"/api/tournaments/{tournament.pk}/duplicate/").json()
    assert [r["entry"]["id"] for r in data["standings"]] == [r.entry.pk for r in results.standings]
    assert [r["percent"] for r in data["standings"]] == [
        None if r.percent is None else f"{r.percent:.2f}" for r in results.standings
    ]
    board = data["rounds"][0]["boards"][0]
    assert board["number"] == 1
    assert [p["position"] for p in board["positions"]] == [0, 1]
    cell = board["positions"][0]["results"][0]
    assert set(cell) >= {"entry", "score", "matchpoints", "top", "field_average", "replay_url"}
    assert cell["top"] == 2  # two tables: one other result with the same cards
    summary = _client().get(f"/api/tournaments/{tournament.pk}/").json()
    assert (summary["format"], summary["boards"]) == ("duplicate", 1)


def test_a_swiss_tournament_has_no_duplicate_results(club: Any, organiser: Any, soon: Any) -> None:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Suizo",
        variant="dos",
        rounds=2,
        registration_closes=soon,
    )
    assert not tournament.is_duplicate
    url = reverse("competitions:tournament_duplicate", args=[tournament.pk])
    assert _client().get(url).status_code == 404
    assert _client().get(f"/api/tournaments/{tournament.pk}/duplicate/").status_code == 404


def test_the_form_creates_a_duplicate_cabrero_evening(club: Any, organiser: Any, soon: Any) -> None:
    url = reverse("competitions:tournament_create", args=[club.slug])
    client = _client(organiser)
    page = client.get(url + "?variant=cabrero").content.decode()
    assert "Format" in page and "Boards per round (duplicate)" in page
    response = client.post(
        url,
        {
            "built_for": "cabrero",
            "name": "Noche duplicada",
            "variant": "cabrero",
            "table_size": 4,
            "min_table_size": 3,
            "rounds": 2,
            "format": "duplicate",
            "boards": "",
            "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
            "turn_seconds": 60,
            "no_show_rule": "bot",
            "absence_grace_minutes": 10,
            "chat_enabled": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get(name="Noche duplicada")
    assert tournament.is_duplicate
    assert (tournament.table_size, tournament.min_table_size, tournament.boards) == (4, 4, 4)
