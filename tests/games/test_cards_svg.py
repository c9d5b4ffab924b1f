"""The card drawings of games/templatetags/cards.py: {% card %}, {% card_back %}, {% suit_icon %},
{% card_sprite %}, and static/games/cards.css in a 360px-wide browser.

Run ``python -m tests.games.test_cards_svg`` to write the gallery of all 40 cards to
/tmp/cards.html and screenshot it (phone and desktop) into /tmp/cards-*.png.
"""

from __future__ import annotations

import itertools
import re
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

from games.engine.cards import Card
from games.templatetags import cards

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
ALL = [f"{rank}{suit}" for suit in "OCEB" for rank in RANKS]
HAND = ["1O", "3O", "12O", "7C", "4C", "11E", "2E", "10B", "5B", "6B"]


def render(source: str, **context: Any) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def uses(element: ET.Element) -> list[str]:
    return [u.get("href", "") for u in element.iter(f"{SVG}use")]


def symbol(ident: str) -> ET.Element:
    """The sprite's symbol ``ident``."""
    found = [s for s in parse(cards.sprite_svg()).iter(f"{SVG}symbol") if s.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def sprite_ids() -> set[str]:
    return {s.get("id", "") for s in parse(cards.sprite_svg()).iter(f"{SVG}symbol")}


# ------------------------------------------------------------------------------------------------
# Every card
# ------------------------------------------------------------------------------------------------


def test_the_deck_has_forty_notations() -> None:
    assert sorted(cards.NOTATIONS) == sorted(ALL)
    assert len(set(ALL)) == 40


@pytest.mark.parametrize("notation", ALL)
def test_each_card_is_valid_svg_with_its_pips_and_numerals(notation: str) -> None:
    rank, suit = int(notation[:-1]), notation[-1]
    with translation.override("en"):
        svg = parse(render("{% card n %}", n=notation))
    assert svg.tag == f"{SVG}svg"
    assert svg.get("viewBox") == "0 0 100 150"
    assert svg.get("data-card") == notation
    assert svg.get("role") == "img"
    assert svg.get("aria-label")
    assert "playing-card" in svg.get("class", "").split()
    assert svg.get("width") is None and svg.get("height") is None  # sized by CSS

    # The card is one reference to its drawing in the sprite, which every page has once.
    assert uses(svg) == [f"#tute-card-{notation}"]
    drawing = symbol(f"tute-card-{notation}")
    assert drawing.get("viewBox") == "0 0 100 150"
    hrefs = uses(drawing)
    assert hrefs[0] == f"#tute-face-{suit}"
    pips = [h for h in hrefs if h == f"#tute-suit-{suit}"]
    assert not [h for h in hrefs if h.startswith("#tute-suit-") and h != f"#tute-suit-{suit}"]
    if rank <= 7:
        assert len(pips) == rank, f"{notation}: {len(pips)} pips"
    else:
        emblem = {10: "#tute-sota", 11: "#tute-caballo", 12: "#tute-rey"}[rank]
        assert emblem in hrefs
        assert len(pips) == 1
        letters = [t.text for t in drawing.iter(f"{SVG}text") if t.text and t.text.isalpha()]
        assert letters == [{10: "S", 11: "C", 12: "R"}[rank]]
    # Every reference resolves in the sprite.
    assert {h.lstrip("#") for h in hrefs} <= sprite_ids()

    # The rank in two corners, top-left and bottom-right.
    index = next(g for g in drawing.iter(f"{SVG}g") if "playing-card__index" in g.get("class", ""))
    numerals = [(t.text, float(t.get("x", 0)), float(t.get("y", 0))) for t in index]
    assert [n[0] for n in numerals] == [str(rank), str(rank)]
    (_, x1, y1), (_, x2, y2) = numerals
    assert x1 < 20 and y1 < 40 and x2 > 80 and y2 > 130


def test_every_card_looks_different_even_without_its_label() -> None:
    drawings = set()
    for notation in ALL:
        svg = parse(cards.card_svg(notation, label=""))
        (href,) = uses(svg)
        drawings.add(ET.tostring(symbol(href.lstrip("#"))).replace(href.encode(), b""))
    assert len(drawings) == 40


def test_suits_differ_in_shape_not_only_colour() -> None:
    def shape(suit: str) -> str:
        return re.sub(r"#[0-9a-f]{6}", "", cards._suit_shape(suit))

    assert len({shape(s) for s in "OCEB"}) == 4
    assert len({cards._frame_path(s) for s in "OCEB"}) == 4  # the pinta gaps


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "es",
            {
                "12B": "rey de bastos",
                "1O": "as de oros",
                "10C": "sota de copas",
                "11E": "caballo de espadas",
                "7B": "siete de bastos",
                "3O": "tres de oros",
            },
        ),
        (
            "en",
            {
                "12B": "king of batons",
                "1O": "ace of coins",
                "10C": "jack of cups",
                "11E": "horse of swords",
                "7B": "seven of batons",
                "3O": "three of coins",
            },
        ),
        (
            "it",
            {
                "12B": "re di bastoni",
                "1O": "asso di denari",
                "10C": "fante di coppe",
                "11E": "cavallo di spade",
                "7B": "sette di bastoni",
                "3O": "tre di denari",
            },
        ),
    ],
)
def test_accessible_label_is_the_cards_name_in_the_active_language(
    language: str, expected: dict[str, str]
) -> None:
    with translation.override(language):
        for notation, name in expected.items():
            svg = parse(render("{% card n %}", n=notation))
            assert svg.get("aria-label") == name
        back = parse(render("{% card_back %}"))
        assert (
            back.get("aria-label")
            == {"es": "carta boca abajo", "en": "face-down card", "it": "carta coperta"}[language]
        )
        icon = parse(render('{% suit_icon "B" %}'))
        assert icon.get("aria-label") == {"es": "bastos", "en": "batons", "it": "bastoni"}[language]


