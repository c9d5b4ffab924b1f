"""The live-table benchmark (``manage.py bench_tables``): real server, real sockets, loopback.

What it runs, production-like (PostgreSQL, Redis channel layer and broker):

* the ASGI server, ``uvicorn tute_site.asgi:application`` with ``tute_site.settings.production``,
  one process, as a subprocess;
* a Celery worker subprocess for the bot-only tables (their moves are Celery tasks, paced by
  ``TUTE_BOT_DELAY``);
* ``--tables`` tables of four scripted people: 4 WebSocket clients each, logged in through a
  session cookie, each playing a legal card (the first the server lists) ``--think`` seconds
  (±50%) after its turn comes; ``--think 0`` saturates the server;
* ``--bot-tables`` tables of four bots, each watched by one spectator socket.

What it measures, over ``--duration`` seconds after ``--warmup``:

* actions per second: the moves committed to the database (all tables), and the scripted
  people's moves the server answered;
* latency: from a client sending its move to that client receiving the state that includes it
  (the broadcast), and to the last of the table's four sockets receiving it (p50, p95, p99,
  max);
* the CPU used by the server process and by the worker (from /proc).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH_SOURCE = "bench"
USER_PREFIX = "bench-"
ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------- set-up


@dataclass
class Seated:
    table_id: int
    cookie: str
    seat: int


def prepare(*, tables: int, bot_tables: int, bot_level: str) -> tuple[list[Seated], list[int], str]:
    """Fresh bench users, sessions and tables; returns the people, the bot tables and a
    spectator's cookie."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from games import services
    from games.models import Table
    from games.services import SeatSpec

    User = get_user_model()
    Table.objects.filter(source_kind=BENCH_SOURCE).delete()
    User.objects.filter(username__startswith=USER_PREFIX).delete()
    count = tables * 4 + 1
    User.objects.bulk_create(
        User(username=f"{USER_PREFIX}{i}", email=f"{USER_PREFIX}{i}@example.com", password="!")
        for i in range(count)
    )
    users = list(User.objects.filter(username__startswith=USER_PREFIX).order_by("pk"))
    backend = settings.AUTHENTICATION_BACKENDS[0]

    def cookie_for(user: Any) -> str:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = backend
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        return str(session.session_key)

    people = []
    for t in range(tables):
        group = users[4 * t : 4 * t + 4]
        table = services.table_create(
            creator=group[0],
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[SeatSpec(user=u) for u in group],
            source_kind=BENCH_SOURCE,
            source_id=t,
        )
        people += [Seated(table.pk, cookie_for(u), i) for i, u in enumerate(group)]
    bots = []
    for t in range(bot_tables):
        table = services.table_create(
            creator=None,
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[SeatSpec(bot_level=bot_level)] * 4,
            source_kind=BENCH_SOURCE,
            source_id=tables + t,
        )
        bots.append(table.pk)
    return people, bots, cookie_for(users[-1])


def committed_actions() -> int:
    from django.db.models import Sum

    from games.models import Table

    total = Table.objects.filter(source_kind=BENCH_SOURCE).aggregate(v=Sum("version"))["v"]
    return int(total or 0)


# ----------------------------------------------------------------------------- processes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(extra: dict[str, str]) -> dict[str, str]:
    from django.conf import settings

    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="tute_site.settings.production",
        DJANGO_SECRET_KEY=settings.SECRET_KEY,  # the sessions made here must verify there
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_HTTPS="0",
        DJANGO_LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    env.update(extra)
    return env


def start_server(port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    from games.live.frames import WS_MAX_SIZE  # frames over it are refused unread

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "tute_site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
            "--ws",
            "websockets-sansio",
            "--ws-max-size",
            str(WS_MAX_SIZE),
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the ASGI server exited")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the ASGI server did not start")


def start_worker(env: dict[str, str], concurrency: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tute_site",
            "worker",
            "--loglevel",
            os.environ.get("BENCH_WORKER_LOGLEVEL", "WARNING"),
            "--pool",
            "threads",
            "--concurrency",
            str(concurrency),
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            *os.environ.get("BENCH_WORKER_ARGS", "").split(),
        ],
        cwd=ROOT,
        env=env,
    )


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


# ----------------------------------------------------------------------------- clients


