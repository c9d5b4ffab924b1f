"""Applies a player's preferred language.

``remember_language(request, code)`` (called on login, on saving the profile and by the
language switcher) activates the language for the rest of the request and makes this
middleware set Django's language cookie on the response, which ``LocaleMiddleware`` reads on
every later request.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

_ATTRIBUTE = "_tute_language"


def remember_language(request: HttpRequest, code: str) -> None:
    if not translation.check_for_language(code):
        return
    translation.activate(code)
    request.LANGUAGE_CODE = code  # type: ignore[attr-defined]
    setattr(request, _ATTRIBUTE, code)


class PreferredLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        code = getattr(request, _ATTRIBUTE, None)
        if code:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                code,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
