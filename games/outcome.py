"""The one value that leaves ``games``: what happened at a finished or abandoned table.

League (rankings, competitions) learns of a table's end only through :class:`TableOutcome`:
``games`` builds it once, from its own rows, and sends it with
:data:`games.signals.match_finished` (``outcome=``) or :data:`games.signals.table_abandoned`
(``outcome=``); the competitions' safety-net sweep asks for it with
:func:`games.selectors.outcomes.table_outcome`. League reads nothing else of games' models.

Everything is in table seats (position 0 .. players - 1). A hand that not every seat played
(a Cabrero playoff between the last two) has its result already mapped back to table seats, and
says so with ``playoff``. This module is plain Python (no Django), so the value can be built in
tests and read anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any


class OutcomeStatus(str, Enum):
    """How the table ended."""

    FINISHED = "finished"  # the match was played to its end: it has places
    ABANDONED = "abandoned"  # stopped while in play: no result
    CANCELLED = "cancelled"  # stopped before the game started


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat of the table at its end.

    ``user_id`` is None for a bot seat (``bot_level`` says which bot). ``timeouts`` counts the
    turn timers that ran out on a person's seat (a bot played for him each time);
    ``replaced_by_bot`` says a bot played at least one of his moves; ``absent`` that he never
    played a move himself after a timer ran out on him (he did not show up), or that his seat
    was ``forfeited`` for absence (:func:`games.services.table_forfeit`).
    """

    position: int
    user_id: int | None
    bot_level: str = ""
    timeouts: int = 0
    replaced_by_bot: bool = False
    absent: bool = False
    place: int | None = None
    forfeited: bool = False

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand: its number in the match, the engine's hand result in table seats
    (``points``, ``winners``, ``losers``, ``cantos``... see ``HandResult.to_json``), the seats
    that played it, and whether it was a playoff hand between some seats only. ``deal`` is a
    fingerprint of the hand's setup (seed, dealer, players, options, context): two hands with
    the same fingerprint were dealt the same cards to the same seats (duplicate tournaments
    compare them); it reveals no card."""

    number: int
    result: Mapping[str, Any]
    seats: tuple[int, ...]
    playoff: bool = False
    deal: str = ""


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """A table's end, as league needs it.

    For a finished match: ``places`` (per seat, 1 is best, ties share), ``winners``, the
    engine's match ``result`` and ``record``, every finished ``hands``. For an abandoned or
    cancelled table: ``places`` and ``winners`` are empty, ``result`` is None, and ``reason``,
    ``abandoned_by`` and ``version`` (actions played) say what happened.
    """

    table_id: int
    status: OutcomeStatus
    variant: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    seats: tuple[SeatOutcome, ...]
    rated: bool
    private: bool
    finished_at: datetime | None
    source_kind: str = ""
    source_id: int | None = None
    places: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    hands: tuple[HandOutcome, ...] = ()
    result: Mapping[str, Any] | None = None
    record: Mapping[str, Any] | None = None
    version: int = 0
    reason: str = ""
    abandoned_by: int | None = None

    @property
    def is_finished(self) -> bool:
        return self.status is OutcomeStatus.FINISHED

    @property
    def seat_users(self) -> list[int | None]:
        """The user of each seat in order (None: a bot seat)."""
        return [s.user_id for s in self.seats]

    @property
    def bot_levels(self) -> dict[int, str]:
        return {s.position: s.bot_level for s in self.seats if s.is_bot}

    @property
    def timeouts(self) -> dict[int, int]:
        return {s.position: s.timeouts for s in self.seats}

    @property
    def absent_seats(self) -> set[int]:
        return {s.position for s in self.seats if s.absent}

    @property
    def full_hands(self) -> list[HandOutcome]:
        """The hands every seat played (playoff hands left out)."""
        return [h for h in self.hands if not h.playoff]
