"""Bots: players that choose an action from a seat's observation only.

The one entry point for the rest of the platform is :func:`choose_action`: given a bot level,
the observation the engine gives that seat with its memory of the hand (typed:
``MatchState.observe(seat, memory=True)`` or ``HandState.observe(seat, memory=True)``; or their
JSON form, ``observation(seat, memory=True)``: every trick the seat saw played) and a seed, it
returns the notation of a legal action. A bot never sees anything else, so it cannot cheat.
The levels (:data:`LEVELS`, weakest first):

* ``random``: a uniformly random legal action;
* ``heuristic``: the rules of thumb of good players (:mod:`games.engine.bots.policy`);
* ``strong``: determinized search over the seat's information set, exact once a two-player
  stock is empty (:mod:`games.engine.bots.players`), within a time or iteration budget.

Modules: :mod:`~games.engine.bots.view` (reading an observation),
:mod:`~games.engine.bots.restore` (an engine state from an observation and guessed hidden
cards), :mod:`~games.engine.bots.determinize` (dealing the unseen cards consistently),
:mod:`~games.engine.bots.policy`, :mod:`~games.engine.bots.objective`,
:mod:`~games.engine.bots.solver`, :mod:`~games.engine.bots.players` (the :class:`Bot`
classes), :mod:`~games.engine.bots.arena` (duplicate-deal matches and the decision-time
benchmark).

>>> from games.engine import get_variant
>>> m = get_variant("cabrero").new_match(players=4, seed=3)
>>> obs = m.observation(m.current_player())
>>> all(choose_action(level, obs, seed=1, budget_ms=5) in obs["hand"]["legal"]
...     for level in LEVELS)
True
"""

from __future__ import annotations

from games.engine.bots.players import Bot, HeuristicBot, RandomBot, StrongBot, make_bot
from games.engine.bots.view import AnyObservation
from games.engine.observation import MatchObservation, Observation

#: The levels available, weakest first.
LEVELS: tuple[str, ...] = ("random", "heuristic", "strong")


def legal_of(observation: AnyObservation) -> list[str]:
    """The legal action notations in a hand or match observation (typed or JSON)."""
    if isinstance(observation, Observation):
        return list(observation.legal)
    if isinstance(observation, MatchObservation):
        return list(observation.hand.legal)
    hand = observation.get("hand")
    if isinstance(hand, dict):
        return list(hand.get("legal") or [])
    return list(observation.get("legal") or [])


def choose_action(
    level: str,
    observation: AnyObservation,
    seed: int | str | None = None,
    budget_ms: float | None = None,
    iterations: int | None = None,
) -> str:
    """The action a bot of ``level`` plays from ``observation`` (its own seat's view).

    ``budget_ms`` and ``iterations`` bound the strong bot's search (defaults:
    :data:`~games.engine.bots.players.STRONG_BUDGET_MS` and
    :data:`~games.engine.bots.players.STRONG_ITERATIONS`); the other levels ignore them.
    """
    if not legal_of(observation):
        raise ValueError("The observed seat has no legal action: it is not its turn.")
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; levels: {', '.join(LEVELS)}.")
    return make_bot(level, budget_ms, iterations).act(observation, seed)


__all__ = [
    "LEVELS",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "StrongBot",
    "choose_action",
    "legal_of",
    "make_bot",
]
