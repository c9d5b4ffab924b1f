"""Seeding a Swiss tournament by rating.

When round 1 is paired every entry in it gets a *seed*: 1 for the highest rating of the
tournament's game, rated entries first (highest rating first), then the unrated ones; equal
ratings, and the unrated among themselves, keep the entry order (registration order). An entry
that first plays later (a late entry, or one brought back before it ever played) is seeded when
it is first paired, after those already seeded, by the same rule.

The rating is the player's shown rating (``league.rankings``' ``Rating.shown``) for the
tournament's variant at that moment, kept on the entry (``seed_rating``) so that the seed does not
move when ratings change during the tournament. A partnership's rating is the mean of its rated
players (unrated if neither is rated).

The pairing (:mod:`league.pairing`) ranks entries by score, then rating, then id; it is given
``-seed`` as the rating, so that within a score group (every entry, in round 1) the rank order is
the seed order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from league.rankings.models import Rating


def user_ratings(*, variant: str, user_ids: Iterable[int]) -> dict[int, int]:
    """The shown rating of each rated user for ``variant`` (one query; unrated users absent)."""
    ids = set(user_ids)
    if not ids:
        return {}
    return dict(
        Rating.objects.filter(variant=variant, user_id__in=ids).values_list("user_id", "shown")
    )


def entry_rating(user_ids: Sequence[int], ratings: Mapping[int, int]) -> int | None:
    """An entry's rating: its player's, or the rounded mean of a partnership's rated players.

    >>> entry_rating([1], {1: 1600}), entry_rating([1, 2], {1: 1600, 2: 1401})
    (1600, 1500)
    >>> entry_rating([1, 2], {2: 1400}), entry_rating([3], {1: 1600})
    (1400, None)
    """
    known = [ratings[u] for u in user_ids if u in ratings]
    if not known:
        return None
    return round(sum(known) / len(known))


def seed_order(entries: Sequence[Any], ratings: Mapping[int, int | None]) -> list[Any]:
    """``entries`` (in entry order) in seed order: rated ones by rating, highest first, then the
    unrated; ties keep the entry order. ``ratings`` maps an entry's pk to its rating.

    >>> class E:
    ...     def __init__(self, pk): self.pk = pk
    >>> [e.pk for e in seed_order([E(1), E(2), E(3), E(4)], {1: None, 2: 1500, 3: 1600, 4: 1500})]
    [3, 2, 4, 1]
    """
    position = {id(entry): i for i, entry in enumerate(entries)}

    def key(entry: Any) -> tuple[bool, int, int]:
        rating = ratings.get(entry.pk)
        return (rating is None, -(rating or 0), position[id(entry)])

    return sorted(entries, key=key)


def entry_ratings(*, variant: str, entries: Sequence[Any]) -> dict[int, int | None]:
    """Each entry's current rating for ``variant`` (pk → rating, None when unrated)."""
    ratings = user_ratings(variant=variant, user_ids=[u for e in entries for u in e.user_ids()])
    return {entry.pk: entry_rating(entry.user_ids(), ratings) for entry in entries}


@dataclass(frozen=True)
class Seeded:
    """An entry and its seed for the tournament page (``rating`` None: unrated)."""

    entry: Any
    seed: int | None
    rating: int | None


def projected(*, variant: str, entries: Sequence[Any], first: int = 1) -> list[Seeded]:
    """The seeds ``entries`` (in entry order) would get now, numbered from ``first``."""
    ratings = entry_ratings(variant=variant, entries=entries)
    return [
        Seeded(entry, first + i, ratings[entry.pk])
        for i, entry in enumerate(seed_order(entries, ratings))
    ]


def pairing_rating(seed: int) -> float:
    """The rating handed to :func:`league.pairing.pair` for an entry with this seed.

    >>> sorted([3, 1, 2], key=pairing_rating, reverse=True)
    [1, 2, 3]
    """
    return float(-seed)
