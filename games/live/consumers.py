"""The table's WebSocket: ``/ws/tables/<id>/``. A thin adapter between frames and services.
(The lobby's, ``/ws/lobby/``: :class:`LobbyConsumer`, at the end.)

Connecting needs a logged-in session (else the handshake is refused, close code 4401) and the
right to watch the table (private tables: players, creator, invitation link holders, staff;
anyone else gets 4404, as for a table that does not exist); the origin (scheme, host and
port) is checked in ``tute_site.asgi`` (:mod:`tute_site.origins`). Every client frame first
passes :mod:`games.live.guard` (rate limits, parsing: see :mod:`games.live.protocols`).

Client → server (JSON text frames):

``{"type": "hello", "version": 17, "lang": "es"}``
    sent on every (re)connection with the last version the client saw (null: none). The
    server answers with the current state, and ``missed``: what happened since, in words.
``{"type": "act", "action": "12B", "version": 17}``
    a move, on the state the client saw. The result arrives as the next ``state`` frame (to
    every socket of the table) or as an ``error`` frame to this socket only.
``{"type": "take_back"}``  play my seat myself again after a timeout.
``{"type": "ping"}``       answered by ``{"type": "pong"}``.
``{"type": "chat", ...}``  the table chat (:mod:`games.chat.socket`: frames both ways; a socket
                           opened with ``?only=chat`` gets chat frames and no state frames).

Server → client:

``{"type": "state", "version": 18, "revision": 31, "seat": 0, "status": "playing",
"your_turn": true, "legal": ["12B", ...], "html": "<rendered partial>", "missed": [...]}``
    the table as this socket's viewer may see it: its own seat's observation, or the public
    one for a spectator, rendered server-side (``games/_live.html``) in the viewer's language.
    A table that was abandoned sends ``"status": "abandoned"`` and, as ``html``, the notice
    that it was and why (``games/_abandoned.html``); moves sent afterwards get the error
    ``table_abandoned``.
``{"type": "error", "code": "obligation", "message": "...", "version": 18}``
    a refused frame or move (the table is unchanged); ``code`` is stable, the message
    translated.

Every change to the table reaches the group ``table-<id>`` as ``table.changed`` with its
version and revision, after the change committed; each consumer then renders its own view,
so no frame ever holds another seat's cards.

**Presence.** A seated person's socket counts in :mod:`games.presence` while it is open (and
refreshes its count every ``PRESENCE_REFRESH`` seconds); his first connection is recorded on
his seat (:mod:`games.services.presence`). When a seated person's first socket opens or his
last one closes, the group gets ``table.presence``, and every socket gets a frame
``{"type": "presence", "people": [0, 1], "connected": [1]}`` (the positions of the people's
seats and of those connected now; no user id leaves the server), also right after the state
frame that answers a hello. ``static/games/presence.js`` marks each person's seat "connected"
or "not connected" from it, on a socket of its own opened with ``?only=presence`` (which, like
``?only=chat``, gets no state frames).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import InterfaceError, OperationalError, connections
from django.utils import translation
from django.utils.functional import empty

from games import conf, presence, selectors, services, snapshots
from games import errors as e
from games.chat import socket as chat_socket
from games.live import (
    gc_policy,
    guard,
    lobby,
    notice,
    notify,
    protocols,
    scheduler,
    shared_frames,
    stalls,
)
from games.live.dispatch import LiveConsumer
from games.live.loop import bind_loop
from games.live.presence import presence_arrive, presence_leave
from games.live.states import (  # noqa: F401 (importers of these names)
    frame_text,
    live_template,
    load_state,
    render_state,
    render_state_frame,
)
from games.services import play_on_loop

#: Session key holding the ids of private tables whose invitation link the user opened.
INVITES_SESSION_KEY = "games_table_invites"
CLOSE_NO_SESSION = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


def language_of(code: Any) -> str | None:
    codes = {c for c, _ in settings.LANGUAGES}
    if isinstance(code, str):
        code = code.strip().lower()[:2]
        if code in codes:
            return code
    return None


def _in_sync_thread(fn: Any, *, retry: bool) -> Any:
    """``fn`` for a sync thread, keeping the thread's database connection between calls.

    Channels' ``database_sync_to_async`` closes the connection after every call when
    ``CONN_MAX_AGE`` is 0 (the right setting for Django's own request threads), which costs a
    new PostgreSQL connection per frame. Here the connection stays open; if it breaks (the
    database restarted) it is closed, and a read is tried once more on a fresh one.
    """

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (InterfaceError, OperationalError):
            for connection in connections.all(initialized_only=True):
                connection.close()
            if not retry:
                raise
            return fn(*args, **kwargs)

    return run


_pool: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor | None:
    """Where sockets do their database work: SQLite has one writer at a time, so embedded
    mode uses asgiref's one sync thread (None); on PostgreSQL a pool of threads (each with
    its own connection), so that one table's move or re-render does not wait for another's
    round trips to the database."""
    global _pool
    if connections["default"].vendor == "sqlite":
        return None
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=conf.socket_threads(), thread_name_prefix="tables")
    return _pool


async def _in_thread(fn: Any, args: Any, kwargs: Any) -> Any:
    executor = _executor()
    if executor is None:
        return await sync_to_async(fn, thread_sensitive=True)(*args, **kwargs)
    return await sync_to_async(fn, thread_sensitive=False, executor=executor)(*args, **kwargs)


async def db_read(fn: Any, *args: Any, **kwargs: Any) -> Any:
    return await _in_thread(_in_sync_thread(fn, retry=True), args, kwargs)


async def db_write(fn: Any, *args: Any, **kwargs: Any) -> Any:
    return await _in_thread(_in_sync_thread(fn, retry=False), args, kwargs)


#: Reads of a table at a revision in flight in this process (:func:`load_once`).
_loads: dict[tuple[int, int], asyncio.Future[snapshots.Snapshot]] = {}


def _read_at(table_id: int, revision: int) -> snapshots.Snapshot:
    snapshot, _ = load_state(table_id=table_id, language="", revision=revision)
    return snapshot


async def load_once(table_id: int, revision: int) -> snapshots.Snapshot:
    """The table at ``revision`` or later, read once for every socket of this process that
    asks while the read is in flight (without it, a change that 100 spectators' sockets could
    not find in memory made 100 reads and replays of the table at once). The snapshot is
    shared: a render makes its own copy."""
    key = (table_id, revision)
    pending = _loads.get(key)
    if pending is not None:
        try:
            return await asyncio.shield(pending)
        except asyncio.CancelledError:
            if not pending.cancelled():
                raise  # this socket's own task was cancelled
            # the socket that was reading went away: read it here
    future: asyncio.Future[snapshots.Snapshot] = asyncio.get_running_loop().create_future()
    _loads[key] = future
    try:
        snapshot: snapshots.Snapshot = await db_read(_read_at, table_id, revision)
    except asyncio.CancelledError:
        future.cancel()
        raise
    except BaseException as error:
        future.set_exception(error)
        future.exception()  # retrieved: the waiters get it, or nobody needs to
        raise
    else:
        future.set_result(snapshot)
        return snapshot
    finally:
        if _loads.get(key) is future:
            del _loads[key]


def resolved_user(user: Any) -> Any:
    """The user behind the scope's lazy ``user`` once the auth middleware resolved it (it does
    so before the consumer runs), else ``user`` itself: a render reads the user a few times
    per frame, and each read through Django's lazy object is a proxied call."""
    wrapped = getattr(user, "_wrapped", None)
    if wrapped is None or wrapped is empty:
        return user
    return wrapped


