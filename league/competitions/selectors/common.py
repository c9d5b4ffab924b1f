"""What the competition selectors share: who may organise, club and user look-ups, the related
rows an entry's name needs, and how a number of points is written."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from league.clubs.models import Club, Membership, User

ENTRY_RELATED = ("player__profile", "partner__profile")


def may_organise(*, club: Club, user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    membership = Membership.objects.filter(club=club, user=user).first()
    return membership is not None and membership.can_organise


def organised_clubs(*, user: Any) -> QuerySet[Club]:
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(
        memberships__user=user,
        memberships__status=Membership.Status.ACTIVE,
        memberships__role__in=[Membership.Role.ORGANISER, Membership.Role.ADMIN],
    ).order_by("name")


def club_for_slug(*, slug: str) -> Club | None:
    return Club.objects.filter(slug=slug).first()


def user_named(name: str) -> User | None:
    """The user with this user name (any case), e.g. the partner a player names."""
    name = name.strip()
    return User.objects.filter(username__iexact=name).first() if name else None


def number_text(value: Any) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text or "0"
