"""A slice of the bot ladder's arena: every pair of bot levels on the same duplicate deals.

Each pair of levels ``(a, b)`` plays each deal once per distinct rotation of ``a, b, a, b, ...``
over the seats (as ``games.engine.bots.arena`` seats them), so both levels play every seat of
every deal. A *game* is the arena's unit (a hand; a game of Spanish tute for two). Its outcome
for the ladder is a duel between the two levels: the level whose seats won the larger share
finishes ahead; equal shares (both lose a Cabrero hand, for instance) are a draw. In
two-player and team games this is simply the winner. The seats' own wins are kept too, for the
win rate (the arena's: games won over seats played).

The strong bot gets a number of deals per decision (``iterations``), not a time, so a slice is
the same on any machine and any load.

>>> duels = play_slice("dos_ar", first_deal=0, deals=1, iterations=4, levels=LEVELS[:2])
>>> [(d.first, d.second, d.first_seats + d.second_seats) for d in duels]
[('random', 'heuristic', 2), ('random', 'heuristic', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from games.engine.bots.arena import DEFAULT_PLAYERS, play_game
from games.engine.bots.players import LEVEL_CLASSES, make_bot
from games.engine.variant import REGISTRY

#: The levels, weakest first (the engine's order).
LEVELS: tuple[str, ...] = tuple(LEVEL_CLASSES)


@dataclass(frozen=True, slots=True)
class Duel:
    """One arena game between two levels, seen as a duel.

    ``first_wins`` of ``first_seats`` seats held by ``first`` won the game, and likewise for
    ``second``.
    """

    first: str
    second: str
    first_seats: int
    first_wins: int
    second_seats: int
    second_wins: int

    @property
    def winner(self) -> str | None:
        """The level ahead (the larger share of its seats won), or None for a draw.

        >>> Duel("strong", "random", 2, 2, 2, 1).winner, Duel("a", "b", 1, 0, 2, 0).winner
        ('strong', None)
        """
        ours = self.first_wins * self.second_seats
        theirs = self.second_wins * self.first_seats
        if ours == theirs:
            return None
        return self.first if ours > theirs else self.second


def players_of(variant: str) -> int:
    """The table size the ladder plays ``variant`` at (the arena's).

    >>> players_of("parejas")
    4
    """
    return DEFAULT_PLAYERS.get(variant, REGISTRY[variant].players[0])


def seatings(players: int) -> list[list[int]]:
    """The distinct rotations of two bots cycled over ``players`` seats (0 = first bot).

    >>> seatings(2), seatings(3)
    ([[0, 1], [1, 0]], [[0, 1, 0], [1, 0, 0], [0, 0, 1]])
    """
    out: list[list[int]] = []
    for r in range(players):
        who = [(s + r) % players % 2 for s in range(players)]
        if who not in out:
            out.append(who)
    return out


def play_slice(
    variant: str,
    *,
    first_deal: int,
    deals: int,
    iterations: int,
    levels: Sequence[str] = LEVELS,
) -> list[Duel]:
    """Play deals ``first_deal .. first_deal + deals - 1`` of ``variant`` between every pair of
    ``levels``; return the games as duels, in a fixed order (pair, deal, seating)."""
    n = players_of(variant)
    options = REGISTRY[variant].validate_options(None)
    bots = {lvl: make_bot(lvl, None, iterations) for lvl in levels}
    out: list[Duel] = []
    for a, b in combinations(levels, 2):
        for deal in range(first_deal, first_deal + deals):
            for who in seatings(n):
                pair = (a, b)
                res = play_game(variant, n, options, [bots[pair[w]] for w in who], f"ladder:{deal}")
                seats = [0, 0]
                wins = [0, 0]
                out_seat = res.extra.get("sitting_out")
                for s, w in enumerate(who):
                    if s == out_seat:
                        continue
                    seats[w] += 1
                    wins[w] += s in res.winners
                if seats[0] and seats[1]:  # a level sitting the whole hand out played no duel
                    out.append(Duel(a, b, seats[0], wins[0], seats[1], wins[1]))
    return out
