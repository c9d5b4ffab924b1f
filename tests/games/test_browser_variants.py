"""In a real browser (Chromium driven by Playwright; marked ``browser``), variants other than
Cabrero: Spanish tute for two against a bot (the stock, the draw after a trick, the swap of the
turned card and a canto, all by clicking), tute in pairs (the partner, a whole hand to its
summary), and a table on a phone (big cards, legal and illegal cards told apart by more than
colour, the engine's explanation in the player's language).

The deal of the game for two is stacked through the table's seed and first dealer, set before
the game starts: with seed 1815 and seat 1 dealing, the player (seat 0, mano) holds the ace and
the seven of cups, the caballo of cups, and the turned card is the king of cups (cups trump).
The swap is offered at once; leading the ace of trump wins the first trick whatever the bot
answers, so the player then takes the king for his seven and may sing 40 in cups.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from games import errors, services
from games.engine import get_variant
from games.models import HandRecord, Seat, Table, TableAction
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import PHONE, click_and_wait, db, log_in, play

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here

DOS_SEED, DOS_DEALER = 1815, 1


def _player(username: str = "ana", name: str = "Ana García") -> Any:
    return db(lambda: UserFactory(username=username, display_name=name))


def test_the_stacked_deal_is_the_one_the_dos_test_expects() -> None:
    """The premise of the next test, checked on the engine alone (no browser)."""
    variant = get_variant("dos")
    match = variant.new_match(
        players=2, seed=DOS_SEED, options=variant.validate_options({}), dealer=DOS_DEALER
    )
    hand = match.observation(0)["hand"]
    assert (hand["trump"], hand["turned"], hand["turn"]) == ("C", "12C", 0)
    assert {"1C", "7C", "11C"} <= set(hand["hand"])
    assert "swap" in hand["legal"]


def test_tute_for_two_against_a_bot_stock_draw_swap_and_forty(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = _player()
    table = db(lambda: services.table_create(creator=ana, variant="dos", players=2))
    db(lambda: Table.objects.filter(pk=table.pk).update(seed=DOS_SEED, first_dealer=DOS_DEALER))
    context = browser_context_factory()
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/")

    # The waiting room: a bot takes the other seat and the game starts.
    page.select_option("#bot-level", "heuristic")
    fill = page.get_by_role("button", name="Fill the empty seats with bots")
    expect(fill).to_have_css("background-color", "rgb(11, 93, 30)")  # a primary button: green
    expect(page.get_by_role("button", name="Close this table")).to_have_css(
        "color",
        "rgb(155, 17, 17)",  # a danger button: red
    )
    fill.click()
    page.locator("#connection.connection-online").wait_for()
    live = page.locator("#table-live")
    status = live.locator(".status-bar")
    expect(status).to_contain_text("Your turn.")
    expect(status).to_contain_text("Stock: 24 cards")
    expect(status.locator(".trump-indicator")).to_contain_text("Trump: cups")
    hand = live.locator(".hand-cards .card-button")
    expect(hand).to_have_count(8)
    seven = live.locator('.hand-cards button[value="7C"]')
    king = live.locator('.hand-cards button[value="12C"]')
    expect(seven).to_have_count(1)
    expect(king).to_have_count(0)
    # The stock's bottom card is the turned king.
    expect(status.get_by_role("img", name="king of cups")).to_have_count(2)

    # The swap: the seven leaves the hand and goes under the turned king at once; the king
    # waits on the table for Ana's next trick won.
    swap = live.get_by_role("button", name="Swap for the turned card")
    click_and_wait(page, swap)
    expect(seven).to_have_count(0)
    expect(hand).to_have_count(7)
    expect(live.get_by_role("button", name="Swap for the turned card")).to_have_count(0)
    # The trump badge shows the king still on the table; the stock's bottom card the seven.
    expect(status.get_by_role("img", name="seven of cups")).to_have_count(1)
    expect(status.get_by_role("img", name="king of cups")).to_have_count(1)
    expect(status.locator(".swap-waiting")).to_contain_text(
        "Ana García takes the king of cups on winning a trick; the seven of cups lies under it."
    )

    # The ace of trump wins the first trick; then both draw (24 -> 22) and the king comes in.
    click_and_wait(page, live.locator('.hand-cards button[value="1C"]'))
    expect(status).to_contain_text("Stock: 22 cards")
    expect(king).to_have_count(1)
    expect(hand).to_have_count(8)
    expect(status.locator(".swap-waiting")).to_have_count(0)
    mine = live.locator(".seat.is-you")
    expect(mine.locator(".took")).to_have_text("takes the trick")

    # With the king and the caballo of trump: 40 in cups, sung by a click.
    sing = live.get_by_role("button", name="Sing 40 in cups")
    expect(sing).to_be_visible()
    click_and_wait(page, sing)
    expect(live.locator(".cantos")).to_contain_text("Ana García sang 40 in cups")
    expect(live.get_by_role("button", name=re.compile("^Sing"))).to_have_count(0)

    # The rest of the deal, by clicks, to its summary.
    summary = page.locator("details.hand-summary")
    play(page, done=lambda: summary.count() > 0)
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(2)
    record = db(lambda: HandRecord.objects.get(table=table, number=0))
    first = rows.nth(0)
    assert [first.locator(f"td.{c}").inner_text() for c in ("points", "tricks", "cantos")] == [
        str(record.result["points"][0]),
        str(record.result["tricks"][0]),
        "40",
    ]
    # The result comes right after the name (the last columns may scroll on a phone).
    assert first.locator("td").first.get_attribute("class") == "result"
    mine = db(lambda: list(TableAction.objects.filter(table=table, seat=0).order_by("index")))
    assert [a.action for a in mine[:3]] == ["swap", "1C", "sing:C"]
    assert all(a.actor == "player" for a in mine)


def test_tute_in_pairs_with_three_bots_shows_the_partner_and_plays_a_hand(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = _player()
    context = browser_context_factory()
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(base + "/tables/")
    page.get_by_role("button", name=re.compile(r"^Tute in pairs")).click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    table = db(Table.objects.get)
    assert (table.variant, table.players) == ("parejas", 4)
    page.locator("#connection.connection-online").wait_for()

    live = page.locator("#table-live")
    seats = live.locator(".seats > .seat")
    expect(seats).to_have_count(4)
    partner = live.locator(".seat", has=page.locator(".badge", has_text="your partner"))
    expect(partner).to_have_count(1)
    expect(live.locator(".seat.is-you .badge", has_text="your partner")).to_have_count(0)
    partner_seat = db(lambda: Seat.objects.get(table=table, position=2))
    assert partner_seat.is_bot
    partner_name = partner.locator(".seat-name").inner_text()

    # When her partner takes a trick she may get a canto window: no card to play then, the
    # hint says so and every card is flat.
    windows = []

    def choose(page: Any) -> Any | None:
        if not live.locator(".hand-cards .card-button.is-legal").count():
            hint = live.locator(".my-hand .hint").inner_text()
            flat = live.locator(".hand-cards .card-button.is-illegal").count()
            windows.append((hint, flat == live.locator(".hand-cards .card-button").count()))
        return browser.first_legal_card(page)

    summary = page.locator("details.hand-summary")
    hand_over = HandRecord.objects.filter(table=table, number=0).exists
    clicks = play(page, done=lambda: summary.count() > 0, choose=choose, hold=lambda: db(hand_over))
    record = db(lambda: HandRecord.objects.get(table=table, number=0))
    if record.result["tute"] is None:
        assert clicks >= 10  # ten cards, and maybe a canto window or two
    else:  # a tute wins the game at once (RULES §6): the hand may end after any trick
        assert clicks >= 1
    assert all(w == ("(no card now: choose below)", True) for w in windows), windows

    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(4)
    assert rows.nth(2).locator("th").inner_text() == partner_name
    lost = ["loses" in rows.nth(i).locator("td.result").inner_text() for i in range(4)]
    assert [i for i in range(4) if lost[i]] == sorted(record.result["losers"])
    # Partners share the result: the player and the partner against the other pair.
    assert lost[0] == lost[2] and lost[1] == lost[3] and lost[0] != lost[1]
    mine = TableAction.objects.filter(table=table, hand_number=0, seat=0, actor="player")
    assert db(mine.count) == clicks


def test_phone_table_big_cards_illegal_ones_flat_and_explained_in_spanish(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = _player()
    table = db(
        lambda: services.table_create(
            creator=ana, variant="parejas", players=4, fill_with_bots=True, bot_level="heuristic"
        )
    )
    context = browser_context_factory(**PHONE, locale="es-ES")
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/")
    page.locator("#connection.connection-online").wait_for()
    live = page.locator("#table-live")
    illegal = live.locator(".hand-cards .card-button.is-illegal")

    # Play on until the player must follow a trick with some cards forbidden.
    play(page, done=lambda: browser.must_follow(page))
    expect(live.locator(".turn-line")).to_contain_text("Le toca jugar.")

    cards = live.locator(".hand-cards .card-button")
    assert cards.count() >= 2
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box["width"] >= 44, f"card {i} is {box['width']}px wide"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375  # no sideways scrolling

    browser.assert_legal_and_illegal_cards_differ_beyond_colour(page)
    with translation.override("es"):
        not_now = translation.gettext("cannot be played now")
    for i in range(illegal.count()):  # screen readers hear it too
        expect(illegal.nth(i)).to_contain_text(not_now)

    # A tap on a forbidden card: nothing is played, the engine's reason shows, in Spanish.
    version = live.get_attribute("data-version")
    notation = illegal.first.get_attribute("value")
    illegal.first.tap()
    error = page.locator("#table-error")
    expect(error).not_to_be_empty()
    with translation.override("es"), pytest.raises(errors.IllegalMoveError) as refused:
        db(
            lambda: services.table_act(
                table_id=table.pk, user=ana, action=notation, version=int(version)
            )
        )
    expect(error).to_have_text(refused.value.message)
    assert live.get_attribute("data-version") == version
    assert not db(TableAction.objects.filter(table=table, seat=0, action=notation).exists)
