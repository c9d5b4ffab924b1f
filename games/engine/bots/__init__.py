"""Bots: players that choose an action from a seat's observation only.

The one entry point for the rest of the platform is :func:`choose_action`: given a bot level,
the observation the engine gives that seat (``MatchState.observation(seat)`` or
``HandState.observation(seat)``) and a seed, it returns the notation of a legal action. A bot
never sees anything else, so it cannot cheat.

>>> from games.engine import get_variant
>>> m = get_variant("cabrero").new_match(players=4, seed=3)
>>> a = choose_action("random", m.observation(m.current_player()), seed=1)
>>> a in m.observation(m.current_player())["hand"]["legal"]
True
"""

from __future__ import annotations

import random
from typing import Any

#: The levels available, weakest first.
LEVELS: tuple[str, ...] = ("random",)


def legal_of(observation: dict[str, Any]) -> list[str]:
    """The legal action notations in a hand or match observation."""
    hand = observation.get("hand")
    if isinstance(hand, dict):
        return list(hand.get("legal") or [])
    return list(observation.get("legal") or [])


def choose_action(level: str, observation: dict[str, Any], seed: int | str | None = None) -> str:
    """The action a bot of ``level`` plays from ``observation`` (its own seat's view)."""
    legal = legal_of(observation)
    if not legal:
        raise ValueError("The observed seat has no legal action: it is not its turn.")
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; levels: {', '.join(LEVELS)}.")
    return random.Random(seed).choice(legal)
