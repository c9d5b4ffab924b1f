"""Read-side queries of the rankings: leaderboards, a player's figures, a club's, a source's.

Every function here runs a fixed number of queries whatever the number of players, matches or
hands (no query per row): aggregates are done by the database, related rows come with
``select_related`` / ``prefetch_related``. The tests count them.

Matches of private tables (``FinishedMatch.private``) are listed and shown only to the people
who sat at them and to staff: every function that lists matches or opponents takes the
``viewer`` (the logged-in user, an anonymous one, or None for nobody in particular) and shows
the others none of them. Figures (wins, points, cantos, ratings) count every match.

Deactivated accounts (``User.is_active`` False: closed by the player or by staff) have no
public page, so they leave every list of players: leaderboards (and the ranks, counted over
the players shown), the ratings, a club's members and its most active players. Their matches
stay, with their results; where they sat, the pages and the API show "Former player" without
a link (the templates and ``api.serializers.PlayerRefSerializer`` read ``user.is_active``,
loaded with the seat: no query), and the other players' figures, head-to-head included, still
count them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.db.models import Case, Count, F, Prefetch, Q, QuerySet, Sum, When
from django.utils import timezone

from league import ratings
from league.models import Club, Membership, User

from . import conf
from .models import FinishedMatch, MatchParticipant, Rating, RatingHistory

VARIANTS: tuple[str, ...] = tuple(ratings.SHAPES)

#: Who is looking: a user, an anonymous one, or None (nobody in particular: public only).
Viewer = User | AnonymousUser | None


# --- deactivated accounts ------------------------------------------------------------------


def deactivated_users() -> QuerySet[User]:
    """The ids of the deactivated accounts (a subquery). Lists leave them out with
    ``.exclude(user__in=deactivated_users())``: a NOT IN over the few closed accounts, which
    keeps the leaderboards' counts on their index (no join with every user)."""
    return User.objects.filter(is_active=False).values("pk")


def active_members(club: Club) -> QuerySet[Membership]:
    """The club's active memberships of active accounts: its members on every page."""
    return Membership.objects.filter(
        club=club, status=Membership.Status.ACTIVE, user__is_active=True
    )


# --- who sees which matches -----------------------------------------------------------------


def sees_every_match(viewer: Viewer) -> bool:
    """Staff see every match, private ones included."""
    return bool(
        viewer is not None
        and viewer.is_authenticated
        and viewer.is_active
        and (viewer.is_staff or viewer.is_superuser)
    )


def sees_matches_of(viewer: Viewer, user: User) -> bool:
    """Whether the viewer sees every match ``user`` played: his own, or staff."""
    if sees_every_match(viewer):
        return True
    return bool(viewer is not None and viewer.is_authenticated and viewer.pk == user.pk)


def _private_seats_of(viewer: User | AnonymousUser) -> QuerySet[MatchParticipant]:
    """The ids of the private matches the viewer sat at (a subquery)."""
    return MatchParticipant.objects.filter(user_id=viewer.pk, private=True).values("match_id")


def visible_matches(qs: QuerySet[FinishedMatch], *, viewer: Viewer) -> QuerySet[FinishedMatch]:
    """The matches of ``qs`` the viewer may see: public ones, and private ones he sat at
    (every one for staff). A subquery, no extra query."""
    if sees_every_match(viewer):
        return qs
    if viewer is None or not viewer.is_authenticated:
        return qs.filter(private=False)
    return qs.filter(Q(private=False) | Q(pk__in=_private_seats_of(viewer)))


def _visible_seats(qs: QuerySet[MatchParticipant], *, viewer: Viewer) -> QuerySet[MatchParticipant]:
    """Seats of ``qs`` in matches the viewer may see (by the seats' own copy of ``private``)."""
    if sees_every_match(viewer):
        return qs
    if viewer is None or not viewer.is_authenticated:
        return qs.filter(private=False)
    return qs.filter(Q(private=False) | Q(match_id__in=_private_seats_of(viewer)))


def match_get(*, table_id: int, viewer: Viewer) -> FinishedMatch | None:
    """One finished match with its seats, or None if there is none the viewer may see (a
    private match is None for everybody but its players and staff)."""
    qs = visible_matches(FinishedMatch.objects.filter(table_id=table_id), viewer=viewer)
    return _with_seats(qs).first()


def variant_keys() -> tuple[str, ...]:
    """The rated variants, in the order pages list them."""
    return ("cabrero", "chancho", "arrastrado", "dos", "dos_ar", "parejas", "vtt")


# --- leaderboards ---------------------------------------------------------------------------


def _eligible(variant: str, club: Club | None, now: datetime | None) -> QuerySet[Rating]:
    now = now or timezone.now()
    qs = Rating.objects.filter(
        variant=variant,
        games__gte=conf.leaderboard_min_games(),
        last_played_at__gte=now - timedelta(days=conf.active_days()),
    )
    if club is not None:
        # the members are active accounts already
        return qs.filter(user__in=active_members(club).values("user_id"))
    return qs.exclude(user__in=deactivated_users())


