"""What the pages of ``league`` and ``competitions`` share: running one service call for a POST.

A :class:`~league.errors.UserError` becomes an error message on the page and nothing changes;
a :class:`~league.errors.NotAllowedError` (someone who may not do it) becomes a 403.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from .errors import NotAllowedError, UserError


def perform(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run a service call; report the outcome as a message. Permission errors become 403."""
    try:
        action()
    except NotAllowedError as error:
        raise PermissionDenied(error.message) from error
    except UserError as error:
        messages.error(request, error.message)
        return False
    messages.success(request, success)
    return True


def perform_and_redirect(
    request: HttpRequest, action: Callable[[], object], success: str, to: object
) -> HttpResponse:
    """:func:`perform`, then back to ``to`` (a model with ``get_absolute_url``, or a URL name)
    whatever the outcome: the message says what happened."""
    perform(request, action, success)
    return redirect(to)
