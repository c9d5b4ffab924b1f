"""The table chat's API, plugged into ``/api/`` through ``GamesConfig.api_routes``.

``GET  /api/tables/{table_id}/chat/``          the messages the caller may read: his channel
                                               (``players`` if seated, else ``spectators``),
                                               without hidden ones and muted writers'
``POST /api/tables/{table_id}/chat/``          ``{"phrase": "good_luck"}`` or ``{"text": "…"}``
``POST /api/tables/{table_id}/chat/mutes/``    ``{"user": 7, "muted": true}`` (false: unmute)
``POST /api/tables/{table_id}/chat/reports/``  ``{"message": 12, "reason": "…"}``

Every write goes through :mod:`games.chat.services`, as the table socket's frames do. A refused
request is a 4xx with the service's translated message in ``detail`` and its stable ``code``:
403 when the caller may not use this chat, 404 for no such table or a private one he may not
see (the same answer: table ids cannot be probed), 400 otherwise (too long, too fast, chat
off, unknown phrase...).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from games.chat import services
from games.chat.errors import ChatReportError
from games.chat.models import CHAT_TEXT_MAX, REPORT_REASON_MAX, ChatMessage
from games.chat.phrases import PHRASES
from games.chat.presenters import chat_line
from games.chat.selectors import chat_channel, chat_messages
from games.errors import TableError, TableNotFoundError, TablePermissionError
from games.models import Table


class ChatLineSerializer(serializers.Serializer):
    """One message as its reader sees it (``words``: a phrase in his language, or the text
    as typed; escape it before putting it in HTML)."""

    id = serializers.IntegerField()
    author_id = serializers.IntegerField()
    author = serializers.CharField()
    kind = serializers.ChoiceField(choices=["phrase", "text"])
    phrase_key = serializers.CharField(allow_blank=True)
    words = serializers.CharField()
    created_at = serializers.DateTimeField()
    mine = serializers.BooleanField()


class ChatListSerializer(serializers.Serializer):
    channel = serializers.ChoiceField(choices=["players", "spectators"])
    enabled = serializers.BooleanField()
    messages = ChatLineSerializer(many=True)


class ChatPostSerializer(serializers.Serializer):
    """A quick phrase (one of the keys) or a text; not both."""

    phrase = serializers.ChoiceField(choices=sorted(PHRASES), required=False)
    text = serializers.CharField(
        required=False,
        trim_whitespace=False,
        allow_blank=True,
        help_text=f"At most {CHAT_TEXT_MAX} characters (a longer text is refused with a 400).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("phrase" in attrs) == ("text" in attrs):
            raise serializers.ValidationError("Send either a phrase or a text.")
        return attrs


class StrictBooleanField(serializers.BooleanField):
    """true or false, and only those (DRF's ``BooleanField`` also takes 0, 1, "yes"...)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class ChatMuteSerializer(serializers.Serializer):
    user = serializers.IntegerField(min_value=1)
    muted = StrictBooleanField(default=True)


class ChatReportSerializer(serializers.Serializer):
    message = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=REPORT_REASON_MAX)


ERROR = inline_serializer(
    "ChatError", fields={"detail": serializers.CharField(), "code": serializers.CharField()}
)


def error_response(error: TableError) -> Response:
    code = status.HTTP_400_BAD_REQUEST
    if isinstance(error, TablePermissionError):
        code = status.HTTP_403_FORBIDDEN
    elif isinstance(error, TableNotFoundError):
        code = status.HTTP_404_NOT_FOUND
    return Response({"detail": str(error.message), "code": error.code}, status=code)


class TableChatViewSet(viewsets.ViewSet):
    """A table's chat (see the module docstring)."""

    permission_classes = [permissions.IsAuthenticated]

    def _table(self, table_id: Any) -> Table:
        table = Table.objects.filter(pk=int(table_id)).first()
        if table is None:
            raise TableNotFoundError()
        return table

    @extend_schema(
        summary="A table's chat, as the caller may read it",
        responses={200: ChatListSerializer, 403: ERROR, 404: ERROR},
    )
    def list(self, request: Request, table_id: str) -> Response:
        try:
            table = self._table(table_id)
            channel = chat_channel(table=table, user=request.user)
            if channel is None:  # a private table he may not see: as if there were none
                raise TableNotFoundError()
        except TableError as error:
            return error_response(error)
        rows = chat_messages(table_id=table.pk, channel=channel, user=request.user)
        data = {
            "channel": channel,
            "enabled": table.chat_enabled,
            "messages": [chat_line(m, viewer_id=request.user.pk).__dict__ for m in rows],
        }
        return Response(ChatListSerializer(data).data)

    @extend_schema(
        summary="Post a quick phrase or a text to the caller's channel",
        request=ChatPostSerializer,
        responses={201: ChatLineSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
    )
    def create(self, request: Request, table_id: str) -> Response:
        data = ChatPostSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            message = services.chat_post(
                table_id=int(table_id),
                user=request.user,
                text=data.validated_data.get("text"),
                phrase=data.validated_data.get("phrase"),
            )
        except TableError as error:
            return error_response(error)
        line = chat_line(message, viewer_id=request.user.pk)
        return Response(ChatLineSerializer(line.__dict__).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Mute (or unmute) a player's messages, at every table",
        request=ChatMuteSerializer,
        responses={200: ChatMuteSerializer, 400: ERROR, 403: ERROR},
    )
    @action(detail=False, methods=["post"], url_path="mutes")
    def mutes(self, request: Request, table_id: str) -> Response:
        data = ChatMuteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        muted_user_id = data.validated_data["user"]
        try:
            if data.validated_data["muted"]:
                services.chat_mute(user=request.user, muted_user_id=muted_user_id)
            else:
                services.chat_unmute(user=request.user, muted_user_id=muted_user_id)
        except TableError as error:
            return error_response(error)
        return Response(ChatMuteSerializer(data.validated_data).data)

    @extend_schema(
        summary="Report a message to the staff",
        request=ChatReportSerializer,
        responses={201: ChatReportSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
    )
    @action(detail=False, methods=["post"], url_path="reports")
    def reports(self, request: Request, table_id: str) -> Response:
        data = ChatReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message_id = data.validated_data["message"]
        try:
            if chat_channel(table=self._table(table_id), user=request.user) is None:
                raise TableNotFoundError()  # a private table he may not see
            if not ChatMessage.objects.filter(pk=message_id, table_id=int(table_id)).exists():
                raise ChatReportError()
            report = services.chat_report(
                user=request.user,
                message_id=message_id,
                reason=data.validated_data.get("reason", ""),
            )
        except TableError as error:
            return error_response(error)
        body = {"message": report.message_id, "reason": report.reason}
        return Response(ChatReportSerializer(body).data, status=status.HTTP_201_CREATED)
