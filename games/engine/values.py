"""The value types of a hand: where it stands (:class:`Phase`), what fixes it before its
actions (:class:`HandSetup`), what happens in it (:class:`Canto`, :class:`Trick`) and how it
ends (:class:`HandResult`); and how a match ends (:class:`MatchResult`). Immutable, JSON-ready
(``to_json``), free of rules: the state machine (:mod:`games.engine.state`) and the match
(:mod:`games.engine.match`) make them, records and the platform read them.

>>> Trick(leader=0, seats=(0, 1, 2), cards=(9, 7, 8), winner=0).to_json()["cards"]
['1O', '12O', '3O']
>>> Canto(seat=1, suit=-1, points=0).to_json()["tute"]
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.engine.cards import NOTATION, SUIT_LETTERS


class Phase(enum.IntEnum):
    """Where a hand stands."""

    PREPLAY = 0  #: decisions before the first card (swaps, the plate)
    PLAY = 1  #: tricks are being played
    WINDOW = 2  #: a seat other than the leader may declare (e.g. a partner's canto)
    END = 3  #: the hand is over


@dataclass(frozen=True)
class HandSetup:
    """Everything that fixes a hand before its actions: the deal is drawn from ``seed``.

    ``first`` says whether this is the first hand of a match (Cabrero's special first hand);
    ``context`` carries what a variant needs from the match (e.g. carried-over points).
    """

    players: int
    seed: int | str
    options: Mapping[str, Any]
    dealer: int
    first: bool = True
    hand_number: int = 0
    context: Mapping[str, Any] = field(default_factory=dict)
    #: An explicit deck order (card indices, dealt from the front) instead of the seed's
    #: shuffle: stacked decks for tests, determinized deals for bots.
    deck: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Canto:
    """A declared canto: ``suit`` is -1 for a tute."""

    seat: int
    suit: int
    points: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "seat": self.seat,
            "suit": SUIT_LETTERS[self.suit] if self.suit >= 0 else None,
            "points": self.points,
            "tute": self.suit < 0,
        }


class Trick(NamedTuple):
    """A completed trick: who led, the seats and cards in play order, and who took it."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "leader": self.leader,
            "seats": list(self.seats),
            "cards": [NOTATION[c] for c in self.cards],
            "winner": self.winner,
        }


@dataclass(frozen=True)
class HandResult:
    """The outcome of a hand.

    ``points`` are hand points per seat (cards + last trick + cantos); for team variants the
    seats of a team share their team's total in ``team_points``. ``losers`` and ``winners`` are
    seats; ``reason`` says why in words (English; ``reason_code`` for translation).
    """

    points: tuple[int, ...]
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    cantos: tuple[Canto, ...]
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    reason_code: str
    reason: str
    capote: int | None = None
    tute: int | None = None
    team_points: tuple[int, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        out: dict[str, Any] = {
            "points": list(self.points),
            "card_points": list(self.card_points),
            "tricks": list(self.tricks),
            "cantos": [c.to_json() for c in self.cantos],
            "losers": list(self.losers),
            "winners": list(self.winners),
            "reason_code": self.reason_code,
            "reason": self.reason,
            "capote": self.capote,
            "tute": self.tute,
        }
        if self.team_points is not None:
            out["team_points"] = list(self.team_points)
        if self.extra:
            out["extra"] = dict(self.extra)
        return out


@dataclass(frozen=True)
class MatchResult:
    """How a match ended. ``places[s]`` is seat s's place (1 is best; ties share a place)."""

    places: tuple[int, ...]
    winners: tuple[int, ...]
    hands_played: int
    summary: str
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "places": list(self.places),
            "winners": list(self.winners),
            "hands_played": self.hands_played,
            "summary": self.summary,
            "extra": dict(self.extra),
        }