def leaderboard(
    *, variant: str, club: Club | None = None, now: datetime | None = None
) -> QuerySet[Rating]:
    """Eligible ratings of a variant, best first (site-wide, or a club's active members).

    Eligible: an active account with at least ``RANKINGS_LEADERBOARD_MIN_GAMES`` rated games,
    the last one within ``RANKINGS_ACTIVE_DAYS``. Ties on the shown rating go to the higher
    ``mu``, then the older account.
    """
    return (
        _eligible(variant, club, now)
        .select_related("user__profile")
        .order_by("-shown", "-mu", "user_id")
    )


@dataclass(frozen=True)
class Position:
    """A player's place on a leaderboard, or why he is not on it."""

    rating: Rating | None
    rank: int | None
    total: int
    reason: str  # "" when ranked; "unrated", "provisional", "inactive" or "not_member"


def leaderboard_position(
    *,
    variant: str,
    user: User | AnonymousUser,
    club: Club | None = None,
    now: datetime | None = None,
) -> Position:
    """The user's rank on a leaderboard (3 queries), or the reason he is not on it.

    The rank counts the eligible players ahead of him, so deactivated accounts, which the
    board leaves out, take no place; ``total`` is the number of players shown."""
    eligible = _eligible(variant, club, now)
    total = eligible.count()
    if not user.is_authenticated:
        return Position(None, None, total, "unrated")
    rating = Rating.objects.filter(user=user, variant=variant).first()
    if rating is None:
        return Position(None, None, total, "unrated")
    if not eligible.filter(pk=rating.pk).exists():
        if rating.games < conf.leaderboard_min_games():
            reason = "provisional"
        elif club is not None and not active_members(club).filter(user=user).exists():
            reason = "not_member"
        else:
            reason = "inactive"
        return Position(rating, None, total, reason)
    ahead = eligible.filter(
        Q(shown__gt=rating.shown)
        | Q(shown=rating.shown, mu__gt=rating.mu)
        | Q(shown=rating.shown, mu=rating.mu, user_id__lt=rating.user_id)
    ).count()
    return Position(rating, ahead + 1, total, "")


def ratings_for_user(*, user: User) -> dict[str, Rating]:
    return {r.variant: r for r in Rating.objects.filter(user=user)}


# --- a player's figures ---------------------------------------------------------------------


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


def _aggregates() -> dict[str, Any]:
    out: dict[str, Any] = {
        "games": Count("id"),
        "wins": Count("id", filter=Q(outcome=MatchParticipant.Outcome.WIN)),
        "draws": Count("id", filter=Q(outcome=MatchParticipant.Outcome.DRAW)),
        "losses": Count("id", filter=Q(outcome=MatchParticipant.Outcome.LOSS)),
        "retirements": Count("id", filter=Q(retired=True)),
    }
    out.update({name: Sum(name) for name in STAT_SUMS})
    return out


def _stats_from_row(variant: str, row: dict[str, Any]) -> VariantStats:
    stats = VariantStats(variant=variant)
    for name in ("games", "wins", "draws", "losses", "retirements", *STAT_SUMS):
        setattr(stats, name, int(row.get(name) or 0))
    return stats


def player_stats(*, user: User, rated_only: bool = False) -> list[VariantStats]:
    """The player's figures per variant he has played, with his rating (2 queries)."""
    qs = MatchParticipant.objects.filter(user=user)
    if rated_only:
        qs = qs.filter(rated=True)
    rows = {r["variant"]: r for r in qs.values("variant").annotate(**_aggregates()).order_by()}
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


def _with_seats(qs: QuerySet[FinishedMatch]) -> QuerySet[FinishedMatch]:
    return qs.prefetch_related(
        Prefetch(
            "participants",
            queryset=MatchParticipant.objects.select_related("user__profile").order_by("seat"),
        )
    )


#: What a list of matches does not show: the engine's record and results (large JSON).
LIST_DEFERRED = ("record", "result", "hands")


def recent_matches(
    *, user: User, variant: str | None = None, limit: int = 10, viewer: Viewer = None
) -> list[FinishedMatch]:
    """The player's last finished matches the viewer may see, newest first, with every seat
    and his rating change (``my_change``: a RatingHistory or None) (4 queries)."""
    seats = MatchParticipant.objects.filter(user=user)
    if variant:
        seats = seats.filter(variant=variant)
    if not sees_matches_of(viewer, user):
        seats = _visible_seats(seats, viewer=viewer)
    # The player's last seats by his own index, then their matches: no scan of every match.
    last = seats.order_by("-finished_at", "-match_id").values_list("match_id", flat=True)[:limit]
    qs = FinishedMatch.objects.filter(pk__in=list(last)).defer(*LIST_DEFERRED)
    matches = list(
        qs.order_by("-finished_at", "-table_id").prefetch_related(
            Prefetch(
                "participants",
                queryset=MatchParticipant.objects.select_related("user__profile")
                .defer("points_per_hand")
                .order_by("seat"),
            ),
            Prefetch(
                "rating_changes",
                queryset=RatingHistory.objects.filter(user=user).order_by(),
                to_attr="my_changes",
            ),
        )
    )
    for match in matches:
        match.my_change = match.my_changes[0] if match.my_changes else None  # type: ignore[attr-defined]
        match.me = next(  # type: ignore[attr-defined]
            (p for p in match.participants.all() if p.user_id == user.pk), None
        )
    return matches


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
        hidden &= ~Q(match_id__in=_private_seats_of(viewer))
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


