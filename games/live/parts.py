"""The live table as a list of parts: what the page shows and what a socket sends.

``games/_live.html`` is these parts joined (``{% live_table view %}``), in this order:

====== ==================================== =============================================
head   ``#table-live``'s opening tag         the viewer's: version, revision, his turn
corner the hand, the trump, the stock...     alike for every viewer (rendered once)
turn   whose turn, the timer, the away note  the viewer's (small; the timer reads the clock)
board  the seats and the trick               per viewer (its seats and trick cards shared)
hand   the viewer's cards and buttons        his own; rendered again only when it changed
panel  the match so far, cantos, summaries   alike for every viewer (rendered once)
tail   the closing tag
====== ==================================== =============================================

(A table not yet started: head, the waiting room, tail. An abandoned one: one part.)

Each cached part is rendered by :func:`games.live.fragments.render_part` from the named
attributes of the viewer's view only: viewers whose values are equal share one render, so
nothing reaches a viewer that his own view does not hold. A socket that speaks the parts
protocol gets, after its first full frame, only the parts that changed
(:func:`changed_parts`).
"""

from __future__ import annotations

from typing import Any

from django.template.loader import get_template

from games.live.fragments import render_part

CORNER = (
    "finished",
    "hand_number",
    "trump",
    "trump_name",
    "turned",
    "trick_trump_name",
    "lead_name",
    "stock",
    "stock_bottom",
    "swap_waiting",
    "bidding",
    "out_of_play",
)
HAND = ("your_seat", "finished", "your_turn", "bidding", "buttons", "legal", "hand", "table")
PANEL = (
    "tally",
    "bidding",
    "cantos",
    "last_trick",
    "finished",
    "previous_hand",
    "tricks_played",
    "table",
)
TAIL = "</div>\n"


def _plain(name: str, view: Any) -> str:
    return str(get_template(name).render({"view": view}))


def live_parts(view: Any) -> list[str]:
    """The parts of ``view``'s live table, in the page's order, in the active language."""
    if view.table.status == "abandoned":
        return [_plain("games/_abandoned.html", view)]
    head = _plain("games/live/_head.html", view)
    if not view.started:
        return [head, _plain("games/_waiting.html", view), TAIL]
    return [
        head,
        render_part("games/live/_corner.html", "view", view, CORNER),
        _plain("games/live/_turn.html", view),
        _plain("games/live/_board.html", view),
        render_part("games/live/_hand.html", "view", view, HAND),
        render_part("games/live/_panel.html", "view", view, PANEL),
        TAIL,
    ]


def changed_parts(before: list[str] | None, after: list[str]) -> list[list[Any]] | None:
    """The parts of ``after`` that differ from ``before`` as ``[index, text]`` pairs, or None
    when the client needs them all (no parts yet, or another layout: the game started)."""
    if before is None or len(before) != len(after):
        return None
    pairs = enumerate(zip(before, after, strict=True))
    return [[i, text] for i, (old, text) in pairs if old != text]
