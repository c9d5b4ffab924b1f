"""How work leaves a committed transaction: deferred moves are scheduled, tables are told.

Services call these two functions from ``transaction.on_commit`` only, so nothing is ever
scheduled or announced for a change that did not commit.

:func:`defer` runs a task of :mod:`games.tasks` after a delay. Where it runs depends on the
scheduler (``games.conf.scheduler_mode``):

``celery``     ``apply_async(countdown=...)`` to the broker; a worker runs it (production-like).
``inprocess``  embedded mode: a timer on the ASGI server's event loop runs the task through
               ``sync_to_async``; with no event loop in the process (a management command), a
               daemon timer thread. The in-process watchdog starts with the first timer.
``immediate``  bot moves at once, in order: a task deferred while another runs waits in a
               queue that the outermost call drains (no recursion, no sleeping); turn timers
               are not run at all (tests make them expire by calling the service).
``manual``     queued in :data:`MANUAL_QUEUE` for a test to run with :func:`run_manual`.

:func:`notify_table` tells every socket of a table that it changed (a channel-layer group
message carrying the new version and revision; each consumer renders its own seat's view).
The in-memory channel layer of embedded mode is not thread-safe, so messages are always sent
from the event loop that serves the sockets: directly when called in it, handed over with
``call_soon_threadsafe`` from a worker thread, and through an event loop of the process's own
(:func:`_sender_loop`) where no such loop exists (a Celery worker or a command).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import get_channel_layer
from django.db import close_old_connections

from games import conf

logger = logging.getLogger(__name__)

#: Tasks queued by the ``manual`` scheduler: (due time on ``time.monotonic()``, name, args,
#: kind).
MANUAL_QUEUE: list[tuple[float, str, tuple[Any, ...], str]] = []

_immediate_queue: deque[tuple[str, tuple[Any, ...]]] = deque()
_immediate_state = threading.local()
_bound_loop: asyncio.AbstractEventLoop | None = None
_watchdog_loop: asyncio.AbstractEventLoop | None = None


def table_group(table_id: int) -> str:
    """The channel-layer group of a table's sockets."""
    return f"table-{table_id}"


# ----------------------------------------------------------------------------- event loop


def bind_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the event loop that serves the sockets (consumers call it on connect)."""
    global _bound_loop
    _bound_loop = loop


def _main_loop() -> asyncio.AbstractEventLoop | None:
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


def _in_loop_thread(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


# ----------------------------------------------------------------------------- notifications


def notify_table(table_id: int, *, version: int, revision: int) -> None:
    """Tell the table's sockets that it changed (after commit)."""
    message = {"type": "table.changed", "version": version, "revision": revision}
    _group_send(table_group(table_id), message)


_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
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


def _group_send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _main_loop()
    if loop is None:
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _sender_loop())
        try:
            future.result(timeout=10)
        except Exception:  # the move is committed; a lost notice costs a late re-render
            logger.exception("Could not notify %s", group)
    elif _in_loop_thread(loop):
        loop.create_task(layer.group_send(group, message), context=contextvars.Context())
    else:
        loop.call_soon_threadsafe(
            lambda: loop.create_task(layer.group_send(group, message)),
            context=contextvars.Context(),
        )


# ----------------------------------------------------------------------------- deferred tasks


def _task(name: str) -> Any:
    from games import tasks

    return getattr(tasks, name)


def defer(name: str, args: tuple[Any, ...], countdown: float, *, kind: str = "bot") -> None:
    """Run task ``name`` of :mod:`games.tasks` with ``args`` in ``countdown`` seconds.

    ``kind`` is ``bot`` for a paced bot move and ``turn`` for a person's turn timer.
    """
    mode = conf.scheduler_mode()
    countdown = max(0.0, countdown)
    if mode == "celery":
        _task(name).apply_async(args=args, countdown=countdown)
    elif mode == "manual":
        MANUAL_QUEUE.append((time.monotonic() + countdown, name, args, kind))
    elif mode == "immediate":
        if kind != "turn":
            _run_immediate(name, args)
    else:
        _run_inprocess(name, args, countdown)


def _run_immediate(name: str, args: tuple[Any, ...]) -> None:
    _immediate_queue.append((name, args))
    if getattr(_immediate_state, "draining", False):
        return
    _immediate_state.draining = True
    try:
        while _immediate_queue:
            task_name, task_args = _immediate_queue.popleft()
            _task(task_name).run(*task_args)
    finally:
        _immediate_state.draining = False


def run_manual(*, limit: int = 100_000) -> int:
    """Run the bot moves of the ``manual`` queue, and those they queue; return the count.

    Turn timers stay queued (a test makes them expire by calling the service with ``now``).
    """
    done = 0
    while done < limit:
        bots = [item for item in MANUAL_QUEUE if item[3] != "turn"]
        if not bots:
            break
        item = min(bots, key=lambda entry: entry[0])
        MANUAL_QUEUE.remove(item)
        _task(item[1]).run(*item[2])
        done += 1
    return done


def _safe_call(fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        fn(*args)
    except Exception:  # a deferred move must never take the server down; the watchdog retries
        logger.exception("Deferred table task %s%r failed", getattr(fn, "__name__", fn), args)


def _run_inprocess(name: str, args: tuple[Any, ...], countdown: float) -> None:
    fn = _task(name).run
    loop = _main_loop()
    if loop is None:
        timer = threading.Timer(countdown, _run_in_thread, args=(fn, args))
        timer.daemon = True
        timer.start()
        return

    # Timers and tasks start from an empty context: the caller's (a sync_to_async thread's)
    # would make asgiref believe the task already runs inside its single sync thread.
    def start() -> None:
        loop.create_task(_run_async(fn, args), context=contextvars.Context())

    def arm() -> None:
        _ensure_watchdog(loop)
        loop.call_later(countdown, start, context=contextvars.Context())

    if _in_loop_thread(loop):
        arm()
    else:
        loop.call_soon_threadsafe(arm, context=contextvars.Context())


def _run_in_thread(fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    close_old_connections()
    try:
        _safe_call(fn, args)
    finally:
        close_old_connections()


async def _run_async(fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    await sync_to_async(_safe_call, thread_sensitive=True)(fn, args)


def _ensure_watchdog(loop: asyncio.AbstractEventLoop) -> None:
    """Start the in-process watchdog on ``loop`` once (embedded mode only)."""
    global _watchdog_loop
    if _watchdog_loop is loop or conf.scheduler_mode() != "inprocess":
        return
    _watchdog_loop = loop
    loop.create_task(_watchdog_forever(), context=contextvars.Context())


async def _watchdog_forever() -> None:
    from games import services

    while True:
        await asyncio.sleep(conf.watchdog_interval())
        try:
            await sync_to_async(services.tables_run_overdue, thread_sensitive=True)()
        except Exception:
            logger.exception("The in-process table watchdog failed")


def start_watchdog_if_inprocess() -> None:
    """Called by consumers on connect: after a restart of an embedded server, the first socket
    restarts the watchdog, which plays the moves whose timers died with the old process."""
    if conf.scheduler_mode() != "inprocess":
        return
    loop = _main_loop()
    if loop is not None and _in_loop_thread(loop):
        _ensure_watchdog(loop)