# --- clubs and other groups of matches ------------------------------------------------------


@dataclass
class GroupStats:
    """Figures of a group of matches (a club's members, a tournament's tables)."""

    per_variant: list[dict[str, Any]] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    matches: list[FinishedMatch] = field(default_factory=list)


def _group_per_variant(qs: QuerySet[MatchParticipant]) -> list[dict[str, Any]]:
    rows = list(
        qs.values("variant")
        .annotate(
            matches=Count("match", distinct=True),
            people=Count("user", distinct=True),
            hands=Sum("hands"),
            hand_points=Sum("hand_points"),
            cantos_40=Sum("cantos_40"),
            cantos_20=Sum("cantos_20"),
            tutes=Sum("tutes"),
            capotes=Sum("capotes"),
            renuncios=Sum("renuncios"),
        )
        .order_by("-matches", "variant")
    )
    for r in rows:
        r["average_hand_points"] = round(r["hand_points"] / r["hands"], 1) if r["hands"] else None
    return rows


def _group_players(qs: QuerySet[MatchParticipant], limit: int) -> list[dict[str, Any]]:
    rows = list(
        qs.values("user_id")
        .annotate(**_aggregates())
        .order_by("-games", "-wins", "user_id")[:limit]
    )
    users = User.objects.select_related("profile").in_bulk([r["user_id"] for r in rows])
    out = []
    for r in rows:
        if r["user_id"] not in users:
            continue
        r["user"] = users[r["user_id"]]
        r["win_percent"] = round(100 * r["wins"] / r["games"]) if r["games"] else None
        r["average_hand_points"] = round(r["hand_points"] / r["hands"], 1) if r["hands"] else None
        out.append(r)
    return out


def club_statistics(
    *, club: Club, players: int = 10, matches: int = 10, viewer: Viewer = None
) -> GroupStats:
    """Figures of a club's active members over every match they played, and the recent ones
    the viewer may see (5 queries). A deactivated account is no longer a member: his matches
    leave the club's figures as they would if he had left the club."""
    members = active_members(club).values("user_id")
    seats = MatchParticipant.objects.filter(user__in=members)
    recent = _with_seats(
        visible_matches(
            FinishedMatch.objects.filter(pk__in=seats.values("match_id")), viewer=viewer
        )
        .defer(*LIST_DEFERRED)
        .order_by("-finished_at", "-table_id")
    )[:matches]
    return GroupStats(
        per_variant=_group_per_variant(seats),
        players=_group_players(seats, players),
        matches=list(recent),
    )


def source_statistics(
    *,
    source_kind: str,
    source_ids: Sequence[int],
    players: int = 50,
    matches: int = 20,
    viewer: Viewer = None,
) -> GroupStats:
    """Figures of the matches opened by a source (e.g. a tournament's rounds), for its page:
    ``source_statistics(source_kind="tournament_round", source_ids=[...], viewer=request.user)``
    (5 queries). The figures count every match and every seat; the players listed are active
    accounts; the matches listed are those the viewer may see."""
    games = FinishedMatch.objects.filter(source_kind=source_kind, source_id__in=source_ids)
    seats = MatchParticipant.objects.filter(match__in=games, user__isnull=False).exclude(
        user__in=deactivated_users()
    )
    listed = visible_matches(games, viewer=viewer)
    return GroupStats(
        per_variant=_group_per_variant(MatchParticipant.objects.filter(match__in=games)),
        players=_group_players(seats, players),
        matches=list(_with_seats(listed.order_by("-finished_at", "-table_id"))[:matches]),
    )


def finished_matches(
    *,
    variant: str | None = None,
    user: User | None = None,
    club: Club | None = None,
    rated: bool | None = None,
    viewer: Viewer = None,
) -> QuerySet[FinishedMatch]:
    """Finished matches the viewer may see, newest first, with their seats (for lists and the
    API)."""
    qs = visible_matches(FinishedMatch.objects.all(), viewer=viewer)
    if variant:
        qs = qs.filter(variant=variant)
    if user is not None:
        qs = qs.filter(pk__in=MatchParticipant.objects.filter(user=user).values("match_id"))
    if club is not None:
        members = active_members(club).values("user_id")
        qs = qs.filter(pk__in=MatchParticipant.objects.filter(user__in=members).values("match_id"))
    if rated is not None:
        qs = qs.filter(rated=rated)
    return _with_seats(qs.order_by("-finished_at", "-table_id"))
