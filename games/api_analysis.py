"""The hand analysis's API, plugged into ``/api/`` through ``GamesConfig.api_routes``.

``GET  /api/matches/{table_id}/hands/{number}/analysis/``         every person's seat of the
                                                                  hand: status and analysis
``GET  /api/matches/{table_id}/hands/{number}/analysis/{seat}/``  one seat (a table position)
``POST /api/matches/{table_id}/hands/{number}/analysis/``         ``{"seat": 2}``: analyse it

Under ``/matches/`` as the finished matches are: a match still in play has none. ``number``
counts from 1, as the replay page's URL. The rules are the replay page's
(:mod:`games.services.analysis`): nothing while the table's match is being played (404, "The
analysis opens when the match is over.", as ``/api/matches/{table_id}/`` is a 404 then), a
private table's hands only for its players and staff (404 for others, as for no such table),
a bot's seat, an unknown hand or an abandoned table's hand refused (400). The analysis is the
engine's JSON (``HandAnalysis.to_json()``): each decision's ``step`` indexes the hand record's
actions, its ``seat`` is the hand's own seat number; ``seat`` in the response is the table's
position.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from games.analysis_models import HandAnalysis
from games.errors import TableError, TableNotFoundError, TablePermissionError
from games.models import HandRecord, Table
from games.presenters.table import seat_name
from games.selectors.queries import table_seats
from games.services import analysis as service


class SeatAnalysisSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="The table's seat position (from 0).")
    player = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["not_requested", *HandAnalysis.Status.values],
        help_text="not_requested: nobody asked for it yet (POST to ask).",
    )
    engine_version = serializers.CharField(allow_blank=True)
    requested_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="Decisions per mark (when done)."
    )
    points_lost = serializers.FloatField(allow_null=True)
    analysis = serializers.JSONField(
        allow_null=True, help_text="The engine's analysis (when done): variant, seat, decisions."
    )


class HandAnalysesSerializer(serializers.Serializer):
    table_id = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="The hand's number, from 1.")
    seats = SeatAnalysisSerializer(many=True)


class AnalysisRequestSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=31)


ERROR = inline_serializer(
    "AnalysisError", fields={"detail": serializers.CharField(), "code": serializers.CharField()}
)


def error_response(error: TableError) -> Response:
    code = status.HTTP_400_BAD_REQUEST
    if isinstance(error, (TableNotFoundError, service.AnalysisNotOpenError)):
        code = status.HTTP_404_NOT_FOUND
    elif isinstance(error, TablePermissionError):
        code = status.HTTP_403_FORBIDDEN
    return Response({"detail": str(error.message), "code": error.code}, status=code)


def _seat_data(record: HandRecord, position: int, name: str, row: HandAnalysis | None) -> dict:
    result = service.read(row) if row is not None else None
    return {
        "seat": position,
        "player": name,
        "status": row.status if row is not None else "not_requested",
        "engine_version": row.engine_version if row is not None else "",
        "requested_at": row.requested_at if row is not None else None,
        "finished_at": row.finished_at if row is not None else None,
        "counts": result.counts() if result is not None else {},
        "points_lost": result.points_lost if result is not None else None,
        "analysis": row.data if result is not None and row is not None else None,
    }


class HandAnalysisViewSet(viewsets.ViewSet):
    """A finished hand's analyses (see the module docstring)."""

    permission_classes = [permissions.IsAuthenticated]
    lookup_field = "seat"
    lookup_value_regex = r"[0-9]{1,2}"

    def _hand(self, request: Request, table_id: str, number: str) -> tuple[Table, HandRecord]:
        table = Table.objects.filter(pk=int(table_id)).first()
        if table is None:
            raise TableNotFoundError()
        service.check_readable(table=table, user=request.user)
        record = HandRecord.objects.filter(table=table, number=int(number) - 1).first()
        if record is None:
            raise service.HandNotFinishedError()
        return table, record

    def _seats(self, table: Table, record: HandRecord) -> list[dict[str, Any]]:
        seats = {s.position: s for s in table_seats(table=table)}
        rows = service.analyses_of(record)
        return [
            _seat_data(record, p, seat_name(seats[p]), rows.get(p))
            for p in service.person_seats(record)
        ]

    @extend_schema(
        summary="The analyses of a finished hand, per person's seat",
        responses={200: HandAnalysesSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
    )
    def list(self, request: Request, table_id: str, number: str) -> Response:
        try:
            table, record = self._hand(request, table_id, number)
        except TableError as error:
            return error_response(error)
        body = {
            "table_id": table.pk,
            "hand": record.number + 1,
            "seats": self._seats(table, record),
        }
        return Response(HandAnalysesSerializer(body).data)

    @extend_schema(
        summary="The analysis of one seat of a finished hand",
        responses={200: SeatAnalysisSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
    )
    def retrieve(self, request: Request, table_id: str, number: str, seat: str) -> Response:
        try:
            table, record = self._hand(request, table_id, number)
        except TableError as error:
            return error_response(error)
        found = [s for s in self._seats(table, record) if s["seat"] == int(seat)]
        if not found:
            return error_response(service.NotAPersonSeatError())
        return Response(SeatAnalysisSerializer(found[0]).data)

    @extend_schema(
        summary="Ask for the analysis of one seat of a finished hand",
        request=AnalysisRequestSerializer,
        responses={
            200: SeatAnalysisSerializer,
            202: SeatAnalysisSerializer,
            400: ERROR,
            403: ERROR,
            404: ERROR,
        },
    )
    def create(self, request: Request, table_id: str, number: str) -> Response:
        data = AnalysisRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        position = data.validated_data["seat"]
        try:
            table, record = self._hand(request, table_id, number)
            row = service.request_analysis(
                table=table, record=record, seat=position, user=request.user
            )
        except TableError as error:
            return error_response(error)
        row.refresh_from_db()
        seats = {s.position: s for s in table_seats(table=table)}
        body = _seat_data(record, position, seat_name(seats[position]), row)
        done = row.status == HandAnalysis.Status.DONE
        return Response(
            SeatAnalysisSerializer(body).data,
            status=status.HTTP_200_OK if done else status.HTTP_202_ACCEPTED,
        )
