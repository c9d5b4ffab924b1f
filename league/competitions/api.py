"""API of competitions, plugged into ``/api/`` through ``CompetitionsConfig.api_routes``.

Reads, public like the pages: ``/api/tournaments/`` (and ``/{id}/``, ``/{id}/rounds/``,
``/{id}/standings/``, ``/{id}/entries/``: the field by seed, ``/{id}/duplicate/``: a duplicate
tournament's results), ``/api/leagues/`` (and ``/{id}/``)
and ``/api/seasons/{id}/`` (divisions with standings and fixtures).

A player's own writes, through the services the pages call (a ``CompetitionError``, as every
``UserError``, becomes a 400 with its message, see ``league.api.exceptions``; nothing is
written then):

* ``POST /api/tournaments/{id}/entries/`` registers the caller (``{"partner": "<user name>"}``
  in pair variants); ``POST /api/tournament-entries/{id}/withdraw/`` and ``/check-in/`` act on
  the caller's entry;
* ``POST /api/seasons/{id}/entries/`` joins a season; ``POST /api/season-entries/{id}/withdraw/``
  leaves it.

An entry that is not the caller's (he is neither its player nor its partner) is a 403.
Organiser actions stay on the pages.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from league.clubs.models import User

from . import adapter, errors, selectors, services
from .api_duplicate import DuplicateResultsSerializer
from .models import Fixture, League, Season, SeasonEntry, Tournament, TournamentEntry

ID_RE = r"[0-9]{1,18}"


class EntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    player = serializers.CharField(source="player.username")
    partner = serializers.CharField(source="partner.username", default=None, allow_null=True)


class SeededEntrySerializer(serializers.Serializer):
    """One entry of a tournament's field (``seed`` null: withdrawn before it was paired)."""

    seed = serializers.IntegerField(allow_null=True)
    rating = serializers.IntegerField(allow_null=True)
    status = serializers.CharField(source="entry.status")
    entry = EntrySerializer()


class TournamentEntrySerializer(serializers.ModelSerializer):
    """The caller's tournament entry, as a write returns it."""

    name = serializers.CharField()
    player = serializers.CharField(source="player.username")
    partner = serializers.CharField(source="partner.username", default=None, allow_null=True)

    class Meta:
        model = TournamentEntry
        fields = [
            "id",
            "tournament",
            "name",
            "player",
            "partner",
            "status",
            "reason",
            "checked_in_at",
            "joined_round",
            "seed",
        ]


class SeasonEntrySerializer(serializers.ModelSerializer):
    """The caller's season entry, as a write returns it."""

    name = serializers.CharField()
    player = serializers.CharField(source="player.username")
    partner = serializers.CharField(source="partner.username", default=None, allow_null=True)
    division = serializers.CharField(source="division.label")

    class Meta:
        model = SeasonEntry
        fields = ["id", "season", "name", "player", "partner", "division"]


class RegisterSerializer(serializers.Serializer):
    """Registering: the partner's user name in pair variants (nothing otherwise)."""

    partner = serializers.CharField(required=False, allow_blank=True, max_length=150, default="")

    def validate_partner(self, value: str) -> User | None:
        if not value.strip():
            return None
        user = selectors.user_named(value)
        if user is None:
            raise serializers.ValidationError(_("There is no player with that user name."))
        return user


def _partner(request: Request) -> User | None:
    data = RegisterSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    partner: User | None = data.validated_data["partner"]
    return partner


def _own(entry: TournamentEntry | SeasonEntry, user: Any) -> None:
    """403 unless ``user`` plays in ``entry`` (as its player or partner)."""
    if user.pk not in entry.user_ids():
        raise PermissionDenied(_("This is not your entry."))


class TournamentSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "club",
            "variant",
            "shape",
            "options",
            "table_size",
            "min_table_size",
            "rounds",
            "turn_seconds",
            "rated",
            "registration_opens",
            "registration_closes",
            "capacity",
            "members_only",
            "checkin_required",
            "no_show_rule",
            "scoring",
            "bye_points",
            "tiebreaks",
            "format",
            "boards",
            "status",
            "started_at",
            "finished_at",
        ]


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    entry = EntrySerializer()
    place = serializers.IntegerField(allow_null=True)
    points = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)
    tantos = serializers.IntegerField()
    forfeit = serializers.BooleanField()


class BoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    is_bye = serializers.BooleanField()
    status = serializers.CharField()
    result_source = serializers.CharField()
    table_id = serializers.IntegerField(allow_null=True)
    seats = SeatSerializer(many=True, source="seats.all")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    repeats = serializers.IntegerField()
    boards = BoardSerializer(many=True, source="boards.all")


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    entry = EntrySerializer()
    score = serializers.FloatField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    byes = serializers.IntegerField()
    tantos = serializers.IntegerField()
    tiebreaks = serializers.SerializerMethodField()

    def get_tiebreaks(self, line: adapter.StandingLine) -> dict[str, float]:
        return dict(line.tiebreaks)


class LeagueSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    seasons = serializers.SerializerMethodField()

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "club",
            "variant",
            "shape",
            "options",
            "table_size",
            "min_table_size",
            "turn_seconds",
            "rated",
            "double_round_robin",
            "rounds",
            "window_days",
            "promotion",
            "scoring",
            "tiebreaks",
            "seasons",
        ]

    def get_seasons(self, league: League) -> list[dict[str, Any]]:
        return [
            {"id": s.pk, "number": s.number, "status": s.status}
            for s in league.seasons.order_by("number")
        ]


class FixtureSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    round = serializers.IntegerField()
    window_opens = serializers.DateTimeField()
    window_closes = serializers.DateTimeField()
    status = serializers.CharField()
    result_source = serializers.CharField()
    table_id = serializers.IntegerField(allow_null=True)
    seats = SeatSerializer(many=True, source="seats.all")


class DivisionSerializer(serializers.Serializer):
    level = serializers.IntegerField(source="division.level")
    name = serializers.CharField(source="division.label")
    entries = EntrySerializer(many=True)
    standings = StandingSerializer(many=True)
    fixtures = serializers.SerializerMethodField()

    def get_fixtures(self, view: selectors.DivisionView) -> list[dict[str, Any]]:
        fixtures: list[Fixture] = [f for _number, group in view.rounds for f in group]
        return list(FixtureSerializer(fixtures, many=True).data)


class TournamentViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournaments, their rounds (pairings with live table ids) and standings."""

    serializer_class = TournamentSerializer
    queryset = Tournament.objects.select_related("club").order_by("-pk")
    filterset_fields = ["club__slug", "variant", "status"]
    lookup_value_regex = ID_RE

    @extend_schema(methods=["GET"], responses=SeededEntrySerializer(many=True))
    @extend_schema(
        methods=["POST"],
        request=RegisterSerializer,
        responses={201: TournamentEntrySerializer},
        description="Register the caller (pair variants: with the partner's user name).",
    )
    @action(
        detail=True,
        methods=["get", "post"],
        permission_classes=[permissions.IsAuthenticatedOrReadOnly],
        pagination_class=None,
        filterset_fields=None,
    )
    def entries(self, request: Request, pk: str | None = None) -> Response:
        """GET: the field by seed (docs/competitions.md, "Seeding"). POST: register."""
        tournament = self.get_object()
        if request.method == "GET":
            field = selectors.tournament_field(tournament=tournament)
            return Response(SeededEntrySerializer(field, many=True).data)
        entry = services.tournament_register(
            tournament=tournament, user=request.user, partner=_partner(request)
        )
        return Response(TournamentEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=RoundSerializer(many=True))
    @action(detail=True)
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        data = RoundSerializer(selectors.tournament_rounds(tournament=tournament), many=True).data
        if tournament.is_duplicate:  # a round's results once its last table is over
            for rnd in data:
                if rnd["status"] != "finished":
                    for board in rnd["boards"]:
                        for seat in board["seats"]:
                            seat.update(place=None, points=None, tantos=0, forfeit=False)
        return Response(data)

    @extend_schema(responses=StandingSerializer(many=True))
    @action(detail=True)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        lines = selectors.tournament_standings(tournament=tournament)
        return Response(StandingSerializer(lines, many=True).data)

    @extend_schema(responses=DuplicateResultsSerializer)
    @action(detail=True, pagination_class=None, filterset_fields=None)
    def duplicate(self, request: Request, pk: str | None = None) -> Response:
        """A duplicate tournament's standings and per-board comparisons (404 for a Swiss one)."""
        tournament = self.get_object()
        if not tournament.is_duplicate:
            raise NotFound(_("This tournament is not a duplicate one."))
        results = selectors.duplicate_results(tournament=tournament)
        return Response(DuplicateResultsSerializer(results).data)


