"""Live tables an organiser's action supersedes are abandoned (``games.services.table_abandon``):
a pairing change replacing a table in play, and a result set on a match that never finishes.
Refusals change nothing, and a match that has just ended is never abandoned."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services as games_services
from games.errors import TableAbandonedError
from games.models import Table
from league.competitions import errors, services
from league.competitions.models import Board, ChangeLog, Fixture, Round, Tournament
from tests.competitions.helpers import make_tournament, play_table
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def _tournament(club: Any, organiser: Any, soon: Any, **extra: Any) -> Tournament:
    return make_tournament(club, organiser, soon, **{"rounds": 2, **extra})


def _paired(club: Any, organiser: Any, soon: Any, commit: Any, players: list[Any]) -> Round:
    tournament = _tournament(club, organiser, soon)
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    return commit(services.round_pair, tournament=tournament, by=organiser)


def _state() -> tuple[Any, ...]:
    """What a refused change must leave as it was."""
    return (
        tuple(Board.objects.order_by("pk").values_list("status", "table_id", "result_source")),
        tuple(Table.objects.order_by("pk").values_list("status", "abandon_reason")),
        ChangeLog.objects.count(),
        Round.objects.count(),
    )


def _no_commit(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a service without its after-commit callbacks: a finished match not recorded yet."""
    return fn(*args, **kwargs)


def test_a_pairing_change_abandons_the_table_it_replaces(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(5)
    rnd = _paired(club, organiser, soon, commit, players)
    board = Board.objects.get(round=rnd, number=1)
    old = Table.objects.get(pk=board.table_id)
    in_board = board.seats.order_by("position").first().entry
    in_bye = Board.objects.get(round=rnd, is_bye=True).seats.get().entry
    commit(
        services.pairing_change,
        round=rnd,
        entry=in_board,
        other=in_bye,
        by=organiser,
        reason="Arrived late",
    )
    old.refresh_from_db()
    board.refresh_from_db()
    assert old.status == Table.Status.ABANDONED and old.abandoned_by is None
    assert "pairing" in old.abandon_reason
    assert board.table_id != old.pk and board.status == Board.Status.PLAYING
    assert Table.objects.get(pk=board.table_id).status == Table.Status.PLAYING
    with pytest.raises(TableAbandonedError):  # nobody plays on at the old table
        games_services.table_act(
            table_id=old.pk, user=players[0], action="pass", version=old.version
        )


def test_a_pairing_change_on_a_match_that_just_ended_is_refused(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(5)
    rnd = _paired(club, organiser, soon, commit, players)
    board = Board.objects.get(round=rnd, number=1)
    play_table(_no_commit, board.table_id)  # over, its result not recorded yet
    in_board = board.seats.order_by("position").first().entry
    in_bye = Board.objects.get(round=rnd, is_bye=True).seats.get().entry
    before = _state()
    with pytest.raises(errors.PairingChangeError, match="is over"):
        services.pairing_change(
            round=rnd, entry=in_board, other=in_bye, by=organiser, reason="Arrived late"
        )
    assert _state() == before
    assert Table.objects.get(pk=board.table_id).status == Table.Status.FINISHED


def test_an_organiser_stops_a_match_that_never_ends_and_sets_its_result(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    a, b = make_members(2)
    rnd = _paired(club, organiser, soon, commit, [a, b])
    board = Board.objects.get(round=rnd)
    table_id = board.table_id
    seats = list(board.seats.order_by("position"))
    places = {seats[0].entry_id: 2, seats[1].entry_id: 1}
    before = _state()
    with pytest.raises(errors.MatchNotOverError, match="not over"):  # not without abandon
        services.result_override(board=board, places=places, by=organiser, reason="Stuck")
    with pytest.raises(errors.ResultError, match="every player"):  # bad places: table untouched
        services.result_override(
            board=board, places={seats[0].entry_id: 1}, by=organiser, reason="x", abandon=True
        )
    assert _state() == before

    commit(
        services.result_override,
        board=board,
        places=places,
        by=organiser,
        reason="Stuck: the opponent never came back",
        abandon=True,
    )
    board.refresh_from_db()
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.ABANDONED and table.abandon_reason
    assert (board.status, board.result_source) == ("finished", "override")
    assert board.finished_at is not None
    assert [(s.place, s.points) for s in board.seats.order_by("position")] == [(2, 0), (1, 2)]
    log = ChangeLog.objects.get()
    assert (log.kind, log.before["status"], log.before["abandoned_table"]) == (
        "result",
        "playing",
        table_id,
    )
    # the round is over, so round 2 was paired at once, as after a played result
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED
    assert Round.objects.get(number=2).status == Round.Status.PLAYING


def test_a_match_that_just_ended_is_not_stopped(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    a, b = make_members(2)
    rnd = _paired(club, organiser, soon, commit, [a, b])
    board = Board.objects.get(round=rnd)
    play_table(_no_commit, board.table_id)
    seats = list(board.seats.all())
    before = _state()
    with pytest.raises(errors.ResultError, match="just ended"):
        services.result_override(
            board=board,
            places={s.entry_id: 1 for s in seats},
            by=organiser,
            reason="x",
            abandon=True,
        )
    assert _state() == before


def test_a_league_fixture_in_play_can_be_stopped_with_a_result(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    season = league.seasons.get()
    a, b = make_members(2)
    for player in (a, b):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = Fixture.objects.get()
    later = now + timedelta(hours=1)
    for player in (a, b):
        fixture = commit(services.fixture_play_now, fixture=fixture, user=player, now=later)
    assert fixture.status == Fixture.Status.PLAYING
    seats = list(fixture.seats.order_by("position"))
    places = {seats[0].entry_id: 1, seats[1].entry_id: None}
    with pytest.raises(errors.MatchNotOverError):
        services.fixture_result_override(fixture=fixture, places=places, by=organiser, reason="x")
    commit(
        services.fixture_result_override,
        fixture=fixture,
        places=places,
        by=organiser,
        reason="Abandoned by agreement",
        abandon=True,
    )
    fixture.refresh_from_db()
    assert (fixture.status, fixture.result_source) == ("played", "override")
    assert Table.objects.get(pk=fixture.table_id).status == Table.Status.ABANDONED
    assert [(s.place, s.points, s.forfeit) for s in fixture.seats.order_by("position")] == [
        (1, 2, False),
        (None, 0, True),
    ]


def test_the_result_page_asks_to_confirm_stopping_a_match(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    a, b = make_members(2)
    rnd = _paired(club, organiser, soon, commit, [a, b])
    board = Board.objects.get(round=rnd)
    tournament = rnd.tournament
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.login(username=organiser.username, password=PASSWORD)
    page = client.get(tournament.get_absolute_url())
    url = reverse("competitions:board_result", args=[tournament.pk, board.pk])
    assert url in page.content.decode()  # offered on the board in play
    form = client.get(url)
    assert "abandon" in form.context["form"].fields
    seats = list(board.seats.order_by("position"))
    data = {f"place_{seats[0].entry_id}": "1", f"place_{seats[1].entry_id}": "2", "reason": "x"}
    unconfirmed = client.post(url, data)  # not ticked: the match is not over, nothing changes
    assert unconfirmed.status_code == 200
    assert "is not over yet" in unconfirmed.content.decode()
    board.refresh_from_db()
    assert board.status == Board.Status.PLAYING
    done = client.post(url, {**data, "abandon": "on"})
    assert done.status_code == 302
    board.refresh_from_db()
    assert board.status == Board.Status.FINISHED
    assert Table.objects.get(pk=board.table_id).status == Table.Status.ABANDONED