@dataclass
class Stats:
    measuring: bool = False
    own: list[float] = field(default_factory=list)
    fanout: list[float] = field(default_factory=list)
    answered: int = 0
    frames: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    #: how late the client's own event loop woke up (its lag inflates every latency)
    lag: list[float] = field(default_factory=list)
    #: (table id, version acted on) -> (send time, ids of the sockets that have seen it)
    pending: dict[tuple[int, int], tuple[float, set[int]]] = field(default_factory=dict)


class Client:
    """One socket: a scripted person who plays the first legal move after thinking, or a
    spectator (``who`` None)."""

    def __init__(
        self,
        url: str,
        origin: str,
        who: Seated | None,
        table_id: int,
        cookie: str,
        think: float,
        stats: Stats,
        sockets_per_table: int,
    ) -> None:
        self.url = f"{url}/ws/tables/{table_id}/"
        self.headers = {"Origin": origin, "Cookie": f"sessionid={cookie}"}
        self.who = who
        self.table_id = table_id
        self.think = think
        self.stats = stats
        self.sockets = sockets_per_table
        self.acted_at = -1
        self.version = -1
        self.sent_at: tuple[int, float] | None = None
        self.stop = False

    async def run(self) -> None:
        import websockets

        async with websockets.connect(
            self.url, additional_headers=self.headers, max_size=2**22, compression=None
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "version": None, "lang": "es"}))
            while not self.stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                frame = json.loads(raw)
                stats = self.stats
                stats.frames += 1
                if frame["type"] == "error":
                    stats.errors[frame["code"]] = stats.errors.get(frame["code"], 0) + 1
                    continue
                if frame["type"] != "state":
                    continue
                version = frame["version"]
                self.version = max(self.version, version)
                self._record(version, now)
                if (
                    self.who is not None
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
        stats = self.stats
        if self.sent_at is not None and version > self.sent_at[0]:
            if stats.measuring:
                stats.own.append(now - self.sent_at[1])
                stats.answered += 1
            self.sent_at = None
        if self.who is None:
            return
        for key in [k for k in stats.pending if k[0] == self.table_id and k[1] < version]:
            sent, seen = stats.pending[key]
            seen.add(id(self))
            if len(seen) == self.sockets:
                del stats.pending[key]
                if stats.measuring:
                    stats.fanout.append(now - sent)

    async def _act(self, ws: Any, action: str, version: int) -> None:
        if self.think:
            await asyncio.sleep(self.think * random.uniform(0.5, 1.5))
        if self.stop or self.version != version:
            return
        now = time.perf_counter()
        self.sent_at = (version, now)
        self.stats.pending[(self.table_id, version)] = (now, set())
        await ws.send(json.dumps({"type": "act", "action": action, "version": version}))


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)

    def at(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))] * 1000

    return {
        "p50": at(0.50),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": ordered[-1] * 1000,
        "mean": statistics.fmean(ordered) * 1000,
    }


async def drive(
    *,
    url: str,
    people: list[Seated],
    bot_tables: list[int],
    spectator: str,
    think: float,
    warmup: float,
    duration: float,
    committed: Callable[[], int],
    pids: dict[str, int],
) -> dict[str, Any]:
    stats = Stats()
    origin = url.replace("ws://", "http://")
    clients = [Client(url, origin, p, p.table_id, p.cookie, think, stats, 4) for p in people]
    clients += [Client(url, origin, None, t, spectator, 0, stats, 1) for t in bot_tables]
    tasks = []
    for i in range(0, len(clients), 50):  # connect in waves, as a room fills up
        for c in clients[i : i + 50]:
            tasks.append(asyncio.create_task(c.run()))
        await asyncio.sleep(0.1)

    async def watch_lag() -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            if stats.measuring:
                stats.lag.append(time.perf_counter() - before - 0.01)

    lag_task = asyncio.create_task(watch_lag())
    await asyncio.sleep(warmup)
    loop = asyncio.get_running_loop()
    start_actions = await loop.run_in_executor(None, committed)
    start_cpu = {name: cpu_seconds(pid) for name, pid in pids.items()}
    start_frames = stats.frames
    stats.measuring = True
    started = time.perf_counter()
    await asyncio.sleep(duration)
    stats.measuring = False
    elapsed = time.perf_counter() - started
    end_actions = await loop.run_in_executor(None, committed)
    cpu = {name: (cpu_seconds(pid) - start_cpu[name]) / elapsed for name, pid in pids.items()}
    frames = stats.frames - start_frames
    for c in clients:
        c.stop = True
    lag_task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "sockets": len(clients),
        "seconds": elapsed,
        "committed_actions_per_s": (end_actions - start_actions) / elapsed,
        "people_actions_per_s": stats.answered / elapsed,
        "frames_per_s": frames / elapsed,
        "latency_own_ms": percentiles(stats.own),
        "latency_table_ms": percentiles(stats.fanout),
        "client_loop_lag_ms": percentiles(stats.lag),
        "errors": stats.errors,
        "cpu": cpu,
    }


