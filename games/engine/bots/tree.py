"""The strong bot's card play: information-set Monte Carlo tree search (single observer).

The flat search of :class:`~games.engine.bots.players.StrongBot` scores each of the seat's
candidate actions by heuristic playouts. Past about 150 deals more deals do not change its
choice: every later move of every seat, its own included, is the heuristic's, so its error is
the heuristic's bias, which more deals do not shrink. A tree search keeps growing: it plans the
seat's own next cards and the other seats' replies from statistics of its playouts, so more
playouts per decision give a deeper, better plan. That is what lets a faster engine play
better at the same time budget (docs/engine.md, "The strong bot's tree").

**The search** (Cowling, Powley and Whitehouse's single-observer ISMCTS, 2012). One tree of
the seat's information set: a node is a sequence of actions from the decision, an edge an
action, and each edge keeps the playouts through it, their total value for the seat that took
the action, and how often it was *available* (legal in the deal of an iteration that reached
its parent). Each iteration:

1. *determinize*: a deal of the unseen cards consistent with what the seat saw
   (:func:`~games.engine.bots.determinize.sample_deal`), rebuilt as a state;
2. *select*: from the root, while every action legal in this deal has been tried, take the one
   with the best upper bound ``mean + C * sqrt(ln(available) / playouts)``;
3. *expand*: an untried action (the heuristic's own choice first, so a small tree already
   follows good play);
4. *play out* the hand with the heuristic policy, a little randomised
   (:func:`~games.engine.bots.policy.playout`);
5. *back up*: every edge of the path gets the hand's value for the seat that took it
   (:func:`~games.engine.bots.objective.value`).

A deal is used for as many iterations as the root has candidates (each on a copy), so a deal's
cost of dealing and rebuilding is shared as in the flat search. The tree grows only through
the card play: an auction, a window or Cabrero's renuncio option (where a seat may play a card
the rules forbid) ends the descent and the playout takes over. The answer is the candidate
played out most often (:func:`most_played`).
"""

from __future__ import annotations

import math
import random
import time
from typing import Final

from games.engine.bots import policy
from games.engine.bots.determinize import Knowledge, sample_deal
from games.engine.bots.objective import value
from games.engine.bots.restore import restore
from games.engine.bots.view import View
from games.engine.state import HandState, Phase
from games.engine.variants.cabrero import CabreroRenuncioHand

#: Exploration constant of the upper bound (values lie in [0, 1]).
EXPLORATION: Final = 0.7


class Edge:
    """An action out of a node: its statistics and the node it leads to."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        #: The seat that takes this action (its value is what the edge's total adds up).
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        #: The edges out of the node this action leads to, by action.
        self.children: dict[int, Edge] = {}


def _tree_actions(state: HandState) -> list[int] | None:
    """The actions the tree branches on at ``state``, or None where the playout takes over."""
    if state.phase != Phase.PLAY or isinstance(state, CabreroRenuncioHand):
        return None
    return state.legal_actions()


def _descend(
    root: Edge, acts: list[int], state: HandState, rng: random.Random, c: float
) -> list[Edge]:
    """Select and expand one path from the root in ``state`` (played along in place)."""
    path: list[Edge] = []
    node = root
    legal: list[int] | None = acts
    while legal:
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            prior = policy.choose(state)
            a = prior if prior in untried else untried[rng.randrange(len(untried))]
            for b in legal:
                if b in children:
                    children[b].avail += 1
            edge = children[a] = Edge(state.turn)
            state.apply_action(a)
            path.append(edge)
            return path
        best = legal[0]
        best_score = -1.0
        for b in legal:
            e = children[b]
            e.avail += 1
            score = e.total / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
            if score > best_score:
                best_score = score
                best = b
        edge = children[best]
        state.apply_action(best)
        path.append(edge)
        node = edge
        legal = _tree_actions(state)
    return path


def grow(
    view: View,
    know: Knowledge,
    acts: list[int],
    rng: random.Random,
    deadline: float,
    limit: int,
    epsilon: float,
    c: float = EXPLORATION,
) -> tuple[Edge, int]:
    """The tree of the seat's candidates ``acts`` (the root edge) and the deals it searched.

    It stops at ``deadline`` (a :func:`time.perf_counter` reading) or after ``limit`` deals.
    """
    root = Edge(view.seat)
    done = 0
    per_deal = len(acts)
    while done < limit:
        hands, stock = sample_deal(know, rng)
        world = restore(view, hands, stock)
        for _ in range(per_deal):
            s = world.clone()
            path = _descend(root, acts, s, rng, c)
            policy.playout(s, rng, epsilon)
            values: dict[int, float] = {}
            for edge in path:
                v = values.get(edge.seat)
                if v is None:
                    v = values[edge.seat] = value(s, edge.seat)
                edge.visits += 1
                edge.total += v
        done += 1
        if time.perf_counter() >= deadline:
            break
    return root, done


def most_played(root: Edge, acts: list[int]) -> int:
    """The candidate of ``acts`` played out most often from ``root`` (ties: the better total)."""
    children = root.children
    return max(
        (a for a in acts if a in children),
        key=lambda a: (children[a].visits, children[a].total),
    )


__all__ = ["EXPLORATION", "Edge", "grow", "most_played"]
