"""In a real browser (Chromium driven by Playwright; marked ``browser``): a live table read by
an older player, on a phone (375 px) and on a laptop (1280 px). No text under 16px, the cards
one may play told apart by more than colour, the turn said in words, in a band that is more
than a colour, and read out by screen readers (a live region that survives the re-renders).
"""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import click_and_wait, db, first_legal_card, log_in, my_turn, play

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here


@pytest.mark.parametrize("width,height", [(375, 740), (1280, 800)])
def test_table_is_readable_and_says_whose_turn_it_is(
    asgi_server: str, browser_context_factory: Any, width: int, height: int
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana", display_name="Ana García"))
    table = db(
        lambda: services.table_create(
            creator=ana, variant="parejas", players=4, fill_with_bots=True, bot_level="heuristic"
        )
    )
    context = browser_context_factory(viewport={"width": width, "height": height})
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/")
    page.locator("#connection.connection-online").wait_for()
    live = page.locator("#table-live")
    announcer = page.locator("#turn-announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_attribute("role", "status")

    # One move of hers, so that the turn comes back to her after the bots' (and is announced);
    # then on until she must follow a trick with some cards forbidden.
    play(page, done=lambda: my_turn(page))
    click_and_wait(page, first_legal_card(page))
    play(page, done=lambda: browser.must_follow(page))

    # The turn, in words: on the status band, by her seat, and to screen readers.
    turn = live.locator(".turn-line.your-turn")
    expect(turn).to_be_visible()
    expect(turn).to_contain_text("Your turn.")
    assert float(turn.evaluate("e => parseFloat(getComputedStyle(e).borderTopWidth)")) >= 2
    expect(live.locator(".seat.is-you .badge-turn")).to_have_text("to play")
    expect(announcer).to_have_text("Your turn.")

    # Type: 16px or more for the page and for every text on it.
    root = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert root >= 16
    assert page.evaluate(browser.SMALL_TEXT_JS) == []
    # Nothing wider than the screen (no sideways scrolling of the page).
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # Her cards: big enough to tap and read, legal ones raised, ringed and checked.
    cards = live.locator(".hand-cards .card-button")
    for i in range(cards.count()):
        assert cards.nth(i).bounding_box()["width"] >= 44
    browser.assert_legal_and_illegal_cards_differ_beyond_colour(page)
    # The hand stays on screen (pinned at the bottom) even when the page is scrolled up.
    page.evaluate("window.scrollTo(0, 0)")
    last = cards.last.bounding_box()
    assert last["y"] + last["height"] <= height + 1

    # Her next turn is read out again, even when the page never shows the states between her
    # two turns (the bots answer while a finished trick stays on screen, and only the newest
    # waiting state is shown): the words stay "Your turn.", the turn is a new one.
    page.evaluate(
        """() => {
            const region = document.getElementById("turn-announcer");
            window.turnsSaid = [];
            new MutationObserver(() => window.turnsSaid.push(region.textContent)).observe(
                region, {childList: true, characterData: true, subtree: true});
        }"""
    )
    click_and_wait(page, first_legal_card(page))
    play(page, done=lambda: my_turn(page))
    page.wait_for_function("() => window.turnsSaid.includes('Your turn.')")
