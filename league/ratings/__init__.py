"""Ratings: pure functions over openskill's Plackett-Luce model (no Django, no database).

A player's skill in one variant is a :class:`Skill` (``mu``, ``sigma``), the Gaussian belief
of the Weng-Lin model with openskill's defaults (``mu`` 25, ``sigma`` 25/3). A finished match
is rated by :func:`rate_match` from its variant, each seat's player (``None`` for a bot) and
each seat's place (1 is best, ties share a place):

* **duel** (``dos``, ``dos_ar``): one against one;
* **teams** (``parejas``, ``vtt``): seats 0+2 against 1+3, each team ranked by its place;
* **places** (``cabrero``, ``chancho``, ``arrastrado``): every seat a side of its own, ranked
  by its place in the match.

Bot seats are left out of the rating (the others keep their order); a match with fewer than
two sides of people rates nobody. The shown rating is conservative (``mu - 3 sigma``) on an
Elo-like scale, see :func:`shown_rating`; a rating is *provisional* below
:data:`PROVISIONAL_GAMES` rated games. docs/ratings.md explains the choices.

>>> new = rate_match("dos", places=[1, 2], players=["ana", "bruno"], prior={})
>>> new["ana"].mu > 25 > new["bruno"].mu
True
"""

from league.ratings.model import (
    DEFAULT_SKILL,
    DUEL,
    PLACES,
    PROVISIONAL_GAMES,
    SCALE,
    SHAPES,
    TEAMS,
    Skill,
    UnknownShapeError,
    is_provisional,
    rate_match,
    shape_of,
    shown_rating,
    sides_of,
    win_probability,
)

__all__ = [
    "DEFAULT_SKILL",
    "DUEL",
    "PLACES",
    "PROVISIONAL_GAMES",
    "SCALE",
    "SHAPES",
    "TEAMS",
    "Skill",
    "UnknownShapeError",
    "is_provisional",
    "rate_match",
    "shape_of",
    "shown_rating",
    "sides_of",
    "win_probability",
]
