"""The rating model: Bradley-Terry with full pairing (openskill) over a match's sides, and the
shown rating.

Design: the database layer (``league.rankings``) keeps a :class:`Skill` per player and variant
and calls :func:`rate_match` once per finished rated match, in a fixed order. Everything here
is a pure function of its arguments, so the same matches in the same order always give the
same ratings (the incremental task and the recomputation share this code).

The model keeps openskill's documented defaults (``mu`` 25, ``sigma`` 25/3, ``beta`` 25/6,
``tau`` 25/300), so its documented figures hold for our functions unchanged.

Why Bradley-Terry (full pairing) and not openskill's Plackett-Luce, which rated matches until
November 2026: Plackett-Luce in openskill 6 rates a shared place as if every side in it had
beaten the others in it, so ties create rating out of nothing. Four newcomers placed
``[1, 2, 2, 2]`` went to ``mu`` 27.80 / 26.55 / 26.55 / 26.55 (the three tied for last *gained*),
``[1, 1, 1, 2]`` to 27.80 x 3 / 24.07, and a two-player draw to 27.64 each: every tie added 5-7
to the sum of the means, and a long series of Cabrero/Chancho/Arrastrado matches inflated
every rating. Bradley-Terry full pairing rates a match as every pair of sides playing a duel:
finishing ahead is a win (1), a shared place a draw (1/2), behind a loss (0), and a side's
``mu`` moves by ``sigma**2 / c * (score - expected)`` summed over its opponents
(``c**2 = 2 beta**2 + sigma_a**2 + sigma_b**2``). So a draw between equals changes no mean, a
shared last place never gains and a shared first place never loses among equals, and with
equal sigmas the means are conserved exactly (with unequal ones the sum wanders a little either
way, but has no drift). Now ``[1, 2, 2, 2]`` gives 32.91 / 22.36 x 3, ``[1, 1, 1, 2]``
27.64 x 3 / 17.09 and a draw 25 / 25.

With two sides (duels, pairs) both models have the same likelihood and the same updates, so
every decisive duel and team match is rated exactly as before; the figures change only for
ties and for tables of three or more sides, where each opponent now counts as a duel: a
newcomer who wins a four-player table gains 3 x 2.64 instead of 2.80, and ``sigma`` comes down
faster (7.50 instead of 8.26). Rejected alternatives: keeping Plackett-Luce and averaging the
updates over every order of the tied sides (``k!`` ratings for ``k`` tied sides, a heuristic
rather than a model); openskill's partial-pairing Bradley-Terry (it pairs sides by their
position in a window of 4, so tied sides at a big table are compared with different
opponents depending on how the tie is listed); Thurstone-Mosteller full pairing (ties handled
the same way, but larger moves still: 37.69 for the winner of four newcomers).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from openskill.models import BradleyTerryFull

K = TypeVar("K", bound=Hashable)

MODEL: Final = BradleyTerryFull()

#: Rated games below which a rating is provisional (not on the leaderboards, shown with "?").
PROVISIONAL_GAMES: Final = 20

#: Shown points per unit of ``mu``: 200 / beta = 48, so that between two settled players
#: openskill's own prediction follows Elo's table: 200 points ahead is about 76% to win,
#: 100 points about 64%.
SCALE: Final = 200.0 / MODEL.beta
#: The conservative estimate ``mu - 3 sigma`` that shows as 1500: an average player (``mu`` 25)
#: whose ``sigma`` has come down to 2 (a few dozen games).
REFERENCE_ORDINAL: Final = 25.0 - 3 * 2.0
SHOWN_AT_REFERENCE: Final = 1500


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one variant: the mean and spread of the belief in his skill."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma``.

        >>> round(Skill(26.964294621803063, 8.177962604389991).ordinal, 10)
        2.4304068086
        """
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """:func:`shown_rating` of this skill."""
        return shown_rating(self)


DEFAULT_SKILL: Final = Skill(MODEL.mu, MODEL.sigma)


