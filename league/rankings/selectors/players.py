"""A player's figures: per variant (:func:`player_stats`) and against each opponent
(:func:`head_to_head`).

Figures count every finished match, rated or not, private ones included; only who met whom at
a private table is kept from those who may not see it. :func:`seat_aggregates` is the one
definition of the per-seat sums, shared with the figures of groups (:mod:`.groups`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, Q, Sum

from league.clubs.models import User

from ..models import MatchParticipant, Rating
from ..variants import variant_keys
from .leaderboards import ratings_for_user
from .visibility import Viewer, sees_matches_of


@dataclass
class VariantStats:
    """A player's figures in one variant (every finished match, rated or not)."""

    variant: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    hands: int = 0
    hands_won: int = 0
    hand_points: int = 0
    tricks: int = 0
    cantos_40: int = 0
    cantos_20: int = 0
    tutes: int = 0
    capotes: int = 0
    renuncios: int = 0
    retirements: int = 0
    timeouts: int = 0
    #: Auction figures (bidding tutes, :mod:`league.rankings.auction`): None where the
    #: variant's hands report no such fact (no auction, bids without a value, no batidos).
    contracts: int | None = None
    contracts_made: int | None = None
    bid_total: int | None = None
    batidos: int | None = None
    rating: Rating | None = None

    @property
    def win_rate(self) -> float | None:
        """Wins per game (0 to 1), None without games."""
        return self.wins / self.games if self.games else None

    @property
    def win_percent(self) -> int | None:
        return round(100 * self.wins / self.games) if self.games else None

    @property
    def average_hand_points(self) -> float | None:
        return round(self.hand_points / self.hands, 1) if self.hands else None

    @property
    def contracts_failed(self) -> int | None:
        """Hands taken on as jugador and not kept (bids failed, games lost as jugador)."""
        if self.contracts is None:
            return None
        return self.contracts - (self.contracts_made or 0)

    @property
    def contracts_made_percent(self) -> int | None:
        return round(100 * (self.contracts_made or 0) / self.contracts) if self.contracts else None

    @property
    def average_bid(self) -> float | None:
        """The mean of his contracts' bids, where bids have a value and he took any on."""
        if self.bid_total is None or not self.contracts:
            return None
        return round(self.bid_total / self.contracts, 1)


STAT_SUMS = (
    "hands",
    "hands_won",
    "hand_points",
    "tricks",
    "cantos_40",
    "cantos_20",
    "tutes",
    "capotes",
    "renuncios",
    "timeouts",
)

#: Sums that stay None over seats that do not report them (the auction figures).
OPTIONAL_SUMS = ("contracts", "contracts_made", "bid_total", "batidos")


def seat_aggregates() -> dict[str, Any]:
    """The aggregates of a group of seats: games, wins, draws, losses, retirements and the
    sums of :data:`STAT_SUMS` and :data:`OPTIONAL_SUMS` (None where no seat reports one).

    A player's rows of one variant all report the same auction facts (the variant's hands
    decide them), so their sums are None exactly where the variant has no such figure.
    """
    out: dict[str, Any] = {
        "games": Count("id"),
        "wins": Count("id", filter=Q(outcome=MatchParticipant.Outcome.WIN)),
        "draws": Count("id", filter=Q(outcome=MatchParticipant.Outcome.DRAW)),
        "losses": Count("id", filter=Q(outcome=MatchParticipant.Outcome.LOSS)),
        "retirements": Count("id", filter=Q(retired=True)),
    }
    out.update({name: Sum(name) for name in (*STAT_SUMS, *OPTIONAL_SUMS)})
    return out


def _stats_from_row(variant: str, row: dict[str, Any]) -> VariantStats:
    stats = VariantStats(variant=variant)
    for name in ("games", "wins", "draws", "losses", "retirements", *STAT_SUMS):
        setattr(stats, name, int(row.get(name) or 0))
    for name in OPTIONAL_SUMS:
        value = row.get(name)
        setattr(stats, name, None if value is None else int(value))
    return stats


