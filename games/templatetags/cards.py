"""The 40 Spanish cards (baraja española) drawn as inline SVG, made here from simple shapes.

Template API (``{% load cards %}``)::

    {% card_sprite %}                  the shared drawings (suits, faces, figures, the back) as a
                                       hidden <svg>; put it ONCE in every page that shows cards
                                       (e.g. right after <body>). A second call in the same
                                       render prints nothing, so including it twice is harmless.
    {% card "12B" %}                   the rey de bastos: <svg class="playing-card" role="img"
                                       aria-label="rey de bastos" data-card="12B" ...>
    {% card c size="small" state="legal" label="..." %}
        c      a notation string (rank 1-7, 10 sota, 11 caballo, 12 rey; suit O oros, C copas,
               E espadas, B bastos; case-insensitive) or an object with a ``notation``
               attribute (games.engine.cards.Card);
        size   a CSS hook: adds ``playing-card--<size>`` (cards.css styles "small" and "large");
        state  "legal", "illegal", "selected" or "played" (several may be given, separated by
               spaces): adds ``playing-card--<state>``;
        label  the accessible name; by default the card's name in the active language
               ("rey de bastos", "king of batons", "re di bastoni"); ``label=""`` makes the
               drawing decorative (aria-hidden) for when the surrounding button says it.
    {% card_back %}                    a face-down card (opponents' hands, the stock); takes the
                                       same ``size``, ``state`` and ``label`` arguments.
    {% suit_icon "O" %}                a small self-contained suit symbol (trump indicator,
                                       buttons): <svg class="suit-icon suit-icon--O" role="img"
                                       aria-label="oros">; ``size`` and ``label`` as above.

A bad notation, state or size raises :class:`CardNotationError`, which is both a
``TemplateSyntaxError`` and a ``ValueError``, with a message naming the bad value.

The cards (``card``, ``card_back``) are one ``<use href="#tute-card-12B">`` (or ``#tute-back``)
of a drawing in the sprite (so HTMX fragments and live frames that swap cards in carry no
drawing of their own): a face is about 200 bytes, a 10-card hand 2 KB of HTML, where the
drawings inline were 0.5-1 KB a card and 8 KB a hand in every live frame that changed the hand.
The sprite holds the 40 faces (made of the suits' symbols, the faces' frames and the figures'
emblems, also in the sprite): 32 KB (2.6 KB gzipped), once per page.
``suit_icon`` needs no sprite. Every card has
``viewBox="0 0 100 150"`` and no width or height: static/games/cards.css sizes it (the hand,
trick area and trump indicator helpers are there too).

Python API for views and tests: :func:`card_svg`, :func:`card_back_svg`, :func:`suit_icon_svg`,
:func:`sprite_svg`, :func:`card_label`.

The look: white card, thin black edge, a coloured inner frame broken by the suit's traditional
"pinta" gaps (oros none, copas one, espadas two, bastos three), big bold numerals in the top-left
and bottom-right corners in the suit's dark colour, pips laid out as on a Spanish deck for 1-7,
and for 10/11/12 a tinted panel with the figure's emblem (a page for the sota, a horse's head
for the caballo, a crown for the rey), the big letter S, C or R and the suit symbol. Suits
differ by shape as well as colour: a gold coin with a ring, a red chalice, a blue upright
sword, a green knotted club leaning to the right.

Card names are translated with gettext: msgids in English with the contexts "card rank",
"card suit" and "card name", translated in locale/{es,it,en}/LC_MESSAGES/django.po.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.template import TemplateSyntaxError
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext_lazy

from games.engine.cards import SUIT_LETTERS, Card
from games.engine.errors import NotationError
from games.render_language import translated_in_context

register = template.Library()

WIDTH, HEIGHT = 100, 150
SUITS = "OCEB"
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
STATES = ("legal", "illegal", "selected", "played")
NOTATIONS: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in RANKS)

_TOKEN_RE = re.compile(r"^[a-z][a-z0-9-]*$")


class CardNotationError(TemplateSyntaxError, ValueError):
    """A card notation, suit letter, state or size the card tags do not know."""


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------

RANK_NAMES = {
    1: pgettext_lazy("card rank", "ace"),
    2: pgettext_lazy("card rank", "two"),
    3: pgettext_lazy("card rank", "three"),
    4: pgettext_lazy("card rank", "four"),
    5: pgettext_lazy("card rank", "five"),
    6: pgettext_lazy("card rank", "six"),
    7: pgettext_lazy("card rank", "seven"),
    10: pgettext_lazy("card rank", "jack"),
    11: pgettext_lazy("card rank", "horse"),
    12: pgettext_lazy("card rank", "king"),
}
SUIT_NAMES = {
    "O": pgettext_lazy("card suit", "coins"),
    "C": pgettext_lazy("card suit", "cups"),
    "E": pgettext_lazy("card suit", "swords"),
    "B": pgettext_lazy("card suit", "batons"),
}
# Translators: a card's name, e.g. "king of batons" (Spanish "rey de bastos").
CARD_NAME = pgettext_lazy("card name", "%(rank)s of %(suit)s")
BACK_NAME = pgettext_lazy("card name", "face-down card")


#: The suits' names as written above, for :func:`suit_name`'s remembered lookup.
_SUIT_MESSAGES = {"O": "coins", "C": "cups", "E": "swords", "B": "batons"}


def suit_name(suit: str) -> str:
    """The suit's name in the active language: "bastos", "batons", "bastoni"."""
    message = _SUIT_MESSAGES.get(suit)  # a suit's letter: the common case
    if message is None:
        message = _SUIT_MESSAGES[_parse_suit(suit)]
    return translated_in_context("card suit", message)