class TableConsumer(LiveConsumer):
    table_id: int
    group: str
    language: str
    sent_revision: int

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NO_SESSION)
            return
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        session = self.scope.get("session")
        invited = False
        if session is not None:
            invites = await db_read(session.get, INVITES_SESSION_KEY, [])
            invited = self.table_id in (invites or [])
        allowed, playing = await db_read(self._may_watch, user, invited)
        if allowed is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if not allowed:  # a private table: as if there were none (no probing of ids)
            await self.close(code=CLOSE_NOT_FOUND)
            return
        cookies = self.scope.get("cookies") or {}
        self.language = (
            language_of(cookies.get(settings.LANGUAGE_COOKIE_NAME)) or settings.LANGUAGE_CODE
        )
        self.sent_revision = -1
        self.as_parts = False  # the client's hello asks for the parts protocol
        self.sent_parts: list[str] | None = None
        self.shared_sent: shared_frames.SharedState | None = None  # a spectator's last state
        self.chat_only = b"only=chat" in self.scope.get("query_string", b"")
        # A player's (or the creator's) socket hears of a change before the spectators' do
        # (notify.table_send): on a watched table the players do not wait behind them.
        self.group = (notify.table_group if playing else notify.watchers_group)(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        bind_loop(asyncio.get_running_loop())
        gc_policy.tune_once()
        stalls.watch_once()
        scheduler.start_watchdog_if_inprocess()
        await self.accept()
        await self._arrive(user)

    async def _arrive(self, user: Any) -> None:
        """Count this socket in the table's presence; tell the others if he just arrived."""
        self.presence_user: int | None = None
        self.heartbeat: asyncio.Task[None] | None = None
        self.presence_only = b"only=presence" in self.scope.get("query_string", b"")
        seated, first, state = await db_write(
            presence_arrive, table_id=self.table_id, user_id=user.pk
        )
        self.presence_state: dict[str, list[int]] = state
        if seated:
            self.presence_user = user.pk
            self.heartbeat = asyncio.create_task(self._keep_alive())
        if first:
            await self._table_send({"type": "table.presence", **state})
        if self.presence_only:
            await self._send_presence()

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(presence.PRESENCE_REFRESH)
            # A cache that is down: the count expires and he shows as not connected.
            with contextlib.suppress(Exception):
                await sync_to_async(presence.socket_alive, thread_sensitive=False)(
                    self.table_id, self.presence_user
                )

    def _may_watch(self, user: Any, invited: bool) -> tuple[bool | None, bool]:
        """Whether ``user`` may watch the table (None: there is none) and whether he plays
        at it or created it (his socket then hears of changes first)."""
        table = selectors.table_get(table_id=self.table_id)
        if table is None:
            return None, False
        allowed = user.is_staff or selectors.may_watch(table=table, user=user, invited=invited)
        playing = table.created_by_id == user.pk or table.seats.filter(user_id=user.pk).exists()
        return allowed, playing

    async def _table_send(self, message: dict[str, Any]) -> None:
        """``message`` to every socket of the table, players first (:func:`notify.table_send`)."""
        await self.channel_layer.group_send(notify.table_group(self.table_id), message)
        await self.channel_layer.group_send(notify.watchers_group(self.table_id), message)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        heartbeat = getattr(self, "heartbeat", None)
        if heartbeat is not None:
            heartbeat.cancel()
        user_id = getattr(self, "presence_user", None)
        if user_id is not None:
            self.presence_user = None
            state = await db_read(presence_leave, table_id=self.table_id, user_id=user_id)
            if state is not None:
                await self._table_send({"type": "table.presence", **state})

    # ------------------------------------------------------------------ client frames

    @guard.frames(protocols.TABLE)
    async def receive(self, frame: dict[str, Any]) -> None:
        try:
            kind = frame["type"]
            if kind == "hello":
                await self._hello(frame)
            elif kind == "act":
                await self._act(frame)
            elif kind == "take_back":
                await self._call(
                    services.table_take_back, table_id=self.table_id, user=self.scope["user"]
                )
            elif kind == "ping":
                await self.send(text_data='{"type": "pong"}')
            elif kind == "chat":
                await self._call(
                    chat_socket.post_frame,
                    table_id=self.table_id,
                    user=self.scope["user"],
                    frame=frame,
                )
            else:
                raise e.BadFrameError()
        except e.TableError as error:
            await self._send_error(error)

    async def _hello(self, frame: dict[str, Any]) -> None:
        self.language = language_of(frame.get("lang")) or self.language
        self.as_parts = bool(frame.get("parts"))
        self.sent_parts = None
        version = frame.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            with translation.override(self.language):
                raise e.BadFrameError()
        await self._send_state(missed_since=version if version is not None else None, force=True)

    async def _act(self, frame: dict[str, Any]) -> None:
        action, version = frame.get("action"), frame.get("version")
        if (
            not isinstance(action, str)
            or not action
            or len(action) > 16
            or isinstance(version, bool)
            or not isinstance(version, int)
        ):
            with translation.override(self.language):
                raise e.BadFrameError()
        user = resolved_user(self.scope["user"])
        if await play_on_loop.acted(self.table_id, user, action, version, _executor):
            return  # a usual move, written from this loop (else the thread decides it)
        await self._call(
            services.table_act,
            table_id=self.table_id,
            user=self.scope["user"],
            action=action,
            version=version,
        )

    async def _call(self, service: Any, **kwargs: Any) -> Any:
        language = self.language

        def run() -> Any:
            with translation.override(language):
                return service(**kwargs)

        return await db_write(run)

    async def _send_error(self, error: e.TableError) -> None:
        frame = {"type": "error", "code": error.code, "message": str(error.message)}
        if "version" in error.params:
            frame["version"] = error.params["version"]
        await self.send(text_data=json.dumps(frame))

    # ------------------------------------------------------------------ group messages

    async def table_presence(self, event: dict[str, Any]) -> None:
        state = {
            "people": [int(p) for p in event.get("people") or []],
            "connected": [int(p) for p in event.get("connected") or []],
        }
        if state == getattr(self, "presence_state", None):
            return
        self.presence_state = state
        if self.sent_revision >= 0 or getattr(self, "presence_only", False):
            await self._send_presence()

    async def _send_presence(self) -> None:
        if self.chat_only:
            return
        state = getattr(self, "presence_state", None) or {"people": [], "connected": []}
        await self.send(text_data=json.dumps({"type": "presence", **state}))

    async def table_changed(self, event: dict[str, Any]) -> None:
        revision = int(event.get("revision", 0))
        if revision <= self.sent_revision:
            return
        if (
            "kind" in event
            and snapshots.cached_snapshot(table_id=self.table_id, revision=revision, copy=False)
            is None
        ):
            notice.advance(self.table_id, event)  # a move of another process: in memory
        await self._send_state(revision=revision)

    async def chat_message(self, event: dict[str, Any]) -> None:
        frame = await db_read(
            chat_socket.frame_for,
            event=event,
            table_id=self.table_id,
            user=self.scope["user"],
            language=self.language,
        )
        if frame is not None:
            await self.send(text_data=json.dumps(frame))

    async def _send_state(
        self, *, missed_since: int | None = None, force: bool = False, revision: int | None = None
    ) -> None:
        if self.chat_only or getattr(self, "presence_only", False):
            return
        # After a move every socket of the table re-renders the same revision: the first one
        # (or the writer, in this process) reads it, the others find it in memory and render
        # on the event loop without a trip to a thread.
        # The held snapshot is not copied here: a spectator whose state another socket already
        # rendered needs only its table; the renders share one copy of it (own_copy:
        # Snapshot.render_copy, made by the first).
        cached = None
        if revision is not None and missed_since is None:
            cached = snapshots.cached_snapshot(
                table_id=self.table_id, revision=revision, copy=False
            )
        try:
            if cached is not None:
                snapshot, missed = cached, None
            elif revision is not None and missed_since is None:
                # a change this process could not apply in memory (a hand ended at another
                # process, a gap): its sockets wait for one read, not one each
                snapshot, missed = await load_once(self.table_id, revision), None
                cached = snapshot  # shared with the other sockets: a render copies it
            else:
                snapshot, missed = await db_read(
                    load_state,
                    table_id=self.table_id,
                    language=self.language,
                    missed_since=missed_since,
                    revision=revision,
                )
        except e.TableNotFoundError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if snapshot.table.revision <= self.sent_revision and not force:
            return

        def own_copy() -> snapshots.Snapshot:
            return snapshot.render_copy() if cached is not None else snapshot

        user = resolved_user(self.scope["user"])
        if missed is None and shared_frames.sees_public_table(snapshot, user):
            async with shared_frames.spectators_lane():  # the players first
                await self._send_public_state(snapshot, own_copy, force=force)
            return
        held = None if force else self.sent_parts
        frame, parts = render_state(own_copy(), user=user, language=self.language)
        text = frame_text(frame, parts, sent=held, as_parts=self.as_parts, missed=missed)
        self.shared_sent = None
        await self._send_frame(frame, parts, text)

    async def _send_public_state(
        self, snapshot: snapshots.Snapshot, own_copy: Any, *, force: bool
    ) -> None:
        """A spectator's frame: the public state of this revision, rendered once (on
        ``own_copy()``), its changes encoded once for all the spectators holding the last."""
        if snapshot.table.revision <= self.sent_revision and not force:
            return  # a later frame went out while this one waited in the lane
        held = None if force else self.sent_parts
        shared = shared_frames.shared_state(
            snapshot,
            self.language,
            lambda: render_state(own_copy(), user=None, language=self.language),
        )
        came_from = self.shared_sent
        if not self.as_parts:
            text = shared.text
        elif came_from is not None and held is came_from.parts:
            text = shared.changes_text(came_from)
        else:
            text = frame_text(shared.frame, shared.parts, sent=held, as_parts=True)
        self.shared_sent = shared
        await self._send_frame(shared.frame, shared.parts, text)

    async def _send_frame(self, frame: dict[str, Any], parts: list[str], text: str) -> None:
        if self.as_parts:
            self.sent_parts = parts
        first = self.sent_revision < 0
        self.sent_revision = max(self.sent_revision, int(frame["revision"]))
        await self.send(text_data=text)
        if first:
            await self._send_presence()


# ----------------------------------------------------------------------------- the lobby

#: The least time between two lobby frames to one socket (a burst of changes: two frames).
LOBBY_MIN_INTERVAL = 0.5


class LobbyConsumer(LiveConsumer):
    """The lobby's WebSocket: ``/ws/lobby/``. Read-only: the server pushes the list of tables.

    Connecting needs a logged-in session (else close code 4401); the origin is checked as for
    a table. Client → server: ``{"type": "hello", "lang": "es"}`` (answered with the lobby at
    once; sent on every (re)connection) and ``{"type": "ping"}`` (``{"type": "pong"}``).
    Server → client: ``{"type": "lobby", "html": "<the partial>"}``, the partial
    ``games/table_list.html#lobby-tables`` rendered for this socket's user, as the page
    renders it (:func:`games.live.lobby.render_lobby`).

    Each change of a table the lobby shows reaches the group ``lobby`` as ``lobby.changed``
    (:mod:`games.live.lobby`; a private table's change only concerns its creator, its players and
    sockets whose last list showed it); the socket then re-renders its user's lobby (the public
    tables' part once for all the sockets of the process: :func:`lobby.public_lobby`), at most
    once every :data:`LOBBY_MIN_INTERVAL` seconds however many changes arrive, and sends it
    only when it differs from the last one sent.
    """

    language: str

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NO_SESSION)
            return
        cookies = self.scope.get("cookies") or {}
        self.language = (
            language_of(cookies.get(settings.LANGUAGE_COOKIE_NAME)) or settings.LANGUAGE_CODE
        )
        self.last_html: str | None = None
        self.dirty = False
        self.next_allowed = 0.0
        self.flusher: asyncio.Task[None] | None = None
        self.joined = True
        await self.channel_layer.group_add(notify.LOBBY_GROUP, self.channel_name)
        bind_loop(asyncio.get_running_loop())
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(notify.LOBBY_GROUP, self.channel_name)
        flusher = getattr(self, "flusher", None)
        if flusher is not None:
            flusher.cancel()

    @guard.frames(protocols.LOBBY)
    async def receive(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "ping":
            await self.send(text_data='{"type": "pong"}')
            return
        self.language = language_of(frame.get("lang")) or self.language
        self.last_html = None  # a (re)connected client gets the lobby even if unchanged
        lobby.note_change()  # and a fresh one: changes this process did not hear of
        await self._send_lobby()

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        lobby.note_change()
        if not lobby.concerns(event, user_id=self.scope["user"].pk, last_html=self.last_html):
            return
        self.dirty = True
        if self.flusher is None:
            self.flusher = asyncio.create_task(self._flush())

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.dirty:
                wait = self.next_allowed - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                self.dirty = False
                self.next_allowed = loop.time() + LOBBY_MIN_INTERVAL
                await self._send_lobby()
        finally:
            self.flusher = None

    async def _send_lobby(self) -> None:
        html = await db_read(lobby.render_lobby, user=self.scope["user"], language=self.language)
        if html == self.last_html:
            return
        self.last_html = html
        await self.send(text_data=json.dumps({"type": "lobby", "html": html}))
