"""The API's account endpoints: the token, and each player's own data (export, delete).

``/api/auth/token/``: POST a login (user name or email) and password for a token, through
allauth as the login form (:mod:`league.api.login`), throttled by DRF's ``token`` scope too;
GET says whether you have one and since when; DELETE revokes it. One token per player (DRF's
``authtoken``): asking again returns the same one until it is revoked.

``/api/me/export/`` answers everything about you as a JSON file; ``/api/me/delete/`` closes
your account after your password is typed again (:mod:`league.clubs.privacy`). Both are in
the ``account`` throttle scope.
"""

from __future__ import annotations

from django.contrib.auth import logout
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.clubs import privacy

from . import login
from .serializers import DetailSerializer, StrictCharField, TokenRequestSerializer


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
    created = serializers.DateTimeField()


class TokenInfoSerializer(serializers.Serializer):
    created = serializers.DateTimeField()


class DeleteAccountSerializer(serializers.Serializer):
    password = StrictCharField(
        max_length=4096, style={"input_type": "password"}, help_text="Your password, again"
    )


def _detail(text: str) -> OpenApiResponse:
    return OpenApiResponse(DetailSerializer, description=text)


class TokenView(APIView):
    """Get an API token with a user name (or email) and password; see it; revoke it."""

    throttle_scope = "token"

    def get_permissions(self) -> list[permissions.BasePermission]:
        if self.request.method == "POST":
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    @extend_schema(
        request=TokenRequestSerializer,
        responses={
            200: TokenSerializer,
            400: _detail("Wrong user name or password, or a missing field"),
            403: _detail("The account is inactive, or its email address is not verified"),
            429: _detail("Too many attempts: the throttle or allauth's lock-out"),
        },
    )
    def post(self, request: Request) -> Response:
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = login.token_user(
            request._request, data.validated_data["username"], data.validated_data["password"]
        )
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key, "created": token.created})

    @extend_schema(
        responses={
            200: TokenInfoSerializer,
            401: DetailSerializer,
            404: DetailSerializer,
            429: DetailSerializer,
        }
    )
    def get(self, request: Request) -> Response:
        token = Token.objects.filter(user=request.user).first()
        if token is None:
            raise NotFound(_("You have no token."))
        return Response({"created": token.created})

    @extend_schema(
        request=None,
        responses={204: None, 401: DetailSerializer, 404: DetailSerializer, 429: DetailSerializer},
    )
    def delete(self, request: Request) -> Response:
        deleted, _rows = Token.objects.filter(user=request.user).delete()
        if not deleted:
            raise NotFound(_("You have no token."))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ExportView(APIView):
    """Everything the site holds about you, as one JSON file."""

    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "account"

    @extend_schema(
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            401: DetailSerializer,
            429: DetailSerializer,
        }
    )
    def get(self, request: Request) -> HttpResponse:
        return privacy.export_response(user=request.user)


class DeleteAccountView(APIView):
    """Close your account for good: type your password again. Your matches stay, under
    "Former player"; your name, login, email addresses and token go."""

    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "account"

    @extend_schema(
        request=DeleteAccountSerializer,
        responses={
            204: None,
            400: _detail("No password, a wrong one, or you are a club's last admin"),
            401: DetailSerializer,
            429: _detail("Too many attempts"),
        },
    )
    def post(self, request: Request) -> Response:
        data = DeleteAccountSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = request.user
        login.password_confirmed(request._request, user, data.validated_data["password"])
        privacy.account_delete(user=user)
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)