def card_label(notation: Any) -> str:
    """The card's name in the active language: "rey de bastos", "king of batons"."""
    rank, suit = parse_notation(notation)
    return str(CARD_NAME) % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}


# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------


def parse_notation(notation: Any) -> tuple[int, str]:
    """``"12B"`` -> ``(12, "B")``; accepts objects with a ``notation`` attribute
    (:class:`games.engine.Card`). The engine's parser decides what a card is."""
    text = getattr(notation, "notation", notation)
    try:
        card = Card.from_notation(text)
    except NotationError:
        raise CardNotationError(
            f"Unknown card {notation!r}: write the rank (1-7, 10 sota, 11 caballo, 12 rey) "
            'then the suit letter (O oros, C copas, E espadas, B bastos), e.g. "12B".'
        ) from None
    return card.rank, SUIT_LETTERS[card.suit]


def _parse_suit(suit: Any) -> str:
    if isinstance(suit, str) and len(suit.strip()) == 1 and suit.strip().upper() in SUITS:
        return suit.strip().upper()
    raise CardNotationError(
        f"Unknown suit {suit!r}: use O (oros), C (copas), E (espadas) or B (bastos)."
    )


def _classes(base: str, size: Any, state: Any) -> str:
    classes = [base]
    if size:
        if not isinstance(size, str) or not _TOKEN_RE.match(size):
            raise CardNotationError(
                f'Bad card size {size!r}: use a CSS class word such as "small" or "large".'
            )
        classes.append(f"{base}--{size}")
    for word in (state or "").split() if isinstance(state, str) else [state]:
        if word not in STATES:
            raise CardNotationError(
                f"Unknown card state {word!r}: use {', '.join(repr(s) for s in STATES)}."
            )
        classes.append(f"{base}--{word}")
    return " ".join(classes)


def _aria(label: str) -> str:
    if label == "":
        return 'aria-hidden="true" focusable="false"'
    return f'role="img" aria-label="{escape(label)}"'


# --------------------------------------------------------------------------------------------
# Drawings
# --------------------------------------------------------------------------------------------

#: Per suit: the main colour (fills) and the dark ink (outlines, numerals, frame), the
#: light tint of the figure panel. Every ink is at least 7:1 on white.
FILL = {"O": "#f4b400", "C": "#d3132d", "E": "#2559c8", "B": "#2f8a3c"}
INK = {"O": "#6b4600", "C": "#a00d22", "E": "#103a96", "B": "#17561f"}
TINT = {"O": "#fff3c2", "C": "#fde3e6", "E": "#e2eafc", "B": "#e0f2e2"}
#: Pinta: how many gaps break the top and bottom of the inner frame.
PINTA_GAPS = {"O": 0, "C": 1, "E": 2, "B": 3}
#: The letter of each figure (Spanish decks print S, C, R whatever the players' language).
FIGURE_LETTER = {10: "S", 11: "C", 12: "R"}
FIGURE_EMBLEM = {10: "sota", 11: "caballo", 12: "rey"}