def test_every_card_has_a_distinct_label_in_spanish_and_english() -> None:
    for language in ("es", "en"):
        with translation.override(language):
            labels = {cards.card_label(n) for n in ALL}
        assert len(labels) == 40


# ------------------------------------------------------------------------------------------------
# Arguments
# ------------------------------------------------------------------------------------------------


def test_state_size_and_label_arguments() -> None:
    svg = parse(render('{% card "12B" size="small" state="legal" label="my king" %}'))
    classes = svg.get("class", "").split()
    assert {"playing-card", "playing-card--small", "playing-card--legal"} <= set(classes)
    assert svg.get("aria-label") == "my king"
    for state in ("legal", "illegal", "selected", "played"):
        svg = parse(render("{% card '3C' state=s %}", s=state))
        assert f"playing-card--{state}" in svg.get("class", "").split()
    both = parse(render('{% card "3C" state="legal selected" %}'))
    assert {"playing-card--legal", "playing-card--selected"} <= set(both.get("class").split())


def test_empty_label_makes_the_drawing_decorative() -> None:
    svg = parse(render('{% card "3C" label="" %}'))
    assert svg.get("aria-hidden") == "true" and svg.get("role") is None
    icon = parse(render('{% suit_icon "C" label="" %}'))
    assert icon.get("aria-hidden") == "true"


def test_label_is_escaped() -> None:
    html = render('{% card "3C" label=l %}', l='<b>"x"</b>')
    assert "<b>" not in html
    assert parse(html).get("aria-label") == '<b>"x"</b>'


def test_accepts_engine_cards_and_lower_case() -> None:
    assert parse(render("{% card c %}", c=Card.from_notation("12B"))).get("data-card") == "12B"
    assert parse(render('{% card "10c" %}')).get("data-card") == "10C"


@pytest.mark.parametrize("bad", ["13B", "8O", "9C", "0E", "12X", "B12", "", "1", "OO", None, 12])
def test_bad_notation_raises_a_clear_error(bad: Any) -> None:
    with pytest.raises(TemplateSyntaxError, match=r"Unknown card .*rank.*suit letter"):
        render("{% card n %}", n=bad)
    with pytest.raises(ValueError, match="Unknown card"):
        cards.card_svg(bad)


