"""The bot ladder's arithmetic: games added to the stored figures (pure, no database).

A level's :class:`LevelTally` keeps its openskill skill (``league.skill``, the players' model),
its games, and its seats played and won; a pair's :class:`PairTally` keeps how often each level
finished ahead. :func:`accumulate` adds a slice's duels in order: each duel is one rated
one-against-one match (the winner first, or a draw: a shared place), so the ratings after two
refreshes are those one long run in the same order would give.

>>> levels, pairs = {}, {}
>>> from league.rankings.ladder.play import Duel
>>> accumulate(levels, pairs, [Duel("strong", "random", 1, 1, 1, 0)])
>>> levels["strong"].skill.mu > 25 > levels["random"].skill.mu
True
>>> pairs["strong", "random"].first_ahead
1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from league.skill import DEFAULT_SKILL, Skill, rate_match

from .play import Duel

DUEL_SIDES = [[0], [1]]


@dataclass
class LevelTally:
    """A level's figures in one variant."""

    level: str
    skill: Skill = field(default=DEFAULT_SKILL)
    games: int = 0
    seats: int = 0
    seat_wins: int = 0


@dataclass
class PairTally:
    """Two levels' games against each other in one variant (``first`` as the slice names it)."""

    first: str
    second: str
    games: int = 0
    first_ahead: int = 0
    second_ahead: int = 0

    @property
    def draws(self) -> int:
        """Games neither level finished ahead in."""
        return self.games - self.first_ahead - self.second_ahead


def _rated(a: Skill, b: Skill, winner: str | None, first: str) -> tuple[Skill, Skill]:
    """``a`` and ``b`` after their duel: the winner first, or a draw (a shared first place).

    The players' model rates a draw as half a win: equal skills keep their ``mu``, a favourite
    loses a little to an underdog, and both ``sigma`` shrink (no inflation where draws are
    common, such as a Cabrero hand both levels lose).

    >>> a, b = _rated(DEFAULT_SKILL, DEFAULT_SKILL, None, "a")
    >>> a == b, round(a.mu, 9), a.sigma < DEFAULT_SKILL.sigma
    (True, 25.0, True)
    """
    places = {None: [1, 1], first: [1, 2]}.get(winner, [2, 1])
    new = rate_match(sides=DUEL_SIDES, places=places, players=["a", "b"], prior={"a": a, "b": b})
    return new["a"], new["b"]


def accumulate(
    levels: dict[str, LevelTally],
    pairs: dict[tuple[str, str], PairTally],
    duels: Iterable[Duel],
) -> None:
    """Add ``duels``, in order, to ``levels`` and ``pairs`` (changed in place; missing levels
    and pairs start from nothing).

    >>> lv, pr = {}, {}
    >>> accumulate(lv, pr, [Duel("a", "b", 2, 1, 2, 1), Duel("a", "b", 1, 0, 2, 2)])
    >>> lv["a"].games, lv["a"].seats, lv["a"].seat_wins, lv["b"].seat_wins, pr["a", "b"].draws
    (2, 3, 1, 3, 1)
    """
    for duel in duels:
        first = levels.setdefault(duel.first, LevelTally(duel.first))
        second = levels.setdefault(duel.second, LevelTally(duel.second))
        pair = pairs.setdefault((duel.first, duel.second), PairTally(duel.first, duel.second))
        winner = duel.winner
        first.skill, second.skill = _rated(first.skill, second.skill, winner, duel.first)
        for tally, seats, wins in (
            (first, duel.first_seats, duel.first_wins),
            (second, duel.second_seats, duel.second_wins),
        ):
            tally.games += 1
            tally.seats += seats
            tally.seat_wins += wins
        pair.games += 1
        pair.first_ahead += winner == duel.first
        pair.second_ahead += winner == duel.second