def _suit_shape(suit: str) -> str:
    """The suit symbol drawn in a 40x40 box."""
    fill, ink = FILL[suit], INK[suit]
    if suit == "O":  # a gold coin with a ring and a centre
        return (
            f'<circle cx="20" cy="20" r="18" fill="{fill}" stroke="{ink}" stroke-width="2.6"/>'
            f'<circle cx="20" cy="20" r="10.5" fill="none" stroke="{ink}" stroke-width="2.4"/>'
            f'<circle cx="20" cy="20" r="4" fill="{ink}"/>'
        )
    if suit == "C":  # a chalice: bowl, stem with a knot, foot
        return (
            f'<g fill="{fill}" stroke="{ink}" stroke-width="2.2" stroke-linejoin="round">'
            '<path d="M4 5h32c0 12-7 19-16 19S4 17 4 5z"/>'
            '<path d="M17 23h6l1 7h-8z"/>'
            '<path d="M8 38c0-6 5-9 12-9s12 3 12 9z"/></g>'
            f'<path d="M4 5h32" stroke="{ink}" stroke-width="3.4" stroke-linecap="round"/>'
        )
    if suit == "E":  # an upright sword: blade, crossguard, grip, pommel
        return (
            f'<path d="M20 1l6.5 7.5V26h-13V8.5z" fill="{fill}" stroke="{ink}" stroke-width="2"'
            ' stroke-linejoin="round"/>'
            '<path d="M20 7v17" stroke="#fff" stroke-width="1.8"/>'
            f'<g fill="{ink}"><rect x="4" y="24.5" width="32" height="6" rx="3"/>'
            '<rect x="17" y="29" width="6" height="6"/><circle cx="20" cy="36.5" r="3.2"/></g>'
        )
    # B: a knobbly wooden club leaning right, thick end up, a dark grip band and knob
    return (
        '<g transform="rotate(30 20 20)"><path d="M11.5 9C11.5-1.5 28.5-1.5 28.5 9c0 2-1.5 3'
        "-1.5 4.5s2 3 1.3 5c-.7 2.3-3.1 2.8-3.1 4.8s1.1 2.7.6 4.7L23.5 32h-7l-2-5c-.5-2 .5-2.7"
        '.5-4.7s-2.4-2.5-3-4.7c-.6-2.4 1-3.6 1-5.1s-1.5-2-1.5-3.5z"'
        f' fill="{fill}" stroke="{ink}" stroke-width="2.2" stroke-linejoin="round"/>'
        '<path d="M17.3 5l1.2 23" stroke="#fff" stroke-width="1.8" stroke-linecap="round"'
        f' opacity=".85"/><g fill="{ink}"><rect x="15.5" y="30.5" width="9" height="4.5" rx="1.2"/>'
        '<circle cx="20" cy="37.2" r="3"/></g></g>'
    )


def _frame_path(suit: str) -> str:
    """The inner frame, its top and bottom broken by the suit's pinta gaps."""
    left, right, top, bottom, gap = 5, 95, 5, 145, 9
    gaps = PINTA_GAPS[suit]
    parts = [f"M{left} {top}V{bottom}M{right} {top}V{bottom}"]
    for y in (top, bottom):
        x = left
        for i in range(1, gaps + 1):
            centre = left + (right - left) * i / (gaps + 1)
            parts.append(f"M{x:g} {y}H{centre - gap / 2:g}")
            x = centre + gap / 2
        parts.append(f"M{x:g} {y}H{right}")
    return "".join(parts)


def _face(suit: str) -> str:
    return (
        f'<rect x="1" y="1" width="98" height="148" rx="7" fill="#fff" stroke="#1a1a1a"'
        ' stroke-width="2"/>'
        f'<path d="{_frame_path(suit)}" fill="none" stroke="{INK[suit]}" stroke-width="1.6"/>'
    )


#: Figure emblems in a 40x32 box, filled with the colour given on the <use>.
EMBLEMS = {
    # the sota: a page's bust with a feathered cap
    "sota": (
        '<path d="M5 32c0-9 6-13 15-13s15 4 15 13z"/>'
        '<circle cx="20" cy="12" r="6.5"/>'
        '<path d="M11 8c1-6 17-7 19 0z"/>'
        '<path d="M28 5c3-4 8-4 9-2-3 0-6 2-8 4z"/>'
        '<path d="M16 19h8l-4 6z" fill="#fff"/>'
    ),
    # the caballo: a horse's head facing left, with its mane
    "caballo": (
        '<path d="M30 32c1-8 0-15-6-20l1-9-5 5-3-5-1 6C10 12 5 16 3 21c-1 3 2 5 4 4l7-3'
        'c3-1 5 0 5 3l-1 7z"/>'
        '<circle cx="15.5" cy="13.5" r="1.7" fill="#fff"/>'
        '<path d="M24 12c4 4 6 10 5 17" fill="none" stroke="#fff" stroke-width="1.6"/>'
    ),
    # the rey: a crown with jewels
    "rey": (
        '<path d="M4 24 2 6l9 8 9-12 9 12 9-8-2 18z"/>'
        '<rect x="4" y="25.5" width="32" height="5" rx="1.5"/>'
        '<circle cx="2" cy="5" r="2.4"/><circle cx="20" cy="2.6" r="2.4"/>'
        '<circle cx="38" cy="5" r="2.4"/>'
        '<g fill="#fff"><circle cx="12" cy="28" r="1.4"/><circle cx="20" cy="28" r="1.4"/>'
        '<circle cx="28" cy="28" r="1.4"/></g>'
    ),
}