def test_bad_state_size_and_suit_raise() -> None:
    with pytest.raises(TemplateSyntaxError, match="Unknown card state 'playable'"):
        render('{% card "1O" state="playable" %}')
    with pytest.raises(ValueError, match="Bad card size"):
        render('{% card "1O" size="big card" %}')
    with pytest.raises(TemplateSyntaxError, match="Unknown suit 'X'"):
        render('{% suit_icon "X" %}')


# ------------------------------------------------------------------------------------------------
# Back, suit icon, sprite, size
# ------------------------------------------------------------------------------------------------


def test_card_back() -> None:
    svg = parse(render('{% card_back size="small" state="illegal" %}'))
    assert uses(svg) == ["#tute-back"]
    assert {"playing-card--back", "playing-card--small", "playing-card--illegal"} <= set(
        svg.get("class", "").split()
    )
    assert "data-card" not in svg.attrib  # a face-down card tells nothing


@pytest.mark.parametrize("suit", "OCEB")
def test_suit_icon_is_self_contained(suit: str) -> None:
    svg = parse(render("{% suit_icon s %}", s=suit))
    assert svg.get("viewBox") == "0 0 40 40"
    assert f"suit-icon--{suit}" in svg.get("class", "")
    assert uses(svg) == []  # needs no sprite
    assert len(list(svg.iter())) > 2


def test_sprite_once_per_render_and_defines_every_symbol() -> None:
    html = render("{% card_sprite %}<p>{% card_sprite %}</p>")
    assert html.count('id="tute-suit-O"') == 1
    ids = sprite_ids()
    assert {f"tute-suit-{s}" for s in "OCEB"} | {f"tute-face-{s}" for s in "OCEB"} <= ids
    assert {"tute-sota", "tute-caballo", "tute-rey", "tute-back"} <= ids
    sprite = parse(cards.sprite_svg())
    assert sprite.get("aria-hidden") == "true"
    # A second page render gets its own sprite.
    assert 'id="tute-back"' in render("{% card_sprite %}")


def test_a_hand_is_small_html() -> None:
    # Sent in every live frame that changes the hand: the drawings stay in the page's sprite.
    hand = render("{% for n in hand %}{% card n state='legal' %}{% endfor %}", hand=HAND)
    assert len(hand.encode()) < 2_500, len(hand.encode())
    # Once per page: 40 faces (about 3 KB gzipped).
    assert len(cards.sprite_svg().encode()) < 36_000
    assert len(render('{% suit_icon "B" %}').encode()) < 1_000


def test_stylesheet_has_the_states_and_guards() -> None:
    css = (ROOT / "static" / "games" / "cards.css").read_text()
    for selector in (
        ".playing-card--legal",
        ".playing-card--illegal",
        ".playing-card--selected",
        ".playing-card--played",
        ":focus-visible",
        ".card-hand",
        ".trick-area",
        ".trump-indicator",
        ".suit-icon",
        "prefers-reduced-motion",
    ):
        assert selector in css, selector


# ------------------------------------------------------------------------------------------------
# In a browser
# ------------------------------------------------------------------------------------------------

PAGE = """{% load cards %}<!DOCTYPE html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>{{ site_css|safe }}</style><style>{{ cards_css|safe }}</style></head><body>
{% card_sprite %}
<main class="container">
  <p><span class="trump-indicator">{% suit_icon "B" label="" %} Triunfo: bastos</span></p>
  <ul class="card-fan">{% for i in backs %}<li>{% card_back %}</li>{% endfor %}</ul>
  <div class="trick-area">
    <div class="trick-area__n">{% card "12E" state="played" %}</div>
    <div class="trick-area__w">{% card "3C" state="played" %}</div>
    <div class="trick-area__e">{% card "7B" state="played" %}</div>
    <div class="trick-area__center">{% card_back size="small" %}</div>
  </div>
  <ul class="card-hand">{% for n, state in hand %}
    <li><button type="button" class="card-button">{% card n state=state %}</button></li>
  {% endfor %}</ul>
  {% if gallery %}<h2>40</h2>{% for row in gallery %}
    <ul class="card-hand">{% for n in row %}<li>{% card n %}</li>{% endfor %}</ul>
  {% endfor %}{% endif %}
</main></body></html>"""

