# ruff: noqa: F811 (the competition fixtures are imported by name)
"""Duplicate tournaments played to the end through the real services: the deals are the same
at every table of a round (replayed from the tables' own records), the seats turn, the stored
per-hand results follow the tables' hands, and the standings come out in order.

Bots fill nothing here: every seat is a member, and the random bot chooses each member's moves
(``tests/competitions/helpers.play_tables``), through ``games.services.table_act``.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.records import replay
from games.models import HandRecord, Table
from league.competitions import duplicate, selectors, services
from league.competitions.errors import InvalidSettingsError, RoundError
from league.competitions.models import Board, DealResult, Round, Tournament
from tests.competitions.conftest import (  # noqa: F401 (fixtures)
    club,
    commit,
    make_members,
    now,
    organiser,
    soon,
    table_settings,
)
from tests.competitions.helpers import play_tables

pytestmark = pytest.mark.django_db


def _duplicate(club: Any, organiser: Any, soon: Any, **extra: Any) -> Tournament:
    settings = {
        "name": "Duplicado",
        "variant": "cabrero",
        "options": {},
        "table_size": 4,
        "rounds": 2,
        "registration_closes": soon,
        "format": "duplicate",
        **extra,
    }
    return services.tournament_create(club=club, organiser=organiser, **settings)


def _play(commit: Any, organiser: Any, tournament: Tournament, members: list[Any]) -> None:
    for member in members:
        services.tournament_register(tournament=tournament, user=member)
    commit(services.round_pair, tournament=tournament, by=organiser)
    for number in range(1, tournament.rounds + 1):
        rnd = Round.objects.get(tournament=tournament, number=number)
        boards = Board.objects.filter(round=rnd, is_bye=False).order_by("number")
        play_tables(commit, [b.table_id for b in boards])
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.FINISHED
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def _dealt(table_id: int, number: int) -> tuple[Any, ...]:
    """The cards each seat was dealt in hand ``number`` (0-based) of a table (as card sets),
    and the trump, replayed from its stored hand record with no action played."""
    record = dict(HandRecord.objects.get(table_id=table_id, number=number).record)
    record["actions"] = []
    hand = replay(record)
    return (*hand.hands, hand.trump)


def test_a_duplicate_cabrero_evening_deals_the_same_cards_and_scores_each_board(
    commit: Any, club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = _duplicate(club, organiser, soon)
    assert tournament.min_table_size == 4 and tournament.boards == 4
    members = make_members(12)
    _play(commit, organiser, tournament, members)

    positions: dict[int, list[int]] = defaultdict(list)
    for rnd in tournament.round_set.all():
        boards = list(rnd.boards.filter(is_bye=False).order_by("number"))
        assert len(boards) == 3
        tables = [Table.objects.get(pk=b.table_id) for b in boards]
        assert {t.seed for t in tables} == {rnd.deal_seed}
        assert {t.first_dealer for t in tables} == {rnd.first_dealer}
        for k in range(tournament.boards):
            deals = {_dealt(t.pk, k) for t in tables}
            assert len(deals) == 1, f"round {rnd.number} board {k + 1} dealt differently"
            assert len(deals.pop()) == 5
        for board in boards:
            for seat in board.seats.all():
                positions[seat.entry_id].append(seat.position)
        # every entry has one stored result per board, with the table's own hand
        rows = DealResult.objects.filter(board__round=rnd)
        assert rows.count() == 3 * 4 * tournament.boards
        for row in rows:
            result = HandRecord.objects.get(table_id=row.table_id, number=row.number - 1).result
            lost = 1 if row.position in result["losers"] else 0
            charge = int(result["extra"]["charges"].get(str(row.position), 1)) if lost else 0
            assert row.score == Decimal(-charge)
            assert row.hand_points == result["points"][row.position]
    # the seats turn: nobody holds the same position's cards in both rounds
    assert all(len(set(p)) == 2 for p in positions.values())

    table = selectors.duplicate_results(tournament=tournament)
    standings = table.standings
    assert len(standings) == 12
    percents = [row.percent for row in standings]
    assert percents == sorted(percents, reverse=True)
    # the totals are the sums of the per-board comparisons
    for row in standings:
        cells = [c for r in table.rounds for b in r.boards for g in b.groups for c in g.results]
        mine = [c for c in cells if c.entry_id == row.entry.pk and c.top]
        assert row.boards == len(mine)
        assert row.matchpoints == sum(c.matchpoints for c in mine)
    # every board's comparison sets one position's holders against each other
    board = table.rounds[0].boards[0]
    assert [g.position for g in board.groups] == [0, 1, 2, 3]
    assert all(len(g.results) == 3 for g in board.groups)


def test_a_duplicate_of_tute_for_two_swaps_the_sides(
    commit: Any, club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = _duplicate(
        club, organiser, soon, variant="dos", options={"games": 3}, table_size=None
    )
    assert tournament.boards == duplicate.default_boards(get_variant("dos"), {"games": 3}) == 2
    members = make_members(4)
    _play(commit, organiser, tournament, members)
    held: dict[int, set[int]] = defaultdict(set)
    for rnd in tournament.round_set.all():
        tables = [b.table_id for b in rnd.boards.order_by("number")]
        assert len({_dealt(t, 0) for t in tables}) == 1
        for seat in Board.objects.filter(round=rnd).values_list("seats__entry", "seats__position"):
            held[seat[0]].add(seat[1])
    assert all(p == {0, 1} for p in held.values()), held
    first = DealResult.objects.filter(board__round__tournament=tournament, number=1)
    assert first.count() == 2 * 4


def test_a_duplicate_of_tute_in_pairs_deals_alike_and_scores_the_pairs_points(
    commit: Any, club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = _duplicate(
        club, organiser, soon, variant="parejas", options={"games": 1}, table_size=None, rounds=1
    )
    members = make_members(8)
    for player, partner in zip(members[::2], members[1::2], strict=True):
        services.tournament_register(tournament=tournament, user=player, partner=partner)
    commit(services.round_pair, tournament=tournament, by=organiser)
    boards = list(Board.objects.filter(round__tournament=tournament).order_by("number"))
    assert len(boards) == 2
    play_tables(commit, [b.table_id for b in boards])
    tables = [b.table_id for b in boards]
    assert len({_dealt(t, 0) for t in tables}) == 1
    # partners sit opposite: the entry at position p holds seats p and p + 2
    for board in boards:
        table = Table.objects.get(pk=board.table_id)
        users = dict(table.seats.values_list("position", "user_id"))
        for seat in board.seats.select_related("entry"):
            assert {users[seat.position], users[seat.position + 2]} == set(seat.entry.user_ids())
    for row in DealResult.objects.filter(board__round__tournament=tournament):
        result = HandRecord.objects.get(table_id=row.table_id, number=row.number - 1).result
        assert row.score == Decimal(result["team_points"][row.position])
    results = selectors.duplicate_results(tournament=tournament)
    assert [len(g.results) for g in results.rounds[0].boards[0].groups] == [2, 2]
    assert sum(row.matchpoints for row in results.standings) == 2 * 2  # 2 per comparison


def test_a_duplicate_round_that_cannot_be_seated_is_refused(
    commit: Any, club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = _duplicate(club, organiser, soon)
    for member in make_members(9):
        services.tournament_register(tournament=tournament, user=member)
    with pytest.raises(RoundError, match="every table needs 4 players: 9 entries"):
        services.round_pair(tournament=tournament, by=organiser)
    assert not tournament.round_set.exists()
    one = _duplicate(club, organiser, soon, name="Solo")
    for member in make_members(4):
        services.tournament_register(tournament=one, user=member)
    with pytest.raises(RoundError, match="at least two tables of 4 players"):
        services.round_pair(tournament=one, by=organiser)
    with pytest.raises(InvalidSettingsError, match="from 1 to 48 boards"):
        _duplicate(club, organiser, soon, name="Largo", boards=49)
    with pytest.raises(InvalidSettingsError, match="Swiss or duplicate"):
        _duplicate(club, organiser, soon, name="Otro", format="bridge")
