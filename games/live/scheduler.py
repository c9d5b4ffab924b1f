"""Deferred table work: bot moves and turn timers run after a delay, and the watchdog.

Services call :func:`defer` from ``transaction.on_commit`` only, so nothing is ever scheduled
for a change that did not commit. The work itself is a task of :mod:`games.tasks`, which
registers its tasks here by name (:func:`register`) when it is imported (``games.apps`` does
so at start-up; a Celery worker finds it by autodiscovery): the scheduler never imports the
services it ends up running.

Where a task runs depends on the scheduler mode (``games.conf.scheduler_mode``):

``celery``     ``apply_async(countdown=...)`` to the broker; a worker runs it (production-like).
``inprocess``  embedded mode: a timer on the ASGI server's event loop runs the task through
               ``sync_to_async``; with no event loop in the process (a management command), a
               daemon timer thread. The in-process watchdog starts with the first timer.
``immediate``  bot moves at once, in order: a task deferred while another runs waits in a
               queue that the outermost call drains (no recursion, no sleeping); turn timers
               are not run at all (tests make them expire by calling the service).
``manual``     queued in :data:`MANUAL_QUEUE` for a test to run with :func:`run_manual`.

**Long deadlines.** A turn timer longer than :data:`LONG_COUNTDOWN` (a correspondence table:
hours or days per move) is never deferred: a countdown of days is no job for a broker or an
event loop. The watchdog (every ``TUTE_WATCHDOG_INTERVAL`` seconds, under Celery beat or
in-process) plays it when its deadline has passed, as it plays any lost move.

**Periodic work of other apps.** An app that needs a regular check without a Celery beat in
embedded mode registers it with :func:`register_periodic` (competitions' absence rule does):
the in-process watchdog runs it after each of its own runs. Under Celery beat the app
schedules its own task instead.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.db import close_old_connections

from games import conf
from games.live.loop import in_loop_thread, main_loop

logger = logging.getLogger(__name__)

#: The task that plays the moves whose tasks were lost (run by the in-process watchdog).
WATCHDOG_TASK = "tables_watchdog"

#: Tasks queued by the ``manual`` scheduler: (due time on ``time.monotonic()``, name, args,
#: kind).
MANUAL_QUEUE: list[tuple[float, str, tuple[Any, ...], str]] = []

#: Turn timers longer than this (seconds) are left to the watchdog (see the docstring).
LONG_COUNTDOWN = 3600.0

_tasks: dict[str, Any] = {}
_periodic: dict[str, Callable[[], Any]] = {}
_immediate_queue: deque[tuple[str, tuple[Any, ...]]] = deque()
_immediate_state = threading.local()
_watchdog_loop: asyncio.AbstractEventLoop | None = None


def register(name: str, task: Any) -> None:
    """Make ``task`` (a Celery task: ``run`` and ``apply_async``) deferrable as ``name``."""
    _tasks[name] = task


def register_periodic(name: str, fn: Callable[[], Any]) -> None:
    """Run ``fn()`` after each run of the in-process watchdog (embedded mode only)."""
    _periodic[name] = fn


def _run_periodic() -> None:
    for name, fn in list(_periodic.items()):
        try:
            fn()
        except Exception:  # one app's check must not stop the others
            logger.exception("Periodic work %s failed", name)


def _task(name: str) -> Any:
    try:
        return _tasks[name]
    except KeyError:
        raise LookupError(f"No deferred task {name!r}: is games.tasks imported?") from None


def defer(name: str, args: tuple[Any, ...], countdown: float, *, kind: str = "bot") -> None:
    """Run the task registered as ``name`` with ``args`` in ``countdown`` seconds.

    ``kind`` is ``bot`` for a paced bot move and ``turn`` for a person's turn timer.
    """
    mode = conf.scheduler_mode()
    countdown = max(0.0, countdown)
    if kind == "turn" and countdown > LONG_COUNTDOWN:
        return  # the watchdog plays it once due
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
    loop = main_loop()
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

    if in_loop_thread(loop):
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
    while True:
        await asyncio.sleep(conf.watchdog_interval())
        try:
            await sync_to_async(_task(WATCHDOG_TASK).run, thread_sensitive=True)()
        except Exception:
            logger.exception("The in-process table watchdog failed")
        if _periodic:
            await sync_to_async(_run_periodic, thread_sensitive=True)()


def start_watchdog_if_inprocess() -> None:
    """Called by consumers on connect: after a restart of an embedded server, the first socket
    restarts the watchdog, which plays the moves whose timers died with the old process."""
    if conf.scheduler_mode() != "inprocess":
        return
    loop = main_loop()
    if loop is not None and in_loop_thread(loop):
        _ensure_watchdog(loop)