class LeagueViewSet(viewsets.ReadOnlyModelViewSet):
    """Leagues and their seasons."""

    serializer_class = LeagueSerializer
    queryset = League.objects.select_related("club").order_by("club__name", "name")
    filterset_fields = ["club__slug", "variant"]


class SeasonSerializer(serializers.ModelSerializer):
    league = serializers.PrimaryKeyRelatedField(read_only=True)
    divisions = serializers.SerializerMethodField()

    class Meta:
        model = Season
        fields = ["id", "league", "number", "status", "starts_at", "closed_at", "divisions"]

    def get_divisions(self, season: Season) -> list[dict[str, Any]]:
        views = selectors.season_divisions(season=season)
        return list(DivisionSerializer(views, many=True).data)


class SeasonViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A league season: its divisions with entries, standings and fixtures."""

    serializer_class = SeasonSerializer
    queryset = Season.objects.select_related("league")
    lookup_value_regex = ID_RE

    @extend_schema(
        request=RegisterSerializer,
        responses={201: SeasonEntrySerializer},
        description="Join the season (club members, while it is open for registration).",
    )
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def entries(self, request: Request, pk: str | None = None) -> Response:
        entry = services.season_register(
            season=self.get_object(), user=request.user, partner=_partner(request)
        )
        return Response(SeasonEntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class TournamentEntryViewSet(viewsets.GenericViewSet):
    """The caller's tournament entry: withdraw, check in (403 for someone else's entry)."""

    serializer_class = TournamentEntrySerializer
    queryset = TournamentEntry.objects.select_related("tournament", "player", "partner")
    permission_classes = [permissions.IsAuthenticated]
    lookup_value_regex = ID_RE
    filter_backends: list[Any] = []

    def _act(self, request: Request, service: Any) -> Response:
        entry = self.get_object()
        _own(entry, request.user)
        with transaction.atomic():
            if not entry.is_active:
                raise errors.NotRegisteredError(_("You are not registered for this tournament."))
            changed = service(tournament=entry.tournament, user=request.user)
            if changed.pk != entry.pk:  # cannot happen: one active entry per player
                raise errors.NotRegisteredError(_("You are not registered for this tournament."))
        return Response(TournamentEntrySerializer(changed).data)

    @extend_schema(request=None, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        """Leave the tournament (before it starts, or as a drop-out: no later rounds)."""
        return self._act(request, services.tournament_withdraw)

    @extend_schema(request=None, responses=TournamentEntrySerializer)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str | None = None) -> Response:
        """Confirm you will play (before round 1 is paired)."""
        return self._act(request, services.tournament_check_in)


class SeasonEntryViewSet(viewsets.GenericViewSet):
    """The caller's season entry: leave the season before it starts (403 for someone else's)."""

    serializer_class = SeasonEntrySerializer
    queryset = SeasonEntry.objects.select_related("season", "player", "partner")
    permission_classes = [permissions.IsAuthenticated]
    lookup_value_regex = ID_RE
    filter_backends: list[Any] = []

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        entry = self.get_object()
        _own(entry, request.user)
        services.season_withdraw(season=entry.season, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
