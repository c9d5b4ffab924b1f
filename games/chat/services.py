"""Every change to a table's chat: post, mute and unmute, report, hide (staff).

``chat_post`` checks, in order: the table exists; the writer may use its chat (his channel:
``players`` if seated, else ``spectators``, see :mod:`.selectors`); the chat is on at this
table (a competition may turn it off); the message is one known quick phrase or a text of
1 to :data:`~.models.CHAT_TEXT_MAX` characters; the writer has a token left in his bucket at
this table (:func:`tokens_left`). Each failure raises a translated :class:`~.errors.ChatError`
and nothing is written. Once the message is committed its channel's sockets are told
(:func:`announce`); each renders it for its own viewer.

The text is kept as typed (line breaks and control characters become spaces); it is escaped
where it is shown. Nothing is ever added to it: no card, no hand, no part of a game.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import errors as e
from games.chat import errors as ce
from games.chat.models import CHAT_TEXT_MAX, REPORT_REASON_MAX, ChatMessage, ChatMute, ChatReport
from games.chat.phrases import PHRASES
from games.chat.presenters import author_name
from games.chat.selectors import chat_channel, chat_message_get, muted_ids
from games.live import notify
from games.models import Table

#: The token bucket of a writer at a table: at most this many messages in a burst...
CHAT_BURST = 5
#: ...and one more token every this many seconds.
CHAT_REFILL_SECONDS = 3.0


def chat_group_event(message: ChatMessage) -> dict[str, Any]:
    """The channel-layer message that carries ``message`` to the table's sockets (server-side
    only: each socket checks its viewer's channel and mutes before sending anything)."""
    return {
        "type": "chat.message",
        "id": message.pk,
        "channel": message.channel,
        "user_id": message.user_id,
        "author": author_name(message.user),
        "kind": message.kind,
        "phrase_key": message.phrase_key,
        "text": message.text,
        "created_at": message.created_at.isoformat(),
    }


def announce(message: ChatMessage) -> None:
    event = chat_group_event(message)
    transaction.on_commit(lambda: notify.table_send(message.table_id, event))


def clean_text(text: str) -> str:
    """``text`` on one line: control characters (line breaks included) become spaces, and the
    ends are trimmed. Nothing else changes.

    >>> clean_text("  hola\\nque tal\\x00 ")
    'hola que tal'
    """
    chars = (" " if unicodedata.category(c) == "Cc" else c for c in text)
    return "".join(chars).strip()


def tokens_left(times: list[datetime], *, now: datetime) -> float:
    """The writer's tokens at ``now``, after the messages he sent at ``times`` (oldest first):
    a full bucket of :data:`CHAT_BURST` tokens, one spent per message, refilled at one token
    per :data:`CHAT_REFILL_SECONDS`.

    >>> from datetime import datetime, timedelta
    >>> t0 = datetime(2026, 1, 1)
    >>> tokens_left([t0] * 5, now=t0)
    0.0
    >>> tokens_left([t0] * 5, now=t0 + timedelta(seconds=3))
    1.0
    """
    tokens = float(CHAT_BURST)
    last: datetime | None = None
    for sent in times:
        if last is not None:
            tokens = min(CHAT_BURST, tokens + (sent - last).total_seconds() / CHAT_REFILL_SECONDS)
        tokens -= 1
        last = sent
    if last is not None:
        tokens = min(CHAT_BURST, tokens + (now - last).total_seconds() / CHAT_REFILL_SECONDS)
    return tokens


def _check_rate(table_id: int, user: Any, now: datetime) -> None:
    window = timedelta(seconds=CHAT_BURST * CHAT_REFILL_SECONDS)
    times = list(
        ChatMessage.objects.filter(table_id=table_id, user_id=user.pk, created_at__gt=now - window)
        .order_by("created_at")
        .values_list("created_at", flat=True)
    )
    if tokens_left(times, now=now) < 1:
        raise ce.ChatTooFastError()


