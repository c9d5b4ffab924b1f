"""Lists of finished matches the viewer may see: one match (:func:`match_get`), a player's
last ones (:func:`recent_matches`) and any filtered list (:func:`finished_matches`).

Every list comes with its seats (and their players' profiles) prefetched by
:func:`with_seats`; lists leave out the large JSON columns (:data:`LIST_DEFERRED`).
"""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from league.clubs.models import Club, User

from ..models import FinishedMatch, MatchParticipant, RatingHistory
from .visibility import Viewer, active_members, sees_matches_of, visible_matches, visible_seats

#: What a list of matches does not show: the engine's record and results (large JSON).
LIST_DEFERRED = ("record", "result", "hands")


def with_seats(qs: QuerySet[FinishedMatch]) -> QuerySet[FinishedMatch]:
    """``qs`` with each match's seats in seat order, their players' profiles joined (one
    prefetch query)."""
    return qs.prefetch_related(
        Prefetch(
            "participants",
            queryset=MatchParticipant.objects.select_related("user__profile").order_by("seat"),
        )
    )


def match_get(*, table_id: int, viewer: Viewer) -> FinishedMatch | None:
    """One finished match with its seats, or None if there is none the viewer may see (a
    private match is None for everybody but its players and staff)."""
    qs = visible_matches(FinishedMatch.objects.filter(table_id=table_id), viewer=viewer)
    return with_seats(qs).first()


def recent_matches(
    *, user: User, variant: str | None = None, limit: int = 10, viewer: Viewer = None
) -> list[FinishedMatch]:
    """The player's last finished matches the viewer may see, newest first, with every seat
    and his rating change (``my_change``: a RatingHistory or None) (4 queries)."""
    seats = MatchParticipant.objects.filter(user=user)
    if variant:
        seats = seats.filter(variant=variant)
    if not sees_matches_of(viewer, user):
        seats = visible_seats(seats, viewer=viewer)
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
    return with_seats(qs.order_by("-finished_at", "-table_id"))
