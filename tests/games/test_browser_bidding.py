"""In a real browser (Chromium driven by Playwright; marked ``browser``): a whole hand of each
bidding tute against bots, by clicks and taps, on a laptop (1280x800) and on a phone (375x740).

* Remate: the player is the mano; the bid's stepper walks the legal bids (the + button stops at
  the highest), she bids the highest so that the bots must pass, names trump with a suit
  button, plays her cards; the hand's summary says what was bid and whether it was made.
* Codillo: she says juego first, names trump, picks the card to call from a suit's tab (a card
  she does not hold), the called card shows in the corner; she plays the hand to its summary.
* Bato: she says juego first; once someone plays along she taps two cards (they rise and say
  so), confirms "Exchange 2 cards" and holds four new-and-old cards; she plays to the summary.

At every step the felt, the seats, the hand and the turn line are on screen, the auction's
panel lies on the felt and the page does not scroll. With ``TUTE_SCREENSHOTS=<folder>`` the
test saves a screenshot of each stage at each size there.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from games import services
from games.models import HandRecord, Table
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import click_and_wait, db, log_in

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here

SIZES = [(1280, 800), (375, 740)]
#: case -> (variant, players, options); the bots are random (they decide at once).
#: One hand each: the match ends with it, so the page stays still for its summary.
GAMES = {
    "remate": ("remate", 3, {"hands": 1}),
    "codillo": ("codillo", 4, {"target": 1}),
    "bato": ("bato", 4, {"hands": 1}),
    "bato6": ("bato", 6, {"hands": 1}),  # the most seats round the felt
}
#: Bato's deal and bots' draws with this seed: somebody plays along with her juego.
SEEDS = {"bato": 1, "bato6": 1}
BOTS = "random"

MEASURE_JS = """() => {
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const q = sel => box(document.querySelector(sel));
  return {
    board: q('#board'), hand: q('#hand'), turn: q('#turn'), auction: q('#auction'),
    controls: q('.bidding-controls'),
    seats: [...document.querySelectorAll('#board .seat')].map(box),
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth, height: window.innerHeight,
  };
}"""


def _inside(box: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        box["w"] > 0
        and box["h"] > 0
        and box["x"] >= outer["x"] - 0.5
        and box["y"] >= outer["y"] - 0.5
        and box["x"] + box["w"] <= outer["x"] + outer["w"] + 0.5
        and box["y"] + box["h"] <= outer["y"] + outer["h"] + 0.5
    )


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    """Two boxes that do not overlap (touching edges, or a pixel's rounding, are allowed)."""
    return (
        a["x"] + a["w"] <= b["x"] + 1
        or b["x"] + b["w"] <= a["x"] + 1
        or a["y"] + a["h"] <= b["y"] + 1
        or b["y"] + b["h"] <= a["y"] + 1
    )


def assert_fits(page: Any, label: str) -> None:
    m = page.evaluate(MEASURE_JS)
    window = {"x": 0, "y": 0, "w": m["width"], "h": m["height"]}
    for name in ("board", "hand", "turn"):
        assert m[name] is not None and _inside(m[name], window), f"{label}: #{name} {m[name]}"
    for i, seat in enumerate(m["seats"]):
        assert _inside(seat, window), f"{label}: seat {i} is off screen: {seat}"
        for j, other in enumerate(m["seats"][:i]):
            assert _apart(seat, other), f"{label}: seats {j} and {i} overlap: {other} {seat}"
    if m["auction"] is not None and m["auction"]["w"]:  # (phones show the list in the drawer)
        assert _inside(m["auction"], m["board"]), f"{label}: the auction leaves the felt"
    if m["controls"] is not None:
        assert _inside(m["controls"], window), f"{label}: the calls are off screen"
    assert m["scrollHeight"] <= m["height"] + 1, f"{label}: the page scrolls"
    assert m["scrollWidth"] <= m["width"] + 1, f"{label}: the page scrolls sideways"


class Shots:
    """Screenshots of each stage, once per size, when TUTE_SCREENSHOTS names a folder."""

    def __init__(self, variant: str, size: tuple[int, int]) -> None:
        folder = os.environ.get("TUTE_SCREENSHOTS")
        self.folder = Path(folder) if folder else None
        self.prefix = f"{variant}-{size[0]}x{size[1]}"
        self.taken: set[str] = set()

    def take(self, page: Any, stage: str, element: Any = None) -> None:
        if self.folder is None or stage in self.taken:
            return
        self.taken.add(stage)
        self.folder.mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(300)
        path = str(self.folder / f"{self.prefix}-{stage}.png")
        (element or page).screenshot(path=path, scale="css")


def _table(ana: Any, case: str) -> Table:
    variant, players, options = GAMES[case]
    table = services.table_create(
        creator=ana, variant=variant, players=players, options=options, turn_seconds=0
    )
    # Ana (seat 0) is the mano: the one at the dealer's right, the last seat dealing.
    Table.objects.filter(pk=table.pk).update(
        first_dealer=players - 1, seed=SEEDS.get(case, table.seed)
    )
    services.table_fill_bots(table_id=table.pk, user=ana, level=BOTS)
    return Table.objects.get(pk=table.pk)


def _my_turn(page: Any) -> bool:
    return page.locator("#table-live[data-your-turn]").count() > 0


def _wait_turn(page: Any, done: Any, limit: float = 60) -> bool:
    deadline = time.monotonic() + limit
    while not done():
        if _my_turn(page):
            return True
        assert time.monotonic() < deadline, "the bots did not give her the turn"
        time.sleep(0.05)
    return False


def _play_hand(page: Any, variant: str, shots: Shots, label: str) -> set[str]:
    """Click through the first hand to its summary; the stages met."""
    live = page.locator("#table-live")
    summary = page.locator("details.hand-summary")
    seen: set[str] = set()

    def done() -> bool:
        return summary.count() > 0 or live.get_attribute("data-status") != "playing"

    while _wait_turn(page, done):
        controls = live.locator(".bidding-controls")
        stepper = controls.locator(".bid-stepper")
        if stepper.count():
            seen.add("bid")
            assert_fits(page, f"{label}, the auction")
            shots.take(page, "auction")
            plus = stepper.locator('[data-bid-step="1"]')
            value = stepper.locator(".bid-value")
            first = int(value.inner_text())
            if plus.is_enabled():
                plus.click()
                assert int(value.inner_text()) == first + 5
                expect(stepper.locator(".bid-submit")).to_have_text(f"Bid {first + 5}")
            while plus.is_enabled():
                plus.click()
            highest = stepper.get_attribute("data-bids").split(",")[-1]
            assert value.inner_text() == highest
            click_and_wait(page, stepper.locator(".bid-submit"))
            continue
        if controls.locator(".trump-choice").count():
            seen.add("trump")
            assert controls.locator(".trump-choice").count() == 4
            assert_fits(page, f"{label}, naming trump")
            shots.take(page, "trump")
            click_and_wait(page, controls.locator(".trump-choice").first)
            continue
        picker = live.locator(".call-picker")
        if picker.count():
            seen.add("call")
            assert_fits(page, f"{label}, calling a card")
            shots.take(page, "call")
            mine = set(
                live.locator(".hand-cards .card-button").evaluate_all("bs => bs.map(b => b.value)")
            )
            tabs = picker.locator(".call-tab")
            tabs.last.click()
            cards = picker.locator(".call-cards:visible .call-card")
            assert cards.count() >= 1
            called = cards.first.get_attribute("value")[5:]
            assert called not in mine
            click_and_wait(page, cards.first)
            corner = page.locator(".table-corner .called")
            expect(corner).to_be_visible()
            assert corner.locator("svg[aria-label]").count() == 1
            continue
        for word in ("juego", "acompano"):
            button = controls.locator(f'button[value="{word}"]')
            if button.count():
                seen.add(word)
                assert_fits(page, f"{label}, {word}")
                shots.take(page, word)
                click_and_wait(page, button)
                break
        else:
            if live.locator(".hand-cards.is-exchange").count():
                seen.add("exchange")
                _exchange(page, shots, label)
                continue
            legal = live.locator(".hand-cards .card-button.is-legal")
            if legal.count():
                seen.add("play")
                if "play" not in shots.taken and page.locator("#trick .trick-card").count():
                    assert_fits(page, f"{label}, playing")
                    shots.take(page, "play")
                click_and_wait(page, legal.first)
                continue
            passing = controls.locator('button[value="pass"]')
            assert passing.count(), f"{label}: her turn and nothing to do"
            click_and_wait(page, passing)
    return seen


def _exchange(page: Any, shots: Shots, label: str) -> None:
    live = page.locator("#table-live")
    cards = live.locator(".hand-cards .card-button")
    before = cards.evaluate_all("bs => bs.map(b => b.value.slice(8))")
    assert len(before) == 4
    assert_fits(page, f"{label}, the exchange")
    keep = live.locator(".exchange-submit")
    expect(keep).to_have_text("Keep my cards")
    for i in range(2):
        click_and_wait(page, cards.nth(i))
        expect(cards.nth(i)).to_have_class(re.compile(r"\bis-marked\b"))
        assert cards.nth(i).get_attribute("aria-pressed") == "true"
    marked = live.locator(".hand-cards .card-button.is-marked")
    expect(marked).to_have_count(2)
    box = marked.first.locator("svg").bounding_box()
    flat = live.locator(".hand-cards .card-button:not(.is-marked)").first.locator("svg")
    assert box["y"] < flat.bounding_box()["y"] - 4, "a marked card does not rise"
    expect(live.locator(".exchange-submit")).to_have_text("Exchange 2 cards")
    shots.take(page, "exchange")
    gone = set(before[:2])
    click_and_wait(page, live.locator(".exchange-submit"))
    after = set(live.locator(".hand-cards .card-button").evaluate_all("bs => bs.map(b => b.value)"))
    assert len(after) == 4 and not gone & after, (before, after)
    expect(page.locator(".seat.is-you .tag-exchange")).to_have_text("changed 2")


def _cases() -> list[Any]:
    out = []
    for case in sorted(GAMES):
        for size in SIZES:
            out.append(pytest.param(case, size, id=f"{size[0]}x{size[1]}-{case}"))
    return out


@pytest.mark.parametrize(("case", "size"), _cases())
def test_a_whole_hand_against_bots(
    asgi_server: str, browser_context_factory: Any, case: str, size: tuple[int, int]
) -> None:
    variant = GAMES[case][0]
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana", display_name="Ana García"))
    table = db(lambda: _table(ana, case))
    context = browser_context_factory(viewport={"width": size[0], "height": size[1]})
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/tables/{table.pk}/")
    page.locator("#connection.connection-online").wait_for()
    shots = Shots(case, size)
    label = f"{case} at {size[0]}x{size[1]}"

    seen = _play_hand(page, variant, shots, label)
    expected = {
        "remate": {"bid", "trump", "play"},
        "codillo": {"juego", "trump", "call", "play"},
        "bato": {"juego", "exchange", "play"},
        "bato6": {"juego"},  # whether anyone plays along is the bots' draw
    }[case]
    assert expected <= seen, seen
    record = db(lambda: HandRecord.objects.filter(table=table).order_by("number").first())
    assert record is not None
    summary = page.locator("details.hand-summary")
    if size[0] < 900:
        page.locator("#panel-toggle").click()
    if summary.get_attribute("open") is None:
        summary.locator("summary").click()
    summary.scroll_into_view_if_needed()
    expect(summary).to_be_visible()
    shots.take(page, "summary", summary if size[0] >= 900 else None)
    text = summary.inner_text()
    extra = record.result["extra"]
    if variant == "remate":
        assert extra["jugador"] == 0
        assert f"bid {extra['bid']}" in text
        assert ("made" in text) == bool(extra["made"]) or "fell short" in text
    elif variant == "codillo":
        assert "called" in text
    assert errors == []
