"""API of the notification centre, plugged into ``/api/`` through
``NotificationsConfig.api_routes``. A user's own notifications only (logged in or a token):

* ``GET /api/notifications/`` (paginated, newest first; ``?unread=true`` or ``false`` filters)
  and ``GET /api/notifications/{id}/``; the text comes in the request's language;
* ``POST /api/notifications/{id}/read/`` marks one read;
* ``POST /api/notifications/read-all/`` marks every unread one read (returns how many).
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from . import selectors, services
from .models import Notification


class NotificationSerializer(serializers.ModelSerializer):
    text = serializers.CharField(read_only=True)
    read = serializers.BooleanField(source="is_read", read_only=True)

    class Meta:
        model = Notification
        fields = ["id", "kind", "text", "url", "params", "created_at", "read_at", "read"]
        read_only_fields = fields


def _flag(value: str | None) -> bool | None:
    if value is None:
        return None
    if value.lower() not in ("1", "true", "yes", "0", "false", "no"):
        raise ValidationError({"unread": [_("Give true or false.")]})
    return value.lower() in ("1", "true", "yes")


@extend_schema_view(
    list=extend_schema(
        parameters=[
            OpenApiParameter(
                "unread", OpenApiTypes.BOOL, description="true: only unread; false: only read"
            )
        ]
    )
)
class NotificationViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """The caller's notifications."""

    serializer_class = NotificationSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = None
    filter_backends: list[type] = []

    def get_queryset(self) -> QuerySet[Notification]:
        if getattr(self, "swagger_fake_view", False):  # the schema's generation: no user
            return Notification.objects.none()
        unread = _flag(self.request.query_params.get("unread")) if self.action == "list" else None
        return selectors.notifications_of(user=self.request.user, unread=unread)

    @extend_schema(request=None, responses=NotificationSerializer)
    @action(detail=True, methods=["post"])
    def read(self, request: Request, pk: str | None = None) -> Response:
        """Mark this notification read."""
        notification = self.get_object()
        notification = services.notification_mark_read(
            user=request.user, notification_id=notification.pk
        )
        return Response(NotificationSerializer(notification).data)

    @extend_schema(
        request=None,
        responses=inline_serializer("ReadAll", {"marked": serializers.IntegerField()}),
    )
    @action(detail=False, methods=["post"], url_path="read-all")
    def read_all(self, request: Request) -> Response:
        """Mark every unread notification read."""
        return Response({"marked": services.notifications_mark_all_read(user=request.user)})
