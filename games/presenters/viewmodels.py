"""What templates show of a table: plain view-models, filled by :mod:`.table` and
:mod:`.replay` from the engine's observations. Nothing here reads the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.utils.translation import ngettext

from games import messages
from games.models import Table
from games.render_language import active_language


@dataclass(frozen=True)
class CardView:
    """A card as a page shows it (frozen: the plain ones are shared, :func:`card_view`)."""

    notation: str
    legal: bool = False
    #: What a tap on it sends when that is not the card itself (``discard:7E``: bato's exchange).
    action: str = ""
    #: Marked by its holder (bato's exchange: the cards to change).
    marked: bool = False

    @property
    def name(self) -> str:
        """The card's name in the active language (read only where a page shows it)."""
        return messages.card_name(self.notation)

    @property
    def rank(self) -> str:
        return self.notation[:-1]

    @property
    def suit(self) -> str:
        return self.notation[-1]

    @property
    def suit_name(self) -> str:
        return messages.suit_name(self.suit)


_CARD_VIEWS: dict[tuple[str, bool], CardView] = {}


def card_view(notation: str, legal: bool = False) -> CardView:
    """The card ``notation`` (playable or not): one shared value per card and flag."""
    key = (notation, legal)
    view = _CARD_VIEWS.get(key)
    if view is None:
        if len(_CARD_VIEWS) > 1024:  # only cards' notations come here: 80 at most
            _CARD_VIEWS.clear()
        view = _CARD_VIEWS[key] = CardView(notation=notation, legal=legal)
    return view


@dataclass
class SeatView:
    position: int
    name: str
    is_bot: bool
    bot_level: str
    is_empty: bool
    is_you: bool
    away: bool
    timeouts: int
    cards: int | None = None
    tricks: int = 0
    is_turn: bool = False
    is_dealer: bool = False
    is_mano: bool = False
    trick_card: CardView | None = None
    took_trick: bool = False
    sitting_out: bool = False
    retired: bool = False
    lost: int | None = None
    partner: bool = False
    points: int | None = None
    #: Further badges (css class, words): a bidding tute's calls and roles.
    tags: list[tuple[str, str]] = field(default_factory=list)

    @property
    def stats(self) -> str:
        """``10 cards · 2 tricks · 1 hand lost``: the seat's counts in words."""
        return _stats_words(
            active_language(), self.cards, self.tricks, self.points, self.lost, self.timeouts
        )


@lru_cache(maxsize=4096)
def _stats_words(
    language: str | None,
    cards: int | None,
    tricks: int,
    points: int | None,
    lost: int | None,
    timeouts: int,
) -> str:
    """A seat's counts in words in ``language`` (the active one: the argument keys the cache)."""
    parts = []
    if cards is not None:
        parts.append(ngettext("%(counter)s card", "%(counter)s cards", cards) % {"counter": cards})
    parts.append(ngettext("%(counter)s trick", "%(counter)s tricks", tricks) % {"counter": tricks})
    if points is not None:
        parts.append(
            ngettext("%(counter)s point", "%(counter)s points", points) % {"counter": points}
        )
    if lost is not None:
        parts.append(
            ngettext("%(counter)s hand lost", "%(counter)s hands lost", lost) % {"counter": lost}
        )
    if timeouts:
        parts.append(
            ngettext("%(counter)s timeout", "%(counter)s timeouts", timeouts)
            % {"counter": timeouts}
        )
    return " · ".join(parts)


@dataclass
class ActionButton:
    action: str
    label: str
    #: A second button's label (claim, capote, the plate act only once confirmed).
    confirm: str = ""
    question: str = ""


@dataclass
class RematchOffer:
    """Play again at a finished table: who accepted, who is awaited, the new table's address."""

    accepted: list[str]
    waiting: list[str]
    you_accepted: bool
    you_seated: bool
    new_table_url: str = ""


@dataclass
class TrickView:
    cards: list[tuple[str, CardView]]
    winner: str


@dataclass
class HandSummary:
    number: int
    rows: list[dict[str, Any]]
    reason: str
    cantos: list[str]
    #: What decided the hand beyond the reason (the plate, a forced canto, team totals...).
    notes: list[str] = field(default_factory=list)


@dataclass
class TallyRow:
    label: str
    values: list[Any]


@dataclass
class Tally:
    """The match so far: one column per seat, or per team in team variants."""

    columns: list[str]
    rows: list[TallyRow]
    notes: list[str] = field(default_factory=list)

    @property
    def by_column(self) -> list[tuple[str, list[Any]]]:
        """The same counts turned a quarter: one line per seat (or team) with its value in each
        row, so that the narrow side panel lists players down the page instead of across it."""
        return [
            (column, [row.values[i] if i < len(row.values) else "" for row in self.rows])
            for i, column in enumerate(self.columns)
        ]


@dataclass
class TableView:
    table: Table
    variant_name: str
    options: list[tuple[str, str]]
    seats: list[SeatView]
    your_seat: int | None
    version: int
    revision: int
    started: bool = False
    finished: bool = False
    hand_number: int = 0
    trump: str = ""
    trump_name: str = ""
    turned: CardView | None = None
    out_of_play: list[CardView] = field(default_factory=list)
    phase: str = ""
    turn: int | None = None
    turn_name: str = ""
    your_turn: bool = False
    hand: list[CardView] = field(default_factory=list)
    legal: list[str] = field(default_factory=list)
    buttons: list[ActionButton] = field(default_factory=list)
    trick_done: bool = False
    last_trick: TrickView | None = None
    tricks_played: int = 0
    cantos: list[str] = field(default_factory=list)
    previous_hand: HandSummary | None = None
    tally: Tally | None = None
    stock: int | None = None
    stock_bottom: CardView | None = None
    #: Spanish tute for two: who waits for the turned card after a swap, in words.
    swap_waiting: str = ""
    trick_trump_name: str = ""
    lead_name: str = ""
    places: list[tuple[int, str]] = field(default_factory=list)
    deadline: Any = None
    deadline_kind: str = ""
    you_away: bool = False
    can_manage: bool = False
    bot_levels: list[tuple[str, str]] = field(default_factory=list)
    rematch: RematchOffer | None = None
    #: A bidding tute's auction and controls (:class:`games.presenters.bidding.BiddingPanel`).
    bidding: Any = None

    @property
    def seat_names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def seats_around(self) -> list[SeatView]:
        """The seats in play order, starting after the viewer's (his own comes last)."""
        if self.your_seat is None:
            return list(self.seats)
        k = self.your_seat + 1
        return self.seats[k:] + self.seats[:k]

    @property
    def others(self) -> list[SeatView]:
        return [s for s in self.seats_around if not s.is_you]

    @property
    def you(self) -> SeatView | None:
        return self.seats[self.your_seat] if self.your_seat is not None else None

    @property
    def empty_seats(self) -> int:
        return sum(1 for s in self.seats if s.is_empty)


@dataclass
class ReplayView:
    number: int
    step: int
    steps: int
    trump_name: str
    turned: CardView | None
    seats: list[dict[str, Any]]
    last: str
    trick_done: bool
    result: HandSummary | None
