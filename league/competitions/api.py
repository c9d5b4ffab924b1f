"""Read-only API of competitions, plugged into ``/api/`` through ``CompetitionsConfig.api_routes``.

``/api/tournaments/`` (and ``/{id}/``, ``/{id}/rounds/``, ``/{id}/standings/``),
``/api/leagues/`` (and ``/{id}/``) and ``/api/seasons/{id}/`` (divisions with standings and
fixtures). Everything is public, like the pages; writes stay on the pages (the services they
call are the same any future write endpoint would call).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from . import adapter, selectors
from .models import Fixture, League, Season, Tournament


class EntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    player = serializers.CharField(source="player.username")
    partner = serializers.CharField(source="partner.username", default=None)


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

    @extend_schema(responses=RoundSerializer(many=True))
    @action(detail=True)
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        return Response(
            RoundSerializer(selectors.tournament_rounds(tournament=tournament), many=True).data
        )

    @extend_schema(responses=StandingSerializer(many=True))
    @action(detail=True)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        lines = selectors.tournament_standings(tournament=tournament)
        return Response(StandingSerializer(lines, many=True).data)


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
