"""What each socket accepts from the client: frame types and their fields (see
:mod:`games.live.frames`). A frame with any other type or field is refused unread."""

from __future__ import annotations

from games.live.frames import Field, Protocol

_LANG = Field("str", optional=True, max_length=16)

#: ``/ws/tables/<id>/`` (:class:`games.live.consumers.TableConsumer`).
TABLE: Protocol = {
    # ``parts``: 1 for the parts protocol (games.live.states), else the whole table as html.
    "hello": {
        "version": Field("int", optional=True),
        "lang": _LANG,
        "parts": Field("int", optional=True),
    },
    "act": {"action": Field("str", max_length=16), "version": Field("int")},
    "take_back": {},
    "ping": {},
    # The chat service says what is wrong with a missing or too long text (its own limit is
    # lower than this one, which only bounds what is read).
    "chat": {
        "text": Field("str", optional=True, max_length=1000),
        "phrase": Field("str", optional=True, max_length=64),
    },
}

#: ``/ws/lobby/`` (:class:`games.live.consumers.LobbyConsumer`).
LOBBY: Protocol = {"hello": {"lang": _LANG}, "ping": {}}

#: ``/ws/notifications/`` (:class:`league.notifications.consumers.NotificationConsumer`).
NOTIFICATIONS: Protocol = {"ping": {}}
