"""Who is looking, and what he may see: private matches and deactivated accounts.

Matches of private tables (``FinishedMatch.private``) are listed and shown only to the people
who sat at them and to staff: the selectors that list matches or opponents take the
``viewer`` (a user, an anonymous one, or None for nobody in particular) and filter through
:func:`visible_matches` / :func:`visible_seats`. Figures (wins, points, cantos, ratings) count
every match.

Deactivated accounts (``User.is_active`` False) leave every list of players through
:func:`deactivated_users` and :func:`active_members`; their matches stay.

Every function here builds a subquery or reads the viewer: none runs a query of its own.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet

from league.clubs.models import Club, Membership, User

from ..models import FinishedMatch, MatchParticipant

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


def private_seats_of(viewer: User | AnonymousUser) -> QuerySet[MatchParticipant]:
    """The ids of the private matches the viewer sat at (a subquery)."""
    return MatchParticipant.objects.filter(user_id=viewer.pk, private=True).values("match_id")


def visible_matches(qs: QuerySet[FinishedMatch], *, viewer: Viewer) -> QuerySet[FinishedMatch]:
    """The matches of ``qs`` the viewer may see: public ones, and private ones he sat at
    (every one for staff). A subquery, no extra query."""
    if sees_every_match(viewer):
        return qs
    if viewer is None or not viewer.is_authenticated:
        return qs.filter(private=False)
    return qs.filter(Q(private=False) | Q(pk__in=private_seats_of(viewer)))


def visible_seats(qs: QuerySet[MatchParticipant], *, viewer: Viewer) -> QuerySet[MatchParticipant]:
    """Seats of ``qs`` in matches the viewer may see (by the seats' own copy of ``private``)."""
    if sees_every_match(viewer):
        return qs
    if viewer is None or not viewer.is_authenticated:
        return qs.filter(private=False)
    return qs.filter(Q(private=False) | Q(match_id__in=private_seats_of(viewer)))
