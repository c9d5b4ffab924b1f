"""Figures of a group of matches: a club's (its active members' matches) and a source's (the
tables a tournament's rounds opened): per variant (with the auction's in the bidding tutes),
per player, and the last matches.

The figures count every match and every seat; the players listed are active accounts; the
matches listed are those the viewer may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, QuerySet, Sum

from league.clubs.models import Club, User

from ..models import FinishedMatch, MatchParticipant
from .matches import LIST_DEFERRED, with_seats
from .players import OPTIONAL_SUMS, seat_aggregates
from .visibility import Viewer, active_members, deactivated_users, visible_matches


@dataclass
class GroupStats:
    """Figures of a group of matches (a club's members, a tournament's tables)."""

    per_variant: list[dict[str, Any]] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    matches: list[FinishedMatch] = field(default_factory=list)

    @property
    def auction(self) -> list[dict[str, Any]]:
        """The rows of :attr:`per_variant` whose hands report an auction (the bidding tutes,
        :mod:`league.rankings.auction`): contracts taken on, kept and failed, the share kept,
        the average bid where bids have a value, the times batido where the game has them."""
        return [r for r in self.per_variant if r["contracts"] is not None]


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
            **{name: Sum(name) for name in OPTIONAL_SUMS},
        )
        .order_by("-matches", "variant")
    )
    for r in rows:
        r["average_hand_points"] = round(r["hand_points"] / r["hands"], 1) if r["hands"] else None
        contracts, made, bids = r["contracts"], r["contracts_made"], r["bid_total"]
        r["contracts_failed"] = None if contracts is None else contracts - (made or 0)
        r["contracts_made_percent"] = round(100 * (made or 0) / contracts) if contracts else None
        r["average_bid"] = round(bids / contracts, 1) if bids is not None and contracts else None
    return rows


def _group_players(qs: QuerySet[MatchParticipant], limit: int) -> list[dict[str, Any]]:
    rows = list(
        qs.values("user_id")
        .annotate(**seat_aggregates())
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
    recent = with_seats(
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
        matches=list(with_seats(listed.order_by("-finished_at", "-table_id"))[:matches]),
    )
