"""What a finished hand is worth to one seat, and how much a choice costs (the marks).

Three numbers are read off a finished hand for the analysed seat:

* **points**: the hand points of the seat's side — cards, the 10 of the last trick and cantos
  (``HandResult.points``); in team games the team's total (``team_points``), in Codillo the
  side's (jugador and partner, or the defenders), in Tute Remate the jugador's or the
  defenders' together (``contra_points``);
* **lost**: whether the seat is among the hand's losers (``HandResult.losers``): in Cabrero and
  Chancho a player in the middle, in the tutes for two and the team games the side that lost the
  hand (or the game it decided), in the bidding tutes the jugador whose bid failed or the
  defenders of a bid that was made, in Bato a seat that was beaten, in Arrastrado every seat
  but the winner;
* **value**: what the strong bot plays for (:func:`games.engine.bots.objective.value`, in
  [0, 1]); it ranks the alternatives, so the "best" move is the bot's.

**Marks** (Lichess-like). A decision's cost is measured against the best alternative on the same
sampled deals, on three scales:

* ``cost_chance``: chance of losing added (probability, 0..1), thresholds
  :data:`CHANCE_THRESHOLDS` 0.10 / 0.20 / 0.30 (inaccuracy / mistake / blunder);
* ``cost_value``: the bot's objective lost (0..1, about a chance of winning; it also weighs the
  tantos of the bidding tutes, Arrastrado and Bato, so a bid that fails by far costs more than
  one that fails by little), thresholds :data:`VALUE_THRESHOLDS` 0.10 / 0.20 / 0.30;
* ``cost_points``: hand points given away, thresholds :data:`POINT_THRESHOLDS` 10 / 20 / 40.
  In Cabrero and Chancho the points are shown but never mark a move (more points are not
  better there: only the middle loses), nor in Bato (the pot is won by tricks, not points, and
  a seat that passes scores none).

The mark is the worst of the scales. A cost marks a move only when it is also more than
:data:`Z` standard errors of the paired difference (same deals, same playouts) above zero, so
the noise of a few dozen deals does not mark moves that are as good as the best.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.engine.analysis.types import MARKS
from games.engine.bots.objective import value
from games.engine.state import HandState
from games.engine.variants.teams import TeamHandState, team_of

#: Chance of losing added by a move: inaccuracy, mistake, blunder (probability, 0..1).
CHANCE_THRESHOLDS = (0.10, 0.20, 0.30)
#: Objective lost by a move (the strong bot's value, about a chance of winning the hand).
VALUE_THRESHOLDS = (0.10, 0.20, 0.30)
#: Hand points given away by a move: inaccuracy, mistake, blunder.
POINT_THRESHOLDS = (10.0, 20.0, 40.0)
#: Standard errors of the paired difference a cost must also exceed to mark a move.
Z = 2.0
#: Variants where the points never mark a move (only being in the middle loses).
CHANCE_ONLY = frozenset({"cabrero", "chancho", "bato"})


def side_points(state: HandState, seat: int) -> float:
    """The hand points of ``seat``'s side in the finished hand ``state``."""
    res = state.result()
    if res.team_points is not None and isinstance(state, TeamHandState):
        return float(res.team_points[team_of(seat)])
    extra = res.extra
    sides = extra.get("sides")
    side_pts = extra.get("side_points")
    if sides and side_pts:
        for side, pts in zip(sides, side_pts, strict=False):
            if seat in side:
                return float(pts)
    contra = extra.get("contra")
    if contra and seat in contra and extra.get("contra_points") is not None:
        return float(extra["contra_points"])
    return float(res.points[seat])


def outcome(state: HandState, seat: int) -> tuple[float, float, float]:
    """``(value, points, lost)`` of the finished hand for ``seat`` (lost is 0.0 or 1.0)."""
    res = state.result()
    return value(state, seat), side_points(state, seat), 1.0 if seat in res.losers else 0.0


def paired_se(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of the mean of ``a[i] - b[i]``."""
    n = len(a)
    if n < 2:
        return 0.0
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)


def severity(cost: float, se: float, thresholds: Sequence[float]) -> int:
    """0 (no mark) .. 3 (blunder): the highest threshold ``cost`` reaches, if significant."""
    if cost <= Z * se:
        return 0
    level = 0
    for i, limit in enumerate(thresholds):
        if cost >= limit - 1e-9:
            level = i + 1
    return level


def mark_of(
    variant: str,
    points: tuple[float, float],
    chance: tuple[float, float],
    objective: tuple[float, float],
) -> str:
    """The mark of a decision (one of :data:`MARKS`) from its ``(cost, standard error)`` on
    each scale: hand points, chance of losing and the bot's objective."""
    level = max(
        severity(*chance, CHANCE_THRESHOLDS),
        severity(*objective, VALUE_THRESHOLDS),
    )
    if variant not in CHANCE_ONLY:
        level = max(level, severity(*points, POINT_THRESHOLDS))
    return MARKS[level]
