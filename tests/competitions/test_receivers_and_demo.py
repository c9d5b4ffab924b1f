"""The ``match_finished`` receiver (the signal sent by hand, as ``games`` sends it) and the
demo data."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from games.models import Table
from games.outcome import OutcomeStatus, TableOutcome
from games.selectors.outcomes import table_outcome
from games.signals import match_finished
from league.clubs.models import User
from league.competitions import errors, receivers, services
from league.competitions.demo import DEMO_LEAGUE, DEMO_TOURNAMENT
from league.competitions.models import Board, Fixture, League, Tournament
from tests.competitions.helpers import play_table

pytestmark = pytest.mark.django_db


def _payload(table: Table) -> dict[str, Any]:
    """What games sends: the table's outcome, and nothing else."""
    return {"outcome": table_outcome(table.pk)}


@pytest.fixture
def silent_games() -> Any:
    """games' announcement is not heard: the test sends ``match_finished`` itself."""
    match_finished.disconnect(dispatch_uid="competitions.match_finished")
    yield
    receivers.connect()


def test_the_signal_records_the_board_once(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any, silent_games: Any
) -> None:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos_ar",
        rounds=1,
        registration_closes=soon,
    )
    for player in make_members(2):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get()
    play_table(commit, board.table_id)
    assert board.seats.filter(points__isnull=False).count() == 0  # nobody listened
    receivers.connect()
    table = Table.objects.get(pk=board.table_id)
    match_finished.send(sender=Table, **_payload(table))
    seats = list(board.seats.order_by("position"))
    assert [s.place for s in seats] == table.result["places"]
    assert sorted(s.points for s in seats) == [0, 2]
    assert sum(s.tantos for s in seats) > 0
    match_finished.send(sender=Table, **_payload(table))  # a second announcement changes nothing
    assert [s.points for s in board.seats.order_by("position")] == [s.points for s in seats]
    assert Tournament.objects.get().status == Tournament.Status.FINISHED


def test_other_sources_are_ignored_and_an_unfinished_table_is_an_error(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    # only the competitions receiver is called here: rankings would store these announcements
    lobby = TableOutcome(
        table_id=123456,
        status=OutcomeStatus.FINISHED,
        variant="dos",
        players=2,
        sides=((0,), (1,)),
        seats=(),
        rated=False,
        private=False,
        finished_at=None,
    )
    receivers.on_match_finished(Table, outcome=lobby)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Copa",
        variant="dos",
        rounds=1,
        registration_closes=soon,
    )
    for player in make_members(2):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    table = Table.objects.get()
    # games sends nothing for a table in play; asked for its result, the service refuses
    with pytest.raises(errors.MatchNotOverError):
        services.match_result_record(table_id=table.pk)
    assert not Board.objects.get().is_finished


def test_seed_demo_adds_a_tournament_and_a_league_once(settings: Any) -> None:
    settings.TUTE_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())
    call_command("seed_demo", stdout=StringIO())
    tournament = Tournament.objects.get(name=DEMO_TOURNAMENT)
    assert tournament.entries.count() == 3
    league = League.objects.get(name=DEMO_LEAGUE)
    season = league.seasons.get()
    assert season.status == "running" and Fixture.objects.filter(season=season).count() == 6
    assert User.objects.count() == 4
