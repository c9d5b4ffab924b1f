"""The table chat's panel on the table page (``{% table_chat %}``) and on a hand's replay
(``{% replay_chat %}``), so each page needs one line and its view nothing more.

The table page shows the viewer's channel (players or spectators, :mod:`games.chat.selectors`)
with the quick phrases, a text field and, on each line, mute and report; the replay shows the
players' channel to the table's players only, read-only.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games.chat.models import CHAT_TEXT_MAX, ChatMessage
from games.chat.phrases import phrase_choices
from games.chat.presenters import chat_line
from games.chat.selectors import chat_channel, chat_messages, is_player

register = template.Library()


def chat_panel_context(*, table: Any, user: Any, watching: bool = True) -> dict[str, Any]:
    """What ``games/_chat.html`` shows ``user`` at ``table`` (``{"chat": None}``: nothing,
    he may not read its chat)."""
    channel = chat_channel(table=table, user=user, watching=watching)
    if channel is None:
        return {"chat": None}
    rows = chat_messages(table_id=table.pk, channel=channel, user=user)
    api = reverse("api:table-chat-list", kwargs={"table_id": table.pk})
    return {
        "chat": {
            "table_id": table.pk,
            "channel": channel,
            "for_players": channel == ChatMessage.Channel.PLAYERS,
            "enabled": table.chat_enabled,
            "lines": [chat_line(m, viewer_id=user.pk) for m in rows],
            "phrases": phrase_choices(),
            "max_length": CHAT_TEXT_MAX,
            "ws_url": f"/ws/tables/{table.pk}/?only=chat",
            "api_url": api,
            "mute_url": reverse("api:table-chat-mutes", kwargs={"table_id": table.pk}),
            "report_url": reverse("api:table-chat-reports", kwargs={"table_id": table.pk}),
        }
    }


@register.inclusion_tag("games/_chat.html", takes_context=True)
def table_chat(context: template.Context, table: Any) -> dict[str, Any]:
    """The chat panel of ``table`` for the page's user (the page checked he may watch)."""
    result = chat_panel_context(table=table, user=context.get("user"))
    result["csrf_token"] = context.get("csrf_token")
    return result


@register.inclusion_tag("games/_chat_replay.html", takes_context=True)
def replay_chat(context: template.Context, table: Any) -> dict[str, Any]:
    """The players' chat of ``table``, for its players only (read-only)."""
    user = context.get("user")
    if user is None or not user.is_authenticated or not is_player(table_id=table.pk, user=user):
        return {"lines": None}
    rows = chat_messages(table_id=table.pk, channel=ChatMessage.Channel.PLAYERS, user=user)
    return {"lines": [chat_line(m, viewer_id=user.pk) for m in rows]}