def _back() -> str:
    return (
        '<pattern id="tute-back-weave" width="8" height="8" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)"><rect width="8" height="8" fill="#163a8c"/>'
        '<path d="M0 0h8M0 0v8" stroke="#6f8fdc" stroke-width="2"/></pattern>'
        '<rect x="1" y="1" width="98" height="148" rx="7" fill="#fff" stroke="#1a1a1a"'
        ' stroke-width="2"/>'
        '<rect x="6" y="6" width="88" height="138" rx="4" fill="url(#tute-back-weave)"/>'
        '<rect x="10" y="10" width="80" height="130" rx="3" fill="none" stroke="#fff"'
        ' stroke-width="2"/>'
        '<circle cx="50" cy="75" r="19" fill="#fff" stroke="#0c2459" stroke-width="2"/>'
        '<path d="M50 60l4.5 10.5L65 75l-10.5 4.5L50 90l-4.5-10.5L35 75l10.5-4.5z"'
        ' fill="#b3122b"/><circle cx="50" cy="75" r="3.5" fill="#f4b400"/>'
    )


def sprite_svg() -> str:
    """The hidden <svg> of shared symbols that the card faces and backs use."""
    symbols = [
        f'<symbol id="tute-suit-{s}" viewBox="0 0 40 40">{_suit_shape(s)}</symbol>' for s in SUITS
    ]
    symbols += [
        f'<symbol id="tute-face-{s}" viewBox="0 0 {WIDTH} {HEIGHT}">{_face(s)}</symbol>'
        for s in SUITS
    ]
    symbols += [
        f'<symbol id="tute-{name}" viewBox="0 0 40 32">{shape}</symbol>'
        for name, shape in EMBLEMS.items()
    ]
    symbols.append(f'<symbol id="tute-back" viewBox="0 0 {WIDTH} {HEIGHT}">{_back()}</symbol>')
    symbols += [
        f'<symbol id="tute-card-{n}" viewBox="0 0 {WIDTH} {HEIGHT}">{_card_drawing(n)}</symbol>'
        for n in NOTATIONS
    ]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="card-sprite" width="0" height="0"'
        ' aria-hidden="true" focusable="false"'
        ' style="position:absolute;width:0;height:0;overflow:hidden">' + "".join(symbols) + "</svg>"
    )


#: Pip centres on the 100x150 face, for the number cards, with the pip size.
_L, _R, _C = 28, 72, 50
_T, _M, _B = 49, 75, 101
PIP_LAYOUT: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (66, ((_C, _M),)),
    2: (36, ((_C, _T - 2), (_C, _B + 2))),
    3: (28, ((_C, _T - 1), (_C, _M), (_C, _B + 1))),
    4: (32, ((_L, _T), (_R, _T), (_L, _B), (_R, _B))),
    5: (28, ((_L, _T - 1), (_R, _T - 1), (_C, _M), (_L, _B + 1), (_R, _B + 1))),
    6: (26, ((_L, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_R, _B))),
    7: (
        24,
        (
            (_L - 1, _T),
            (_R + 1, _T),
            (_C, (_T + _M) / 2),
            (_L - 1, _M),
            (_R + 1, _M),
            (_L - 1, _B),
            (_R + 1, _B),
        ),
    ),
}

_SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {w} {h}" {aria}'


def _numerals(rank: int, suit: str) -> str:
    text = str(rank)
    fit = ' textLength="34" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    return (
        f'<g class="playing-card__index" fill="{INK[suit]}" font-size="35" font-weight="800"'
        ' font-family="Arial,\'Liberation Sans\',Helvetica,sans-serif" stroke="#fff"'
        ' stroke-width="4" stroke-linejoin="round" paint-order="stroke">'
        f'<text x="8" y="35"{fit}>{text}</text>'
        f'<text x="92" y="141" text-anchor="end"{fit}>{text}</text></g>'
    )


