"""What a hand of Tute Remate pays (RULES.md §9.1): a pure function of the hand's numbers,
used when the hand ends (:class:`~games.engine.variants.remate_hand.RemateHand`), by the match's
ledger, and by the conformance ``settle`` query (:func:`settle_query`).

Stakes, in tantos, between the jugador and each of the two contra players:

* **The bid**: made (his card points + 10 for the last trick + his cantos reach the bid): each
  contra player pays him the bid; failed: he pays the bid to each contra player.
* **Capote doubles it**: when he took every trick, or every trick went to the contra.
  **Decision** (the rule says "doubled if" without a condition on the outcome): the bid's
  payment is doubled on a capote whichever way it goes, also in the rare hand where the jugador
  takes every trick and still falls short of a high bid.
* **Tute** ends the hand at once. By the jugador: a made bid, doubled (each contra player pays
  him twice the bid). **Decision**: by a contra player: a failed bid, not doubled (he pays the
  bid to each contra player), as the rule words it ("beats him"), without the jugador's
  doubling. A hand ended by a tute is never a capote (its tricks were not all played).
* **Cantos** (40 or 20) are paid to the singer by each of the two other players, whoever sang
  them and whatever the bid's outcome. Tute itself is not a paid canto: its reward is above.

The seats' changes always sum to zero; a seat that sits the hand out (four at the table) neither
pays nor collects.

>>> remate_stakes(3, 0, 80, made=True, capote=False, cantos=[(0, 20), (1, 40)])
[160, -20, -140]
>>> remate_stakes(4, 2, 60, made=False, capote=True, cantos=[], sitting_out=1)
[120, 0, -240, 120]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from games.engine.variants.bidding import register_settle

#: The lowest and highest bids (the lowest is the default of option ``min_bid``).
MIN_BID: Final = 60
#: **Decision**: the highest bid is the most a jugador can ever total: 120 card points + 10
#: for the last trick + las cuarenta and three veintes (230). A higher bid could never be made.
MAX_BID: Final = 230
#: Bids go up in steps of this many points.
BID_STEP: Final = 5


def remate_stakes(
    n: int,
    jugador: int,
    bid: int,
    *,
    made: bool,
    capote: bool,
    cantos: Iterable[tuple[int, int]],
    tute: str | None = None,
    sitting_out: int | None = None,
) -> list[int]:
    """Each of the ``n`` seats' change of tantos in one hand (sums to zero).

    ``made`` whether the jugador made the bid, ``capote`` whether one side took every trick,
    ``cantos`` the paid cantos as (seat, 40 or 20), ``tute`` ``"jugador"`` or ``"contra"``
    when a tute ended the hand (it overrides ``made`` and ``capote``), ``sitting_out`` the seat
    that sits the hand out (four at the table).
    """
    playing = [s for s in range(n) if s != sitting_out]
    contra = [s for s in playing if s != jugador]
    seats = [0] * n
    if tute == "jugador":
        stake = 2 * bid
    elif tute == "contra":
        stake = -bid
    else:
        stake = (bid if made else -bid) * (2 if capote else 1)
    for s in contra:
        seats[s] -= stake
        seats[jugador] += stake
    for singer, points in cantos:
        for s in playing:
            if s != singer:
                seats[s] -= points
                seats[singer] += points
    return seats


# ---------------------------------------------------------------- the conformance query


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(query: Mapping[str, Any], name: str) -> Any:
    """A field of the query (None when absent), typed ``Any`` for the checks that follow."""
    return query.get(name)


def _seat_list(query: Mapping[str, Any], name: str, n: int) -> list[Any]:
    value = _get(query, name)
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"'{name}' must be a list with one entry per seat ({n})")
    return value


@register_settle("remate")
def settle_query(query: Mapping[str, Any]) -> dict[str, Any]:
    """Answer the conformance ``settle`` query of remate: ``{"ledger": [...]}``.

    Fields: ``jugador`` (seat), ``bid``, ``points`` (card points + 10 for the last trick per
    seat, without cantos), ``tricks`` (per seat), ``cantos`` (per seat, a list of 40s and 20s),
    ``tute`` (the seat that sang tute, or null). Three seats; with four, ``sitting_out`` names
    the dealer who sits the hand out (when it is missing, the one seat other than the jugador
    with no points, no tricks and no cantos; with two such seats it must be given).

    >>> settle_query({"jugador": 0, "bid": 80, "points": [70, 35, 25], "tricks": [6, 3, 3],
    ...               "cantos": [[20], [40], []], "tute": None})
    {'ledger': [160, -20, -140]}
    """
    points = _get(query, "points")
    if not isinstance(points, list) or len(points) not in (3, 4):
        raise ValueError("'points' must be a list with one entry per seat (3, or 4 with one out)")
    n = len(points)
    tricks = _seat_list(query, "tricks", n)
    cantos = _seat_list(query, "cantos", n)
    if not all(_whole(p) and p >= 0 for p in points + tricks):
        raise ValueError("'points' and 'tricks' must hold whole numbers, 0 or more")
    jugador = _get(query, "jugador")
    if not _whole(jugador) or not 0 <= jugador < n:
        raise ValueError("'jugador' must be a seat that plays the hand")
    out = _get(query, "sitting_out")
    if n == 4 and out is None:
        # Not given: the one seat other than the jugador that took nothing and sang nothing.
        idle = [
            s
            for s in range(4)
            if s != jugador and not points[s] and not tricks[s] and not cantos[s]
        ]
        if len(idle) == 1:
            out = idle[0]
    if n == 4:
        if not _whole(out) or not 0 <= out < 4:
            raise ValueError("with four seats, 'sitting_out' must name the seat that sits out")
    elif out is not None:
        raise ValueError("'sitting_out' is only for four seats")
    if jugador == out:
        raise ValueError("'jugador' must be a seat that plays the hand")
    bid = _get(query, "bid")
    if not _whole(bid) or bid % BID_STEP or not 0 < bid <= MAX_BID:
        raise ValueError(f"'bid' must be a multiple of {BID_STEP} up to {MAX_BID}")
    paid: list[tuple[int, int]] = []
    for seat, sung in enumerate(cantos):
        if not isinstance(sung, list) or not all(_whole(c) and c in (20, 40) for c in sung):
            raise ValueError("'cantos' must list, per seat, the cantos sung: 40 or 20 each")
        if sung and seat == out:
            raise ValueError("the seat that sits out cannot sing")
        paid += [(seat, c) for c in sung]
    tute = _get(query, "tute")
    if tute is not None and (not _whole(tute) or not 0 <= tute < n or tute == out):
        raise ValueError("'tute' must be a seat that plays the hand, or null")
    total = points[jugador] + sum(cantos[jugador])
    capote = is_capote(tricks, jugador, [s for s in range(n) if s not in (jugador, out)])
    ledger = remate_stakes(
        n,
        jugador,
        bid,
        made=total >= bid,
        capote=capote,
        cantos=paid,
        tute=None if tute is None else ("jugador" if tute == jugador else "contra"),
        sitting_out=out,
    )
    return {"ledger": ledger}


def is_capote(tricks: Sequence[int], jugador: int, contra: Sequence[int]) -> bool:
    """Whether one side took every trick (and at least one trick was played).

    >>> is_capote([12, 0, 0], 0, [1, 2]), is_capote([0, 5, 7], 0, [1, 2])
    (True, True)
    >>> is_capote([1, 4, 7], 0, [1, 2]), is_capote([0, 0, 0], 0, [1, 2])
    (False, False)
    """
    theirs = sum(tricks[s] for s in contra)
    mine = tricks[jugador]
    return (mine == 0) != (theirs == 0)
