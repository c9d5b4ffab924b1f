"""Where a server process stops answering (games/live/stalls.py) and how the benchmark
places it in its window (games/bench/runner.read_stalls, games/bench/report).

The watcher runs on a real event loop, the probe on the real collector; both are put back as
they were found.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import pytest

from games.bench.report import report
from games.bench.runner import read_stalls
from games.live import stalls
from tests.games.helpers import bench_result


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A process whose first socket has not come yet; the collector's callbacks restored."""
    monkeypatch.setattr(stalls, "_watching", False)
    callbacks = list(gc.callbacks)
    yield
    gc.callbacks[:] = callbacks


def _run_blocked(block: float) -> None:
    async def main() -> None:
        stalls.watch_once()
        await asyncio.sleep(0.03)
        time.sleep(block)  # a blocking call on the event loop
        await asyncio.sleep(0.03)
        for task in asyncio.all_tasks() - {asyncio.current_task()}:
            task.cancel()

    asyncio.run(main())


def test_a_held_event_loop_is_logged_with_its_length_and_start(
    fresh: None, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.TUTE_STALL_LOG_MS = 40
    before = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="games.live.stalls"):
        _run_blocked(0.08)
    found = [stalls.parse(r.getMessage()) for r in caplog.records]
    held = [f for f in found if f is not None and f[0] == "stall"]
    assert len(held) == 1
    _, ms, at, _ = held[0]
    # the watcher's last wake-up may come up to a tick before the block: late >= 80 - 10 ms
    assert 80 - 1000 * stalls.TICK <= ms < 500 and before < at < time.monotonic()


def test_short_waits_and_the_default_log_nothing(
    fresh: None, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.TUTE_STALL_LOG_MS = 200
    with caplog.at_level(logging.WARNING, logger="games.live.stalls"):
        _run_blocked(0.02)
    assert not caplog.records
    # Off by default: no watching task, no probe on the collector.
    del settings.TUTE_STALL_LOG_MS
    stalls._watching = False
    callbacks = len(gc.callbacks)
    with caplog.at_level(logging.WARNING, logger="games.live.stalls"):
        _run_blocked(0.05)
    assert not caplog.records and len(gc.callbacks) == callbacks and not stalls._watching


def test_a_collection_is_logged_with_its_generation(
    fresh: None, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.TUTE_STALL_LOG_MS = 0.0001  # every collection takes longer than 0.1 µs

    async def main() -> None:
        stalls.watch_once()
        gc.collect(1)
        for task in asyncio.all_tasks() - {asyncio.current_task()}:
            task.cancel()

    with caplog.at_level(logging.WARNING, logger="games.live.stalls"):
        asyncio.run(main())
    lines = [r.getMessage() for r in caplog.records if "collection" in r.getMessage()]
    assert lines and "generation 1" in lines[0]
    assert stalls.parse(lines[0])[0] == "collection"  # type: ignore[index]


def test_the_bench_keeps_the_window_s_stalls_and_passes_the_other_lines_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    logs = []
    for text in (
        "WARNING x tute-stall stall 120.0 ms at 10.500\nTraceback: boom\n"
        "WARNING x tute-stall stall 30.0 ms at 99.000\n",
        "WARNING x tute-stall collection 600.0 ms at 11.000 generation 2 collected 5\n",
    ):
        f = tempfile.TemporaryFile()  # noqa: SIM115 (read_stalls closes it)
        f.write(text.encode())
        logs.append(f)
    got = read_stalls(logs, 10.0, 20.0, players=1)
    assert got == [
        {"server": "server 0", "kind": "stall", "ms": 120.0, "at": 10.5, "detail": ""},
        {
            "server": "spectators' server 0",
            "kind": "collection",
            "ms": 600.0,
            "at": 11.0,
            "detail": "generation 2 collected 5",
        },
    ]
    assert "Traceback: boom" in capsys.readouterr().err
    assert all(f.closed for f in logs)
    text = report(bench_result(server_stalls=got, stall_ms=20))
    assert "  stalls: 1, total 120 ms, max 120.0 ms" in text
    assert "  collections: 1, total 600 ms, max 600.0 ms" in text
    assert (
        "longest: spectators' server 0 collection 600 ms (generation 2 collected 5); "
        "server 0 stall 120 ms"
    ) in text
