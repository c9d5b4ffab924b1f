"""Whole tournaments played by the engine's random bots through the real services.

Every move goes through :func:`games.services.table_act` (or ``table_advance`` for an absent
player); every result reaches the tournament through ``match_finished`` and the receiver; the
next round is paired by the tournament itself (``auto_advance``).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from games.models import Table
from league.competitions import selectors, services
from league.competitions.models import Board, BoardSeat, Round, Tournament, TournamentEntry
from tests.competitions.helpers import play_tables

pytestmark = pytest.mark.django_db


def _play_rounds(commit: Any, tournament: Tournament, *, absent: set[int] | None = None) -> None:
    for number in range(1, tournament.rounds + 1):
        rnd = Round.objects.get(tournament=tournament, number=number)
        assert rnd.status == Round.Status.PLAYING
        boards = Board.objects.filter(round=rnd, is_bye=False).order_by("number")
        play_tables(commit, [b.table_id for b in boards], absent=absent or set())
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.FINISHED, f"round {number} did not finish"


def _meetings(tournament: Tournament) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for board in Board.objects.filter(round__tournament=tournament, is_bye=False):
        ids = [s.entry_id for s in board.seats.all()]
        for a, b in combinations(ids, 2):
            met[frozenset((a, b))] += 1
    return met


@pytest.mark.slow
def test_a_64_player_7_round_swiss_played_by_bots(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(64)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Open de otoño",
        variant="dos",
        options={"games": 1},
        rounds=7,
        registration_closes=soon,
        turn_seconds=30,
    )
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    _play_rounds(commit, tournament)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rounds = list(Round.objects.filter(tournament=tournament))
    assert [r.number for r in rounds] == list(range(1, 8))
    for rnd in rounds:
        seats = BoardSeat.objects.filter(board__round=rnd)
        # everyone plays every round at one table of two, no byes (64 is even)
        assert sorted(s.entry.player_id for s in seats) == sorted(p.pk for p in players)
        assert not Board.objects.filter(round=rnd, is_bye=True).exists()
        assert all(b.seats.count() == 2 for b in Board.objects.filter(round=rnd))
        assert rnd.repeats == 0
    # nobody meets anybody twice in 7 rounds of a 64-player Swiss
    assert max(_meetings(tournament).values()) == 1
    # each table gives 2 points to its winner: 32 tables x 7 rounds
    seats = BoardSeat.objects.filter(board__round__tournament=tournament)
    assert sum(s.points for s in seats) == 2 * 32 * 7
    assert all(s.place in (1, 2) for s in seats)
    # every live table belongs to its board and finished
    tables = Table.objects.filter(source_kind=services.BOARD_SOURCE)
    assert tables.count() == 32 * 7
    assert set(tables.values_list("status", flat=True)) == {Table.Status.FINISHED}

    lines = selectors.tournament_standings(tournament=tournament)
    assert len(lines) == 64
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    scores = [line.score for line in lines]
    assert scores == sorted(scores, reverse=True)
    assert lines[0].score >= 10  # a Swiss of 7 rounds has a leader with 5 wins or more
    rows = list(csv.reader(io.StringIO(selectors.tournament_results_csv(tournament=tournament))))
    assert len(rows) == 1 + 64 * 7


def test_tables_of_three_and_four_with_byes_and_late_entries(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(11)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Arrastrado",
        variant="arrastrado",
        options={"hands": 1},
        table_size=4,
        min_table_size=3,
        rounds=4,
        registration_closes=soon,
    )
    for player in players[:10]:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    # 10 players: tables of 4, 3 and 3
    first = Round.objects.get(tournament=tournament, number=1)
    assert sorted(b.seats.count() for b in first.boards.all()) == [3, 3, 4]
    # a late entry during round 1 joins round 2 (4 rounds: late entries until 2 are paired)
    late = services.tournament_register(tournament=tournament, user=players[10])
    assert late.joined_round == 2
    for number in range(1, 5):
        rnd = Round.objects.get(tournament=tournament, number=number)
        play_tables(commit, [b.table_id for b in rnd.boards.filter(is_bye=False)])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # 11 players from round 2 on: tables of 4, 4 and 3
    for number in (2, 3, 4):
        rnd = Round.objects.get(tournament=tournament, number=number)
        assert sorted(b.seats.count() for b in rnd.boards.filter(is_bye=False)) == [3, 4, 4]
    assert not BoardSeat.objects.filter(board__round__number=1, entry=late).exists()
    for board in Board.objects.filter(round__tournament=tournament):
        points = sorted((s.points for s in board.seats.all()), reverse=True)
        scheme = {3: [3, 1, 0], 4: [4, 2, 1, 0]}[len(points)]
        assert sum(points) == sum(scheme)
    assert len(selectors.tournament_standings(tournament=tournament)) == 11


def test_pairs_swiss_with_a_bye(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(10)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Parejas",
        variant="parejas",
        options={"games": 1},
        rounds=3,
        registration_closes=soon,
    )
    entries = [
        services.tournament_register(tournament=tournament, user=a, partner=b)
        for a, b in zip(players[::2], players[1::2], strict=True)
    ]
    commit(services.round_pair, tournament=tournament, by=organiser)
    _play_rounds(commit, tournament)
    byes = Counter(
        s.entry_id
        for s in BoardSeat.objects.filter(board__round__tournament=tournament)
        if s.board.is_bye
    )
    assert sum(byes.values()) == 3 and max(byes.values()) == 1  # one bye a round, never twice
    for board in Board.objects.filter(round__tournament=tournament, is_bye=False):
        seats = list(board.seats.order_by("position"))
        table = Table.objects.get(pk=board.table_id)
        users = dict(table.seats.values_list("position", "user_id"))
        # partners sit opposite: entry 0 at seats 0 and 2, entry 1 at seats 1 and 3
        assert [users[0], users[2]] == seats[0].entry.user_ids()
        assert [users[1], users[3]] == seats[1].entry.user_ids()
        assert sorted(s.points for s in seats) == [0, 2]
    lines = selectors.tournament_standings(tournament=tournament)
    assert {line.entry.pk for line in lines} == {e.pk for e in entries}


def test_no_show_forfeits_and_is_withdrawn(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(4)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Forfeit",
        variant="dos",
        options={"games": 1},
        rounds=2,
        registration_closes=soon,
        no_show_rule="forfeit",
    )
    entries = [services.tournament_register(tournament=tournament, user=p) for p in players]
    commit(services.round_pair, tournament=tournament, by=organiser)
    absent = players[0]
    board = Board.objects.get(round__number=1, seats__entry=entries[0])
    play_tables(commit, [board.table_id], absent={absent.pk})
    seats = {s.entry_id: s for s in board.seats.all()}
    mine, other = (
        seats[entries[0].pk],
        next(s for s in seats.values() if s.entry_id != entries[0].pk),
    )
    assert mine.no_show and mine.forfeit and mine.points == 0 and mine.place is None
    assert other.place == 1 and other.points == 2 and not other.forfeit
    entries[0].refresh_from_db()
    assert entries[0].status == TournamentEntry.Status.WITHDRAWN
    assert entries[0].reason == TournamentEntry.Reason.NO_SHOW
    rest = Board.objects.filter(round__number=1, is_bye=False).exclude(pk=board.pk)
    play_tables(commit, [b.table_id for b in rest])
    second = Round.objects.get(tournament=tournament, number=2)
    assert not BoardSeat.objects.filter(board__round=second, entry=entries[0]).exists()
    assert BoardSeat.objects.filter(board__round=second).count() == 3  # 3 left: a table and a bye


def test_no_show_with_bot_rule_keeps_the_result(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    players = make_members(2)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Bots",
        variant="dos",
        options={"games": 1},
        rounds=1,
        registration_closes=soon,
        no_show_rule="bot",
    )
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get()
    play_tables(commit, [board.table_id], absent={players[0].pk})
    seats = list(board.seats.order_by("position"))
    no_show = next(s for s in seats if s.entry.player_id == players[0].pk)
    assert no_show.no_show and not no_show.forfeit
    places = Table.objects.get(pk=board.table_id).result["places"]
    assert [s.place for s in seats] == places
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
