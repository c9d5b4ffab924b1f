"""The table socket's chat: parsing a ``chat`` frame and building what each socket receives.

Client → server, on the table socket (``/ws/tables/<id>/``):

``{"type": "chat", "phrase": "good_luck"}`` or ``{"type": "chat", "text": "hola"}``
    posts to the sender's channel (:func:`games.chat.services.chat_post`); a refusal comes
    back as an ``error`` frame (``chat_too_long``, ``chat_too_fast``, ``chat_off``, ...).

Server → client:

``{"type": "chat", "id": 7, "channel": "players", "html": "<li ...>...</li>"}``
    a new message of the socket's channel, rendered for its viewer (phrases in his language;
    free text escaped). Sockets of the other channel, and viewers who muted the writer, get
    nothing.

A socket opened with ``?only=chat`` (the chat panel's own) gets chat frames only, no state
frames. Both functions here run in the consumer's database thread.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from django.utils import translation

from games import errors as e
from games.chat import services
from games.chat.phrases import phrase_text
from games.chat.presenters import ChatLine, render_line
from games.chat.selectors import chat_channel, muted_ids
from games.models import Table

#: The longest ``text`` a frame may carry before it is refused unread (the service refuses
#: anything above the chat's own limit with its message).
FRAME_TEXT_MAX = 1000


def post_frame(*, table_id: int, user: Any, frame: dict[str, Any]) -> None:
    """Post the message of a ``chat`` frame (``TableError`` on a bad one)."""
    text, phrase = frame.get("text"), frame.get("phrase")
    if not isinstance(text, str | None) or not isinstance(phrase, str | None):
        raise e.BadFrameError()
    if text is not None and len(text) > FRAME_TEXT_MAX:
        text = text[: FRAME_TEXT_MAX + 1]
    services.chat_post(table_id=table_id, user=user, text=text, phrase=phrase, watching=True)


def frame_for(
    *, event: dict[str, Any], table_id: int, user: Any, language: str
) -> dict[str, Any] | None:
    """The ``chat`` frame of the group message ``event`` for ``user``'s socket, or None when
    the message is not for him (another channel, a muted writer)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or chat_channel(table=table, user=user, watching=True) != event["channel"]:
        return None
    if event["user_id"] in muted_ids(user=user):
        return None
    line = ChatLine(
        id=event["id"],
        author_id=event["user_id"],
        author=event["author"],
        kind=event["kind"],
        phrase_key=event["phrase_key"],
        words=event["text"],
        created_at=datetime.fromisoformat(event["created_at"]),
        mine=event["user_id"] == user.pk,
    )
    with translation.override(language):
        if line.kind == "phrase":
            line = replace(line, words=phrase_text(line.phrase_key))
        html = render_line(line)
    return {"type": "chat", "id": line.id, "channel": event["channel"], "html": html}
