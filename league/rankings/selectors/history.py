"""A player's rating over time: each change (:func:`rating_changes`), the shown rating after
each rated match (:func:`rating_history`) and the same sampled for a chart
(:func:`rating_curve`).

A rating change is public, as the rating is; which table it came from is not, when the table
was private and the viewer may not see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Case, F, Q, QuerySet, When

from league.clubs.models import User

from ..models import RatingHistory
from .visibility import Viewer, private_seats_of, sees_matches_of


def rating_changes(
    *, user: User, variant: str | None = None, viewer: Viewer = None
) -> QuerySet[RatingHistory]:
    """The player's rating changes, oldest first, each with ``listed_table_id``: the match's
    table, or None for a private match the viewer may not see (the change itself is public,
    as the rating is; which table it came from is not). No extra query: a join."""
    rows = RatingHistory.objects.filter(user=user).order_by("finished_at", "table_id")
    if variant:
        rows = rows.filter(variant=variant)
    if sees_matches_of(viewer, user):
        return rows.annotate(listed_table_id=F("table_id"))
    hidden = Q(match__private=True)
    if viewer is not None and viewer.is_authenticated:
        hidden &= ~Q(match_id__in=private_seats_of(viewer))
    return rows.annotate(listed_table_id=Case(When(hidden, then=None), default=F("table_id")))


@dataclass(frozen=True)
class HistoryPoint:
    finished_at: datetime
    shown: int
    games: int


def rating_history(*, user: User, variant: str) -> list[HistoryPoint]:
    """The shown rating after each rated match of the variant, oldest first (1 query)."""
    return [
        HistoryPoint(finished_at, shown, games)
        for finished_at, shown, games in RatingHistory.objects.filter(user=user, variant=variant)
        .order_by("finished_at", "table_id")
        .values_list("finished_at", "shown", "games")
    ]


@dataclass(frozen=True)
class RatingCurve:
    """The shown rating after each rated game of a variant, sampled for a chart."""

    games: int  # rated games: the points of the whole curve
    first: int
    last: int
    low: int
    best: int
    #: (index of the game from 0, shown rating after it): at most the limit asked for, evenly
    #: spread, the first and the last game included.
    points: list[tuple[int, int]]


def rating_curve(*, user: User, variant: str, limit: int = 400) -> RatingCurve | None:
    """The rating history of a variant for a chart, sampled by the database (1 query).

    At most ``limit`` points come back however many games the player has: the first game of
    each of ``limit - 1`` equal spans of the history, and the last one; the count, the lowest
    and the highest rating come from the whole history. None without a rated game.
    """
    limit = max(limit, 2)
    meta = RatingHistory._meta
    quote = connection.ops.quote_name

    def col(name: str) -> str:
        return quote(meta.get_field(name).column)

    sql = (
        "SELECT n, shown, total, low, best FROM ("
        f"SELECT {col('shown')} AS shown,"
        f" ROW_NUMBER() OVER (ORDER BY {col('finished_at')}, {col('table_id')}) AS n,"
        " COUNT(*) OVER () AS total,"
        f" MIN({col('shown')}) OVER () AS low, MAX({col('shown')}) OVER () AS best"
        f" FROM {quote(meta.db_table)}"
        f" WHERE {col('user')} = %(user)s AND {col('variant')} = %(variant)s"
        ") h WHERE total <= %(limit)s OR n = total"
        " OR ((n - 1) * (%(limit)s - 1)) %% (total - 1) < %(limit)s - 1"
        " ORDER BY n"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, {"user": user.pk, "variant": variant, "limit": limit})
        rows = cursor.fetchall()
    if not rows:
        return None
    _n, _shown, total, low, best = rows[0]
    return RatingCurve(
        games=int(total),
        first=int(rows[0][1]),
        last=int(rows[-1][1]),
        low=int(low),
        best=int(best),
        points=[(int(n) - 1, int(shown)) for n, shown, *_rest in rows],
    )
