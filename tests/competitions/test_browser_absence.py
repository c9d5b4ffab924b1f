"""In a real browser (Chromium driven by Playwright; marked ``browser``): the absence rule in a
Swiss round. Two players are paired; one opens his table (his page connects: he appeared, and
the other's seat shows "not connected"), the other never comes. Once the grace period is over
(a minute here; the check runs as the periodic task would, with the clock past it), the table
stops with the reason on the present player's open page, he wins by forfeit, and the standings
say so."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone, translation

from games.live import notify
from games.models import Seat
from league.competitions import services
from league.competitions.models import Board, BoardSeat
from tests.competitions.helpers import make_tournament
from tests.games import browser
from tests.league.test_browser import log_in

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here

#: The competitions' tests silence the table sockets' notices; this one has sockets.
NOTIFY_TABLE = notify.notify_table


def test_a_player_who_never_came_forfeits_and_the_standings_say_so(
    asgi_server: str,
    browser_context_factory: Any,
    club: Any,
    organiser: Any,
    make_members: Any,
    soon: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(notify, "notify_table", NOTIFY_TABLE)
    base = asgi_server
    present, absent = make_members(2)
    tournament = make_tournament(club, organiser, soon, rounds=1, absence_grace_minutes=1)
    for player in (present, absent):
        services.tournament_register(tournament=tournament, user=player)
    services.round_pair(tournament=tournament, by=organiser)
    board = browser.db(lambda: Board.objects.get(is_bye=False))

    context = browser_context_factory()
    log_in(context, base, present)
    page = context.new_page()
    page.goto(base + f"/tables/{board.table_id}/")
    page.locator("#connection.connection-online").wait_for()
    # His page connected: he appeared; the other's seat shows he is not there.
    expect(page.locator('#table-live [data-presence="away"]')).to_have_count(1)
    expect(page.locator('#table-live [data-presence="away"]')).to_contain_text("not connected")
    deadline = time.monotonic() + 20
    while not browser.db(
        lambda: Seat.objects.filter(
            table_id=board.table_id, user=present, first_seen_at__isnull=False
        ).exists()
    ):
        assert time.monotonic() < deadline, "the present player's arrival was not recorded"
        time.sleep(0.1)

    # The grace period ends: the rule runs as the periodic task would (in English: the reason
    # is kept in the language of the task that stopped the table).
    with translation.override("en"):
        later = timezone.now() + timedelta(minutes=2)
        assert browser.db(lambda: services.absences_apply(now=later))

    # The open page shows the table stopped, and why.
    expect(page.locator('#table-live[data-status="abandoned"]')).to_have_count(1)
    expect(page.locator("#table-live")).to_contain_text("appeared at the table in time")

    seats = {s.entry.player_id: s for s in BoardSeat.objects.select_related("entry")}
    assert seats[present.pk].place == 1 and not seats[present.pk].forfeit
    assert seats[absent.pk].forfeit and seats[absent.pk].no_show

    page.goto(base + tournament.get_absolute_url())
    standings = page.locator(".data-table").first
    winner = standings.locator("tr", has_text=seats[present.pk].entry.name)
    loser = standings.locator("tr", has_text=seats[absent.pk].entry.name)
    expect(winner.locator("[data-forfeit-wins]")).to_contain_text("1 won by forfeit")
    expect(loser.locator("[data-forfeits]")).to_contain_text("1 forfeit")
    expect(page.locator("[data-absence-legend]")).to_contain_text("Forfeit:")
