"""What a bot plays for: the value of a finished hand for one seat, in [0, 1] (about).

Winning counts most; a small term for the margin breaks ties between actions that win (or lose)
equally often, so a search still prefers more points when the outcome is the same.

* Cabrero, Chancho: 1 when the seat is not among the hand's losers (``HandResult.losers``: the
  players in the middle, or everyone but a capote/tute maker), else 0. Points do not matter.
* Tute Arrastrado: 0.8 for the hand's winner, plus up to 0.2 for the tantos the seat gains or
  pays in the hand (cantos, the win, the plate).
* Spanish tute for two: 1 for the game's winner, 0 for the loser; a first deal that decides
  nothing (nobody reached 101) is worth 0.5 plus the lead in points.
* Argentine tute de a dos: 1 for the winner, plus a little for the margin.
* Codillo: 0.45 per game point the seat scores in the hand (the jugador 2, his partner 1, a
  defender 1), plus a little for its side's margin.
* Bato: 0.5 plus half the seat's net gain as a share of the pot (:mod:`games.engine.bots.bato`).
* Tute Remate: 0.5 plus the tantos the seat gains (or pays) in the hand over 800, clipped.
* Team variants: 1 for the winning team (a little more when the win counts two games), plus a
  little for the team's margin.

>>> from games.engine import get_variant
>>> h = get_variant("dos_ar").new_hand(players=2, seed=1)
>>> while not h.is_terminal():
...     h.apply_action(h.legal_actions()[0])
>>> round(value(h, h.result().winners[0]) + value(h, h.result().losers[0]), 6)
1.0
"""

from __future__ import annotations

from typing import Final

from games.engine.bots.bato import value as bato_value
from games.engine.bots.codillo import value as codillo_value
from games.engine.bots.remate import value as remate_value
from games.engine.state import HandState
from games.engine.variants.arrastrado import ArrastradoHand
from games.engine.variants.bato import BatoHand
from games.engine.variants.cabrero import CabreroHand
from games.engine.variants.codillo import CodilloHand
from games.engine.variants.dos import DosHand
from games.engine.variants.remate import RemateHand
from games.engine.variants.teams import TeamHandState, team_of

MARGIN: Final = 0.05


def _clip(x: float) -> float:
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


def value(state: HandState, seat: int) -> float:
    """The value of the finished hand ``state`` for ``seat``."""
    res = state.result()
    if isinstance(state, BatoHand):
        return bato_value(state, seat)
    if isinstance(state, CodilloHand):
        return codillo_value(state, seat)
    if isinstance(state, RemateHand):
        return remate_value(state, seat)
    if isinstance(state, CabreroHand):
        return 0.0 if seat in res.losers else 1.0
    if isinstance(state, ArrastradoHand):
        gain = res.extra["stakes"]["seats"][seat]
        return (0.8 if seat in res.winners else 0.0) + 0.1 + 0.1 * _clip(gain / 600)
    if isinstance(state, TeamHandState):
        tp = res.team_points or (0, 0)
        t = team_of(seat)
        margin = _clip((tp[t] - tp[1 - t]) / 130)
        games = int(res.extra.get("games", 1))
        base = (0.9 + 0.05 * (games - 1)) if seat in res.winners else 0.0
        return base + MARGIN * (1 + margin) / 2
    if isinstance(state, DosHand) and not res.winners:
        totals = res.extra["totals"]
        return 0.5 + 0.4 * _clip((totals[seat] - totals[1 - seat]) / 100)
    pts = res.points
    margin = _clip((pts[seat] - pts[1 - seat]) / 130) if len(pts) == 2 else 0.0
    return (1.0 - MARGIN if seat in res.winners else 0.0) + MARGIN * (1 + margin) / 2
