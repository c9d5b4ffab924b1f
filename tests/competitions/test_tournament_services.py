"""Tournament services: settings, registration, rounds, organiser changes and their log; every
refusal raises a clear error and changes nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from games.models import Table
from league.competitions import errors, selectors, services
from league.competitions.models import (
    Board,
    BoardSeat,
    ChangeLog,
    Round,
    Tournament,
    TournamentEntry,
)
from tests.competitions.helpers import make_tournament, play_table, play_tables
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _snapshot() -> tuple[int, ...]:
    from league.competitions import models

    return tuple(
        m.objects.count()
        for m in (
            models.Tournament,
            models.TournamentEntry,
            models.Round,
            models.Board,
            models.BoardSeat,
            models.ChangeLog,
            Table,
        )
    )


# ----------------------------------------------------------------------------- settings


def test_create_fills_defaults_for_the_shape(club: Any, organiser: Any, soon: Any) -> None:
    single = make_tournament(club, organiser, soon)
    assert (single.shape, single.table_size, single.min_table_size) == ("single", 2, 2)
    assert single.scoring == {"2": [2, 0]}
    assert single.bye_points == Decimal(1)  # a draw
    assert single.tiebreaks == ["buchholz", "median_buchholz", "sonneborn_berger", "wins", "tantos"]
    cabrero = make_tournament(club, organiser, soon, variant="cabrero", options={})
    assert (cabrero.shape, cabrero.table_size, cabrero.min_table_size) == ("table", 4, 3)
    assert cabrero.scoring == {"3": [3, 1, 0], "4": [4, 2, 1, 0]}
    pairs = make_tournament(club, organiser, soon, variant="vtt", options={}, tiebreaks=["wins"])
    assert (pairs.shape, pairs.table_size, pairs.tiebreaks) == ("pairs", 2, ["wins"])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"variant": "poker"}, "games offered"),
        ({"variant": "arrastrado", "options": {}, "table_size": 5}, "tables of 3, 4"),
        ({"rounds": 0}, "from 1 to"),
        ({"turn_seconds": 0}, "time for each move"),
        ({"scoring": {2: (0, 2)}}, "never growing"),
        ({"scoring": {2: (3, 2, 1)}}, "give 2 numbers"),
        ({"tiebreaks": ["wins", "wins"]}, "at most once"),
        ({"tiebreaks": ["luck"]}, "at most once"),
        ({"options": {"games": 4}}, None),
        ({"no_show_rule": "shrug"}, "no-shows"),
        ({"capacity": 1}, "capacity"),
        ({"bye_points": "3"}, "bye"),
        ({"name": "  "}, "name"),
    ],
)
def test_create_refuses_bad_settings(
    club: Any, organiser: Any, soon: Any, extra: dict[str, Any], message: str | None
) -> None:
    with pytest.raises(errors.InvalidSettingsError, match=message):
        make_tournament(club, organiser, soon, **extra)
    assert not Tournament.objects.exists()


def test_registration_must_close_after_it_opens(club: Any, organiser: Any, now: Any) -> None:
    with pytest.raises(errors.InvalidSettingsError):
        make_tournament(club, organiser, now, registration_opens=now + timedelta(hours=1))


# ----------------------------------------------------------------------------- registration


def test_register_twice_is_refused(club: Any, organiser: Any, make_members: Any, soon: Any) -> None:
    tournament = make_tournament(club, organiser, soon)
    (player,) = make_members(1)
    services.tournament_register(tournament=tournament, user=player)
    before = _snapshot()
    with pytest.raises(errors.AlreadyRegisteredError, match="already registered"):
        services.tournament_register(tournament=tournament, user=player)
    assert _snapshot() == before


def test_register_outside_the_window_is_refused(
    club: Any, organiser: Any, make_members: Any, now: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, registration_opens=now + timedelta(hours=1))
    (player,) = make_members(1)
    with pytest.raises(errors.RegistrationError, match="opens on"):
        services.tournament_register(tournament=tournament, user=player, now=now)
    with pytest.raises(errors.RegistrationError, match="closed on"):
        services.tournament_register(tournament=tournament, user=player, now=soon)
    assert not TournamentEntry.objects.exists()
    services.tournament_register(tournament=tournament, user=player, now=soon - timedelta(hours=1))


def test_members_only_capacity_and_open_tournaments(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    stranger = UserFactory()
    a, b, c = make_members(3)
    closed = make_tournament(club, organiser, soon, capacity=2)
    with pytest.raises(errors.RegistrationError, match="Only members"):
        services.tournament_register(tournament=closed, user=stranger)
    services.tournament_register(tournament=closed, user=a)
    services.tournament_register(tournament=closed, user=b)
    with pytest.raises(errors.RegistrationError, match="full"):
        services.tournament_register(tournament=closed, user=c)
    open_ = make_tournament(club, organiser, soon, members_only=False)
    assert services.tournament_register(tournament=open_, user=stranger).is_active


def test_pairs_need_a_partner_who_is_not_taken(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, variant="parejas", options={})
    a, b, c = make_members(3)
    with pytest.raises(errors.RegistrationError, match="partner"):
        services.tournament_register(tournament=tournament, user=a)
    with pytest.raises(errors.RegistrationError, match="another player"):
        services.tournament_register(tournament=tournament, user=a, partner=a)
    entry = services.tournament_register(tournament=tournament, user=a, partner=b)
    assert entry.name.endswith(b.public_name)
    with pytest.raises(errors.AlreadyRegisteredError):
        services.tournament_register(tournament=tournament, user=c, partner=b)
    with pytest.raises(errors.AlreadyRegisteredError):
        services.tournament_register(tournament=tournament, user=b, partner=c)
    single = make_tournament(club, organiser, soon)
    with pytest.raises(errors.RegistrationError, match="not played in pairs"):
        services.tournament_register(tournament=single, user=a, partner=b)


def test_withdraw_and_register_again(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    (player,) = make_members(1)
    with pytest.raises(errors.NotRegisteredError):
        services.tournament_withdraw(tournament=tournament, user=player)
    entry = services.tournament_register(tournament=tournament, user=player)
    services.tournament_withdraw(tournament=tournament, user=player)
    entry.refresh_from_db()
    assert entry.status == TournamentEntry.Status.WITHDRAWN
    again = services.tournament_register(tournament=tournament, user=player)
    assert again.pk == entry.pk and again.is_active


def test_check_in_required_leaves_out_who_did_not(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, checkin_required=True)
    players = make_members(3)
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    services.tournament_check_in(tournament=tournament, user=players[0])
    services.tournament_check_in(tournament=tournament, user=players[1])
    commit(services.round_pair, tournament=tournament, by=organiser)
    left_out = TournamentEntry.objects.get(player=players[2])
    assert left_out.reason == TournamentEntry.Reason.NO_CHECKIN
    assert BoardSeat.objects.count() == 2
    with pytest.raises(errors.RegistrationError, match="Check-in is over"):
        services.tournament_check_in(tournament=tournament, user=players[0])


def test_late_entry_is_accepted_until_half_the_rounds(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, rounds=5)  # late entries until 2 are paired
    players = make_members(6)
    for player in players[:4]:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    late = services.tournament_register(tournament=tournament, user=players[4])
    assert (late.joined_round, late.checked_in_at is not None) == (2, True)
    for number in (1, 2):  # the next round is paired as soon as one is over
        tables = Board.objects.filter(round__number=number).values_list("table_id", flat=True)
        play_tables(commit, tables)
    assert BoardSeat.objects.filter(entry=late, board__round__number=2).exists()
    # round 3 was paired automatically: 3 rounds of 5 paired, more than half
    assert Round.objects.filter(tournament=tournament).count() == 3
    with pytest.raises(errors.RegistrationError, match="half the rounds"):
        services.tournament_register(tournament=tournament, user=players[5])


# ----------------------------------------------------------------------------- rounds


def test_pairing_a_round_while_the_previous_is_unfinished_is_refused(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, auto_advance=False)
    for player in make_members(4):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    before = _snapshot()
    with pytest.raises(errors.RoundError, match="Round 1 is not finished"):
        services.round_pair(tournament=tournament, by=organiser)
    assert _snapshot() == before
    first, second = Board.objects.filter(round__number=1).order_by("number")
    play_table(commit, first.table_id)
    with pytest.raises(errors.RoundError, match="not finished"):
        services.round_pair(tournament=tournament, by=organiser)
    play_table(commit, second.table_id)
    assert Round.objects.get(number=1).status == Round.Status.FINISHED
    assert Round.objects.filter(tournament=tournament).count() == 1  # no auto advance
    commit(services.round_pair, tournament=tournament, by=organiser)
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_not_enough_players_and_all_rounds_played(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, rounds=1)
    (player,) = make_members(1)
    services.tournament_register(tournament=tournament, user=player)
    with pytest.raises(errors.RoundError, match="Not enough players"):
        services.round_pair(tournament=tournament, by=organiser)
    assert Tournament.objects.get().status == Tournament.Status.REGISTRATION
    (other,) = make_members(1)
    services.tournament_register(tournament=tournament, user=other)
    commit(services.round_pair, tournament=tournament, by=organiser)
    play_tables(commit, Board.objects.values_list("table_id", flat=True))
    assert Tournament.objects.get().status == Tournament.Status.FINISHED
    with pytest.raises(errors.RoundError, match="finished"):
        services.round_pair(tournament=tournament, by=organiser)


def test_review_pairings_then_open_the_tables(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, review_pairings=True)
    for player in make_members(3):
        services.tournament_register(tournament=tournament, user=player)
    rnd = commit(services.round_pair, tournament=tournament, by=organiser)
    assert rnd.status == Round.Status.PAIRED
    assert not Table.objects.exists()
    bye = Board.objects.get(is_bye=True)
    assert bye.seats.get().points == Decimal(1)
    commit(services.round_start, round=rnd, by=organiser)
    assert Table.objects.count() == 1
    with pytest.raises(errors.RoundError, match="already open"):
        services.round_start(round=rnd, by=organiser)


def test_a_result_for_a_match_that_is_not_over_is_refused(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    for player in make_members(2):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get()
    seats = list(board.seats.all())
    before = _snapshot()
    with pytest.raises(errors.MatchNotOverError, match="not over"):
        services.result_override(
            board=board, places={s.entry_id: 1 for s in seats}, by=organiser, reason="Agreed draw"
        )
    with pytest.raises(errors.MatchNotOverError, match="not over"):
        services.match_result_record(table_id=board.table_id)
    assert _snapshot() == before
    assert BoardSeat.objects.filter(points__isnull=False).count() == 0


def test_result_override_is_logged_and_changes_the_standings(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, rounds=2)
    a, b = make_members(2)
    for player in (a, b):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get()
    play_table(commit, board.table_id)
    seats = list(board.seats.order_by("position"))
    loser = next(s for s in seats if s.points == 0)
    winner = next(s for s in seats if s.points == 2)
    with pytest.raises(errors.CompetitionError, match="Say why"):
        services.result_override(
            board=board, places={loser.entry_id: 1, winner.entry_id: 2}, by=organiser, reason=" "
        )
    with pytest.raises(errors.ResultError, match="every player"):
        services.result_override(board=board, places={loser.entry_id: 1}, by=organiser, reason="x")
    services.result_override(
        board=board,
        places={loser.entry_id: 1, winner.entry_id: None},
        by=organiser,
        reason="Renuncio proven after the game",
    )
    loser.refresh_from_db()
    winner.refresh_from_db()
    assert (loser.place, loser.points, winner.forfeit, winner.points) == (1, 2, True, 0)
    log = ChangeLog.objects.get()
    assert (log.kind, log.by, log.reason) == ("result", organiser, "Renuncio proven after the game")
    assert log.before["seats"][0]["points"] != log.after["seats"][0]["points"]
    assert selectors.tournament_standings(tournament=tournament)[0].entry.pk == loser.entry_id
    bye_round = Round.objects.get(number=2)  # paired automatically
    assert bye_round.status == Round.Status.PLAYING


def test_pairing_change_swaps_players_and_replaces_live_tables(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    players = make_members(5)
    entries = [services.tournament_register(tournament=tournament, user=p) for p in players]
    rnd = commit(services.round_pair, tournament=tournament, by=organiser)
    boards = list(Board.objects.filter(round=rnd).order_by("number"))
    table_a = boards[0].table_id
    in_a = boards[0].seats.order_by("position").first().entry
    in_bye = Board.objects.get(round=rnd, is_bye=True).seats.get().entry
    with pytest.raises(errors.CompetitionError, match="Say why"):
        services.pairing_change(round=rnd, entry=in_a, other=in_bye, by=organiser, reason="")
    commit(
        services.pairing_change,
        round=rnd,
        entry=in_a,
        other=in_bye,
        by=organiser,
        reason="Arrived late",
    )
    boards[0].refresh_from_db()
    assert boards[0].table_id != table_a
    new_table = Table.objects.get(pk=boards[0].table_id)
    assert in_bye.player_id in set(new_table.seats.values_list("user_id", flat=True))
    assert Board.objects.get(round=rnd, is_bye=True).seats.get().entry == in_a
    log = ChangeLog.objects.get(kind="pairing")
    assert log.by == organiser and log.reason == "Arrived late"
    assert log.before["tables"]["1"] == table_a
    # the old table is abandoned: nobody plays on there, and nothing of it counts
    assert Table.objects.get(pk=table_a).status == Table.Status.ABANDONED
    play_table(commit, table_a)
    assert boards[0].seats.filter(points__isnull=False).count() == 0
    same = [s.entry for s in boards[1].seats.all()]
    with pytest.raises(errors.PairingChangeError, match="same table"):
        services.pairing_change(round=rnd, entry=same[0], other=same[1], by=organiser, reason="x")
    play_table(commit, boards[1].table_id)
    with pytest.raises(errors.PairingChangeError, match="over"):
        services.pairing_change(round=rnd, entry=same[0], other=in_a, by=organiser, reason="x")
    assert len(entries) == 5


def test_drop_and_reinstate_are_logged(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    players = make_members(3)
    entries = [services.tournament_register(tournament=tournament, user=p) for p in players]
    services.entry_drop(entry=entries[2], by=organiser, reason="Left the club")
    with pytest.raises(errors.RegistrationError, match="organiser took you out"):
        services.tournament_register(tournament=tournament, user=players[2])
    services.entry_reinstate(entry=entries[2], by=organiser, reason="Came back")
    assert [c.kind for c in ChangeLog.objects.order_by("pk")] == ["drop", "reinstate"]
    entries[2].refresh_from_db()
    assert entries[2].is_active


def test_organiser_actions_by_others_are_refused(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, review_pairings=True)
    member, stranger = make_members(1)[0], UserFactory()
    players = make_members(2)
    entries = [services.tournament_register(tournament=tournament, user=p) for p in players]
    for user in (member, stranger, None):
        with pytest.raises(errors.CompetitionPermissionError):
            make_tournament(club, user, soon)
        with pytest.raises(errors.CompetitionPermissionError):
            services.round_pair(tournament=tournament, by=user)
        with pytest.raises(errors.CompetitionPermissionError):
            services.entry_drop(entry=entries[0], by=user, reason="x")
    rnd = commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get(round=rnd)
    before = _snapshot()
    for user in (member, stranger):
        with pytest.raises(errors.CompetitionPermissionError):
            services.round_start(round=rnd, by=user)
        with pytest.raises(errors.CompetitionPermissionError):
            services.pairing_change(
                round=rnd, entry=entries[0], other=entries[1], by=user, reason="x"
            )
        with pytest.raises(errors.CompetitionPermissionError):
            services.result_override(
                board=board, places={e.pk: 1 for e in entries}, by=user, reason="x"
            )
        with pytest.raises(errors.CompetitionPermissionError):
            services.entry_reinstate(entry=entries[0], by=user, reason="x")
    assert _snapshot() == before
