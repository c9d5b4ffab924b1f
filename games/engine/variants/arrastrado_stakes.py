"""Tute Arrastrado's ranking of a hand and its stakes in tantos (RULES.md §7): pure functions
of the hand's numbers, used by :class:`~games.engine.variants.arrastrado_hand.ArrastradoHand`
when it ends and by the match's ledger (:mod:`games.engine.variants.arrastrado_match`).

Stakes, in tantos (:func:`arrastrado_stakes`), settled when the hand ends; the hand's
``result().extra["stakes"]`` holds each seat's gain and the plate's, which sum to zero:

* Cantos: the singer collects the canto's value (40 or 20) from each of the two opponents,
  with or without the plate. Tute itself is not a paid canto: its reward is the win.
* Without plate: the winner collects 100 (100 points or fewer) or 200 (101 or more) from the
  opponent with the fewest points; the one in the middle pays nothing (**Decision**, RULES.md).
* With plate, nobody goes: the winner under 101 collects 100 from the opponent with the fewest
  points; with 101 or more, 100 from each. One goes: with 101 or more he takes the plate and
  200 from each opponent (whoever won the hand); with less he pays the plate's amount into it
  and 200 to each opponent. **Decision** (ours): while someone goes, only his result is paid
  (and the cantos); the hand's winner, if another player, collects nothing more.
* **Decision** (ours): a tute counts as a win with 101 or more (it ends the hand before the
  points are made); a player who goes to the plate and sings tute has made it. The opponent
  with the fewest points is judged on the points at the moment of the tute.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from games.engine.state import Canto

#: Tantos each player puts in the plate at the start and at each refill.
PLATE_ANTE: Final = 100
#: Tantos the dealer adds to the plate when he deals.
DEALER_ADDS: Final = 20
#: Hand points at which a player "se ha salido" (is out): 101 or more.
OUT: Final = 101
#: The win stake under 101 and at 101 or more (without plate), and what a plate caller
#: collects from or pays to each opponent.
WIN_STAKE: Final = 100
OUT_STAKE: Final = 200
PLATE_STAKE: Final = 200


def arrastrado_ranking(
    points: Sequence[int], active: Sequence[int], last_trick: int, tute: int | None = None
) -> list[int]:
    """The active seats from the hand's winner down to the player with the fewest points.

    ``active`` is in play order from the mano. Most points first; on equal points the one who
    took the last trick (seat ``last_trick``) comes first, else the one nearest the mano. A
    tute singer comes first whatever the points.

    >>> arrastrado_ranking([0, 70, 30, 30], [1, 2, 3], last_trick=1)
    [1, 2, 3]
    >>> arrastrado_ranking([0, 50, 40, 50], [1, 2, 3], last_trick=3)
    [3, 1, 2]
    >>> arrastrado_ranking([60, 10, 60], [1, 2, 0], last_trick=2, tute=1)
    [1, 2, 0]
    """
    order = {s: i for i, s in enumerate(active)}
    ranked = sorted(active, key=lambda s: (-points[s], s != last_trick, order[s]))
    if tute is not None:
        ranked.remove(tute)
        ranked.insert(0, tute)
    return ranked


def arrastrado_stakes(
    n: int,
    ranking: Sequence[int],
    points: Sequence[int],
    cantos: Sequence[Canto],
    *,
    plate: bool = False,
    caller: int | None = None,
    plate_amount: int = 0,
    tute: int | None = None,
) -> tuple[list[int], int, dict[str, Any]]:
    """What each of the ``n`` seats gains (negative: pays) in one hand, and the plate's gain.

    ``ranking`` is :func:`arrastrado_ranking` (winner first, fewest points last); ``points``
    the hand points per seat; ``caller`` the seat that went to the plate, if any;
    ``plate_amount`` what the plate holds during the hand. Returns ``(seats, plate, info)``;
    ``sum(seats) + plate == 0``.

    >>> arrastrado_stakes(4, [1, 2, 3], [0, 70, 40, 20], [])[:2]
    ([0, 100, 0, -100], 0)
    >>> arrastrado_stakes(3, [0, 1, 2], [110, 20, 10], [Canto(1, 0, 40)])[:2]
    ([160, 80, -240], 0)
    >>> arrastrado_stakes(3, [0, 1, 2], [95, 20, 10], [], plate=True, caller=0,
    ...                   plate_amount=320)[:2]
    ([-720, 200, 200], 320)
    """
    seats = [0] * n
    for c in cantos:
        if c.points:
            for s in ranking:
                if s != c.seat:
                    seats[s] -= c.points
                    seats[c.seat] += c.points
    winner = ranking[0]
    fewest = ranking[-1]
    out = winner == tute or points[winner] >= OUT
    plate_delta = 0
    info: dict[str, Any] = {
        "winner": winner,
        "fewest": fewest,
        "winner_out": out,
        "caller": caller,
        "made": None,
    }
    if plate and caller is not None:
        made = caller == tute or points[caller] >= OUT
        info["made"] = made
        if made:
            seats[caller] += plate_amount
            plate_delta -= plate_amount
        else:
            seats[caller] -= plate_amount
            plate_delta += plate_amount
        for s in ranking:
            if s != caller:
                pay = PLATE_STAKE if made else -PLATE_STAKE
                seats[s] -= pay
                seats[caller] += pay
    elif plate and out:
        for s in ranking[1:]:
            seats[s] -= WIN_STAKE
            seats[winner] += WIN_STAKE
    else:
        stake = OUT_STAKE if out and not plate else WIN_STAKE
        seats[fewest] -= stake
        seats[winner] += stake
    return seats, plate_delta, info
