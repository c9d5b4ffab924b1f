"""The live table as a list of parts: what the page shows and what a socket sends.

``games/_live.html`` is these parts joined (``{% live_table view %}``), in this order:

====== ==================================== =============================================
head   ``#table-live``'s opening tag         the viewer's: version, revision, his turn (no template)
corner the hand, the trump, the stock...     alike for every viewer (rendered once)
turn   whose turn, the timer, the away note  alike but for the one whose turn it is
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
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from games.live.board import board
from games.live.fragments import render_built, render_part
from games.live.hand import hand

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
TURN = (
    "finished",
    "your_turn",
    "bidding",
    "turn_name",
    "deadline",
    "deadline_kind",
    "you_away",
    "table",
)
FINAL = ("places", "table", "your_seat", "rematch")
BIDDING_BOARD = ("bidding", "table")
TAIL = "</div>\n"


def _plain(name: str, view: Any) -> str:
    return str(get_template(name).render({"view": view}))


def _head(view: Any) -> str:
    """``#table-live``'s opening tag and the version field (the viewer's own: every move
    changes it, so it is written here rather than rendered from a template)."""
    rematch = view.rematch
    url = rematch.new_table_url if rematch is not None and rematch.you_seated else ""
    # Plain string building (format_html's escaping of every value is a twentieth of a
    # render): the numbers are ints, the texts are escaped.
    version = int(view.version)
    started = " is-started" if view.started else ""
    your_turn = " data-your-turn" if view.your_turn else ""
    rematch_url = f' data-rematch-url="{conditional_escape(url)}"' if url else ""
    return mark_safe(
        f'<div id="table-live" class="table-live{started}" data-version="{version}" '
        f'data-revision="{int(view.revision)}" '
        f'data-status="{conditional_escape(view.table.status)}"{your_turn}{rematch_url}>\n'
        f'<input type="hidden" name="version" value="{version}">\n'
    )


def _turn(view: Any) -> str:
    """Whose turn: alike for every viewer but the one whose turn it is. A timer in words
    (turns of an hour or more: "3 hours left") reads the clock, so it is rendered afresh."""
    if view.deadline and view.deadline_kind == "turn" and (view.table.turn_seconds or 0) >= 3600:
        return _plain("games/live/_turn.html", view)
    return render_part("games/live/_turn.html", "view", view, TURN)


def live_parts(view: Any) -> list[str]:
    """The parts of ``view``'s live table, in the page's order, in the active language."""
    if view.table.status == "abandoned":
        return [_plain("games/_abandoned.html", view)]
    head = _head(view)
    if not view.started:
        return [head, _plain("games/_waiting.html", view), TAIL]
    return [
        head,
        render_part("games/live/_corner.html", "view", view, CORNER),
        _turn(view),
        board(view, bidding=BIDDING_BOARD, final=FINAL),
        render_built("games/live/_hand", hand, view, HAND),
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
