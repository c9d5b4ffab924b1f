"""The event loop that serves this process's sockets, seen from any thread.

The in-memory channel layer of embedded mode is not thread-safe, and in-process timers must run
on the loop that serves the sockets: :mod:`.notify` and :mod:`.scheduler` find that loop here.
A consumer binds it on connect (:func:`bind_loop`); a worker thread of ``sync_to_async`` finds
it through asgiref; a process that serves no sockets (a Celery worker, a command) has none and
gets an event loop of its own for sending (:func:`sender_loop`).
"""

from __future__ import annotations

import asyncio
import os
import threading

from asgiref.sync import SyncToAsync

_bound_loop: asyncio.AbstractEventLoop | None = None
_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()


def bind_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves the sockets (consumers call it on connect)."""
    global _bound_loop
    _bound_loop = loop


def main_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop serving this process's sockets, seen from any thread, or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) == os.getpid():
        loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        if loop is not None and loop.is_running():
            return loop  # type: ignore[no-any-return]
    loop = _bound_loop
    if loop is not None and loop.is_running() and not loop.is_closed():
        return loop
    return None


def in_loop_thread(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether the caller runs in ``loop``'s own thread."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def sender_loop() -> asyncio.AbstractEventLoop:
    """An event loop of this process's own, in a daemon thread, for processes that serve no
    sockets (a Celery worker, a command): every notification goes through it, on one set of
    channel-layer connections, instead of a new loop (and thread) per message as
    ``async_to_sync`` would make."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid() or _sender[1].is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="tables-notify", daemon=True).start()
            _sender = (os.getpid(), loop)
        return _sender[1]
