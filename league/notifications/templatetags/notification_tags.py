"""Template tags of the notification centre: the header's badge, the "ready to play" panel and
the profile's mail preferences (each one line in the page that shows it)."""

from __future__ import annotations

from typing import Any

from django import template

from .. import selectors
from ..ready import ready_panel as build_ready_panel

register = template.Library()


def _user(context: template.Context) -> Any:
    request = context.get("request")
    user = getattr(request, "user", None) or context.get("user")
    return user if user is not None and user.is_authenticated else None


@register.inclusion_tag("notifications/_badge.html", takes_context=True)
def notification_badge(context: template.Context) -> dict[str, Any]:
    user = _user(context)
    return {"user": user, "count": selectors.unread_count(user_id=user.pk) if user else 0}


@register.inclusion_tag("notifications/_ready_panel.html", takes_context=True)
def ready_panel(context: template.Context) -> dict[str, Any]:
    user = _user(context)
    return {"user": user, "panel": build_ready_panel(user=user) if user else None}


@register.inclusion_tag("notifications/_preferences.html", takes_context=True)
def notification_preferences(context: template.Context) -> dict[str, Any]:
    user = _user(context)
    return {
        "user": user,
        "preferences": selectors.email_preferences(user=user) if user else [],
        "csrf_token": context.get("csrf_token"),
    }