def _pips(rank: int, suit: str) -> str:
    size, centres = PIP_LAYOUT[rank]
    half = size / 2
    return "".join(
        f'<use href="#tute-suit-{suit}" x="{x - half:g}" y="{y - half:g}" width="{size:g}"'
        f' height="{size:g}"/>'
        for x, y in centres
    )


def _figure(rank: int, suit: str) -> str:
    return (
        f'<rect x="14" y="37" width="72" height="76" rx="6" fill="{TINT[suit]}"'
        f' stroke="{INK[suit]}" stroke-width="1.6"/>'
        f'<use href="#tute-{FIGURE_EMBLEM[rank]}" x="27" y="41" width="46" height="37"'
        f' fill="{INK[suit]}"/>'
        f'<text x="35" y="107" text-anchor="middle" font-size="34" font-weight="800"'
        f' font-family="Georgia,\'DejaVu Serif\',serif" fill="{INK[suit]}">'
        f"{FIGURE_LETTER[rank]}</text>"
        f'<use href="#tute-suit-{suit}" x="52" y="80" width="28" height="28"/>'
    )


def _card_drawing(notation: str) -> str:
    """What a card face is drawn of (its sprite symbol ``tute-card-<notation>``): the suit's
    face, the pips or the figure's panel, the numerals."""
    rank, suit = int(notation[:-1]), notation[-1]
    body = _pips(rank, suit) if rank <= 7 else _figure(rank, suit)
    return f'<use href="#tute-face-{suit}"/>' + body + _numerals(rank, suit)


def card_svg(notation: Any, size: str = "", state: str = "", label: str | None = None) -> str:
    """The inline SVG of one card face (see the module docstring): a reference to its
    drawing in the sprite."""
    rank, suit = parse_notation(notation)
    cls = _classes("playing-card", size, state) + f" playing-card--suit-{suit}"
    if label is None:
        label = card_label(f"{rank}{suit}")
    return (
        _SVG_OPEN.format(cls=cls, w=WIDTH, h=HEIGHT, aria=_aria(str(label)))
        + f' data-card="{rank}{suit}"><use href="#tute-card-{rank}{suit}"/></svg>'
    )


def card_back_svg(size: str = "", state: str = "", label: str | None = None) -> str:
    """The inline SVG of a face-down card."""
    cls = _classes("playing-card", size, state) + " playing-card--back"
    if label is None:
        label = str(BACK_NAME)
    return (
        _SVG_OPEN.format(cls=cls, w=WIDTH, h=HEIGHT, aria=_aria(str(label)))
        + '><use href="#tute-back"/></svg>'
    )


def suit_icon_svg(suit: str, size: str = "", label: str | None = None) -> str:
    """A self-contained suit symbol (no sprite needed)."""
    letter = _parse_suit(suit)
    cls = _classes("suit-icon", size, "") + f" suit-icon--{letter}"
    if label is None:
        label = suit_name(letter)
    return (
        _SVG_OPEN.format(cls=cls, w=40, h=40, aria=_aria(str(label)))
        + f">{_suit_shape(letter)}</svg>"
    )


# --------------------------------------------------------------------------------------------
# Template tags
# --------------------------------------------------------------------------------------------

_SPRITE_FLAG = "_tute_card_sprite_done"


@register.simple_tag(takes_context=True)
def card_sprite(context: template.Context) -> SafeString:
    """The hidden sprite, once per render (a second call prints nothing)."""
    root = context.dicts[0]
    if root.get(_SPRITE_FLAG):
        return mark_safe("")
    root[_SPRITE_FLAG] = True
    return mark_safe(sprite_svg())


@register.simple_tag(name="card")
def card_tag(
    notation: Any, size: str = "", state: str = "", label: str | None = None
) -> SafeString:
    """``{% card "12B" size="small" state="legal" label="..." %}``."""
    return mark_safe(card_svg(notation, size=size, state=state, label=label))


@register.simple_tag(name="card_back")
def card_back_tag(size: str = "", state: str = "", label: str | None = None) -> SafeString:
    """``{% card_back size="small" %}``."""
    return mark_safe(card_back_svg(size=size, state=state, label=label))


@register.simple_tag(name="suit_icon")
def suit_icon_tag(suit: str, size: str = "", label: str | None = None) -> SafeString:
    """``{% suit_icon "O" %}``."""
    return mark_safe(suit_icon_svg(suit, size=size, label=label))
