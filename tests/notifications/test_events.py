"""Each kind reaches the right people from the event that makes it: a round's tables opening,
an organiser's result, a join request or an invitation, an opponent arriving at a table, a
correspondence turn, a league play window opening or closing soon."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail

from games.signals import player_arrived, turn_started
from league.clubs import services as club_services
from league.clubs.models import Membership
from league.competitions import services
from league.competitions.models import Board, Fixture, League
from league.notifications.models import Notification
from league.notifications.reminders import windows_remind
from tests.competitions.helpers import make_tournament
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def _kinds(user: Any) -> list[str]:
    return list(Notification.objects.filter(user=user).values_list("kind", flat=True))


def test_a_paired_round_calls_each_player_to_his_open_table(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    a, b = make_members(2)
    tournament = make_tournament(club, organiser, soon)
    for player in (a, b):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get(round__tournament=tournament)
    for player in (a, b):
        [n] = Notification.objects.filter(user=player)
        assert n.kind == "table_open" and n.url == f"/tables/{board.table_id}/"
        assert "Copa, round 1" in n.text
    assert _kinds(organiser) == []
    assert sorted(m.to[0] for m in mail.outbox) == sorted([a.email, b.email])


def test_a_result_set_by_an_organiser_is_told_to_the_boards_players(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    a, b = make_members(2)
    tournament = make_tournament(club, organiser, soon)
    for player in (a, b):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    board = Board.objects.get(round__tournament=tournament)
    seats = list(board.seats.order_by("position"))
    commit(
        services.result_override,
        board=board,
        places={seats[0].entry_id: 1, seats[1].entry_id: 2},
        by=organiser,
        reason="Stuck",
        abandon=True,
    )
    for player in (a, b):
        assert "result_changed" in _kinds(player)
    assert _kinds(organiser) == []


def test_a_fixture_result_set_by_an_organiser_is_told(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    a, b = make_members(2)
    season = league.seasons.get()
    for player in (a, b):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = Fixture.objects.get()
    services.fixtures_close_windows(now=fixture.window_closes)
    fixture.refresh_from_db()
    commit(
        services.fixture_result_override,
        fixture=fixture,
        places={s.entry_id: 1 for s in fixture.seats.all()},
        by=organiser,
        reason="Played at the club",
    )
    for player in (a, b):
        assert _kinds(player).count("result_changed") == 1


def test_a_join_request_is_told_to_the_clubs_organisers_and_admins(
    club: Any, organiser: Any, commit: Any
) -> None:
    admin, member, newcomer = UserFactory(), UserFactory(), UserFactory()
    MembershipFactory(club=club, user=admin, role=Membership.Role.ADMIN)
    MembershipFactory(club=club, user=member)
    commit(club_services.club_request_join, club=club, user=newcomer)
    assert _kinds(organiser) == ["club_request"] and _kinds(admin) == ["club_request"]
    assert _kinds(member) == [] and _kinds(newcomer) == []
    n = Notification.objects.get(user=admin)
    assert newcomer.public_name in n.text and club.name in n.text
    assert n.url == club.get_absolute_url()


def test_joining_by_the_invitation_link_is_told_to_the_admins(
    club: Any, organiser: Any, commit: Any
) -> None:
    admin, newcomer = UserFactory(), UserFactory()
    MembershipFactory(club=club, user=admin, role=Membership.Role.ADMIN)
    commit(club_services.club_join_by_invite, token=club.invite_token, user=newcomer)
    assert _kinds(admin) == ["club_joined"]
    assert _kinds(organiser) == []


def test_an_arrival_tells_the_seated_people_not_there_once() -> None:
    arrived, waiting, other = UserFactory(), UserFactory(), UserFactory()
    for _ in range(2):  # a reconnection tells no one again
        player_arrived.send(
            sender=None,
            table_id=12,
            user_id=arrived.pk,
            waiting_for=[waiting.pk],
            source_kind="",
            source_id=None,
        )
    [n] = Notification.objects.filter(user=waiting)
    assert n.kind == "opponent_waiting" and n.url == "/tables/12/"
    assert arrived.public_name in n.text
    assert _kinds(arrived) == [] and _kinds(other) == []
    assert mail.outbox == []  # not a mailed kind


def test_a_correspondence_turn_tells_and_mails_the_player(now: Any, commit: Any) -> None:
    player = UserFactory()
    commit(
        turn_started.send,
        sender=None,
        table_id=5,
        user_id=player.pk,
        deadline=now + timedelta(hours=12),
        source_kind="",
        source_id=None,
    )
    [n] = Notification.objects.filter(user=player)
    assert n.kind == "your_turn" and n.url == "/tables/5/"
    [message] = mail.outbox
    assert message.to == [player.email]


def test_play_windows_opening_and_closing_soon_are_told_once(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league: League = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    a, b = make_members(2)
    season = league.seasons.get()
    for player in (a, b):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = Fixture.objects.get()
    assert windows_remind(now=now + timedelta(minutes=1)) == 2
    assert windows_remind(now=now + timedelta(minutes=2)) == 0  # once
    assert _kinds(a) == ["window_open"]
    [n] = Notification.objects.filter(user=a)
    assert b.public_name in n.text
    closing = fixture.window_closes - timedelta(hours=2)
    assert commit(windows_remind, now=closing) == 2
    assert sorted(_kinds(b)) == ["window_closing", "window_open"]
    assert b.email in [m.to[0] for m in mail.outbox]  # window closing is mailed
    fixture.status = Fixture.Status.PLAYED
    fixture.save()
    Notification.objects.all().delete()
    assert windows_remind(now=closing) == 0  # a played fixture is not reminded of


def test_a_league_table_opened_by_play_now_calls_the_player_who_pressed_first(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    a, b = make_members(2)
    season = league.seasons.get()
    for player in (a, b):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser, starts_at=now)
    fixture = Fixture.objects.get()
    commit(services.fixture_play_now, fixture=fixture, user=a, now=now)
    assert _kinds(a) == []  # not open yet
    fixture = commit(services.fixture_play_now, fixture=fixture, user=b, now=now)
    assert fixture.status == Fixture.Status.PLAYING
    [n] = Notification.objects.filter(user=a)
    assert n.kind == "table_open" and n.url == f"/tables/{fixture.table_id}/"
    assert _kinds(b) == []  # he pressed last and goes to the table
