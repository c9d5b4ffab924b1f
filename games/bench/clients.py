"""The benchmark's clients: scripted people and spectators on WebSockets.

They run in client processes of their own (:func:`client_main`, forked by the runner), each
with one event loop; every socket of a table is in the same client process, so one process
sees all of a table's frames. The measuring window is given as ``time.monotonic()`` instants,
the same clock in every process of the machine.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

PEOPLE_PER_TABLE = 4
#: seconds without a state at any of a table's people (none to move) that make it stalled
STALL = 5.0
#: sockets of one client process between connecting and their first state, at most
HANDSHAKES = 20


@dataclass(frozen=True)
class SocketSpec:
    """One socket to open: a seated person (``seat``) or a spectator (``seat`` None)."""

    url: str
    table_id: int
    cookie: str
    seat: int | None
    #: whether the table has spectators (its people's latencies are reported apart)
    watched: bool = False
    #: the socket's address: ``tables`` (the players') or ``watch`` (the spectators')
    route: str = "tables"


@dataclass
class Stats:
    start: float = float("inf")
    end: float = float("inf")
    own: list[float] = field(default_factory=list)
    fanout: list[float] = field(default_factory=list)
    fanout_watched: list[float] = field(default_factory=list)
    spectator: list[float] = field(default_factory=list)
    answered: int = 0
    frames: int = 0
    received: int = 0  # characters of the frames received in the window
    errors: dict[str, int] = field(default_factory=dict)
    #: how late the client's own event loop woke up (its lag inflates every latency)
    lag: list[float] = field(default_factory=list)
    #: the client's own garbage collections (seconds each)
    collections: list[float] = field(default_factory=list)

    def measuring(self, now: float) -> bool:
        return self.start <= now < self.end

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class TableTrack:
    """The moves sent at one table, until all its people (and its spectators) saw them."""

    def __init__(self, watched: bool) -> None:
        self.watched = watched
        #: version acted on -> (send time, people's sockets that have seen the result)
        self.pending: dict[int, tuple[float, set[int]]] = {}
        #: the last moves sent (version acted on, send time), for the spectators
        self.recent: deque[tuple[int, float]] = deque(maxlen=32)


class Client:
    """One socket: a scripted person who plays the first legal move after thinking, or a
    spectator."""

    def __init__(
        self,
        spec: SocketSpec,
        index: int,
        track: TableTrack,
        think: float,
        stats: Stats,
        parts: bool = True,
    ) -> None:
        self.url = f"{spec.url}/ws/{spec.route}/{spec.table_id}/"
        origin = spec.url.replace("ws://", "http://")
        self.headers = {"Origin": origin, "Cookie": f"sessionid={spec.cookie}"}
        self.person = spec.seat is not None
        self.index = index
        self.track = track
        self.think = think
        self.stats = stats
        self.acted_at = -1
        self.version = -1
        self.sent_at: tuple[int, float] | None = None
        self.ready = False
        self.stop = False
        self.gate: asyncio.Semaphore | None = None
        self.spec = spec
        #: the browser's protocol (the table in parts, then only the changed ones) or whole html
        self.parts = parts
        #: (version, your turn) of the last state received
        self.last: tuple[int, bool] = (-1, False)
        self.last_at = time.monotonic()

    async def run(self, gate: asyncio.Semaphore) -> None:
        """Connect once ``gate`` lets this socket in (a few handshakes at a time, as a room
        fills up) and hold the gate until the first state arrives."""
        self.gate = gate
        await gate.acquire()
        try:
            await self._run()
        except Exception as exc:  # a refused handshake, a closed socket: counted, shown
            if not self.stop:
                self.stats.error(f"socket:{type(exc).__name__}")
        finally:
            self._let_next_in()

    def _let_next_in(self) -> None:
        if self.gate is not None:
            self.gate.release()
            self.gate = None

    async def _run(self) -> None:
        import websockets

        async with websockets.connect(
            self.url,
            additional_headers=self.headers,
            max_size=2**22,
            compression=None,
            open_timeout=120,
        ) as ws:
            hello = {"type": "hello", "version": None, "lang": "es"}
            if self.parts:
                hello["parts"] = 1
            await ws.send(json.dumps(hello))
            while not self.stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                now = time.monotonic()
                frame = json.loads(raw)
                stats = self.stats
                if stats.measuring(now):
                    stats.frames += 1
                    stats.received += len(raw)
                if frame["type"] == "error":
                    stats.error(frame["code"])
                    continue
                if frame["type"] != "state":
                    continue
                self.ready = True
                self._let_next_in()
                version = frame["version"]
                self.last = (version, bool(frame.get("your_turn")))
                self.last_at = now
                self._record(version, now)
                self.version = max(self.version, version)
                if (
                    self.person
                    and frame["your_turn"]
                    and frame["legal"]
                    and frame["status"] == "playing"
                    and version > self.acted_at
                ):
                    self.acted_at = version
                    asyncio.get_running_loop().create_task(
                        self._act(ws, frame["legal"][0], version)
                    )

    def _record(self, version: int, now: float) -> None:
        stats, track = self.stats, self.track
        measuring = stats.measuring(now)
        if self.sent_at is not None and version > self.sent_at[0]:
            if measuring:
                stats.own.append(now - self.sent_at[1])
                stats.answered += 1
            self.sent_at = None
        if not self.person:
            # every move sent at this table that this state is the first to show
            if measuring and self.version >= 0:
                for acted, sent in track.recent:
                    if self.version <= acted < version:
                        stats.spectator.append(now - sent)
            return
        for acted in [v for v in track.pending if v < version]:
            sent, seen = track.pending[acted]
            seen.add(self.index)
            if len(seen) == PEOPLE_PER_TABLE:
                del track.pending[acted]
                if measuring:
                    (stats.fanout_watched if track.watched else stats.fanout).append(now - sent)

    async def _act(self, ws: Any, action: str, version: int) -> None:
        if self.think:
            await asyncio.sleep(self.think * random.uniform(0.5, 1.5))
        if self.stop or self.version != version:
            return
        now = time.monotonic()
        self.sent_at = (version, now)
        self.track.pending[version] = (now, set())
        self.track.recent.append((version, now))
        await ws.send(json.dumps({"type": "act", "action": action, "version": version}))


async def drive(
    specs: list[SocketSpec], think: float, conn: Any, parts: bool = True
) -> dict[str, Any]:
    """Open the sockets (a few handshakes at a time), say when they are all in, measure
    over the window the runner sends back, close them; returns the raw samples."""
    stats = Stats()
    tracks: dict[int, TableTrack] = {}
    clients = []
    for i, spec in enumerate(specs):
        track = tracks.setdefault(spec.table_id, TableTrack(spec.watched))
        clients.append(Client(spec, i, track, think, stats, parts))
    gate = asyncio.Semaphore(HANDSHAKES)
    tasks = [asyncio.create_task(c.run(gate)) for c in clients]
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not all(
        c.ready or t.done() for c, t in zip(clients, tasks, strict=True)
    ):
        await asyncio.sleep(0.05)
    loop = asyncio.get_running_loop()
    conn.send(("ready", sum(c.ready for c in clients)))
    stats.start, stats.end = await loop.run_in_executor(None, conn.recv)

    async def watch_lag() -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.01)
            now = time.monotonic()
            if stats.measuring(now):
                stats.lag.append(now - before - 0.01)

    began: list[float] = []

    def probe(phase: str, info: dict[str, int]) -> None:
        now = time.monotonic()
        if phase == "start":
            began[:] = [now]
        elif began and stats.measuring(now):
            stats.collections.append(now - began[0])

    gc.callbacks.append(probe)
    lag_task = asyncio.create_task(watch_lag())
    await asyncio.sleep(max(0.0, stats.end - time.monotonic()))
    for c in clients:
        c.stop = True
    lag_task.cancel()
    gc.callbacks.remove(probe)
    await asyncio.gather(*tasks, return_exceptions=True)
    # A table whose people all wait: none of them got a state in the last STALL seconds and
    # none's last state says it is his turn (a lost frame stops a scripted table for good).
    now = time.monotonic()
    stalled = []
    for table_id in tracks:
        seated = [c for c in clients if c.person and c.spec.table_id == table_id]
        quiet = all(now - c.last_at > STALL for c in seated)
        if seated and quiet and not any(c.last[1] for c in seated):
            stalled.append(
                {
                    "table": table_id,
                    "seen": [(c.spec.seat, c.spec.url[-5:], c.last[0]) for c in seated],
                }
            )
    return {
        "stalled": stalled,
        "sockets": len(clients),
        "ready": sum(c.ready for c in clients),
        "own": stats.own,
        "fanout": stats.fanout,
        "fanout_watched": stats.fanout_watched,
        "spectator": stats.spectator,
        "answered": stats.answered,
        "frames": stats.frames,
        "received": stats.received,
        "errors": stats.errors,
        "lag": stats.lag,
        "collections": stats.collections,
    }


def client_main(specs: list[SocketSpec], think: float, conn: Any, parts: bool = True) -> None:
    """A client process (forked): drive ``specs`` and send the samples back over ``conn``."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:  # pragma: no cover
        pass
    # The load generator's own collector pauses would count as server latency.
    from games.live.gc_policy import THRESHOLDS as GC_THRESHOLDS

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    conn.send(("result", asyncio.run(drive(specs, think, conn, parts))))
    conn.close()
