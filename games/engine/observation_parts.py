"""The parts of an :class:`~games.engine.observation.Observation`: the small values it is made
of (a card on the table, a trick, a canto, a swap) and Cabrero's family of fields
(:class:`CabreroView`); the other families' are in :mod:`games.engine.observation_families`.
Each has ``to_json()`` and ``from_json()``; a family's JSON fields are flat, merged into the
hand observation's.

>>> CabreroView(None, (), (), (), accusations=True).to_json()["accusation_window"] is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.engine.cards import COMPILED

#: Compiled, the classes below that write out their ``__init__`` are mypyc native classes
#: whose ``__init__`` assigns each field directly (a native field write): the one that
#: ``dataclasses`` generates for a frozen class runs interpreted and sets each field through
#: ``object.__setattr__``, a generic attribute lookup (an observation of a hand, 27 fields,
#: cost about 40,000 instructions to make that way). The frozen ``__setattr__`` still guards
#: the fields against interpreted code. In pure Python they set their fields as the generated
#: one does.
_NATIVE: Final = COMPILED
_set: Final = object.__setattr__


def _set_fields(obj: object, **values: Any) -> None:
    """Set the fields of a frozen value in pure Python, as the ``__init__`` that
    ``dataclasses`` generates does (``object.__setattr__``, past the frozen ``__setattr__``)."""
    for name, value in values.items():
        _set(obj, name, value)


#: A JSON object.
JSON = dict[str, Any]


def as_ints(values: Any) -> tuple[int, ...]:
    """A tuple of ints from a JSON list."""
    return tuple(int(v) for v in values)


def as_opt_int(value: Any) -> int | None:
    """An int from JSON, None staying None."""
    return None if value is None else int(value)


# ----------------------------------------------------------------------------- small parts


@dataclass(frozen=True, init=False)
class SeatCard:
    """A card a seat put face up: one of the trick in play, or Cabrero's shown 4 of oros."""

    seat: int
    card: str

    def __init__(self, seat: int, card: str) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.card = card  # type: ignore[misc]
            return
        _set_fields(self, seat=seat, card=card)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "card": self.card}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatCard:
        return cls(int(data["seat"]), str(data["card"]))


@dataclass(frozen=True, init=False)
class TrickView:
    """A completed trick: who led, the seats and cards in play order, and who took it."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[str, ...]
    winner: int

    def __init__(
        self, leader: int, seats: tuple[int, ...], cards: tuple[str, ...], winner: int
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.leader = leader  # type: ignore[misc]
            self.seats = seats  # type: ignore[misc]
            self.cards = cards  # type: ignore[misc]
            self.winner = winner  # type: ignore[misc]
            return
        _set_fields(self, leader=leader, seats=seats, cards=cards, winner=winner)

    def to_json(self) -> JSON:
        return {
            "leader": self.leader,
            "seats": list(self.seats),
            "cards": list(self.cards),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrickView:
        return cls(
            int(data["leader"]),
            as_ints(data["seats"]),
            tuple(str(c) for c in data["cards"]),
            int(data["winner"]),
        )


@dataclass(frozen=True, init=False)
class CantoView:
    """A canto sung: ``suit`` a letter, None for a tute (then ``tute`` is True)."""

    seat: int
    suit: str | None
    points: int
    tute: bool

    def __init__(self, seat: int, suit: str | None, points: int, tute: bool) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.suit = suit  # type: ignore[misc]
            self.points = points  # type: ignore[misc]
            self.tute = tute  # type: ignore[misc]
            return
        _set_fields(self, seat=seat, suit=suit, points=points, tute=tute)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "suit": self.suit, "points": self.points, "tute": self.tute}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CantoView:
        suit = data["suit"]
        return cls(
            int(data["seat"]),
            None if suit is None else str(suit),
            int(data["points"]),
            bool(data["tute"]),
        )


@dataclass(frozen=True, init=False)
class DealSwap:
    """A public exchange for the turned card (Cabrero for three, Arrastrado): the seat, the
    card it gave, the card it took (None when taken unseen, face down)."""

    seat: int
    gave: str
    took: str | None

    def __init__(self, seat: int, gave: str, took: str | None) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.gave = gave  # type: ignore[misc]
            self.took = took  # type: ignore[misc]
            return
        _set_fields(self, seat=seat, gave=gave, took=took)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "gave": self.gave, "took": self.took}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealSwap:
        took = data["took"]
        return cls(int(data["seat"]), str(data["gave"]), None if took is None else str(took))


# ----------------------------------------------------------------------------- families


@dataclass(frozen=True, init=False)
class AccusationWindow:
    """Cabrero's accusation window at the end of a hand: whose turn, who has passed."""

    seat: int
    passed: tuple[int, ...]

    def __init__(self, seat: int, passed: tuple[int, ...]) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.passed = passed  # type: ignore[misc]
            return
        _set_fields(self, seat=seat, passed=passed)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "passed": list(self.passed)}


@dataclass(frozen=True, init=False)
class CabreroView:
    """Cabrero's and Chancho's fields. ``offences`` is None until the hand is over (the JSON
    form then has no such key); ``accusations`` says whether the table plays ``acusar`` (the
    JSON form has ``accusation_window`` only then)."""

    sitting_out: int | None
    retired: tuple[int, ...]
    swaps: tuple[DealSwap, ...]
    shown: tuple[SeatCard, ...]
    offences: tuple[tuple[int, str], ...] | None = None
    accusations: bool = False
    accusation_window: AccusationWindow | None = None

    def __init__(
        self,
        sitting_out: int | None,
        retired: tuple[int, ...],
        swaps: tuple[DealSwap, ...],
        shown: tuple[SeatCard, ...],
        offences: tuple[tuple[int, str], ...] | None = None,
        accusations: bool = False,
        accusation_window: AccusationWindow | None = None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.sitting_out = sitting_out  # type: ignore[misc]
            self.retired = retired  # type: ignore[misc]
            self.swaps = swaps  # type: ignore[misc]
            self.shown = shown  # type: ignore[misc]
            self.offences = offences  # type: ignore[misc]
            self.accusations = accusations  # type: ignore[misc]
            self.accusation_window = accusation_window  # type: ignore[misc]
            return
        _set_fields(
            self,
            sitting_out=sitting_out,
            retired=retired,
            swaps=swaps,
            shown=shown,
            offences=offences,
            accusations=accusations,
            accusation_window=accusation_window,
        )

    def to_json(self) -> JSON:
        out: JSON = {
            "sitting_out": self.sitting_out,
            "retired": list(self.retired),
            "swaps": [w.to_json() for w in self.swaps],
            "shown": [w.to_json() for w in self.shown],
        }
        if self.offences is not None:
            out["offences"] = [[s, c] for s, c in self.offences]
        if self.accusations:
            window = self.accusation_window
            out["accusation_window"] = window.to_json() if window is not None else None
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CabreroView:
        window = data.get("accusation_window")
        offences = data.get("offences")
        return cls(
            sitting_out=as_opt_int(data["sitting_out"]),
            retired=as_ints(data["retired"]),
            swaps=tuple(DealSwap.from_json(w) for w in data["swaps"]),
            shown=tuple(SeatCard.from_json(w) for w in data["shown"]),
            offences=None if offences is None else tuple((int(s), str(c)) for s, c in offences),
            accusations="accusation_window" in data,
            accusation_window=(
                None
                if window is None
                else AccusationWindow(int(window["seat"]), as_ints(window["passed"]))
            ),
        )
