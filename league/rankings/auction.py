"""The auction facts of a finished hand, as the bidding tutes' engines report them (pure).

A hand of a game with an auction (remate, codillo, bato: RULES.md §9) says so in its result's
``extra``: the key ``jugador`` is there, the seat that took the hand on (the last bid, the
first "juego"), or None when everybody passed (a void hand). Read from the same ``extra``:

* ``made``: whether the jugador kept his contract (remate: he reached his bid; codillo: his
  side won "a más"). A hand without it (bato) is made when the jugador is among the hand's
  ``winners`` (bato: he was not batido; alone, he took the pot without play).
* ``bid``: the value bid, where the auction is in points (remate). The key is there, None on a
  void hand, in every hand of such a game; games whose auction has no value (codillo's and
  bato's "juego") do not have it.
* ``batidos``: the seats that missed their commitment and paid the pot (bato); every hand of
  such a game has the key, an empty list when nobody was batido.

The statistics (:mod:`.tally`) follow what the hands report, so no table of games is kept
here: a match whose hands have no ``jugador`` has no auction figures (None, not 0), and the
pages show none.

>>> hand_contract({"winners": [1, 3], "extra": {"jugador": 1, "made": True}})
Contract(jugador=1, made=True, bid=None)
>>> hand_contract({"winners": [2], "extra": {"jugador": 0, "bid": 85, "made": False}})
Contract(jugador=0, made=False, bid=85)
>>> hand_contract({"winners": [0, 2], "extra": {"jugador": 0, "batidos": [1]}})
Contract(jugador=0, made=True, bid=None)
>>> hand_contract({"extra": {"jugador": None, "bid": None}}) is None
True
>>> reports_auction({"extra": {"jugador": None}}), reports_auction({"points": [1, 2]})
(True, False)
>>> reports_bids({"extra": {"jugador": None, "bid": None}}), hand_batidos({"extra": {}})
(True, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Contract:
    """A hand's contract: who took it on, whether he kept it, and his bid (None: no value)."""

    jugador: int
    made: bool
    bid: int | None


def _extra(hand: Mapping[str, Any]) -> Mapping[str, Any]:
    extra = hand.get("extra")
    return extra if isinstance(extra, Mapping) else {}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def reports_auction(hand: Mapping[str, Any]) -> bool:
    """Whether the hand comes from a game with an auction (its ``extra`` names a jugador,
    None included)."""
    return "jugador" in _extra(hand)


def reports_bids(hand: Mapping[str, Any]) -> bool:
    """Whether the hand's auction is in points (its ``extra`` has a ``bid``, None included)."""
    return "bid" in _extra(hand)


def hand_contract(hand: Mapping[str, Any]) -> Contract | None:
    """The hand's contract, or None (no auction, or everybody passed)."""
    extra = _extra(hand)
    jugador = extra.get("jugador")
    if not _whole(jugador):
        return None
    made = extra.get("made")
    if not isinstance(made, bool):
        made = jugador in {int(s) for s in hand.get("winners") or []}
    bid = extra.get("bid")
    return Contract(jugador=int(jugador), made=made, bid=int(bid) if _whole(bid) else None)


def hand_batidos(hand: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The seats batido in the hand; None when the hand does not report batidos."""
    batidos = _extra(hand).get("batidos")
    if not isinstance(batidos, list | tuple):
        return None
    return tuple(int(s) for s in batidos if _whole(s))
