"""Leaderboards: the eligible ratings of a variant, best first, and a player's place on one.

Eligible: an active account with at least ``RANKINGS_LEADERBOARD_MIN_GAMES`` rated games in
the variant (default 1), the last one within ``RANKINGS_ACTIVE_DAYS`` (:mod:`..conf`); on a
club's board, an active member of the club. Deactivated accounts take no place.

**Provisional ratings** (fewer than ``league.skill.PROVISIONAL_GAMES`` rated games) are listed
among the settled ones, in the same order, and marked (``Rating.provisional``; the pages show a
"?" after the rating). The shown rating is already conservative (``mu - 3 sigma``): a newcomer
starts far down and is ahead of a settled player only once even the cautious estimate of his
skill is higher.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from league.clubs.models import Club, User

from .. import conf
from ..models import Rating
from .visibility import active_members, deactivated_users


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
    the last one within ``RANKINGS_ACTIVE_DAYS``; provisional ratings are among them, marked by
    ``Rating.provisional``. Ties on the shown rating go to the higher ``mu``, then the older
    account.
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

    @property
    def provisional(self) -> bool:
        """Ranked (or not) with a provisional rating."""
        return self.rating is not None and self.rating.provisional


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
            reason = "provisional"  # only when the setting asks for more games than 1
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
    """The player's rating in each variant he is rated in, by variant key (1 query)."""
    return {r.variant: r for r in Rating.objects.filter(user=user)}


def busiest_variant(*, variants: list[str]) -> str | None:
    """Of ``variants``, the one with the most rated players (None when nobody is rated yet):
    the leaderboard opens on it, so a first visit shows a board with people on it."""
    counts = {
        row["variant"]: row["n"]
        for row in Rating.objects.filter(variant__in=variants, games__gt=0)
        .values("variant")
        .annotate(n=Count("id"))
    }
    best = max(variants, key=lambda v: (counts.get(v, 0), -variants.index(v)), default=None)
    return best if best is not None and counts.get(best) else None
