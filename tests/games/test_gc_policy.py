"""The server process's garbage collector (games/live/gc_policy.py).

The first socket of a process freezes the warmed-up heap; then either the event loop freezes
what is new every ``TUTE_GC_INTERVAL`` seconds and collects the whole heap now and then (or
when it grew), with the collector's own collections off, or the automatic collector runs
with spaced-out thresholds.
These run on a real event loop and the real collector, and put it back as they found it.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from games.live import gc_policy


@pytest.fixture
def fresh_policy(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Iterator[None]:
    """A process whose first socket has not come yet; the collector restored afterwards."""
    thresholds = gc.get_threshold()
    monkeypatch.setattr(gc_policy, "_tuned", False)
    monkeypatch.setattr(gc_policy, "_state", {"intervals": 0, "full": 0, "grown": 0})
    settings.TUTE_GC_TUNING = True
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()


class _Node:
    def __init__(self) -> None:
        self.other: Any = self


def _cycle() -> weakref.ref[_Node]:
    """A cycle nothing else refers to (only a collection frees it), and a way to see it go."""
    node = _Node()
    node.other = _Node()
    node.other.other = node
    return weakref.ref(node)


def test_the_event_loop_freezes_what_is_new_and_collects_the_whole_heap_now_and_then(
    fresh_policy: None, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.TUTE_GC_INTERVAL = 0.02
    monkeypatch.setattr(gc_policy, "FULL_EVERY", 4)
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    async def run() -> tuple[bool, bool, bool]:
        gc_policy.tune_once()
        gc_policy.tune_once()  # once per process: the second call changes nothing
        assert gc.get_freeze_count() > 0  # the warmed-up heap is never walked again
        assert not gc.isenabled()  # no collection of the collector's own
        gc.callbacks.append(seen)
        try:
            garbage = _cycle()
            node = id(garbage())
            while gc_policy.stats()["intervals"] < 1:
                await asyncio.sleep(0.005)
            # moved to the frozen heap (no generation holds it), not walked
            frozen_then = all(id(o) != node for o in gc.get_objects())
            kept_until_full = garbage() is not None
            while gc_policy.stats()["full"] < 1:
                await asyncio.sleep(0.005)
            return frozen_then, kept_until_full, garbage() is None
        finally:
            gc.callbacks.remove(seen)

    frozen_then, kept_until_full, freed_by_full = asyncio.run(run())
    assert frozen_then and kept_until_full and freed_by_full
    assert gc_policy.stats()["intervals"] >= 4
    assert collections == [2]  # one walk, of everything, at the fourth interval


def test_growth_brings_the_whole_collection_sooner(
    fresh_policy: None, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.TUTE_GC_INTERVAL = 3600  # the timer never fires here: on_interval is called
    monkeypatch.setattr(gc_policy, "GROWTH_LIMIT", 5000)

    async def run() -> None:
        gc_policy.tune_once()

    asyncio.run(run())
    assert gc_policy.on_interval() == 0 and gc_policy.stats()["full"] == 0
    garbage = _cycle()
    kept = [[i] for i in range(6000)]  # the heap grows past the limit
    gc_policy.on_interval()
    assert gc_policy.stats() == {"intervals": 2, "full": 1}
    assert garbage() is None and len(kept) == 6000


def test_growth_is_what_stays_and_is_read_without_walking_the_heap(
    fresh_policy: None, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Objects made and freed between two intervals are no growth; an interval reads the
    growth from the young generation's count, never by walking the frozen heap (its length
    is a walk of every object: tens of milliseconds on a crowded server)."""
    settings.TUTE_GC_INTERVAL = 3600
    monkeypatch.setattr(gc_policy, "GROWTH_LIMIT", 5000)

    async def run() -> None:
        gc_policy.tune_once()

    asyncio.run(run())

    def walk() -> int:
        raise AssertionError("an interval walked the frozen heap")

    monkeypatch.setattr(gc, "get_freeze_count", walk)
    for _ in range(3):
        passing = [[i] for i in range(4000)]
        del passing
        gc_policy.on_interval()
    assert gc_policy.stats() == {"intervals": 3, "full": 0}
    kept = [[i] for i in range(3000)]
    gc_policy.on_interval()
    assert gc_policy.stats()["full"] == 0  # 3,000 so far
    kept += [[i] for i in range(3000)]
    gc_policy.on_interval()
    assert gc_policy.stats()["full"] == 1  # 6,000 in all: past the limit
    assert len(kept) == 6000


def test_the_loop_going_away_ends_the_schedule(fresh_policy: None, settings: Any) -> None:
    settings.TUTE_GC_INTERVAL = 0.01

    async def run() -> None:
        gc_policy.tune_once()
        await asyncio.sleep(0.05)

    asyncio.run(run())
    done = gc_policy.stats()["intervals"]
    assert done >= 1
    asyncio.run(asyncio.sleep(0.05))  # another loop: nothing was scheduled on it
    assert gc_policy.stats()["intervals"] == done


def test_interval_zero_keeps_the_automatic_collector_spaced_out(
    fresh_policy: None, settings: Any
) -> None:
    settings.TUTE_GC_INTERVAL = 0

    async def run() -> None:
        gc_policy.tune_once()

    asyncio.run(run())
    assert gc.get_threshold() == gc_policy.THRESHOLDS
    assert gc.get_freeze_count() > 0 and gc.isenabled()
    assert gc_policy.stats()["intervals"] == 0


def test_no_tuning_leaves_the_collector_alone(fresh_policy: None, settings: Any) -> None:
    settings.TUTE_GC_TUNING = False
    before = gc.get_threshold()

    async def run() -> None:
        gc_policy.tune_once()

    asyncio.run(run())
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
