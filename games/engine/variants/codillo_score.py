"""What a hand of codillo scores (RULES.md §9.2), and the conformance ``settle`` answer.

The jugador and the holder of the called card (his partner) form one side, the other two the
other. Each side totals its card points, 10 for the last trick and its cantos ("a más"); the
jugador's side wins with strictly more, equal points lose. A tute sung by either side wins for
that side at once. The jugador's side winning scores 2 game points for the jugador and 1 for
his partner; losing, 1 for each of the other two.

>>> codillo_score(0, 2, [40, 40, 30, 40], None)
(False, [0, 1, 0, 1], (70, 80))
>>> codillo_score(1, 3, [0, 0, 0, 0], 3)
(True, [0, 2, 0, 1], (0, 0))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.engine.variants.bidding import register_settle

SEATS: Final = 4
#: Game points when the jugador's side wins: the jugador's, then his partner's.
JUGADOR_WINS: Final = 2
PARTNER_WINS: Final = 1
#: Game points of each of the other two when the jugador's side loses.
DEFENDER_WINS: Final = 1


def codillo_score(
    jugador: int, partner: int, points: Sequence[int], tute: int | None
) -> tuple[bool, list[int], tuple[int, int]]:
    """``(the jugador's side wins, game points per seat, (its total, the other side's))``.

    ``points`` are each seat's card points + last trick + cantos; ``tute`` the seat that sang
    tute, or None.
    """
    side = (jugador, partner)
    ours = sum(points[s] for s in side)
    theirs = sum(points[s] for s in range(SEATS) if s not in side)
    won = tute in side if tute is not None else ours > theirs
    score = [0] * SEATS
    if won:
        score[jugador] = JUGADOR_WINS
        score[partner] = PARTNER_WINS
    else:
        for s in range(SEATS):
            if s not in side:
                score[s] = DEFENDER_WINS
    return won, score, (ours, theirs)


def _seat(query: Mapping[str, Any], name: str, *, optional: bool = False) -> int | None:
    value = query.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        what = "a seat from 0 to 3" + (" or null" if optional else "")
        raise ValueError(f"'{name}' must be {what}, not {value!r}")
    return value


@register_settle("codillo")
def settle_codillo(query: Mapping[str, Any]) -> dict[str, Any]:
    """The conformance ``settle`` answer: ``{"score": [game points per seat]}``.

    ``points`` are card points + 10 for the last trick per seat (four seats), ``cantos`` the
    cantos each seat sang (20 or 40 each), ``tute`` the seat that sang tute or null.
    """
    jugador = _seat(query, "jugador")
    partner = _seat(query, "partner")
    assert jugador is not None and partner is not None
    if jugador == partner:
        raise ValueError("'partner' must be another seat than the jugador's")
    points = query.get("points")
    if (
        not isinstance(points, list)
        or len(points) != SEATS
        or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in points)
    ):
        raise ValueError("'points' must list 4 numbers of points, 0 or more")
    cantos = query.get("cantos", [[], [], [], []])
    if (
        not isinstance(cantos, list)
        or len(cantos) != SEATS
        or any(not isinstance(c, list) for c in cantos)
        or any(isinstance(v, bool) or v not in (20, 40) for c in cantos for v in c)
    ):
        raise ValueError("'cantos' must list, for each of the 4 seats, its cantos (20 or 40)")
    tute = _seat(query, "tute", optional=True)
    totals = [points[s] + sum(cantos[s]) for s in range(SEATS)]
    _won, score, _sides = codillo_score(jugador, partner, totals, tute)
    return {"score": score}