def _words(text: Any, phrase: Any) -> tuple[str, str, str]:
    """``(kind, phrase_key, text)`` of a message, or the user error that refuses it."""
    if phrase not in (None, ""):
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise ce.ChatUnknownPhraseError()
        return ChatMessage.Kind.PHRASE, phrase, ""
    if text is None:
        raise ce.ChatEmptyError()
    if not isinstance(text, str):
        raise e.BadFrameError()
    cleaned = clean_text(text)
    if not cleaned:
        raise ce.ChatEmptyError()
    if len(cleaned) > CHAT_TEXT_MAX:
        raise ce.ChatTooLongError(limit=CHAT_TEXT_MAX)
    return ChatMessage.Kind.TEXT, "", cleaned


@transaction.atomic
def chat_post(
    *,
    table_id: int,
    user: Any,
    text: str | None = None,
    phrase: str | None = None,
    watching: bool = False,
    now: datetime | None = None,
) -> ChatMessage:
    """Post ``phrase`` (a key of :data:`~.phrases.PHRASES`) or ``text`` to the writer's
    channel at the table. ``watching``: the caller already checked that ``user`` may watch
    the table (the table socket did when it connected)."""
    if user is None or not user.is_authenticated:
        raise ce.ChatForbiddenError()
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise e.TableNotFoundError()
    channel = chat_channel(table=table, user=user, watching=watching)
    if channel is None:  # a private table he may not see: as if there were none
        raise e.TableNotFoundError()
    if not table.chat_enabled:
        raise ce.ChatOffError()
    kind, phrase_key, words = _words(text, phrase)
    # One writer at a time per person (his row): the bucket is read and spent together.
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    clock = now or timezone.now()
    _check_rate(table.pk, user, clock)
    message = ChatMessage.objects.create(
        table=table, user=user, channel=channel, kind=kind, phrase_key=phrase_key, text=words
    )
    if now is not None:  # a caller's clock (tests): auto_now_add wrote the real one
        ChatMessage.objects.filter(pk=message.pk).update(created_at=now)
        message.created_at = now
    announce(message)
    return message


@transaction.atomic
def chat_mute(*, user: Any, muted_user_id: int) -> ChatMute:
    """Stop seeing ``muted_user_id``'s messages at every table (again: nothing changes)."""
    if user is None or not user.is_authenticated:
        raise ce.ChatForbiddenError()
    if muted_user_id == user.pk or not get_user_model().objects.filter(pk=muted_user_id).exists():
        raise ce.ChatForbiddenError()
    mute, _created = ChatMute.objects.get_or_create(user=user, muted_user_id=muted_user_id)
    return mute


@transaction.atomic
def chat_unmute(*, user: Any, muted_user_id: int) -> None:
    if user is None or not user.is_authenticated:
        raise ce.ChatForbiddenError()
    ChatMute.objects.filter(user=user, muted_user_id=muted_user_id).delete()


@transaction.atomic
def chat_report(*, user: Any, message_id: int, reason: str = "") -> ChatReport:
    """Report a message the reporter can read (not his own) to staff; a second report of
    the same message by the same person keeps the first."""
    if user is None or not user.is_authenticated:
        raise ce.ChatForbiddenError()
    message = chat_message_get(message_id=message_id)
    if message is None or message.hidden_by_staff:
        raise ce.ChatReportError()
    if message.user_id == user.pk or message.user_id in muted_ids(user=user):
        raise ce.ChatReportError()
    channel = chat_channel(table=message.table, user=user)
    if channel is None:  # a private table he may not see: as if there were none
        raise e.TableNotFoundError()
    if channel != message.channel:
        raise ce.ChatForbiddenError()
    reason = clean_text(reason or "")[:REPORT_REASON_MAX]
    report, _created = ChatReport.objects.get_or_create(
        message=message, reporter=user, defaults={"reason": reason}
    )
    return report


@transaction.atomic
def chat_hide(*, user: Any, message_ids: list[int], hidden: bool = True) -> int:
    """Staff hide (or show again) messages; reports of hidden messages count as resolved.
    Returns how many messages changed."""
    if user is None or not user.is_authenticated or not user.is_staff:
        raise ce.ChatForbiddenError()
    changed = ChatMessage.objects.filter(pk__in=message_ids).exclude(hidden_by_staff=hidden)
    count = changed.update(hidden_by_staff=hidden)
    if hidden:
        ChatReport.objects.filter(message_id__in=message_ids).update(resolved=True)
    return count
