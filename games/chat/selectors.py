"""Who talks in which channel of a table's chat, and which messages a viewer may read.

The people seated at the table talk in ``players``; whoever else may watch it (the table's
public, a private table's creator or invited guests, staff) in ``spectators``. A viewer reads
his channel only, without the messages staff hid and those of the people he muted.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from games.chat.models import ChatMessage, ChatMute
from games.models import Seat, Table
from games.selectors.queries import may_watch

#: How many messages a chat shows (the most recent).
CHAT_HISTORY = 100


def is_player(*, table_id: int, user: Any) -> bool:
    return Seat.objects.filter(table_id=table_id, user_id=user.pk).exists()


def chat_channel(*, table: Table, user: Any, watching: bool = False) -> str | None:
    """The channel ``user`` reads and writes at ``table``, or None when he may not see it.

    ``watching``: his right to watch was already checked (the table socket checked it when it
    connected, invitation link included).
    """
    if user is None or not user.is_authenticated:
        return None
    if is_player(table_id=table.pk, user=user):
        return ChatMessage.Channel.PLAYERS
    if watching or user.is_staff or may_watch(table=table, user=user):
        return ChatMessage.Channel.SPECTATORS
    return None


def muted_ids(*, user: Any) -> set[int]:
    """The ids of the people ``user`` muted."""
    return set(ChatMute.objects.filter(user_id=user.pk).values_list("muted_user_id", flat=True))


def chat_messages(
    *, table_id: int, channel: str, user: Any, limit: int = CHAT_HISTORY
) -> list[ChatMessage]:
    """The last ``limit`` messages of ``channel`` that ``user`` may read, oldest first."""
    rows: QuerySet[ChatMessage] = (
        ChatMessage.objects.filter(table_id=table_id, channel=channel, hidden_by_staff=False)
        .exclude(user_id__in=ChatMute.objects.filter(user_id=user.pk).values("muted_user_id"))
        .select_related("user")
        .order_by("-created_at", "-id")
    )
    return list(reversed(rows[:limit]))


def chat_message_get(*, message_id: int) -> ChatMessage | None:
    return ChatMessage.objects.select_related("table").filter(pk=message_id).first()
