"""Random playouts inside the engine: a hand played to its end with random legal actions.

The loop a simulation, a benchmark or a bot's rollout runs (``legal_actions``, then one of them
picked by a random number, ``apply_action``, until ``is_terminal``), written here once so that
the compiled build runs it compiled too: through the public API from interpreted code each of
those calls costs an interpreted frame step and a call from Python into the compiled hand.

The picks are exactly those of the same loop written in Python: the action taken is
``acts[int(pick() * len(acts))]``, one ``pick()`` per action, so a playout here and one through
the public API with the same generator play the same hand.

>>> import random
>>> from games.engine import get_variant
>>> hand = get_variant("cabrero").new_hand(players=4, seed=1)
>>> random_playout(hand, random.Random(0).random) == len(hand.log), hand.is_terminal()
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.engine.state import HandState

if TYPE_CHECKING:
    from games.engine.variant import Variant


def random_playout(hand: HandState, pick: Callable[[], float]) -> int:
    """Play ``hand`` to its end in place, each action ``acts[int(pick() * len(acts))]`` of its
    legal actions ``acts``; the number of actions applied."""
    applied = 0
    while not hand.is_terminal():
        acts = hand.legal_actions()
        hand.apply_action(acts[int(pick() * len(acts))])
        applied += 1
    return applied


def random_hands(
    variant: Variant, players: int, first_seed: int, count: int, pick: Callable[[], float]
) -> int:
    """Deal ``count`` hands of ``variant`` (``new_hand`` with seeds ``first_seed``,
    ``first_seed + 1``, ...) and play each out with :func:`random_playout`; the actions applied."""
    new_hand = variant.new_hand
    applied = 0
    for i in range(count):
        applied += random_playout(new_hand(players=players, seed=first_seed + i), pick)
    return applied
