"""The skill model: pure functions over openskill's Bradley-Terry full-pairing model (no Django,
no database).

A player's skill in one variant is a :class:`Skill` (``mu``, ``sigma``), the Gaussian belief
of the Weng-Lin model with openskill's defaults (``mu`` 25, ``sigma`` 25/3). A finished match
is rated by :func:`rate_match` from its sides (the seats of each side, as the variant forms
them: ``Variant.side_seats``), each seat's player (``None`` for a bot) and each seat's place
(1 is best, ties share a place): one against one, two pairs (seats 0+2 against 1+3, each
ranked by its best place), or every seat a side of its own, ranked by its place. Every two
sides count as a duel, won, lost or drawn (a shared place), see :mod:`league.skill.model`.
The model knows no variant: the caller asks the engine for the sides.

Bot seats are left out of the rating (the others keep their order); a match with fewer than
two sides of people rates nobody. The shown rating is conservative (``mu - 3 sigma``) on an
Elo-like scale, see :func:`shown_rating`; a rating is *provisional* below
:data:`PROVISIONAL_GAMES` rated games. docs/ratings.md explains the choices.

>>> new = rate_match(sides=[[0], [1]], places=[1, 2], players=["ana", "bruno"], prior={})
>>> new["ana"].mu > 25 > new["bruno"].mu
True
"""

from league.skill.model import (
    DEFAULT_SKILL,
    PROVISIONAL_GAMES,
    SCALE,
    Skill,
    is_provisional,
    rate_match,
    shown_rating,
    win_probability,
)

__all__ = [
    "DEFAULT_SKILL",
    "PROVISIONAL_GAMES",
    "SCALE",
    "Skill",
    "is_provisional",
    "rate_match",
    "shown_rating",
    "win_probability",
]
