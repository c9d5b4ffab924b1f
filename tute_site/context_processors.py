"""Template context shared by every page: the navigation and the demo hint."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from .navigation import nav_links


def site(request: HttpRequest) -> dict[str, object]:
    return {
        "nav_links": nav_links(request),
        "demo_mode": settings.TUTE_DEMO_MODE,
        "demo_password": settings.TUTE_DEMO_PASSWORD if settings.TUTE_DEMO_MODE else "",
    }
