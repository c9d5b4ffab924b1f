"""Where a server process stops answering: its event loop's stalls and the garbage
collections, logged (``TUTE_STALL_LOG_MS``).

A move's latency to the sockets of its table has a tail that no single move explains: the
process's event loop was held by something else (a collection of the cyclic garbage
collector, a long render, a blocking call), and every socket of the process waited alike. With
``TUTE_STALL_LOG_MS`` above 0 (off by default), the first socket of a process starts
(:func:`watch_once`):

* a task on the event loop that wakes every :data:`TICK` seconds and logs a warning when it
  woke :data:`TUTE_STALL_LOG_MS <games.conf>` late or later (``stall``);
* a :data:`gc.callbacks` probe that logs every collection that took that long or longer
  (``collection``), the automatic collector's and the scheduled ones of
  :mod:`games.live.gc_policy` alike.

Each line is ``tute-stall <kind> <ms> at <monotonic seconds> ...``: the monotonic clock is the
same in every process of a machine, so ``manage.py bench_tables`` places the lines in its
measuring window and reports them beside the latencies (:mod:`games.bench.runner`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

from games import conf

logger = logging.getLogger(__name__)

#: Seconds between the watching task's wake-ups.
TICK = 0.01
#: The lines' first word.
MARK = "tute-stall"

_watching = False
_gc_started: list[float] = []


def watch_once() -> None:
    """Start watching this process (from the event loop of its first socket), once."""
    global _watching
    limit = conf.stall_log_ms() / 1000
    if _watching or limit <= 0:
        return
    _watching = True
    gc.callbacks.append(_on_collection(limit))
    asyncio.get_running_loop().create_task(_watch(limit))


def _on_collection(limit: float) -> Any:
    def probe(phase: str, info: dict[str, int]) -> None:
        now = time.monotonic()
        if phase == "start":
            _gc_started[:] = [now]
        elif _gc_started and now - _gc_started[0] >= limit:
            logger.warning(
                "%s collection %.1f ms at %.3f generation %s collected %s",
                MARK,
                (now - _gc_started[0]) * 1000,
                _gc_started[0],
                info.get("generation"),
                info.get("collected"),
            )

    return probe


async def _watch(limit: float) -> None:
    while True:
        before = time.monotonic()
        await asyncio.sleep(TICK)
        late = time.monotonic() - before - TICK
        if late >= limit:
            logger.warning("%s stall %.1f ms at %.3f", MARK, late * 1000, before + TICK)


def parse(line: str) -> tuple[str, float, float, str] | None:
    """``(kind, ms, start, the rest)`` of a logged line (None: not one of ours).

    >>> parse("WARNING games.live.stalls tute-stall stall 120.5 ms at 1234.500")
    ('stall', 120.5, 1234.5, '')
    >>> parse("tute-stall collection 300.0 ms at 5.000 generation 2 collected 7")
    ('collection', 300.0, 5.0, 'generation 2 collected 7')
    >>> parse("something else") is None
    True
    """
    words = line.split()
    if MARK not in words:
        return None
    i = words.index(MARK)
    try:
        return words[i + 1], float(words[i + 2]), float(words[i + 5]), " ".join(words[i + 6 :])
    except (IndexError, ValueError):
        return None
