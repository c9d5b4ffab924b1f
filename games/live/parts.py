"""The live table as a list of parts: what the page shows and what a socket sends.

``games/_live.html`` is these parts joined (``{% live_table view %}``), in this order:

====== ==================================== =============================================
head   ``#table-live``'s opening tag         the viewer's: version, revision, his turn (no template)
corner the hand, the trump, the stock...     alike for every viewer (rendered once)
turn   whose turn, the timer, the away note  alike but for the one whose turn it is
board  the seats and the trick, in slots     per viewer (its seats and trick cards shared)
hand   the viewer's cards and buttons        his own; rendered again only when it changed
panel  the match so far, cantos, summaries   alike for every viewer (each section rendered once),
       in slots
tail   the closing tag
====== ==================================== =============================================

The board and the panel are each several parts, slots of a fixed number for the table (the
board's ``2n + 3`` for ``n`` seats, the panel's 7; an empty string for what is not shown), so
that after a card a socket sends the slots that changed (the trick card, the seats whose badges
or counts moved, the last trick), not the whole felt and panel; :func:`layout` names them.
(A table not yet started: head, the waiting room, tail. An abandoned one: one part.)

Each cached part is rendered by :func:`games.live.fragments.render_part` from the named
attributes of the viewer's view only: viewers whose values are equal share one render, so
nothing reaches a viewer that his own view does not hold. A socket that speaks the parts
protocol gets, after its first full frame, only the parts that changed
(:func:`changed_parts`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import get_template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from games.live.board import board
from games.live.fragments import PartFieldError, render_built, render_part, render_part_with
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


# What the corner, the turn line and the auction's board read of a bidding tute's panel
# (``view.bidding``, which also holds the viewer's own controls): each gets only that, so the
# viewers who see those alike share the render (the one who holds the called card reads so in
# his corner; the jugador on his turn gets the cards he may call on his board).
class _Narrowed:
    """A narrowed value refuses, loudly, any attribute it does not hold (a template reading
    one would otherwise show an empty string)."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise PartFieldError(f"{type(self).__name__} does not hold {name!r}")


@dataclass(frozen=True)
class CornerBidding(_Narrowed):
    pot: int | None
    jugador_name: str
    bid: int | None
    called: Any
    partner_name: str
    without_twos: bool
    you_hold_called: bool


@dataclass(frozen=True)
class TurnBidding(_Narrowed):
    stage_text: str
    turn_text: str


@dataclass(frozen=True)
class BoardBidding(_Narrowed):
    stage_text: str
    lines: list[Any]
    call_suits: list[Any]


def _corner_bidding(view: Any) -> CornerBidding | None:
    b = view.bidding
    if not b:
        return None
    return CornerBidding(
        b.pot, b.jugador_name, b.bid, b.called, b.partner_name, b.without_twos, b.you_hold_called
    )


def _turn_bidding(view: Any) -> TurnBidding | None:
    b = view.bidding
    return TurnBidding(b.stage_text, b.turn_text) if b else None


def _board_bidding(view: Any) -> BoardBidding | None:
    b = view.bidding
    return BoardBidding(b.stage_text, b.lines, b.call_suits) if b else None


CORNER_NARROW = {"bidding": _corner_bidding}
TURN_NARROW = {"bidding": _turn_bidding}
BIDDING_BOARD_NARROW = {"bidding": _board_bidding}
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
    return render_part("games/live/_turn.html", "view", view, TURN, TURN_NARROW)


def panel(view: Any) -> list[str]:
    """The side panel, in slots: the match so far, the auction, the cantos, the last trick, how
    the last hand ended (each empty when not shown), between the opening and closing tags. Each
    section is rendered from its own values only, so that a trick renders the small last-trick
    section again and not the tally and the last hand's summary beside it (those change once a
    hand); and a socket sends only the sections that changed."""
    lines = view.bidding.lines if view.bidding else None
    previous = ""
    if view.previous_hand:
        values = {
            "summary": view.previous_hand,
            "open": not view.tricks_played or bool(view.finished),
            "table_pk": int(view.table.pk),
        }
        previous = render_part_with("games/live/panel/_previous_hand.html", values)
    return [
        render_part_with("games/live/panel/_open.html", {}),
        render_part_with("games/live/panel/_tally.html", {"tally": view.tally})
        if view.tally
        else "",
        render_part_with("games/live/panel/_auction.html", {"lines": lines}) if lines else "",
        render_part_with("games/live/panel/_cantos.html", {"cantos": view.cantos})
        if view.cantos
        else "",
        render_part_with("games/live/panel/_last_trick.html", {"trick": view.last_trick})
        if view.last_trick and not view.finished
        else "",
        previous,
        "</aside>\n",
    ]


def live_parts(view: Any) -> list[str]:
    """The parts of ``view``'s live table, in the page's order, in the active language."""
    if view.table.status == "abandoned":
        return [_plain("games/_abandoned.html", view)]
    head = _head(view)
    if not view.started:
        return [head, _plain("games/_waiting.html", view), TAIL]
    return [
        head,
        render_part("games/live/_corner.html", "view", view, CORNER, CORNER_NARROW),
        _turn(view),
        *board(view, bidding=BIDDING_BOARD, final=FINAL, bidding_narrow=BIDDING_BOARD_NARROW),
        render_built("games/live/_hand", hand, view, HAND),
        *panel(view),
        TAIL,
    ]


#: The side panel's slots (:func:`panel`).
PANEL_SLOTS = 7


def layout(seats: int) -> list[str]:
    """The names of a game's parts in order, for a table of ``seats`` seats (the board's and
    the panel's slots each named after their part: ``board:seat:2``, ``panel:4``...)."""
    board_slots = [
        "board:open",
        *(f"board:seat:{at}" for at in range(1, seats + 1)),
        "board:middle",
        *(f"board:trick:{at}" for at in range(1, seats + 1)),
        "board:end",
    ]
    panel_slots = [f"panel:{i}" for i in range(PANEL_SLOTS)]
    return ["head", "corner", "turn", *board_slots, "hand", *panel_slots, "tail"]


def part(parts: list[str], name: str, seats: int) -> str:
    """The part ``name`` of a game's ``parts`` (``board`` and ``panel``: their slots joined)."""
    names = layout(seats)
    if name in ("board", "panel"):
        return "".join(text for n, text in zip(names, parts, strict=True) if n.startswith(name))
    return parts[names.index(name)]


def changed_parts(before: list[str] | None, after: list[str]) -> list[list[Any]] | None:
    """The parts of ``after`` that differ from ``before`` as ``[index, text]`` pairs, or None
    when the client needs them all (no parts yet, or another layout: the game started)."""
    if before is None or len(before) != len(after):
        return None
    pairs = enumerate(zip(before, after, strict=True))
    return [[i, text] for i, (old, text) in pairs if old != text]