def run(
    *,
    tables: int,
    bot_tables: int,
    think: float,
    warmup: float,
    duration: float,
    bot_delay: float,
    bot_level: str,
    worker_concurrency: int,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Set up, run, tear down; returns the figures."""
    from django.db import close_old_connections

    os.environ.update(TUTE_BOT_DELAY=str(bot_delay), TUTE_TRICK_PAUSE="0", TUTE_HAND_PAUSE="0")
    log(f"preparing {tables} tables of 4 people and {bot_tables} bot tables…")
    people, bots, spectator = prepare(tables=tables, bot_tables=0, bot_level=bot_level)
    close_old_connections()
    port = free_port()
    env = server_env(
        {"TUTE_BOT_DELAY": str(bot_delay), "TUTE_TRICK_PAUSE": "0", "TUTE_HAND_PAUSE": "0"}
    )
    server = worker = None
    try:
        server = start_server(port, env)
        pids = {"server": server.pid}
        if bot_tables:
            from tute_site.celery import app

            app.control.purge()  # moves left over from an earlier run (a Redis db of its own)
            worker = start_worker(env, worker_concurrency)
            pids["worker"] = worker.pid
            time.sleep(2)
            bots = _bot_tables(bot_tables, tables, bot_level)
        log(
            f"server pid {server.pid} on port {port}; driving {len(people)} people "
            f"(think {think}s) and {len(bots)} bot tables for {warmup}+{duration}s…"
        )
        try:
            import uvloop

            uvloop.install()
        except ImportError:  # pragma: no cover
            pass
        # The load generator's own collector pauses would count as server latency.
        import gc

        from games.live.consumers import GC_THRESHOLDS

        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        result = asyncio.run(
            drive(
                url=f"ws://127.0.0.1:{port}",
                people=people,
                bot_tables=bots,
                spectator=spectator,
                think=think,
                warmup=warmup,
                duration=duration,
                committed=committed_actions,
                pids=pids,
            )
        )
    finally:
        stop(server)
        stop(worker)
    result.update(
        tables=tables,
        bot_tables=bot_tables,
        think=think,
        bot_delay=bot_delay,
        cpus=os.cpu_count(),
        load=os.getloadavg(),
    )
    return result


def _bot_tables(count: int, offset: int, level: str) -> list[int]:
    from games import services
    from games.services import SeatSpec

    out = []
    for t in range(count):
        table = services.table_create(
            creator=None,
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[SeatSpec(bot_level=level)] * 4,
            source_kind=BENCH_SOURCE,
            source_id=offset + t,
        )
        out.append(table.pk)
    return out


def report(result: dict[str, Any]) -> str:
    def lat(name: str) -> str:
        p = result[name]
        if not p:
            return "n/a"
        return (
            f"p50 {p['p50']:.1f} ms, p95 {p['p95']:.1f} ms, p99 {p['p99']:.1f} ms, "
            f"max {p['max']:.1f} ms"
        )

    cpu = ", ".join(f"{k} {v * 100:.0f}%" for k, v in result["cpu"].items())
    return "\n".join(
        [
            f"tables: {result['tables']} of 4 people (think {result['think']} s), "
            f"{result['bot_tables']} of 4 bots (delay {result['bot_delay']} s); "
            f"{result['sockets']} sockets; {result['cpus']} CPUs, load {result['load'][0]:.1f}",
            f"actions/s committed: {result['committed_actions_per_s']:.1f}  "
            f"(people's moves answered: {result['people_actions_per_s']:.1f}/s; "
            f"frames sent: {result['frames_per_s']:.0f}/s)",
            f"latency to the mover's socket: {lat('latency_own_ms')}",
            f"latency to all 4 sockets:      {lat('latency_table_ms')}",
            f"the clients' own event-loop lag: {lat('client_loop_lag_ms')}",
            f"CPU: {cpu}; errors: {result['errors'] or 'none'}",
        ]
    )
