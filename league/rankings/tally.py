"""A finished match's figures per seat, from the engine's JSON (pure: no Django).

Input is what the engine writes: each hand's ``HandResult.to_json()`` and the match's
``MatchResult.to_json()``. A seat *played* a hand when it is among the hand's winners or
losers (a dealer sitting out, a retired Cabrero player, the others of a Cabrero playoff are in
neither). Counted per seat:

* hands played, won and lost; hand points (cards, last trick and cantos), card points, tricks;
  the points of each hand played (for the distribution);
* cantos: 40s and 20s by their value, tutes (a canto with ``tute``);
* capotes: hands whose ``capote`` names the seat (the seat took every trick);
* renuncios: hands lost with reason ``renuncio`` (the seat was convicted);
* retired: the match's ``extra["retired_at"]`` names a hand for the seat (Cabrero, Chancho:
  four hands lost);
* the outcome: a win with place 1, a loss with a worse place, a draw when every seat shares
  place 1;
* in games with an auction (:mod:`.auction`: the hands name a ``jugador``): the hands the seat
  took on as jugador (``contracts``), those it kept (``contracts_made``), the sum of its bids
  where bids have a value (``bid_total``), and the hands it was batido (``batidos``) where the
  hands report them. Each is None when the match's hands do not report that fact.

Every hand comes in table seats: games maps a Cabrero playoff hand, played by two of the
seats, back to them (``games.outcome.HandOutcome``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .auction import hand_batidos, hand_contract, reports_auction, reports_bids

WIN, DRAW, LOSS = "W", "D", "L"


@dataclass
class SeatTally:
    seat: int
    side: int
    place: int
    outcome: str = LOSS
    hands: int = 0
    hands_won: int = 0
    hands_lost: int = 0
    hand_points: int = 0
    card_points: int = 0
    tricks: int = 0
    cantos_40: int = 0
    cantos_20: int = 0
    tutes: int = 0
    capotes: int = 0
    renuncios: int = 0
    retired: bool = False
    timeouts: int = 0
    points_per_hand: list[int] = field(default_factory=list)
    contracts: int | None = None
    contracts_made: int | None = None
    bid_total: int | None = None
    batidos: int | None = None


def side_of(seat: int, sides: Sequence[Sequence[int]] | None) -> int:
    """The side of a seat: the index of the side that holds it in ``sides`` (the variant's
    ``side_seats``), else the seat itself (everyone for himself).

    >>> side_of(2, [[0, 2], [1, 3]]), side_of(2, [[0], [1], [2]]), side_of(2, None)
    (0, 2, 2)
    """
    for index, seats in enumerate(sides or ()):
        if seat in seats:
            return index
    return seat


def _at(values: Sequence[Any], seat: int) -> int:
    return int(values[seat]) if seat < len(values) and values[seat] is not None else 0


def tally_match(
    *,
    players: int,
    places: Sequence[int],
    hands: Sequence[Mapping[str, Any]],
    result: Mapping[str, Any] | None = None,
    sides: Sequence[Sequence[int]] | None = None,
    timeouts: Mapping[Any, int] | None = None,
) -> list[SeatTally]:
    """The figures of every seat of a finished match (``hands`` already in table seats;
    ``sides`` the seats of each side, None: everyone for himself).

    >>> hand = {"points": [6, 45, 41, 58], "card_points": [6, 45, 41, 38],
    ...         "tricks": [1, 3, 3, 3], "losers": [1, 2], "winners": [3, 0],
    ...         "cantos": [{"seat": 3, "suit": "E", "points": 20, "tute": False}],
    ...         "reason_code": "middle", "capote": None, "tute": None}
    >>> rows = tally_match(players=4, places=[1, 4, 3, 1], hands=[hand])
    >>> [(r.outcome, r.hand_points, r.cantos_20) for r in rows]
    [('W', 6, 0), ('L', 45, 0), ('L', 41, 0), ('W', 58, 1)]
    """
    if len(places) != players:
        raise ValueError("places must have one entry per seat")
    everybody_first = all(p == 1 for p in places)
    rows = []
    for seat in range(players):
        place = int(places[seat])
        outcome = DRAW if everybody_first else (WIN if place == 1 else LOSS)
        rows.append(SeatTally(seat=seat, side=side_of(seat, sides), place=place, outcome=outcome))
    for hand in hands:
        winners = {int(s) for s in hand.get("winners") or []}
        losers = {int(s) for s in hand.get("losers") or []}
        points = hand.get("points") or []
        card_points = hand.get("card_points") or []
        tricks = hand.get("tricks") or []
        renuncio = hand.get("reason_code") == "renuncio"
        for row in rows:
            s = row.seat
            if s not in winners and s not in losers:
                continue
            row.hands += 1
            row.hands_won += s in winners
            row.hands_lost += s in losers
            p = _at(points, s)
            row.hand_points += p
            row.points_per_hand.append(p)
            row.card_points += _at(card_points, s)
            row.tricks += _at(tricks, s)
            if renuncio and s in losers:
                row.renuncios += 1
            if hand.get("capote") is not None and int(hand["capote"]) == s:
                row.capotes += 1
        for canto in hand.get("cantos") or []:
            seat = canto.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < players:
                continue
            row = rows[seat]
            if canto.get("tute"):
                row.tutes += 1
            elif canto.get("points") == 40:
                row.cantos_40 += 1
            else:
                row.cantos_20 += 1
    _tally_auction(rows, hands)
    retired_at = ((result or {}).get("extra") or {}).get("retired_at") or []
    for row in rows:
        row.retired = row.seat < len(retired_at) and retired_at[row.seat] is not None
        if timeouts:
            row.timeouts = int(timeouts.get(row.seat, timeouts.get(str(row.seat), 0)) or 0)
    return rows


def _tally_auction(rows: Sequence[SeatTally], hands: Sequence[Mapping[str, Any]]) -> None:
    """The auction figures of every seat (:mod:`.auction`): 0 for every seat once any hand
    reports the fact, None while none does.

    >>> rows = [SeatTally(seat=s, side=s, place=1) for s in range(3)]
    >>> _tally_auction(rows, [{"winners": [1], "extra": {"jugador": 1, "bid": 70, "made": True}},
    ...                       {"winners": [0, 2], "extra": {"jugador": 1, "bid": 95}},
    ...                       {"extra": {"jugador": None, "bid": None}}])
    >>> [(r.contracts, r.contracts_made, r.bid_total, r.batidos) for r in rows]
    [(0, 0, 0, None), (2, 1, 165, None), (0, 0, 0, None)]
    """
    players = len(rows)
    for hand in hands:
        if reports_auction(hand):
            for row in rows:
                row.contracts = row.contracts or 0
                row.contracts_made = row.contracts_made or 0
        if reports_bids(hand):
            for row in rows:
                row.bid_total = row.bid_total or 0
        batidos = hand_batidos(hand)
        if batidos is not None:
            for row in rows:
                row.batidos = (row.batidos or 0) + (row.seat in batidos)
        contract = hand_contract(hand)
        if contract is None or not 0 <= contract.jugador < players:
            continue
        row = rows[contract.jugador]
        row.contracts = (row.contracts or 0) + 1
        row.contracts_made = (row.contracts_made or 0) + contract.made
        if contract.bid is not None:
            row.bid_total = (row.bid_total or 0) + contract.bid
