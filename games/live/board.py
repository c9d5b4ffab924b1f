"""The felt of the live table, built in Python: the seats around it and the trick.

The board is the one part of the table that differs for every viewer (the seats turn so that
his own is at the bottom) and changes on every move, so it is rebuilt for each viewer after each
move. Its pieces are small and many (a seat's name and badges, each trick card), which a Django
template renders at some 50-80 µs each: here they are plain string building, from the viewer's
own view only (so there is nothing to share and nothing another viewer could leak into it), with
every value escaped as a template would (``conditional_escape``) and every word through
``gettext`` (the same messages as the templates, so the catalogues keep them).

The HTML is what the templates it replaced gave (``games/live/_seat_info.html`` and
``_trick_card.html`` until 2026-11-27) without their indentation and blank lines, as every part
is sent (:func:`games.live.fragments.squeeze`): the page's CSS and scripts read it.
"""

from __future__ import annotations

import operator
from typing import Any

from django.utils.translation import gettext_noop

from games.live.fragments import esc, render_part, render_part_with
from games.render_language import active_language, translated
from games.templatetags.table_cards import table_card

#: A seat's badges, in the order they show: (the seat's attribute, css class, words, title).
_BADGES = (
    ("is_turn", "badge badge-turn", gettext_noop("to play"), ""),
    ("took_trick", "badge took", gettext_noop("takes the trick"), ""),
    ("is_dealer", "badge badge-minor", gettext_noop("dealer"), gettext_noop("Dealer")),
    (
        "is_mano",
        "badge badge-minor",
        gettext_noop("mano"),
        gettext_noop("Mano: leads the first trick"),
    ),
    ("partner", "badge badge-partner", gettext_noop("your partner"), ""),
    ("is_bot", "badge badge-bot", gettext_noop("bot"), ""),
    ("away", "badge badge-away", gettext_noop("away: a bot plays"), ""),
    ("retired", "badge", gettext_noop("retired"), ""),
    ("sitting_out", "badge", gettext_noop("sits this hand out"), ""),
)


def _t(message: str) -> str:
    """``message`` (marked for the catalogues where it is written) translated and escaped."""
    return _e(translated(message))


_e = esc


#: What :func:`seat_info` shows of a seat besides its tags (the badges' flags among them).
_SEAT_VALUES = operator.attrgetter(
    "is_you",
    "name",
    *(attribute for attribute, _, _, _ in _BADGES),
    "cards",
    "tricks",
    "points",
    "lost",
    "timeouts",
)

#: Seat badges built, by everything they show (a table's seats take a few dozen states).
_SEATS: dict[tuple[Any, ...], str] = {}
MAX_SEATS = 8192


def seat_info(seat: Any) -> str:
    """A seat's name, badges and counts (``div.seat-info``), remembered under every value
    it shows and the language (a seat looks the same to every viewer but himself)."""
    # Every value it shows, read at once (a badge's flag as it is: equal flags, equal keys).
    key = (active_language(), tuple(seat.tags), _SEAT_VALUES(seat))
    text = _SEATS.get(key)
    if text is None:
        if len(_SEATS) >= MAX_SEATS:
            _SEATS.clear()
        text = _SEATS[key] = _seat_info(seat)
    return text


def _seat_info(seat: Any) -> str:
    name = _e(translated(gettext_noop("You"))) if seat.is_you else _e(seat.name)
    out = [
        '<div class="seat-info">\n'
        f'<span class="seat-name">{name}</span>\n'
        '<span class="seat-badges">\n'
    ]
    for attribute, css, words, title in _BADGES:
        if getattr(seat, attribute):
            titled = f' title="{_t(title)}"' if title else ""
            out.append(f'<span class="{css}"{titled}>{_t(words)}</span>\n')
    tags = "".join(
        f'<span class="badge badge-tag {_e(css)}">{_e(text)}</span>' for css, text in seat.tags
    )
    stats = _e(seat.stats)
    cards = (
        f'<span class="count count-cards">{int(seat.cards)}</span>'
        if seat.cards is not None
        else ""
    )
    lost = (
        f'<span class="count count-lost">{int(seat.lost)}</span>' if seat.lost is not None else ""
    )
    out.append(
        (f"{tags}\n" if tags else "") + "</span>\n"
        f'<span class="seat-stats muted">{stats}</span>\n'
        f'<span class="seat-counts" aria-hidden="true" title="{stats}">{cards}'
        f'<span class="count count-tricks">{int(seat.tricks)}</span>{lost}</span>\n'
        "</div>\n"
    )
    return "".join(out)


def trick_card(at: int, seat: Any) -> str:
    """The card ``seat`` played to the trick, in front of him (``.trick-at-N`` is the place
    ``.seat-at-N`` of the viewer's board)."""
    card = seat.trick_card.notation
    winner = " is-winner" if seat.took_trick else ""
    you = " is-you" if seat.is_you else ""
    classes = f"trick-card trick-at-{at}{winner}{you}"
    who = _e(translated(gettext_noop("You"))) if seat.is_you else _e(seat.name)
    return (
        f'<li class="{classes}" data-seat="{int(seat.position)}" '
        f'data-card="{_e(card)}"><span class="visually-hidden">{who}:</span>'
        f"{table_card(card, state='played')}</li>\n"
    )


def _seat_classes(seat: Any, bottom: bool) -> str:
    return "".join(
        name
        for name, on in (
            (" is-bottom", bottom),
            (" is-turn", seat.is_turn),
            (" is-you", seat.is_you),
            (" is-out", seat.sitting_out),
            (" is-retired", seat.retired),
            (" took-trick", seat.took_trick),
        )
        if on
    )


def board(
    view: Any,
    *,
    bidding: tuple[str, ...],
    final: tuple[str, ...],
    bidding_narrow: dict[str, Any] | None = None,
) -> list[str]:
    """The felt, in slots: every seat around it (the viewer's at the bottom, then the others in
    play order), the trick in the middle with each card in front of the player who played it
    (``.trick-at-N`` matches ``.seat-at-N``). ``bidding`` and ``final`` name the view's values
    the auction's board and the final standings are rendered from.

    The slots are, for ``n`` seats: the opening, one per seat, the trick's opening, one per
    seat's trick card (empty while he has none), and the end (the auction's board or the final
    standings, if shown, and the closing tags): ``2n + 3`` of them whatever the state, so that
    after a card a socket sends the slots that changed (the trick card, the seats whose badges
    or counts moved) and not the whole felt (:func:`games.live.parts.changed_parts`)."""
    around = view.seats_around
    last = len(around)
    out = [render_part_with("games/live/_board_open.html", {"n": len(view.seats)})]
    for at, seat in enumerate(around, start=1):
        out.append(
            f'<li class="seat seat-at-{at}{_seat_classes(seat, at == last)}" '
            f'data-seat="{int(seat.position)}">\n{seat_info(seat)}</li>\n'
        )
    out.append(render_part_with("games/live/_board_middle.html", {"done": view.trick_done}))
    for at, seat in enumerate(around, start=1):
        out.append(trick_card(at, seat) if seat.trick_card else "")
    end = ["</ol>\n"]
    if view.bidding and view.bidding.in_auction and not view.finished:
        end.append(render_part("games/_bidding_board.html", "view", view, bidding, bidding_narrow))
    if view.finished:
        end.append(render_part("games/live/_final.html", "view", view, final))
    end.append("</section>\n")
    out.append("".join(end))
    return out
