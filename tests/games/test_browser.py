"""In a real browser (Chromium driven by Playwright; marked ``browser``): a newcomer registers,
opens a Cabrero table against three bots from the lobby ("play now", two clicks), plays a whole
hand by clicking cards (the bots answer over the WebSocket) and reads how the hand ended.

The site is served over ASGI (pages and WebSockets) by ``tests.games.browser.asgi_server``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from games.models import HandRecord, Table
from tests.games import browser
from tests.league.test_browser import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here


def test_register_play_a_hand_of_cabrero_against_bots_and_read_the_result(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    page = browser_context_factory().new_page()
    page.goto(base + "/accounts/signup/")
    sign_up(page, base, "ana", "Ana García")
    page.wait_for_url(base + "/")

    # Two clicks: the lobby, then "play now".
    page.get_by_role("link", name="Tables").click()
    page.get_by_role("button", name=re.compile(r"^Tute Cabrero \(4 players\)")).click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    table = browser.db(Table.objects.get)
    assert table.status == Table.Status.PLAYING
    page.locator("#connection.connection-online").wait_for()

    explained = False
    # (version on screen, card) of every click on a legal card: each must be her move at that
    # version, and each of her moves of the hand such a click
    clicked: list[tuple[int, str | None]] = []
    hand_over = HandRecord.objects.filter(table=table, number=0).exists
    deadline = time.monotonic() + 120
    while not page.get_by_text("How hand 1 ended").count():
        assert time.monotonic() < deadline, "the hand did not end"
        legal = page.locator(".card-button.is-legal")
        if not legal.count() or browser.db(hand_over):  # (no click in the next hand)
            time.sleep(0.05)
            continue
        illegal = page.locator(".card-button.is-illegal")
        if not explained and illegal.count():
            # A card the rules forbid: the engine's explanation comes back, nothing is played.
            version = page.locator("#table-live").get_attribute("data-version")
            illegal.first.click()
            page.locator("#table-error").filter(has_text="must").wait_for()
            assert page.locator("#table-live").get_attribute("data-version") == version
            explained = True
            continue
        version = page.locator("#table-live").get_attribute("data-version")
        card = legal.first
        clicked.append((int(version or -1), card.get_attribute("value")))
        card.click()
        page.wait_for_function(
            "v => document.getElementById('table-live').dataset.version !== v", arg=version
        )

    # The end-of-hand summary: why, and who lost.
    summary = page.locator("details.hand-summary")
    reason = summary.locator(".reason").inner_text()
    rows = summary.locator("tbody tr")
    assert rows.count() == 4
    record = browser.db(lambda: HandRecord.objects.get(table=table, number=0))
    from games import messages

    assert reason == messages.hand_reason(record.result["reason_code"], record.result["reason"])
    shown_losers = [i for i in range(4) if "loses" in rows.nth(i).locator("td.result").inner_text()]
    assert shown_losers == sorted(record.result["losers"])
    from games.models import TableAction

    actions = browser.db(
        lambda: list(
            TableAction.objects.filter(table=table, hand_number=0, seat=0).values_list(
                "index", "action", "actor"
            )
        )
    )
    # Every card of hers was a click in the page, at the version the page showed, and every
    # click a card of hers (none refused as stale, none played by a bot for her).
    assert clicked and [(i, a) for i, a, _actor in actions] == clicked, (clicked, actions)
    assert {actor for _i, _a, actor in actions} == {TableAction.Actor.PLAYER}