def shown_rating(skill: Skill) -> int:
    """The rating players see: ``1500 + 48 * (mu - 3 sigma - 19)``, never below 0.

    A newcomer (``mu`` 25, ``sigma`` 25/3) shows 588 and climbs as his uncertainty shrinks; an
    average settled player (``sigma`` 2) shows 1500.

    >>> shown_rating(DEFAULT_SKILL)
    588
    >>> shown_rating(Skill(25.0, 2.0))
    1500
    >>> shown_rating(Skill(30.0, 2.0))
    1740
    """
    value = SHOWN_AT_REFERENCE + SCALE * (skill.ordinal - REFERENCE_ORDINAL)
    return max(0, round(value))


def is_provisional(games: int) -> bool:
    """Whether a rating after ``games`` rated games is still provisional.

    >>> is_provisional(0), is_provisional(PROVISIONAL_GAMES - 1), is_provisional(PROVISIONAL_GAMES)
    (True, True, False)
    """
    return games < PROVISIONAL_GAMES


def rate_match(
    *,
    sides: Sequence[Sequence[int]],
    places: Sequence[int],
    players: Sequence[K | None],
    prior: Mapping[K, Skill],
) -> dict[K, Skill]:
    """The new skill of every person who played a finished match.

    ``sides`` are the seats of each side (the variant's, e.g. ``[[0, 2], [1, 3]]`` for two
    pairs, ``[[0], [1], [2]]`` for everyone for himself), each seat in exactly one side.
    ``places`` and ``players`` are per seat (``None``: a bot seat); ``prior`` holds the skills
    before the match (a player missing from it starts at :data:`DEFAULT_SKILL`). A side's rank
    is the best place among its seats. Returns ``{}`` when fewer than two sides have a person.

    >>> after = rate_match(
    ...     sides=[[0, 2], [1, 3]], places=[1, 2, 1, 2], players=["a", "x", "b", "y"], prior={}
    ... )
    >>> after["a"] == after["b"], round(after["a"].mu, 6), round(after["x"].sigma, 6)
    (True, 26.964295, 8.177963)

    A shared place is a draw: equals who share it keep their means, and four newcomers placed
    ``[1, 2, 2, 2]`` give the winner three won duels (+2.635 each) and each of the others one
    lost duel and two draws.

    >>> draw = rate_match(sides=[[0], [1]], places=[1, 1], players=["a", "b"], prior={})
    >>> round(draw["a"].mu, 9), round(draw["b"].mu, 9), draw["a"].sigma < DEFAULT_SKILL.sigma
    (25.0, 25.0, True)
    >>> table = rate_match(
    ...     sides=[[0], [1], [2], [3]], places=[1, 2, 2, 2], players=list("abcd"), prior={}
    ... )
    >>> [round(table[p].mu, 2) for p in "abcd"]
    [32.91, 22.36, 22.36, 22.36]
    """
    if len(places) != len(players):
        raise ValueError("places and players must have one entry per seat.")
    if sorted(s for side in sides for s in side) != list(range(len(players))):
        raise ValueError("sides must hold every seat of the match once.")
    people = [p for p in players if p is not None]
    if len(set(people)) != len(people):
        raise ValueError("A player cannot hold two seats of one match.")
    teams: list[list[K]] = []
    ranks: list[float] = []
    for seats in sides:
        members = [p for s in seats if (p := players[s]) is not None]
        if members:
            teams.append(members)
            ranks.append(float(min(places[s] for s in seats)))
    if len(teams) < 2:
        return {}
    before = [
        [MODEL.rating(mu=(k := prior.get(p, DEFAULT_SKILL)).mu, sigma=k.sigma) for p in team]
        for team in teams
    ]
    rated = MODEL.rate(before, ranks=ranks)
    return {
        player: Skill(float(new.mu), float(new.sigma))
        for team, new_team in zip(teams, rated, strict=True)
        for player, new in zip(team, new_team, strict=True)
    }


def win_probability(a: Skill, b: Skill) -> float:
    """openskill's prediction that ``a`` finishes ahead of ``b`` in a duel.

    >>> round(win_probability(DEFAULT_SKILL, DEFAULT_SKILL), 3)
    0.5
    """
    first, _second = MODEL.predict_win(
        [[MODEL.rating(mu=a.mu, sigma=a.sigma)], [MODEL.rating(mu=b.mu, sigma=b.sigma)]]
    )
    return float(first)
