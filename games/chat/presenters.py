"""What a chat line shows: author, words (a phrase in the reader's language, or the text as
typed), time, and whether it is the reader's own. Rendered by ``games/_chat_message.html``,
whose autoescape makes any markup in the text plain characters."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games.chat.models import ChatMessage
from games.chat.phrases import phrase_text


@dataclass(frozen=True)
class ChatLine:
    id: int
    author_id: int
    author: str
    kind: str
    phrase_key: str
    words: str
    created_at: datetime
    mine: bool


def author_name(user: Any) -> str:
    """The name the chat shows for ``user`` (a closed account shows no name)."""
    if not user.is_active:
        return _("Former player")
    name = getattr(user, "public_name", None)
    return str(name) if name else str(user.get_username())


def chat_line(message: ChatMessage, *, viewer_id: int | None) -> ChatLine:
    """The line of ``message`` for the viewer ``viewer_id``, in the active language."""
    is_phrase = message.kind == ChatMessage.Kind.PHRASE
    return ChatLine(
        id=message.pk,
        author_id=message.user_id,
        author=author_name(message.user),
        kind=message.kind,
        phrase_key=message.phrase_key,
        words=phrase_text(message.phrase_key) if is_phrase else message.text,
        created_at=message.created_at,
        mine=message.user_id == viewer_id,
    )


def render_line(line: ChatLine, *, can_moderate: bool = True) -> str:
    """The HTML of one line (the partial the page and the socket frames share)."""
    return render_to_string(
        "games/_chat_message.html", {"line": line, "can_moderate": can_moderate}
    )
