"""Read-side queries of the league app: what the views and other apps may ask about players
and clubs. Nothing here writes."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When

from .models import Club, Membership, Profile, User

ROLE_RANK = Case(
    When(role=Membership.Role.ADMIN, then=Value(0)),
    When(role=Membership.Role.ORGANISER, then=Value(1)),
    default=Value(2),
    output_field=IntegerField(),
)


def profile_for_user(*, user: User) -> Profile | None:
    return Profile.objects.filter(user=user).first()


#: A club's members as every page counts and lists them: active memberships of active
#: accounts (a deactivated account, closed by the player or by staff, is listed nowhere).
MEMBER_COUNT = Count(
    "memberships",
    filter=Q(memberships__status=Membership.Status.ACTIVE, memberships__user__is_active=True),
)


def club_list() -> QuerySet[Club]:
    """Every club with its number of active members, by name."""
    return Club.objects.annotate(member_count=MEMBER_COUNT).order_by("name")


def club_get(*, slug: str) -> Club | None:
    return Club.objects.filter(slug=slug).first()


def club_get_by_invite(*, token: str) -> Club | None:
    return Club.objects.filter(invite_token=token).first()


def membership_get(*, club: Club, user: User | AnonymousUser) -> Membership | None:
    """The user's membership of the club, active or pending; None for strangers."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def membership_get_by_id(*, club: Club, membership_id: int) -> Membership | None:
    return (
        Membership.objects.select_related("club", "user")
        .filter(club=club, pk=membership_id)
        .first()
    )


def club_members(*, club: Club) -> QuerySet[Membership]:
    """Active members (deactivated accounts left out): admins first, then organisers, then
    members, by user name."""
    return (
        Membership.objects.filter(club=club, status=Membership.Status.ACTIVE, user__is_active=True)
        .select_related("user__profile")
        .annotate(role_rank=ROLE_RANK)
        .order_by("role_rank", "user__username")
    )


def club_pending_requests(*, club: Club) -> QuerySet[Membership]:
    """Join requests waiting for an answer, oldest first (not those of deactivated accounts)."""
    return (
        Membership.objects.filter(club=club, status=Membership.Status.PENDING, user__is_active=True)
        .select_related("user__profile")
        .order_by("created_at")
    )


def memberships_for_user(*, user: User) -> QuerySet[Membership]:
    """The user's clubs (active and pending), by club name."""
    return Membership.objects.filter(user=user).select_related("club").order_by("club__name")


def pending_requests_for_organiser(*, user: User) -> int:
    """How many join requests wait for this user in the clubs he organises."""
    organised = Membership.objects.filter(
        user=user,
        status=Membership.Status.ACTIVE,
        role__in=[Membership.Role.ORGANISER, Membership.Role.ADMIN],
    ).values("club_id")
    return Membership.objects.filter(
        club_id__in=organised, status=Membership.Status.PENDING, user__is_active=True
    ).count()