def player_stats(*, user: User, rated_only: bool = False) -> list[VariantStats]:
    """The player's figures per variant he has played, with his rating (2 queries)."""
    qs = MatchParticipant.objects.filter(user=user)
    if rated_only:
        qs = qs.filter(rated=True)
    rows = {r["variant"]: r for r in qs.values("variant").annotate(**seat_aggregates()).order_by()}
    rated = ratings_for_user(user=user)
    order = {v: i for i, v in enumerate(variant_keys())}
    out = []
    for variant in sorted(rows.keys() | rated.keys(), key=lambda v: (order.get(v, 99), v)):
        stats = _stats_from_row(variant, rows.get(variant, {}))
        stats.rating = rated.get(variant)
        out.append(stats)
    return out


@dataclass(frozen=True)
class HeadToHead:
    opponent: User
    games: int
    wins: int
    losses: int
    draws: int


def head_to_head(
    *, user: User, variant: str | None = None, limit: int = 8, viewer: Viewer = None
) -> list[HeadToHead]:
    """The opponents the player met most (partners do not count), with his record against
    each: a win when he finished ahead of the opponent (2 queries). Private matches count only
    when the viewer may see them (he sat at them, or is the player, or staff): who met whom at
    a private table is not shown to others.

    One aggregate over his seats (by the ``(user, variant, finished_at)`` index) joined with
    the other seats of the same matches (by the ``(match, seat)`` index): a few index lookups
    per match he played, whatever the size of the tables. Written in SQL because the ORM can
    only join the seats through their match, which made PostgreSQL hash every match. (The
    former correlated subqueries, three per opponent's seat, had an estimated cost that made
    PostgreSQL compile the query with JIT, most of a second, on tables without statistics.)

    A deactivated opponent stays in the list (the matches against him still count); pages
    show him as a former player.
    """
    meta = MatchParticipant._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)

    def col(name: str) -> str:
        return quote(meta.get_field(name).column)

    match, user_, place, side = col("match"), col("user"), col("place"), col("side")
    params: dict[str, Any] = {"user": user.pk, "limit": limit}
    sql = (
        f"SELECT o.{user_}, COUNT(*),"
        f" SUM(CASE WHEN m.{place} < o.{place} THEN 1 ELSE 0 END),"
        f" SUM(CASE WHEN m.{place} > o.{place} THEN 1 ELSE 0 END)"
        f" FROM {table} m INNER JOIN {table} o ON o.{match} = m.{match}"
        f" WHERE m.{user_} = %(user)s"
        f" AND o.{user_} IS NOT NULL AND o.{user_} <> %(user)s AND o.{side} <> m.{side}"
    )
    if variant:
        sql += f" AND m.{col('variant')} = %(variant)s"
        params["variant"] = variant
    if not sees_matches_of(viewer, user):
        params["public"] = False
        if viewer is None or not viewer.is_authenticated:
            sql += f" AND m.{col('private')} = %(public)s"
        else:
            # a private match counts if the viewer sat at it (the (match, seat) index again)
            sql += (
                f" AND (m.{col('private')} = %(public)s OR EXISTS (SELECT 1 FROM {table} v"
                f" WHERE v.{match} = m.{match} AND v.{user_} = %(viewer)s))"
            )
            params["viewer"] = viewer.pk
    sql += f" GROUP BY o.{user_} ORDER BY 2 DESC, 1 ASC LIMIT %(limit)s"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = [
            {"user_id": u, "games": int(g), "wins": int(w or 0), "losses": int(lo or 0)}
            for u, g, w, lo in cursor.fetchall()
        ]
    users = User.objects.select_related("profile").in_bulk([r["user_id"] for r in rows])
    return [
        HeadToHead(
            opponent=users[r["user_id"]],
            games=r["games"],
            wins=r["wins"],
            losses=r["losses"],
            draws=r["games"] - r["wins"] - r["losses"],
        )
        for r in rows
        if r["user_id"] in users
    ]
