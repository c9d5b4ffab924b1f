"""How many hands a player ended with each band of points (:func:`points_distribution`).

The bands are ``[0, 10)``, ``[10, 20)``, ... and ``LAST_BIN`` and above (:func:`points_bins`).
The database counts them where it can unnest the seats' ``points_per_hand`` lists
(PostgreSQL, SQLite); elsewhere the lists are read and counted here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection

from league.clubs.models import User

from ..models import MatchParticipant


@dataclass(frozen=True)
class Bin:
    low: int
    high: int | None  # None: and above
    count: int


BIN_WIDTH = 10
LAST_BIN = 150


def points_bins(values: Iterable[int], width: int = BIN_WIDTH, last: int = LAST_BIN) -> list[Bin]:
    """Count hand points in bins ``[0, 10)``, ``[10, 20)``, ... and ``last`` and above.

    >>> [b.count for b in points_bins([0, 5, 12, 151], width=10, last=20)]
    [2, 1, 1]
    """
    counts = [0] * (last // width + 1)
    for v in values:
        index = min(max(int(v), 0), last) // width
        counts[index] += 1
    return [
        Bin(i * width, (i + 1) * width if i * width < last else None, c)
        for i, c in enumerate(counts)
    ]


def points_distribution(*, user: User, variant: str) -> list[Bin]:
    """How many hands the player ended with each band of points, in one variant (1 query).

    The database unnests the seats' ``points_per_hand`` and counts them per band (PostgreSQL,
    SQLite): a few rows come back whatever the number of hands. Elsewhere the lists are read
    and counted here.
    """
    counts = _points_bin_counts(user=user, variant=variant)
    if counts is None:
        values = (
            MatchParticipant.objects.filter(user=user, variant=variant)
            .order_by()
            .values_list("points_per_hand", flat=True)
        )
        return points_bins(p for hand_points in values for p in hand_points or [])
    bins = points_bins([])
    return [Bin(b.low, b.high, counts.get(i, 0)) for i, b in enumerate(bins)]


# The band of each value of the seats' lists, counted by the database: ``min(max(v, 0),
# LAST_BIN) // BIN_WIDTH`` (the index of the band in points_bins()), per vendor.
_BIN_COUNT_SQL = {
    "postgresql": (
        "SELECT LEAST(GREATEST(TRUNC(e.value::numeric), 0), %(last)s)::integer / %(width)s,"
        " COUNT(*) FROM {table} p CROSS JOIN LATERAL jsonb_array_elements_text("
        " CASE WHEN jsonb_typeof(p.{points}) = 'array' THEN p.{points} ELSE '[]'::jsonb END"
        ") AS e(value) WHERE p.{user} = %(user)s AND p.{variant} = %(variant)s GROUP BY 1"
    ),
    "sqlite": (
        "SELECT MIN(MAX(CAST(e.value AS INTEGER), 0), %(last)s) / %(width)s, COUNT(*)"
        " FROM {table} p, json_each(CASE WHEN json_type(p.{points}) = 'array'"
        " THEN p.{points} ELSE '[]' END) AS e"
        " WHERE p.{user} = %(user)s AND p.{variant} = %(variant)s GROUP BY 1"
    ),
}


def _points_bin_counts(*, user: User, variant: str) -> dict[int, int] | None:
    """``{band index: hands}`` counted by the database, or None if it cannot (1 query)."""
    sql = _BIN_COUNT_SQL.get(connection.vendor)
    if sql is None:
        return None
    meta = MatchParticipant._meta
    quote = connection.ops.quote_name
    sql = sql.format(
        table=quote(meta.db_table),
        points=quote(meta.get_field("points_per_hand").column),
        user=quote(meta.get_field("user").column),
        variant=quote(meta.get_field("variant").column),
    )
    params = {"last": LAST_BIN, "width": BIN_WIDTH, "user": user.pk, "variant": variant}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {int(band): int(count) for band, count in cursor.fetchall()}
