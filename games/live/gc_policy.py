"""The garbage collector of a server process (``TUTE_GC_TUNING``, ``TUTE_GC_INTERVAL``).

CPython's cyclic collector walks every tracked object of the generations it collects. A
server's heap is large (modules, compiled templates, the tables' snapshots, the remembered
parts), and a young collection walks thousands of live objects through it: measured on the
benchmark's server (100 tables, think 2 s, 2026-11-28), each young collection took 12-30 ms of
the event loop, every 0.6 s, and each middle one 60-90 ms, every 12 s; together about a tenth
of the server's CPU and the whole p99 tail of a move's latency (p99 69-79 ms with them, 40 ms
with the collector off). In steady play they found nothing to free: the tables' objects are
freed by reference counting; the cycles come from rarer events (a socket's handshake,
exceptions).

So, by the first socket of a process (:func:`tune_once`):

* the warmed-up heap is frozen (never walked again);
* with ``TUTE_GC_INTERVAL`` seconds (default 30): the automatic collector is off; every
  interval the event loop freezes what is new (a constant-time move of the young lists, no
  walk), and every :data:`FULL_EVERY` intervals (an hour), or as soon as the frozen heap
  grew by :data:`GROWTH_LIMIT` objects, it thaws the heap, collects all of it and freezes it
  again: one long pause in an hour instead of a hundred short ones a minute. Objects frozen
  while alive are still freed by reference counting when they go; only a cycle that became
  garbage waits for the next whole collection.
* with ``TUTE_GC_INTERVAL`` 0: the automatic collector with spaced-out thresholds
  (:data:`THRESHOLDS`), as before 2026-11-28.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

from games import conf

logger = logging.getLogger(__name__)

#: Young-generation threshold and the two generation ratios without the scheduled
#: collections (CPython's defaults: 700, 10, 10).
THRESHOLDS = (5000, 20, 50)

#: Every how many intervals the whole heap is collected (thawed, collected, frozen again):
#: an hour at the default interval. The pause is long (the whole heap is walked: 0.5-0.7 s
#: on the benchmark's server), so it is rare; growth brings it sooner.
FULL_EVERY = 120

#: Objects frozen since the last whole collection past which the next interval collects the
#: whole heap at once (cycles made faster than ever in play: a flood of handshakes). Most of
#: what a server's heap gains is alive: 1,000 spectators coming to one process (2026-11-28,
#: ``bench_tables --spectators 1000``) added 378,000 objects of which the collection found
#: 31,000 unreachable, and walking the 506,000 took 353 ms, a pause of every socket of the
#: process. At 250,000 that pause came with every crowd; at a million it waits for a growth
#: two and a half times that, or for the hour.
GROWTH_LIMIT = 1_000_000

_tuned = False
_state = {"intervals": 0, "full": 0, "grown": 0}


def tune_once() -> None:
    """Freeze the warmed-up heap and set the collector's policy, once per process, from the
    event loop of the first socket (its loop runs the scheduled work)."""
    global _tuned
    if _tuned or not conf.gc_tuning():
        return
    _tuned = True
    gc.collect()
    gc.freeze()
    interval = conf.gc_interval()
    if interval <= 0:
        gc.set_threshold(*THRESHOLDS)
        return
    gc.disable()
    _state["grown"] = 0
    loop = asyncio.get_running_loop()
    loop.call_later(interval, _scheduled, loop, interval)


def _scheduled(loop: asyncio.AbstractEventLoop, interval: float) -> None:
    on_interval()
    if not loop.is_closed():
        loop.call_later(interval, _scheduled, loop, interval)


def on_interval() -> int:
    """One interval's work: freeze what is new (no walk), or every :data:`FULL_EVERY`
    intervals (sooner if the frozen heap grew by :data:`GROWTH_LIMIT`) thaw the heap, collect
    all of it and freeze it again. Returns the objects the collection found unreachable."""
    _state["intervals"] += 1
    # The young generation's count is the tracked objects made less those freed since the last
    # freeze: the heap's growth, read in constant time (gc.get_freeze_count() walks the whole
    # frozen list: 50-75 ms of every interval on a server with 1,000 spectators).
    _state["grown"] += gc.get_count()[0]
    gc.freeze()
    grown = _state["grown"] > GROWTH_LIMIT
    if _state["intervals"] % FULL_EVERY and not grown:
        return 0
    _state["full"] += 1
    began = time.monotonic()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    logger.info(
        "whole-heap collection (%s): %s objects more since the last, %s unreachable, %.0f ms",
        "growth" if grown else "schedule",
        _state["grown"],
        found,
        (time.monotonic() - began) * 1000,
    )
    _state["grown"] = 0
    return found


def stats() -> dict[str, int]:
    """Scheduled intervals and whole collections so far in this process (tests, the bench)."""
    return {"intervals": _state["intervals"], "full": _state["full"]}
