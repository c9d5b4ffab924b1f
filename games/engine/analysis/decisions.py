"""Evaluating every legal alternative of one decision from the deciding seat's information only.

:func:`evaluate` is given the seat's observation (with its memory of the hand) and nothing else:
it deals the unseen cards consistently with it (:mod:`games.engine.bots.determinize`), rebuilds
each deal as an engine state (:mod:`games.engine.bots.restore`) and, for every legal action,
plays the deal out with the strong bot's playout policy (:func:`games.engine.bots.policy.choose`,
a little randomised). Every alternative meets the same deals and the same playout seeds (common
random numbers), so the differences between them are not sampling luck of the deal. Cards that
play alike (one suit, same points, no card held by another seat or in the stock between them)
share one evaluation.

In the tutes for two once the stock is empty the seat knows the other hand (it is every card it
has not seen): each alternative is then followed by the exact line of the endgame solver
(:mod:`games.engine.analysis.exact`), once (``samples`` 1).

The seeds come from ``(seed, step)`` only, so a decision's result does not depend on the other
decisions analysed nor on the hidden cards (they are never read).
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from games.engine.actions import action_to_notation, parse_action
from games.engine.analysis.exact import endgame_applies, endgame_line
from games.engine.analysis.outcome import mark_of, outcome, paired_se
from games.engine.analysis.types import Alternative, Decision
from games.engine.bots import policy
from games.engine.bots.determinize import Knowledge, sample_deal
from games.engine.bots.restore import restore
from games.engine.bots.view import View
from games.engine.cards import POINTS, SUIT
from games.engine.observation import Observation
from games.engine.state import HandState, Phase

#: Randomness of the playout policy (as the strong bot's).
EPSILON = 0.1
#: Deals always evaluated, even past a time budget.
MIN_DEALS = 4
#: A playout longer than this many actions is cut (a guard; no variant comes near it).
MAX_PLAYOUT = 2000


def view_of(observation: Observation, options: dict[str, Any]) -> View:
    """The bots' view of a bare hand observation, with the table's options (a bare hand
    observation does not carry them)."""
    return replace(View.of(observation), options=dict(options))


def representatives(view: View, unseen: int) -> dict[int, int]:
    """Each legal action's representative: the lowest card of a run of cards that play alike
    (one suit, same points, no card of ``unseen`` — the cards still held by others or in the
    stock — between them); other actions stand for themselves."""
    out: dict[int, int] = {}
    prev = -1
    rep = -1
    for c in sorted(a for a in view.legal if 0 <= a < 40):
        if (
            prev >= 0
            and SUIT[prev] == SUIT[c]
            and POINTS[prev] == POINTS[c]
            and not unseen & ((1 << c) - (2 << prev))
        ):
            out[c] = rep
        else:
            out[c] = rep = c
        prev = c
    for a in view.legal:
        out.setdefault(a, a)
    return out


def playout(state: HandState, rng: random.Random) -> None:
    """Play ``state`` to the end with the playout policy (every seat)."""
    for _ in range(MAX_PLAYOUT):
        if state.phase == Phase.END:
            return
        state.apply_action(policy.choose(state, rng, EPSILON, accuse=False))
    raise RuntimeError("A playout did not end.")  # pragma: no cover - a bug in a policy


def evaluate(
    view: View,
    step: int,
    played: str,
    *,
    deals: int,
    seed: int | str,
    deadline: float | None = None,
) -> Decision:
    """The :class:`Decision` of ``view.seat`` at ``step`` (it played ``played``), every legal
    action evaluated on ``deals`` deals (fewer if ``deadline``, a ``perf_counter`` time, passes
    first; never fewer than :data:`MIN_DEALS`)."""
    seat = view.seat
    know = Knowledge.of(view)
    held = know.unseen  # cards in other hands or the stock, unseen or publicly known
    for mask in know.known:
        held |= mask
    reps = representatives(view, held)
    acts = list(dict.fromkeys(reps[a] for a in view.legal))
    rng = random.Random(f"analysis:{seed}:{step}")
    vals: dict[int, list[float]] = {a: [] for a in acts}
    pts: dict[int, list[float]] = {a: [] for a in acts}
    lost: dict[int, list[float]] = {a: [] for a in acts}
    done = 0
    first = restore(view, *sample_deal(know, random.Random(0)))
    if endgame_applies(first):
        # Two players, the stock empty: the seat knows the other hand (every card unseen), so
        # each alternative is followed by the exact line of the solver, once.
        for a in acts:
            s = first.clone()
            s.apply_action(a)
            v, p, lo = outcome(endgame_line(s)[1], seat)
            vals[a].append(v)
            pts[a].append(p)
            lost[a].append(lo)
        return _decision(view, step, played, reps, vals, pts, lost, 1)
    while done < deals:
        hands, stock = sample_deal(know, rng)
        world = restore(view, hands, stock)
        pseed = rng.getrandbits(32)
        for a in acts:
            s = world.clone()
            s.apply_action(a)
            playout(s, random.Random(pseed))
            v, p, lo = outcome(s, seat)
            vals[a].append(v)
            pts[a].append(p)
            lost[a].append(lo)
        done += 1
        if deadline is not None and done >= MIN_DEALS and time.perf_counter() >= deadline:
            break
    return _decision(view, step, played, reps, vals, pts, lost, done)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _decision(
    view: View,
    step: int,
    played: str,
    reps: dict[int, int],
    vals: dict[int, list[float]],
    pts: dict[int, list[float]],
    lost: dict[int, list[float]],
    done: int,
) -> Decision:
    played_rep = reps[parse_action(played)]
    order = {a: i for i, a in enumerate(view.legal)}

    def key(a: int) -> tuple[float, float, bool, int]:
        r = reps[a]
        return (-round(_mean(vals[r]), 9), -round(_mean(pts[r]), 9), a != reps[a], order[a])

    ranked = sorted(view.legal, key=key)
    best_rep = reps[ranked[0]]
    if _mean(vals[best_rep]) == _mean(vals[played_rep]) and _mean(pts[best_rep]) == _mean(
        pts[played_rep]
    ):
        best_rep = played_rep  # a tie with the move played: it was the best
    played_action = parse_action(played)
    if best_rep == played_rep:
        ranked.remove(played_action)
        ranked.insert(0, played_action)
    best = action_to_notation(ranked[0])
    alternatives = tuple(
        Alternative(
            action=action_to_notation(a),
            points=round(_mean(pts[reps[a]]), 4),
            p_lose=round(_mean(lost[reps[a]]), 4),
            samples=done,
            value=round(_mean(vals[reps[a]]), 4),
        )
        for a in ranked
    )
    cost_points = max(0.0, _mean(pts[best_rep]) - _mean(pts[played_rep]))
    cost_chance = max(0.0, _mean(lost[played_rep]) - _mean(lost[best_rep]))
    cost_value = max(0.0, _mean(vals[best_rep]) - _mean(vals[played_rep]))
    mark = mark_of(
        view.variant,
        (cost_points, paired_se(pts[best_rep], pts[played_rep])),
        (cost_chance, paired_se(lost[played_rep], lost[best_rep])),
        (cost_value, paired_se(vals[best_rep], vals[played_rep])),
    )
    return Decision(
        step=step,
        seat=view.seat,
        played=played,
        best=best,
        alternatives=alternatives,
        cost_points=round(cost_points, 4),
        cost_chance=round(cost_chance, 4),
        mark=mark,
        cost_value=round(cost_value, 4),
    )