HAND_STATES = [
    "legal",
    "legal",
    "selected",
    "illegal",
    "illegal",
    "illegal",
    "illegal",
    "legal",
    "legal",
    "legal",
]


def page_html(*, gallery: bool = False) -> str:
    with translation.override("es"):
        return render(
            PAGE.removeprefix("{% load cards %}"),
            site_css=(ROOT / "static" / "css" / "tute.css").read_text(),
            cards_css=(ROOT / "static" / "games" / "cards.css").read_text(),
            backs=range(5),
            hand=list(zip(HAND, HAND_STATES, strict=True)),
            gallery=[ALL[i : i + 10] for i in range(0, 40, 10)] if gallery else None,
        )


def card_boxes(page: Any) -> list[dict[str, float]]:
    return page.eval_on_selector_all(
        ".card-hand .playing-card", "els => els.map(e => e.getBoundingClientRect().toJSON())"
    )


@pytest.mark.browser
@pytest.mark.slow
def test_a_ten_card_hand_fits_a_360px_phone(browser_context_factory: Any) -> None:
    page = browser_context_factory(
        viewport={"width": 360, "height": 740}, device_scale_factor=2
    ).new_page()
    page.set_content(page_html())
    boxes = card_boxes(page)
    assert len(boxes) == 10
    for box in boxes:
        assert box["width"] >= 44, box
        assert box["left"] >= 0 and box["right"] <= 360, box
    # Two rows of five (legal and selected cards are raised a little within their row).
    tops = sorted(box["top"] for box in boxes)
    rows = 1 + sum(1 for a, b in itertools.pairwise(tops) if b - a > boxes[0]["height"] / 2)
    assert rows == 2
    assert len({round(box["left"]) for box in boxes}) == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The sprite is found: a card's drawing, made of <use> of the suit's face and pips, has a
    # size (an unresolved reference has none).
    assert (
        page.evaluate(
            "document.querySelector('.card-hand use[href=\"#tute-card-1O\"]').getBBox().width"
        )
        > 0
    )
    # The trick and the opponent's backs fit too.
    for selector in (".trick-area .playing-card", ".card-fan .playing-card"):
        for box in page.eval_on_selector_all(
            selector, "els => els.map(e => e.getBoundingClientRect().toJSON())"
        ):
            assert box["left"] >= 0 and box["right"] <= 360, (selector, box)
    page.keyboard.press("Tab")
    outline = page.evaluate(
        "getComputedStyle(document.activeElement.querySelector('.playing-card')).outlineWidth"
    )
    assert outline == "4px"
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "cards-hand-360.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.slow
def test_on_a_desktop_the_hand_is_one_row(browser_context_factory: Any) -> None:
    page = browser_context_factory(viewport={"width": 1280, "height": 900}).new_page()
    page.set_content(page_html())
    boxes = card_boxes(page)
    assert len({round(box["left"]) for box in boxes}) == 10
    assert all(90 <= box["width"] <= 140 for box in boxes), boxes


def write_gallery() -> list[Path]:
    """All 40 cards into /tmp/cards.html, with screenshots at 360px and 1280px."""
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    out = Path(tempfile.gettempdir())
    html = out / "cards.html"
    html.write_text(page_html(gallery=True), encoding="utf-8")
    shots = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for width, scale in ((360, 2), (1280, 1)):
            page = browser.new_page(
                viewport={"width": width, "height": 800}, device_scale_factor=scale
            )
            page.goto(html.as_uri())
            shot = out / f"cards-{width}.png"
            page.screenshot(path=str(shot), full_page=True)
            shots.append(shot)
        browser.close()
    return [html, *shots]


if __name__ == "__main__":  # python -m tests.games.test_cards_svg
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tute_site.settings.test")
    django.setup()
    for path in write_gallery():
        print(path)
