"""Seat order at a table: who is mano, who deals, balanced over the rounds.

Seats are numbered in play order, as the engine numbers them: seat 0 is the *mano* (leads the
first trick), the last seat is the *postre*, who deals the first hand. Each entry brings its
seat history, ``counts[k]`` = how often it has held seat ``k`` before (at tables of any size).

:func:`seat_order` picks the order that gives each entry the seat it has held least often:

1. the least total of ``counts[seat]`` over the table's entries;
2. then the least count for the mano seat, then for seat 1, and so on;
3. then the entries in the order given (rank order: the higher-ranked entry is mano on a tie).

A table holds at most six entries, so every one of the at most 720 orders is looked at.
With no history the order given is kept.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import permutations
from typing import TypeVar

P = TypeVar("P", bound=Hashable)
"""An entry's id (any hashable value: a :data:`~league.pairing.types.PlayerId`, a model)."""


def seat_order(players: Sequence[P], seat_counts: Mapping[P, Sequence[int]]) -> tuple[P, ...]:
    """The entries of one table in seat order (mano first), balancing seats over the rounds.

    ``players`` should be in rank order, highest first: it breaks ties. ``seat_counts`` maps an
    entry to how often it held each seat (missing entries and seats count 0).

    >>> seat_order(["ana", "bea", "caro"], {})
    ('ana', 'bea', 'caro')
    >>> seat_order(["ana", "bea"], {"ana": [1, 0], "bea": [0, 1]})
    ('bea', 'ana')
    """
    size = len(players)

    def count(player: P, seat: int) -> int:
        history = seat_counts.get(player, ())
        return history[seat] if seat < len(history) else 0

    best: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] | None = None
    for order in permutations(range(size)):
        held = tuple(count(players[who], seat) for seat, who in enumerate(order))
        key = (sum(held), held, order)
        if best is None or key < best[0]:
            best = (key, order)
    if best is None:
        return ()
    return tuple(players[who] for who in best[1])
