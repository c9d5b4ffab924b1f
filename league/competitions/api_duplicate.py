"""The serializers of a duplicate tournament's results (``/api/tournaments/{id}/duplicate/``,
an action of :class:`league.competitions.api.TournamentViewSet`): the standings and, round by
round and board by board, the results of those who held each position's cards, with their
matchpoints and the field's average (as the page shows them; finished rounds only)."""

from __future__ import annotations

from rest_framework import serializers


class _Entry(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    player = serializers.CharField(source="player.username")
    partner = serializers.CharField(source="partner.username", default=None, allow_null=True)


class DuplicateStandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    entry = _Entry()
    percent = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)
    matchpoints = serializers.IntegerField()
    top = serializers.IntegerField(help_text="The most matchpoints the boards compared allowed.")
    difference = serializers.DecimalField(
        max_digits=10,
        decimal_places=2,
        help_text="The sum over the boards of the result minus the field's average.",
    )
    boards = serializers.IntegerField(help_text="Boards compared.")


class DealCellSerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text="The table's number in the round.")
    table_id = serializers.IntegerField(help_text="The live table (its replays are private).")
    entry = _Entry()
    score = serializers.DecimalField(max_digits=8, decimal_places=2)
    hand_points = serializers.IntegerField()
    matchpoints = serializers.IntegerField()
    top = serializers.IntegerField()
    percent = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)
    field_average = serializers.DecimalField(max_digits=8, decimal_places=2, allow_null=True)
    difference = serializers.DecimalField(max_digits=8, decimal_places=2, allow_null=True)
    replay_url = serializers.CharField()


class PositionGroupSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    label = serializers.CharField()
    other_deal = serializers.BooleanField()
    results = DealCellSerializer(many=True)


class BoardDealsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    positions = PositionGroupSerializer(many=True, source="groups")


class RoundDealsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    boards = BoardDealsSerializer(many=True)


class DuplicateResultsSerializer(serializers.Serializer):
    unit = serializers.CharField()
    standings = DuplicateStandingSerializer(many=True)
    rounds = RoundDealsSerializer(many=True)
