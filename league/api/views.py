"""API views: thin viewsets over ``league.clubs.services`` (writes) and the selectors (reads).

Reads are public; writes need a logged-in user (session or token), and the services check his
role in the club (a refusal is a 403 with the reason). Finished matches are the only games the
API shows: a table still in play is not in them, nor is any hand in progress. A match of a
private table is listed and shown only to the people who sat at it and to staff; to anybody
else it does not exist (404), and his rating change from it does not name the table.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import messages
from league.clubs import selectors as league_selectors
from league.clubs import services as league_services
from league.clubs.models import Club, Membership, User
from league.rankings import selectors as rank_selectors
from league.rankings.models import FinishedMatch, Rating
from league.rankings.variants import rating_shape, variant_keys

from . import filters, serializers
from .permissions import IsClubAdminOrReadOnly, IsClubOrganiser

VARIANT_PARAM = OpenApiParameter(
    "variant", OpenApiTypes.STR, enum=filters.API_VARIANTS, description="Variant key"
)
USERNAME_RE = r"[\w.@+-]{1,150}"
SLUG_RE = r"[-a-zA-Z0-9_]{1,90}"


def _variant_or_400(value: str | None, *, required: bool = False) -> str | None:
    if value is not None and not value.strip():
        raise ValidationError({"variant": [_("Give a value, or leave the parameter out.")]})
    if not value:
        if required:
            raise ValidationError({"variant": [_("Choose a variant.")]})
        return None
    if value not in filters.API_VARIANTS:
        raise ValidationError({"variant": [_("There is no such variant.")]})
    return value


def _club_or_400(slug: str | None) -> Club | None:
    if slug is None:
        return None
    if not slug.strip():
        raise ValidationError({"club": [_("Give a value, or leave the parameter out.")]})
    club = league_selectors.club_get(slug=slug)
    if club is None:
        raise ValidationError({"club": [_("There is no such club.")]})
    return club


# --- accounts -------------------------------------------------------------------------------


class MeView(APIView):
    """The logged-in player."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=serializers.MeSerializer)
    def get(self, request: Request) -> Response:
        return Response(serializers.MeSerializer(request.user, context={"request": request}).data)


class VariantViewSet(viewsets.ViewSet):
    """The rated variants and how each is rated (duel, teams or places)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=serializers.VariantSerializer(many=True))
    def list(self, request: Request) -> Response:
        rows = [
            {"key": key, "name": messages.variant_name(key), "shape": rating_shape(key)}
            for key in variant_keys()
        ]
        return Response(serializers.VariantSerializer(rows, many=True).data)


# --- players --------------------------------------------------------------------------------


@extend_schema_view(
    rating_history=extend_schema(parameters=[VARIANT_PARAM]),
    head_to_head=extend_schema(parameters=[VARIANT_PARAM]),
    points=extend_schema(parameters=[VARIANT_PARAM]),
)
class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """Players: their public profile, figures, ratings and rating history."""

    serializer_class = serializers.PlayerSerializer
    filterset_class = filters.PlayerFilter
    lookup_field = "username"
    lookup_value_regex = USERNAME_RE

    def get_queryset(self) -> QuerySet[User]:
        return User.objects.filter(is_active=True).select_related("profile").order_by("username")

    @extend_schema(
        parameters=[OpenApiParameter("rated", OpenApiTypes.BOOL, description="Rated only")],
        responses=serializers.VariantStatsSerializer(many=True),
    )
    @action(detail=True, pagination_class=None, filterset_class=None)
    def stats(self, request: Request, username: str | None = None) -> Response:
        """Per variant: games, wins, losses, win rate, hand points, cantos, capotes..."""
        user = self.get_object()
        rated = request.query_params.get("rated")
        if rated is not None and rated not in ("true", "True", "1", "false", "False", "0"):
            raise ValidationError({"rated": [_("Give true or false.")]})
        rated_only = rated in ("true", "True", "1")
        rows = rank_selectors.player_stats(user=user, rated_only=rated_only)
        return Response(serializers.VariantStatsSerializer(rows, many=True).data)

    @extend_schema(responses=serializers.RatingSerializer(many=True))
    @action(detail=True, pagination_class=None, filterset_class=None)
    def ratings(self, request: Request, username: str | None = None) -> Response:
        user = self.get_object()
        rows = Rating.objects.filter(user=user).select_related("user__profile")
        return Response(serializers.RatingSerializer(rows, many=True).data)

    @extend_schema(responses=serializers.RatingHistorySerializer(many=True))
    @action(detail=True, url_path="rating-history", filterset_class=None)
    def rating_history(self, request: Request, username: str | None = None) -> Response:
        """The rating after each rated match, oldest first (paginated). ``table_id`` is null
        for a private table the caller did not sit at."""
        user = self.get_object()
        variant = _variant_or_400(request.query_params.get("variant"))
        rows = rank_selectors.rating_changes(user=user, variant=variant, viewer=request.user)
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(
            serializers.RatingHistorySerializer(page, many=True).data
        )

    @extend_schema(responses=serializers.HeadToHeadSerializer(many=True))
    @action(detail=True, url_path="head-to-head", pagination_class=None, filterset_class=None)
    def head_to_head(self, request: Request, username: str | None = None) -> Response:
        """His record against the opponents he met most."""
        user = self.get_object()
        variant = _variant_or_400(request.query_params.get("variant"))
        rows = rank_selectors.head_to_head(
            user=user, variant=variant, limit=20, viewer=request.user
        )
        return Response(serializers.HeadToHeadSerializer(rows, many=True).data)

    @extend_schema(responses=serializers.BinSerializer(many=True))
    @action(detail=True, pagination_class=None, filterset_class=None)
    def points(self, request: Request, username: str | None = None) -> Response:
        """The distribution of his points per hand in a variant (bands of 10 points)."""
        user = self.get_object()
        variant = _variant_or_400(request.query_params.get("variant"), required=True)
        bins = rank_selectors.points_distribution(user=user, variant=variant)
        return Response(serializers.BinSerializer(bins, many=True).data)


# --- ratings and leaderboards ---------------------------------------------------------------


class RatingViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Every rating of an active account, best first; filter by variant, player, games or
    rating. A deactivated account's ratings are not listed (nor is his player record)."""

    serializer_class = serializers.RatingSerializer
    filterset_class = filters.RatingFilter

    def get_queryset(self) -> QuerySet[Rating]:
        return (
            Rating.objects.exclude(user__in=rank_selectors.deactivated_users())
            .select_related("user__profile")
            .order_by("variant", "-shown", "-mu", "user_id")
        )


