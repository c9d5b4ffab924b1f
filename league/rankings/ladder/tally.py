"""The bot ladder's arithmetic: games added to the stored figures (pure, no database).

A level's :class:`LevelTally` keeps its openskill skill (``league.skill``, the players' model),
its games, and its seats played and won; a pair's :class:`PairTally` keeps how often each level
finished ahead. :func:`accumulate` adds a slice's duels in order: each duel is one rated
one-against-one match (the winner first; a draw is the mean of the two results, see
:func:`_rated`), so the ratings after two
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
    """``a`` and ``b`` after their duel: the winner first; a draw is half of each result.

    openskill's Plackett-Luce model raises both ``mu`` of a tie (two newcomers drawing both go
    from 25 to 27.6), which would inflate the ladder where draws are common; a draw here is the
    mean of the two decisive updates: equal skills keep their ``mu``, a favourite loses a
    little to an underdog, and both ``sigma`` shrink.

    >>> a, b = _rated(DEFAULT_SKILL, DEFAULT_SKILL, None, "a")
    >>> a == b, round(a.mu, 9), a.sigma < DEFAULT_SKILL.sigma
    (True, 25.0, True)
    """
    prior = {"a": a, "b": b}
    if winner is not None:
        places = [1, 2] if winner == first else [2, 1]
        new = rate_match(sides=DUEL_SIDES, places=places, players=["a", "b"], prior=prior)
        return new["a"], new["b"]
    won = rate_match(sides=DUEL_SIDES, places=[1, 2], players=["a", "b"], prior=prior)
    lost = rate_match(sides=DUEL_SIDES, places=[2, 1], players=["a", "b"], prior=prior)

    def mean(k: str) -> Skill:
        return Skill((won[k].mu + lost[k].mu) / 2, (won[k].sigma + lost[k].sigma) / 2)

    return mean("a"), mean("b")


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
