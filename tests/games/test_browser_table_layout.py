"""In a real browser (Chromium driven by Playwright; marked ``browser``): the table page is a
card table that fits one screen, for every variant, on a laptop (1280x800), on a phone
(375x740) and on a phone held sideways (740x375).

Every variant is opened against bots; once it is the player's turn, and again with cards in
the trick, the felt (``#board``), the trick (``#trick``), every seat (``.seat``), the hand
(``#hand``) and the turn line (``#turn``) lie inside the window, the page does not scroll, and
the hand covers neither the trick nor any seat. Then keyboard play: a number key plays a card
one may play, and the arrows move a visible focus along the hand. On a phone, the side panel is a
drawer behind a button, the sound can be muted (and stays so), and with reduced motion the
seat whose turn it is does not glow.

With ``TUTE_SCREENSHOTS=<folder>`` in the environment the test also saves a screenshot of each
variant at each size there (docs/screenshots/ holds the committed ones).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from games import services
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import click_and_wait, db, first_legal_card, log_in, my_turn, play

pytestmark = [pytest.mark.browser, pytest.mark.slow]

asgi_server = browser.asgi_server  # the fixture, under its name here

#: (name for the screenshots, variant, players)
VARIANTS = [
    ("cabrero", "cabrero", 4),
    ("chancho", "chancho", 4),
    ("dos", "dos", 2),
    ("dos_ar", "dos_ar", 2),
    ("parejas", "parejas", 4),
    ("arrastrado", "arrastrado", 3),
    ("vtt", "vtt", 4),
]
SIZES = [(1280, 800), (375, 740), (740, 375)]

#: The boxes of the landmarks, the page's scroll size and the window's.
MEASURE_JS = """() => {
  const box = el => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const one = sel => { const el = document.querySelector(sel); return el ? box(el) : null; };
  return {
    board: one('#board'), trick: one('#trick'), hand: one('#hand'), turn: one('#turn'),
    seats: [...document.querySelectorAll('#board .seat')].map(box),
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth, height: window.innerHeight,
  };
}"""


def _inside(box: dict[str, float], width: int, height: int) -> bool:
    return (
        box["w"] > 0
        and box["h"] > 0
        and box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["w"] <= width + 0.5
        and box["y"] + box["h"] <= height + 0.5
    )


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


def assert_fits(page: Any, label: str) -> None:
    """The board, the trick, the seats, the hand and the turn line on one screen."""
    m = page.evaluate(MEASURE_JS)
    width, height = m["width"], m["height"]
    for name in ("board", "trick", "hand", "turn"):
        assert m[name] is not None, f"{label}: no #{name}"
        assert _inside(m[name], width, height), f"{label}: #{name} is off screen: {m[name]}"
    assert len(m["seats"]) >= 2, f"{label}: seats missing"
    for i, seat in enumerate(m["seats"]):
        assert _inside(seat, width, height), f"{label}: seat {i} is off screen: {seat}"
        assert not _overlap(m["hand"], seat), f"{label}: the hand covers seat {i}"
    assert not _overlap(m["hand"], m["trick"]), f"{label}: the hand covers the trick"
    assert m["scrollHeight"] <= height + 1, f"{label}: the page scrolls ({m['scrollHeight']})"
    assert m["scrollWidth"] <= width + 1, f"{label}: the page scrolls sideways"


def _tables(owner: Any) -> list[tuple[str, Any]]:
    return [
        (
            name,
            db(
                lambda v=variant, n=players: services.table_create(
                    creator=owner, variant=v, players=n, fill_with_bots=True, bot_level="random"
                )
            ),
        )
        for name, variant, players in VARIANTS
    ]


def _open(page: Any, base: str, table: Any) -> None:
    page.goto(f"{base}/tables/{table.pk}/")
    page.locator("#connection.connection-online").wait_for()
    play(page, done=lambda: my_turn(page), limit=30)


def _trick_has_cards(page: Any) -> bool:
    return page.locator("#trick .trick-card").count() > 0


def test_every_variant_fits_the_screen_at_every_size(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana", display_name="Ana García"))
    tables = _tables(ana)
    shots = os.environ.get("TUTE_SCREENSHOTS")
    context = browser_context_factory(viewport={"width": 1280, "height": 800})
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for name, table in tables:
        _open(page, base, table)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            assert_fits(page, f"{name} at {width}x{height}, her turn")
        # One card of hers (and the bots' after it): cards in the trick.
        page.set_viewport_size({"width": 1280, "height": 800})
        click_and_wait(page, first_legal_card(page))
        play(page, done=lambda: my_turn(page) and _trick_has_cards(page), limit=30)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            assert_fits(page, f"{name} at {width}x{height}, a trick in play")
            if shots:
                folder = Path(shots)
                folder.mkdir(parents=True, exist_ok=True)
                page.wait_for_timeout(400)
                page.screenshot(path=str(folder / f"{name}-{width}x{height}.png"), scale="css")
        page.set_viewport_size({"width": 1280, "height": 800})
    assert errors == []  # the motion and the sounds ran without a script error


@pytest.mark.parametrize("width,height", [(1280, 800), (375, 740)])
def test_keyboard_play_number_keys_and_arrows(
    asgi_server: str, browser_context_factory: Any, width: int, height: int
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana", display_name="Ana García"))
    table = db(
        lambda: services.table_create(
            creator=ana, variant="cabrero", players=4, fill_with_bots=True, bot_level="random"
        )
    )
    context = browser_context_factory(viewport={"width": width, "height": height})
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    _open(page, base, table)
    live = page.locator("#table-live")

    # The cards she may play are numbered; "1" plays the first of them.
    legal = live.locator(".hand-cards .card-button.is-legal")
    assert legal.count() >= 1
    assert legal.first.get_attribute("data-key") == "1"
    first = legal.first.get_attribute("value")
    hand_size = live.locator(".hand-cards .card-button").count()
    version = browser.version_of(page)
    page.keyboard.press("1")
    page.wait_for_function(
        "v => document.getElementById('table-live').dataset.version !== v", arg=version
    )
    assert page.locator(f'.hand-cards .card-button[value="{first}"]').count() == 0
    assert live.locator(".hand-cards .card-button").count() == hand_size - 1

    # Arrows move the focus along the hand, and it shows.
    play(page, done=lambda: my_turn(page), limit=30)
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.closest('.hand-cards') !== null")
    assert focused
    ring = page.evaluate(
        "getComputedStyle(document.activeElement.querySelector('svg')).outlineStyle"
    )
    assert ring != "none"
    page.keyboard.press("End")
    last = live.locator(".hand-cards .card-button").last.get_attribute("value")
    assert page.evaluate("document.activeElement.value") == last
    # Enter on a focused card is a click: a legal one is played.
    target = live.locator(".hand-cards .card-button.is-legal").last
    target.focus()
    value = target.get_attribute("value")
    version = browser.version_of(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => document.getElementById('table-live').dataset.version !== v", arg=version
    )
    assert page.locator(f'.hand-cards .card-button[value="{value}"]').count() == 0


def test_phone_drawer_mute_and_reduced_motion(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana", display_name="Ana García"))
    table = db(
        lambda: services.table_create(
            creator=ana, variant="cabrero", players=4, fill_with_bots=True, bot_level="random"
        )
    )
    context = browser_context_factory(
        viewport={"width": 375, "height": 740}, reduced_motion="reduce"
    )
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _open(page, base, table)

    # Reduced motion: the seat whose turn it is says so without glowing.
    # Read in one step in the page: a bot's move may replace the board between finding the
    # seat and reading its style (a detached element has no computed style: "").
    animation = page.wait_for_function(
        """() => {
            const seat = document.querySelector("#board .seat.is-turn");
            return seat && seat.isConnected && getComputedStyle(seat).animationName;
        }"""
    ).json_value()
    assert animation == "none"

    # The side panel: off screen and inert until its button opens it; Escape closes it.
    toggle = page.locator("#panel-toggle")
    panel = page.locator("#table-panel")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert panel.get_attribute("inert") is not None
    assert panel.bounding_box()["x"] >= 375
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert panel.get_attribute("inert") is None
    page.wait_for_function(
        "() => document.getElementById('table-panel').getBoundingClientRect().right <= 376"
    )
    assert panel.locator(".tally").is_visible()
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert panel.get_attribute("inert") is not None

    # Sound: on at first; muted by its button, and still muted on the next visit; M again.
    sound = page.locator("#sound-toggle")
    assert sound.get_attribute("aria-pressed") == "true"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('tute-sound')") == "off"
    page.reload()
    page.locator("#connection.connection-online").wait_for()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "false"
    page.locator("body").press("m")
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    assert errors == []
