"""Organisers may turn the table chat off in a competition: the tournament's or league's own
``chat_enabled`` (a field of their creation forms) is what its tables open with."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse

from games.chat import errors as chat_errors
from games.chat import services as chat
from games.models import Table
from league.competitions import services
from league.competitions.models import Board, Fixture, Tournament
from tests.competitions.helpers import make_tournament
from tests.competitions.test_views import client_for

pytestmark = pytest.mark.django_db


def _paired_tables(
    club: Any, organiser: Any, soon: Any, make_members: Any, commit: Any, **extra: Any
) -> list[Table]:
    tournament = make_tournament(club, organiser, soon, **extra)
    for player in make_members(4):
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    ids = Board.objects.filter(round__tournament=tournament).values_list("table_id", flat=True)
    return list(Table.objects.filter(pk__in=ids))


def test_a_tournament_opens_its_tables_with_chat_by_default(
    club: Any, organiser: Any, soon: Any, make_members: Any, commit: Any
) -> None:
    tables = _paired_tables(club, organiser, soon, make_members, commit)
    assert tables and all(table.chat_enabled for table in tables)


def test_a_tournament_with_chat_off_opens_tables_without_it(
    club: Any, organiser: Any, soon: Any, make_members: Any, commit: Any
) -> None:
    tables = _paired_tables(club, organiser, soon, make_members, commit, chat_enabled=False)
    assert tables and not any(table.chat_enabled for table in tables)
    player = tables[0].seats.exclude(user=None).first().user
    with pytest.raises(chat_errors.ChatOffError):
        chat.chat_post(table_id=tables[0].pk, user=player, phrase="good_luck")


def test_a_league_with_chat_off_opens_fixture_tables_without_it(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", chat_enabled=False
    )
    assert league.chat_enabled is False
    a, b = make_members(2)
    season = league.seasons.get()
    for player in (a, b):
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser, starts_at=now - timedelta(hours=1))
    fixture = Fixture.objects.get()
    for player in (a, b):
        fixture = commit(services.fixture_play_now, fixture=fixture, user=player, now=now)
    assert Table.objects.get(pk=fixture.table_id).chat_enabled is False


def test_the_tournament_form_offers_the_chat_setting(club: Any, organiser: Any, soon: Any) -> None:
    client = client_for(organiser)
    url = reverse("competitions:tournament_create", args=[club.slug])
    page = client.get(url + "?variant=dos").content.decode()
    assert 'name="chat_enabled"' in page
    post = {
        "built_for": "dos",
        "variant": "dos",
        "name": "Copa",
        "rounds": "3",
        "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
        "no_show_rule": "forfeit",
        "turn_seconds": "30",
        "opt_games": "1",
    }
    assert client.post(url, post).status_code == 302
    assert Tournament.objects.get(name="Copa").chat_enabled is False  # the box left unticked
    assert client.post(url, {**post, "name": "Copa 2", "chat_enabled": "on"}).status_code == 302
    assert Tournament.objects.get(name="Copa 2").chat_enabled is True
