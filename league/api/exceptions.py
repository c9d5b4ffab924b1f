"""Errors as responses: every user error is a 4xx with a ``detail`` message, never a 500.

DRF's handler answers its own exceptions (400 validation, 401/403, 404, 405, 415, 429); a
``UserError`` from a service becomes 400 (403 for ``NotAllowedError``), with the
service's translated message.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from league.errors import NotAllowedError, UserError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, NotAllowedError):
        return Response({"detail": exc.message}, status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, UserError):
        return Response({"detail": exc.message}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoValidationError):
        return Response({"detail": " ".join(exc.messages)}, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)
