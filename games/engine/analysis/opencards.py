"""The open-cards view: what best play by everyone achieves with every hand visible.

:func:`open_cards` replays a hand record up to a step and looks at the true position (every hand
and the stock known: this is for a replay after the hand, never for a live table).

* **Exact**, when the rest is small enough:

  - the tutes for two once the stock is empty: the bots' endgame solver
    (:class:`games.engine.bots.solver.Endgame`, minimax over bit masks) gives each card of the
    line — the card that maximises the mover's margin of future points, the winner of a trick
    singing his best pair; the line is played through the engine, which scores it;
  - any other variant in the play of its last cards, when the game tree is small (at most
    :data:`EXACT_LEAVES` deals of the remaining cards in the worst case: about the last three
    tricks for four players, four for three, five for two): a full search (max^n: each seat to
    move picks what is best for itself by the strong bot's objective, then by its side's points;
    with two sides this is minimax). Cards of one suit with the same points and no card of
    another hand between them are searched once.

* **Estimate** otherwise: each legal action of the seat to move is played out
  :data:`PLAYOUTS` times by the playout policy on the real position (the same seeds for every
  action); the best by the strong bot's objective is ``best``, and ``values`` are the mean
  points of its playouts. The line is that action and the policy's answers to the end of the
  trick.

``values`` are hand points per seat, each seat's side in team games (as in
:func:`games.engine.analysis.outcome.side_points`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from games.engine.actions import action_to_notation, parse_action
from games.engine.analysis.decisions import playout
from games.engine.analysis.exact import endgame_applies, endgame_line
from games.engine.analysis.hand import start_of
from games.engine.analysis.outcome import side_points
from games.engine.analysis.types import OpenCards
from games.engine.bots import policy
from games.engine.bots.objective import value
from games.engine.bots.solver import distinct
from games.engine.state import HandState, Phase
from games.engine.variants.stock import StockHand

#: Largest worst-case count of card orders searched exactly (product of each hand's factorial).
EXACT_LEAVES = 20_000
#: Playouts per action of an estimate.
PLAYOUTS = 32

Vec = tuple[tuple[float, float], ...]


def position(record: Mapping[str, Any], step: int) -> HandState:
    """The true state after the first ``step`` actions of a hand record."""
    actions = list(record["actions"])
    if not 0 <= step <= len(actions):
        raise ValueError(f"Step {step} is outside the record (0..{len(actions)}).")
    state = start_of(record)
    for notation in actions[:step]:
        state.apply_action(parse_action(notation))
    return state


def open_cards(record: Mapping[str, Any], step: int, *, seed: int | str = 0) -> OpenCards:
    """The position after ``step`` actions of the hand ``record`` with all hands visible."""
    state = position(record, step)
    if state.is_terminal():
        return OpenCards(step, True, _points(state), None, ())
    if endgame_applies(state):
        line, end = endgame_line(state)
        return OpenCards(step, True, _points(end), line[0], line)
    if _small(state):
        vec, acts = _search(state)
        line = tuple(action_to_notation(a) for a in acts)
        return OpenCards(step, True, tuple(p for _, p in vec), line[0], line)
    return _estimate(state, step, seed)


def _points(state: HandState) -> tuple[float, ...]:
    return tuple(side_points(state, s) for s in range(state.n))


# ------------------------------------------------------------------------ small trees


def _small(state: HandState) -> bool:
    if state.phase != Phase.PLAY or (isinstance(state, StockHand) and state.stock_left):
        return False
    leaves = 1
    for hand in state.hands:
        leaves *= math.factorial(hand.bit_count())
    return leaves <= EXACT_LEAVES


def _choices(state: HandState) -> list[int]:
    """The legal actions, cards that play alike (no other hand's card between) once."""
    legal = state.legal_actions()
    seat = state.turn
    mask = 0
    for a in legal:
        if 0 <= a < 40:
            mask |= 1 << a
    others = 0
    for s, hand in enumerate(state.hands):
        if s != seat:
            others |= hand
    return [a for a in legal if not 0 <= a < 40] + distinct(mask, others)


def _search(state: HandState) -> tuple[Vec, tuple[int, ...]]:
    """Max^n: the seat to move takes what is best for it (objective, then its points)."""
    if state.is_terminal():
        vec = tuple((value(state, s), side_points(state, s)) for s in range(state.n))
        return vec, ()
    seat = state.current_player()
    best: tuple[Vec, tuple[int, ...]] | None = None
    for a in _choices(state):
        child = state.clone()
        child.apply_action(a)
        vec, line = _search(child)
        if best is None or vec[seat] > best[0][seat]:
            best = (vec, (a, *line))
    assert best is not None
    return best


# ------------------------------------------------------------------------ estimate


def _estimate(state: HandState, step: int, seed: int | str) -> OpenCards:
    rng = random.Random(f"open:{seed}:{step}")
    seeds = [rng.getrandbits(32) for _ in range(PLAYOUTS)]
    seat = state.current_player()
    legal = state.legal_actions()
    best_key: tuple[float, float] | None = None
    best_action = legal[0]
    best_points: list[float] = [0.0] * state.n
    for a in legal:
        total_v = 0.0
        pts = [0.0] * state.n
        for sd in seeds:
            s = state.clone()
            s.apply_action(a)
            playout(s, random.Random(sd))
            total_v += value(s, seat)
            for k in range(state.n):
                pts[k] += side_points(s, k)
        key = (total_v, pts[seat])
        if best_key is None or key > best_key:
            best_key, best_action, best_points = key, a, pts
    line = [best_action]
    s = state.clone()
    s.apply_action(best_action)
    while not s.is_terminal() and s.trick and len(line) < state.n:
        a = policy.choose(s)
        line.append(a)
        s.apply_action(a)
    return OpenCards(
        step=step,
        exact=False,
        values=tuple(round(p / PLAYOUTS, 4) for p in best_points),
        best=action_to_notation(best_action),
        line=tuple(action_to_notation(a) for a in line),
    )