class LeaderboardViewSet(viewsets.GenericViewSet):
    """Leaderboards per variant, site-wide or a club's, with the caller's own position.

    Eligible players have enough rated games, the last one recent enough (see docs/ratings.md).
    """

    serializer_class = serializers.LeaderboardRowSerializer
    lookup_field = "variant"
    lookup_value_regex = "|".join(filters.API_VARIANTS)
    filter_backends: list[Any] = []

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "variant", OpenApiTypes.STR, OpenApiParameter.PATH, enum=filters.API_VARIANTS
            ),
            OpenApiParameter("club", OpenApiTypes.STR, description="A club's slug"),
        ],
        responses=serializers.LeaderboardPageSerializer,
    )
    def retrieve(self, request: Request, variant: str | None = None) -> Response:
        variant = _variant_or_400(variant, required=True)
        assert variant is not None
        club = _club_or_400(request.query_params.get("club"))
        qs = rank_selectors.leaderboard(variant=variant, club=club)
        page = self.paginate_queryset(qs)
        assert page is not None and self.paginator is not None
        offset = (self.paginator.page.number - 1) * self.paginator.get_page_size(request)
        rows = serializers.as_rows([(offset + i + 1, r) for i, r in enumerate(page)])
        response = self.get_paginated_response(self.get_serializer(rows, many=True).data)
        position = rank_selectors.leaderboard_position(
            variant=variant, user=request.user, club=club
        )
        response.data["me"] = (
            serializers.PositionSerializer(position).data if request.user.is_authenticated else None
        )
        return response


# --- matches --------------------------------------------------------------------------------


class MatchViewSet(viewsets.ReadOnlyModelViewSet):
    """Finished matches, newest first; one match with the engine's record and every hand's
    result. Matches still in play are never here; a private table's match only for the people
    who sat at it and staff (anybody else gets a 404)."""

    filterset_class = filters.MatchFilter
    lookup_field = "table_id"
    lookup_value_regex = r"[0-9]{1,18}"

    def get_queryset(self) -> QuerySet[FinishedMatch]:
        qs = rank_selectors.finished_matches(viewer=self.request.user)
        if self.action == "list":
            qs = qs.defer("record", "result", "hands")
        return qs

    def get_serializer_class(self) -> type[serializers.MatchSerializer]:
        if self.action == "retrieve":
            return serializers.MatchDetailSerializer
        return serializers.MatchSerializer


# --- clubs ----------------------------------------------------------------------------------


class ClubViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Clubs: anyone reads them; a logged-in player creates one (and is its first admin); its
    admins edit it. Members join, leave, and organisers answer join requests."""

    serializer_class = serializers.ClubSerializer
    filterset_class = filters.ClubFilter
    lookup_field = "slug"
    lookup_value_regex = SLUG_RE
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsClubAdminOrReadOnly]

    def get_queryset(self) -> QuerySet[Club]:
        return Club.objects.annotate(member_count=league_selectors.MEMBER_COUNT).order_by("name")

    def _club(self) -> Club:
        return self.get_object()

    def _out(self, club: Club, code: int = status.HTTP_200_OK) -> Response:
        club = self.get_queryset().get(pk=club.pk)
        return Response(self.get_serializer(club).data, status=code)

    @extend_schema(
        request=serializers.ClubWriteSerializer, responses={201: serializers.ClubSerializer}
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = serializers.ClubWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = league_services.club_create(owner=request.user, **data.validated_data)
        return self._out(club, status.HTTP_201_CREATED)

    @extend_schema(request=serializers.ClubWriteSerializer, responses=serializers.ClubSerializer)
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self._club()
        partial = kwargs.get("partial", False)
        data = serializers.ClubWriteSerializer(data=request.data, partial=partial)
        data.is_valid(raise_exception=True)
        values = {"name": club.name, "description": club.description, **data.validated_data}
        club = league_services.club_update(club=club, actor=request.user, **values)
        return self._out(club)

    @extend_schema(responses=serializers.MembershipSerializer(many=True))
    @action(detail=True, permission_classes=[permissions.AllowAny], filterset_class=None)
    def members(self, request: Request, slug: str | None = None) -> Response:
        """Active members: admins, organisers, then members."""
        club = self._club()
        page = self.paginate_queryset(league_selectors.club_members(club=club))
        return self.get_paginated_response(serializers.MembershipSerializer(page, many=True).data)

    @extend_schema(responses=serializers.MembershipSerializer(many=True))
    @action(
        detail=True,
        permission_classes=[permissions.IsAuthenticated, IsClubOrganiser],
        filterset_class=None,
    )
    def requests(self, request: Request, slug: str | None = None) -> Response:
        """Join requests waiting for an answer (organisers and admins)."""
        club = self._club()
        page = self.paginate_queryset(league_selectors.club_pending_requests(club=club))
        return self.get_paginated_response(serializers.MembershipSerializer(page, many=True).data)

    @extend_schema(request=None, responses={201: serializers.MembershipSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def join(self, request: Request, slug: str | None = None) -> Response:
        """Ask to join (an organiser approves the request)."""
        membership = league_services.club_request_join(club=self._club(), user=request.user)
        return Response(
            serializers.MembershipSerializer(membership).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def leave(self, request: Request, slug: str | None = None) -> Response:
        """Leave the club, or withdraw a join request."""
        league_services.club_leave(club=self._club(), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses=serializers.InviteLinkSerializer)
    @action(
        detail=True,
        methods=["post"],
        url_path="rotate-invite",
        permission_classes=[permissions.IsAuthenticated],
    )
    def rotate_invite(self, request: Request, slug: str | None = None) -> Response:
        """A new invitation link (admins); the old one stops working."""
        club = league_services.club_rotate_invite(club=self._club(), actor=request.user)
        return Response({"invite_path": club.get_invite_path()})

    @extend_schema(
        request=serializers.InviteSerializer, responses={201: serializers.MembershipSerializer}
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="join-by-invite",
        permission_classes=[permissions.IsAuthenticated],
    )
    def join_by_invite(self, request: Request) -> Response:
        """Join at once with an invitation link's token."""
        data = serializers.InviteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = league_services.club_join_by_invite(
            token=data.validated_data["token"], user=request.user
        )
        return Response(
            serializers.MembershipSerializer(membership).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(responses=serializers.GroupStatsSerializer)
    @action(
        detail=True,
        permission_classes=[permissions.AllowAny],
        pagination_class=None,
        filterset_class=None,
    )
    def statistics(self, request: Request, slug: str | None = None) -> Response:
        """Figures of every match the club's members played; the recent matches the caller may
        see."""
        stats = rank_selectors.club_statistics(club=self._club(), viewer=request.user)
        return Response(serializers.GroupStatsSerializer(stats, context={"request": request}).data)


class MembershipActionsViewSet(viewsets.GenericViewSet):
    """Organiser actions on one membership of a club: approve or reject a join request,
    change a role (admins), remove a member (admins)."""

    serializer_class = serializers.MembershipSerializer
    permission_classes = [permissions.IsAuthenticated]
    lookup_value_regex = r"[0-9]{1,18}"
    filter_backends: list[Any] = []

    def _membership(self) -> Membership:
        club = get_object_or_404(Club, slug=self.kwargs["club_slug"])
        membership = league_selectors.membership_get_by_id(
            club=club, membership_id=int(self.kwargs["pk"])
        )
        if membership is None:
            raise Http404(_("There is no such member."))
        return membership

    @extend_schema(request=None, responses=serializers.MembershipSerializer)
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, club_slug: str, pk: str) -> Response:
        membership = league_services.membership_approve(
            membership=self._membership(), actor=request.user
        )
        return Response(self.get_serializer(membership).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def reject(self, request: Request, club_slug: str, pk: str) -> Response:
        league_services.membership_reject(membership=self._membership(), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=serializers.RoleSerializer, responses=serializers.MembershipSerializer)
    @action(detail=True, methods=["post"])
    def role(self, request: Request, club_slug: str, pk: str) -> Response:
        data = serializers.RoleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = league_services.membership_set_role(
            membership=self._membership(), role=data.validated_data["role"], actor=request.user
        )
        return Response(self.get_serializer(membership).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def remove(self, request: Request, club_slug: str, pk: str) -> Response:
        league_services.membership_remove(membership=self._membership(), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
