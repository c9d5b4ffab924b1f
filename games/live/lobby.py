"""The lobby's live list of tables: what it shows a user, and telling its sockets it changed.

The lobby page (``games:table_list``) and its WebSocket (``/ws/lobby/``,
:class:`games.live.consumers.LobbyConsumer`) render the same partial,
``games/table_list.html#lobby-tables``, from the same context (:func:`lobby_tables_context`):
public tables waiting or in play, and the user's own tables (private ones included, only his).

Services call :func:`announce` next to every table announcement; a change the lobby shows (a
table opened, a seat taken or freed, a game started, finished, cancelled or abandoned: every
announcement except a move in a game that goes on) reaches the channel-layer group
:data:`games.live.notify.LOBBY_GROUP` as ``lobby.changed`` after the commit
(:func:`games.live.notify.notify_lobby`). The message carries nothing about the table: each
socket re-renders the partial for its own user, so a private table never reaches a socket
whose user may not see it. The public tables' part is the same for every user: it is rendered
once per change and language for all the process's lobby sockets (:func:`public_lobby`); each
socket renders only its user's own tables around it.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from games import selectors
from games.live.notify import notify_lobby
from games.models import Seat, Table

#: The partial both the page (an htmx request) and the socket render.
LOBBY_PARTIAL = "games/table_list.html#lobby-tables"


def lobby_tables_context(*, user: Any) -> dict[str, Any]:
    """What the lobby's list of tables shows ``user``."""
    context: dict[str, Any] = {
        "open_tables": selectors.lobby_open_tables(),
        "playing_tables": selectors.lobby_playing_tables(),
    }
    if user is not None and user.is_authenticated:
        context["my_tables"] = selectors.tables_of_user(user=user)
        context["my_finished"] = selectors.finished_tables_of_user(user=user)
    return context


#: What every user's lobby shows alike (the public tables), rendered once per change.
PUBLIC_PARTIAL = "games/table_list.html#lobby-public"

_lock = threading.Lock()
#: language -> (when its render began, the render); and when this process last heard of a change
_public: dict[str, tuple[float, str]] = {}
_rendering: dict[str, threading.Lock] = {}
_changed_at = 0.0
_public_renders = 0
#: The longest a public part is reused (seconds), changes heard of or not.
PUBLIC_MAX_AGE = 30.0


def note_change() -> None:
    """A ``lobby.changed`` reached this process: public parts rendered before are stale."""
    global _changed_at
    with _lock:
        _changed_at = time.monotonic()


def public_lobby(language: str) -> str:
    """The public tables' part of the lobby in ``language``: the render begun after the last
    change this process heard of (and less than :data:`PUBLIC_MAX_AGE` ago), or a new one
    (synchronous: it reads the database). It holds only public tables, the same for every
    user, so every lobby socket may share it. (A process hears of changes while it has lobby
    sockets; a socket's hello counts as one, so a socket that connects gets a fresh render.)"""
    global _public_renders
    with _lock:
        rendering = _rendering.setdefault(language, threading.Lock())
    with rendering:  # one render at a time: sockets flushing together wait for it and share it
        began = time.monotonic()
        with _lock:
            cached = _public.get(language)
            changed_at = _changed_at
        if cached is not None and changed_at < cached[0] > began - PUBLIC_MAX_AGE:
            return cached[1]
        context = {
            "open_tables": selectors.lobby_open_tables(),
            "playing_tables": selectors.lobby_playing_tables(),
        }
        with translation.override(language):
            html = render_to_string(PUBLIC_PARTIAL, context)
        with _lock:
            _public_renders += 1
            _public[language] = (began, html)
    return html


def public_renders() -> int:
    """How many public lobby parts this process rendered (tests)."""
    with _lock:
        return _public_renders


def render_lobby(*, user: Any, language: str) -> str:
    """The lobby partial for ``user`` in ``language`` (synchronous: it reads the database):
    his own tables rendered for him, the public ones shared (:func:`public_lobby`)."""
    context: dict[str, Any] = {"public_html": mark_safe(public_lobby(language))}
    if user is not None and user.is_authenticated:
        context["my_tables"] = selectors.tables_of_user(user=user)
        context["my_finished"] = selectors.finished_tables_of_user(user=user)
    with translation.override(language):
        return render_to_string(LOBBY_PARTIAL, context)


def shows_change(table: Table, *, match: Any = None) -> bool:
    """Whether an announcement of ``table`` changes what the lobby shows: all do but a move
    (announced with its ``match``) in a game that goes on after its first deal."""
    if match is None:
        return True
    return table.status != Table.Status.PLAYING or table.version == 0


def _private_audience(table: Table) -> list[int]:
    users = set(
        Seat.objects.filter(table_id=table.pk, user__isnull=False).values_list("user_id", flat=True)
    )
    if table.created_by_id is not None:
        users.add(table.created_by_id)
    return sorted(users)


def announce(table: Table, *, match: Any = None) -> None:
    """After the commit, tell the lobby sockets if this change of ``table`` is one they show."""
    if not shows_change(table, match=match):
        return
    if not table.is_private:
        transaction.on_commit(notify_lobby, robust=True)
        return
    url = table.get_absolute_url()

    def run() -> None:
        notify_lobby(url=url, users=_private_audience(table))

    transaction.on_commit(run, robust=True)


def concerns(message: dict[str, Any], *, user_id: int, last_html: str | None) -> bool:
    """Whether a ``lobby.changed`` ``message`` may change the lobby of user ``user_id``, whose
    socket last sent ``last_html``."""
    url = message.get("url")
    if not isinstance(url, str):
        return True
    if user_id in (message.get("users") or []):
        return True
    return last_html is None or f'href="{url}"' in last_html
