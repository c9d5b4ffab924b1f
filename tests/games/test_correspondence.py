"""Correspondence play: hours or days per move, the clock in days and hours, deadlines left to
the watchdog, ``turn_started`` and the page "My correspondence games"."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse

from games import conf, forms, services, table_state
from games.live import scheduler
from games.models import Seat, SeatTimeout
from games.signals import turn_started
from games.templatetags.correspondence import duration_words

from .helpers import fresh, play_first_legal

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400


def _duel(ana: Any, bruno: Any, turn_seconds: int = DAY) -> Any:
    return fresh(
        services.table_create(
            creator=ana,
            variant="dos",
            players=2,
            turn_seconds=turn_seconds,
            seats=[services.SeatSpec(user=ana), services.SeatSpec(user=bruno)],
        )
    )


def _to_act(table: Any) -> Any:
    position = table_state.match_at(table).current_player()
    return Seat.objects.get(table=table, position=position).user


def test_time_per_move_offers_hours_and_days() -> None:
    choices = dict(forms.turn_choices())
    for seconds in (3600, 43200, 86400, 3 * 86400):
        assert seconds in choices
    assert "1 hour per move" in choices[3600]
    assert "12 hours per move" in choices[43200]
    assert "1 day per move" in choices[86400]
    assert "3 days per move" in choices[3 * 86400]


def test_the_clock_in_days_and_hours() -> None:
    assert duration_words(2 * DAY + 5 * 3600 + 59) == "2 days 5 h"
    assert duration_words(DAY) == "1 day"
    assert duration_words(3 * 3600 + 20 * 60) == "3 h 20 min"
    assert duration_words(12 * 60) == "12 min"
    assert duration_words(10) == "less than a minute"


def test_a_table_of_three_days_a_move(ana: Any, bruno: Any) -> None:
    table = _duel(ana, bruno, 3 * DAY)
    assert table.turn_seconds == 3 * DAY and table.is_playing
    assert table.deadline is not None
    assert table.deadline - table.started_at > timedelta(days=2, hours=23)


def test_long_deadlines_are_not_deferred(settings: Any, ana: Any, bruno: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    scheduler.MANUAL_QUEUE.clear()
    _duel(ana, bruno, DAY)
    assert not [item for item in scheduler.MANUAL_QUEUE if item[3] == "turn"]
    # A short turn timer still goes to the scheduler.
    scheduler.defer("table_advance", (1, 0), 60, kind="turn")
    assert [item for item in scheduler.MANUAL_QUEUE if item[3] == "turn"]
    scheduler.MANUAL_QUEUE.clear()


def test_the_watchdog_runs_a_due_correspondence_deadline(ana: Any, bruno: Any) -> None:
    table = _duel(ana, bruno, DAY)
    late = table.deadline + timedelta(seconds=conf.watchdog_grace() + 1)
    absent = _to_act(table)
    assert services.tables_run_overdue(now=table.deadline - timedelta(hours=1)) == 0
    assert services.tables_run_overdue(now=late) >= 1
    seat = Seat.objects.get(table=table, user=absent)
    assert seat.away and seat.timeouts == 1  # a bot plays at a casual table, as before
    assert SeatTimeout.objects.filter(table=table, user=absent).exists()


def test_turn_started_tells_whose_turn_began(ana: Any, bruno: Any) -> None:
    sent: list[dict[str, Any]] = []

    def on_turn(sender: Any, **kwargs: Any) -> None:
        sent.append(kwargs)

    turn_started.connect(on_turn)
    try:
        table = _duel(ana, bruno, DAY)
        first = _to_act(table)
        assert sent and sent[-1]["user_id"] == first.pk
        assert sent[-1]["table_id"] == table.pk
        assert sent[-1]["deadline"] == fresh(table).deadline
        assert sent[-1]["source_kind"] == "" and sent[-1]["source_id"] is None
        count = len(sent)
        play_first_legal(table, first)
        table = fresh(table)
        now_to_act = _to_act(table)
        if now_to_act.pk != first.pk:
            assert len(sent) == count + 1 and sent[-1]["user_id"] == now_to_act.pk
        else:  # the same player goes on: no new turn announced
            assert len(sent) == count
    finally:
        turn_started.disconnect(on_turn)


def test_no_turn_started_at_a_table_of_seconds(ana: Any, bruno: Any) -> None:
    sent: list[Any] = []

    def on_turn(sender: Any, **kwargs: Any) -> None:
        sent.append(kwargs)

    turn_started.connect(on_turn)
    try:
        _duel(ana, bruno, 60)
    finally:
        turn_started.disconnect(on_turn)
    assert sent == []


def test_my_correspondence_games_page(client: Any, ana: Any, bruno: Any) -> None:
    table = _duel(ana, bruno, 3 * DAY)
    _duel(ana, bruno, 60)  # not a correspondence game: not listed
    first = _to_act(table)
    client.force_login(first)
    response = client.get(reverse("games:my_correspondence"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("data-table=") == 1
    assert f'data-table="{table.pk}"' in html
    assert 'class="badge badge-turn"' in html
    assert "2 days 23 h left" in html
    assert "3 days per move" in html
    other = bruno if first.pk == ana.pk else ana
    client.force_login(other)
    html = client.get(
        reverse("games:my_correspondence"), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert 'class="badge badge-turn"' not in html and " to play" in html
    lobby = client.get(reverse("games:table_list"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("games:my_correspondence") in lobby


def test_the_table_shows_the_clock_in_days(client: Any, ana: Any, bruno: Any) -> None:
    table = _duel(ana, bruno, DAY)
    client.force_login(ana)
    html = client.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "23 h" in html and "left" in html
    assert "timer-long" in html
