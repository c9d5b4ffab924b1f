"""Fair absence: a player who never appeared at a competition table cannot win it.

The absence rule runs as the periodic task would (:func:`services.absences_apply` with a clock
past the grace period); a player appears by connecting (``games``' presence records
``Seat.first_seen_at``) or by playing a move.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Seat, Table
from games.services import presence as presence_services
from league.competitions import selectors, services
from league.competitions.models import (
    Board,
    NoShowRule,
    ResultSource,
    Round,
    Tournament,
    TournamentEntry,
)

from .helpers import make_tournament, play_table

pytestmark = pytest.mark.django_db


def _two_player_round(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any, **extra: Any
) -> tuple[Tournament, list[Any], Board]:
    players = make_members(2)
    tournament = make_tournament(club, organiser, soon, rounds=1, **extra)
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    return tournament, players, Board.objects.get(is_bye=False)


def _seen(table_id: int, user: Any) -> None:
    presence_services.table_seen(table_id=table_id, user_id=user.pk)


def _after_grace(table_id: int, minutes: int = 11) -> Any:
    return Table.objects.get(pk=table_id).created_at + timedelta(minutes=minutes)


def test_new_events_forfeit_absent_players_by_default(club: Any, organiser: Any, soon: Any) -> None:
    tournament = make_tournament(club, organiser, soon)
    assert tournament.no_show_rule == NoShowRule.FORFEIT
    assert tournament.absence_grace_minutes == 10
    league = services.league_create(club=club, organiser=organiser, name="Liga", variant="dos")
    assert league.no_show_rule == NoShowRule.FORFEIT


def test_nothing_happens_before_the_grace_period_ends(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    _, players, board = _two_player_round(club, organiser, make_members, soon, commit)
    _seen(board.table_id, players[0])
    assert commit(services.absences_apply, now=_after_grace(board.table_id, 9)) == 0
    assert Table.objects.get(pk=board.table_id).status == Table.Status.PLAYING
    board.refresh_from_db()
    assert board.status == Board.Status.PLAYING


def test_the_present_player_wins_by_forfeit(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament, players, board = _two_player_round(club, organiser, make_members, soon, commit)
    present, absent = players
    _seen(board.table_id, present)
    assert commit(services.absences_apply, now=_after_grace(board.table_id)) == 1
    table = Table.objects.get(pk=board.table_id)
    assert table.status == Table.Status.ABANDONED
    assert "appeared" in table.abandon_reason
    assert Seat.objects.get(table=table, user=absent).forfeited
    assert not Seat.objects.get(table=table, user=present).forfeited
    board.refresh_from_db()
    assert board.status == Board.Status.FINISHED
    assert board.result_source == ResultSource.FORFEIT
    seats = {s.entry.player_id: s for s in board.seats.select_related("entry")}
    assert seats[present.pk].place == 1 and seats[present.pk].points == 2
    assert not seats[present.pk].forfeit
    assert seats[absent.pk].forfeit and seats[absent.pk].no_show
    assert seats[absent.pk].place is None and seats[absent.pk].points == 0
    entry = TournamentEntry.objects.get(player=absent)
    assert entry.reason == TournamentEntry.Reason.NO_SHOW
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    standings = selectors.tournament_standings(tournament=tournament)
    assert standings[0].entry.player_id == present.pk
    assert standings[0].forfeits == 0
    assert next(line for line in standings if line.entry.player_id == absent.pk).forfeits == 1
    # Once applied, the rule does nothing more.
    assert commit(services.absences_apply, now=_after_grace(board.table_id, 30)) == 0


def test_a_player_who_moved_appeared(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    _, players, board = _two_player_round(club, organiser, make_members, soon, commit)
    # The player to act makes a move (without a socket: he played, he appeared).
    from games import services as games_services
    from games import table_state
    from games.engine.bots import choose_action

    table = Table.objects.get(pk=board.table_id)
    match = table_state.match_at(table)
    position = match.current_player()
    first = Seat.objects.get(table=table, position=position).user
    action = choose_action("random", match.observation(position, memory=True), seed="x")
    commit(
        games_services.table_act,
        table_id=table.pk,
        user=first,
        action=action,
        version=table.version,
    )
    other = next(p for p in players if p.pk != first.pk)
    commit(services.absences_apply, now=_after_grace(board.table_id))
    board.refresh_from_db()
    seats = {s.entry.player_id: s for s in board.seats.select_related("entry")}
    assert board.status == Board.Status.FINISHED
    assert seats[first.pk].place == 1 and seats[other.pk].forfeit


def test_when_every_player_is_absent_all_forfeit(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament, _, board = _two_player_round(club, organiser, make_members, soon, commit)
    commit(services.absences_apply, now=_after_grace(board.table_id))
    board.refresh_from_db()
    seats = list(board.seats.all())
    assert board.status == Board.Status.FINISHED
    assert all(s.forfeit and s.no_show and s.points == 0 and s.place is None for s in seats)
    standings = selectors.tournament_standings(tournament=tournament)
    assert all(line.won == 0 for line in standings)


def test_bot_rule_a_bot_plays_and_the_result_counts(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    _, players, board = _two_player_round(
        club, organiser, make_members, soon, commit, no_show_rule="bot"
    )
    present, absent = players
    _seen(board.table_id, present)
    commit(services.absences_apply, now=_after_grace(board.table_id))
    table = Table.objects.get(pk=board.table_id)
    assert table.status == Table.Status.PLAYING
    seat = Seat.objects.get(table=table, user=absent)
    assert seat.away and seat.forfeited
    play_table(commit, table.pk, absent={absent.pk})
    board.refresh_from_db()
    assert board.status == Board.Status.FINISHED
    assert board.result_source == ResultSource.MATCH
    seats = {s.entry.player_id: s for s in board.seats.select_related("entry")}
    assert seats[absent.pk].no_show and not seats[absent.pk].forfeit
    assert seats[absent.pk].bot_played
    assert seats[absent.pk].place is not None


def test_grace_is_the_events(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    _, players, board = _two_player_round(
        club, organiser, make_members, soon, commit, absence_grace_minutes=2
    )
    _seen(board.table_id, players[0])
    commit(services.absences_apply, now=_after_grace(board.table_id, 1))
    assert Table.objects.get(pk=board.table_id).status == Table.Status.PLAYING
    commit(services.absences_apply, now=_after_grace(board.table_id, 3))
    assert Table.objects.get(pk=board.table_id).status == Table.Status.ABANDONED
    assert Round.objects.get().status == Round.Status.FINISHED


def test_standings_page_marks_forfeits(
    client: Any, club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament, players, board = _two_player_round(club, organiser, make_members, soon, commit)
    _seen(board.table_id, players[0])
    commit(services.absences_apply, now=timezone.now() + timedelta(minutes=11))
    client.force_login(players[0])
    html = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-forfeits="1"' in html


def test_at_a_correspondence_deadline_the_absence_rule_applies(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    """A day per move: both players appeared, then one let his time run out. The watchdog
    plays the due deadline (a bot moves for him, as at any table) and the absence rule
    forfeits his seat: the other wins."""
    from games import services as games_services
    from games import table_state

    _, players, board = _two_player_round(
        club, organiser, make_members, soon, commit, turn_seconds=86400
    )
    for player in players:
        _seen(board.table_id, player)
    table = Table.objects.get(pk=board.table_id)
    assert table.turn_seconds == 86400
    late = table.deadline + timedelta(minutes=1)
    slow = Seat.objects.get(table=table, position=table_state.match_at(table).current_player())
    # Not yet: nothing to do before the deadline.
    assert commit(services.absences_apply, now=table.deadline - timedelta(hours=1)) == 0
    assert commit(games_services.tables_run_overdue, now=late) >= 1
    assert commit(services.absences_apply, now=late) == 1
    board.refresh_from_db()
    seats = {s.entry.player_id: s for s in board.seats.select_related("entry")}
    other = next(p for p in players if p.pk != slow.user_id)
    assert board.status == Board.Status.FINISHED
    assert seats[slow.user_id].forfeit and seats[other.pk].place == 1


def test_the_absent_player_is_told_his_seat_was_forfeited(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    from django.core import mail

    from league.notifications.models import Notification

    tournament, players, board = _two_player_round(club, organiser, make_members, soon, commit)
    present, absent = players
    _seen(board.table_id, present)
    mail.outbox.clear()
    commit(services.absences_apply, now=_after_grace(board.table_id))
    told = Notification.objects.filter(kind="seat_forfeited")
    assert [n.user_id for n in told] == [absent.pk]
    assert tournament.name in told[0].text
    assert [m.to for m in mail.outbox] == [[absent.email]]  # in his language (Spanish here)


def test_under_the_bot_rule_nobody_is_told_of_a_forfeit(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    from league.notifications.models import Notification

    _, players, board = _two_player_round(
        club, organiser, make_members, soon, commit, no_show_rule="bot"
    )
    _seen(board.table_id, players[0])
    commit(services.absences_apply, now=_after_grace(board.table_id))
    assert Seat.objects.get(table_id=board.table_id, user=players[1]).forfeited
    assert not Notification.objects.filter(kind="seat_forfeited").exists()


def test_the_players_statistics_say_which_results_were_forfeits(
    client: Any, club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    from django.urls import reverse

    _, players, board = _two_player_round(club, organiser, make_members, soon, commit)
    present, absent = players
    _seen(board.table_id, present)
    commit(services.absences_apply, now=_after_grace(board.table_id))
    client.force_login(present)
    page = client.get(
        reverse("rankings:player", args=[absent.username]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert 'data-forfeits="1"' in page and "1 forfeit" in page
    assert "data-forfeit-wins" not in page
    page = client.get(
        reverse("rankings:player", args=[present.username]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert 'data-forfeit-wins="1"' in page and "1 won by forfeit" in page
    assert "data-forfeits=" not in page
