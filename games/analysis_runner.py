"""Embedded mode's hand analysis: off the request path and out of the server's process.

A single background daemon thread takes the analyses in order (:func:`submit`); each search
runs in one child process started with ``spawn`` at a lowered priority (``nice`` 10; it exits
when the server process is gone), so the ASGI server's event loop and its sync thread never
wait for it, and its CPU time yields to live play. The child imports the pure engine only.
Should the child process not start (a platform without ``spawn`` workers), the thread computes
in-process instead.

Module-level imports stay to the standard library: the child process imports this module.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_queue: queue.Queue[int] = queue.Queue()
_threads: list[threading.Thread] = []
_processes: list[Executor] = []


def _child_start(parent: int) -> None:
    """In the child: a lower priority, and an exit once the server process is gone (a killed
    server leaves no idle child behind)."""
    with contextlib.suppress(AttributeError, OSError):  # not every platform
        os.nice(10)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(2)
        os._exit(0)

    threading.Thread(target=watch, name="tute-analysis-parent", daemon=True).start()


def _child(record: dict[str, Any], seat: int, options: dict[str, Any]) -> dict[str, Any]:
    from games.engine.analysis import analyse_hand

    return analyse_hand(record, seat, **options).to_json()


def _process_pool() -> Executor:
    with _lock:
        if not _processes:
            context = multiprocessing.get_context("spawn")
            _processes.append(
                ProcessPoolExecutor(
                    1, mp_context=context, initializer=_child_start, initargs=(os.getpid(),)
                )
            )
        return _processes[0]


def in_child(record: dict[str, Any], seat: int, **options: Any) -> dict[str, Any]:
    """``analyse_hand(...).to_json()`` computed in the child process (here if it is broken)."""
    try:
        return _process_pool().submit(_child, record, seat, options).result()
    except (BrokenProcessPool, OSError, RuntimeError):
        logger.warning("The analysis process failed; analysing in-process", exc_info=True)
        with _lock:
            _processes.clear()
        return _child(record, seat, options)


def _run(analysis_id: int) -> None:
    from django.db import close_old_connections

    from games.services import analysis

    close_old_connections()
    try:
        analysis.compute(analysis_id, run=in_child)
    except Exception as exc:  # the thread must live on for the next hand
        logger.exception("Hand analysis %s failed", analysis_id)
        try:
            analysis.fail(analysis_id, repr(exc))
        except Exception:  # the database itself is failing: the row may be asked for later
            logger.exception("Could not mark hand analysis %s failed", analysis_id)
    finally:
        close_old_connections()


def _loop() -> None:
    while True:
        analysis_id = _queue.get()
        try:
            _run(analysis_id)
        finally:
            _queue.task_done()


def submit(analysis_id: int) -> None:
    """Queue row ``analysis_id`` for the background thread (returns at once). The thread is a
    daemon: a server that stops does not wait for the analyses still queued (their rows stay
    pending and may be asked for again, :func:`games.services.analysis.may_retry`)."""
    with _lock:
        if not _threads or not _threads[0].is_alive():
            thread = threading.Thread(target=_loop, name="tute-analysis", daemon=True)
            thread.start()
            _threads[:] = [thread]
    _queue.put(analysis_id)


def drain() -> None:
    """Wait until every queued analysis is done (tests, management commands)."""
    _queue.join()
