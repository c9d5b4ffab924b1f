"""The bot ladder in the API: ``/api/bot-ladders/`` (every variant with games) and
``/api/bot-ladders/<variant>/``, public, read-only. Registered through the app's
``api_routes`` (``league.api.urls``); the same reads as the page (``selectors.ladder``).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, viewsets
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from games import messages

from . import selectors
from .selectors.ladder import LadderBoard


class BotLevelSerializer(serializers.Serializer):
    level = serializers.CharField(help_text="random, heuristic or strong.")
    name = serializers.CharField()
    rating = serializers.IntegerField(help_text="Shown rating (conservative, mu - 3 sigma).")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    seats = serializers.IntegerField(help_text="Seats played (a bot may hold several a game).")
    seat_wins = serializers.IntegerField()
    win_rate = serializers.FloatField(help_text="seat_wins / seats.")
    win_low = serializers.FloatField(help_text="Wilson 95% interval of the win rate.")
    win_high = serializers.FloatField()


class BotPairSerializer(serializers.Serializer):
    first = serializers.CharField(help_text="The higher-rated level.")
    second = serializers.CharField()
    games = serializers.IntegerField()
    first_ahead = serializers.IntegerField()
    second_ahead = serializers.IntegerField()
    draws = serializers.IntegerField()
    score = serializers.FloatField(help_text="(first_ahead + draws / 2) / games.")
    score_low = serializers.FloatField(help_text="Wilson 95% interval of the score.")
    score_high = serializers.FloatField()


class BotLadderSerializer(serializers.Serializer):
    variant = serializers.CharField()
    name = serializers.CharField()
    deals = serializers.IntegerField(help_text="Duplicate deals played.")
    games = serializers.IntegerField()
    iterations = serializers.IntegerField(help_text="The strong bot's deals per decision.")
    refreshed_at = serializers.DateTimeField(allow_null=True)
    levels = BotLevelSerializer(many=True, help_text="Best first.")
    pairs = BotPairSerializer(many=True)


def _data(board: LadderBoard) -> dict[str, Any]:
    data = asdict(board)
    data["name"] = messages.variant_name(board.variant)
    for level in data["levels"]:
        level["name"] = messages.bot_level_name(level["level"])
    return data


class BotLadderViewSet(viewsets.ViewSet):
    """The bot ladder: the bot levels' ratings from arena games, per variant."""

    permission_classes = [permissions.AllowAny]
    lookup_field = "variant"
    lookup_value_regex = "[a-z_]{1,20}"

    @extend_schema(responses=BotLadderSerializer(many=True))
    def list(self, request: Request) -> Response:
        boards = selectors.ladder_boards()
        return Response(BotLadderSerializer([_data(b) for b in boards], many=True).data)

    @extend_schema(responses=BotLadderSerializer)
    def retrieve(self, request: Request, variant: str | None = None) -> Response:
        board = selectors.ladder_board(variant=variant or "")
        if board is None:
            raise NotFound(_("This variant has no bot ladder yet."))
        return Response(BotLadderSerializer(_data(board)).data)
