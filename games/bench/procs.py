"""The benchmark's server-side processes (uvicorn servers, a Celery worker) and the CPU
figures read from ``/proc`` (Linux)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent


#: A server's event-loop stalls and collections from this long are logged and reported.
STALL_MS = 20


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
        DJANGO_LOG_LEVEL=os.environ.get("BENCH_SERVER_LOG_LEVEL", "WARNING"),
        PYTHONPATH=str(ROOT),
        # The figures are of moves: no hand analysis queued at each hand's end (its search
        # would share the worker with the bots' moves). BENCH_ANALYSIS=1 measures with it.
        TUTE_ANALYSIS_AUTO=os.environ.get("BENCH_ANALYSIS", "0"),
        # Where the servers stop answering (games.live.stalls), placed in the window.
        TUTE_STALL_LOG_MS=os.environ.get("BENCH_STALL_MS", str(STALL_MS)),
    )
    env.update(extra)
    return env


#: uvicorn's WebSocket implementations the benchmark can run. ``websockets`` is what uvicorn
#: picks by itself with the websockets package installed ("auto"), so what the Procfile and
#: ``make run`` serve; ``websockets-sansio`` is what the browser tests run (and what this
#: benchmark ran until 2026-11-28).
WS_IMPLEMENTATIONS = ("websockets", "websockets-sansio")


#: The ASGI application the servers run: the site (as the Procfile's ``web``), or the bare
#: relay that measures the machine's floor (:mod:`games.bench.relay`).
SITE_APP = "tute_site.asgi:application"
RELAY_APP = "games.bench.relay:application"
#: The relay's frames are padded to this many characters (``bench_tables --relay``).
RELAY_CHARS_VARIABLE = "BENCH_RELAY_CHARS"


def launch_server(
    port: int,
    env: dict[str, str],
    stderr: Any = None,
    ws: str = "websockets",
    app: str = SITE_APP,
) -> subprocess.Popen[bytes]:
    """One uvicorn process serving ``app`` (the site, as the Procfile's ``web``) on ``port``
    with the WebSocket implementation ``ws``; its log to ``stderr`` (a file), or to the
    benchmark's own."""
    if ws not in WS_IMPLEMENTATIONS:
        raise ValueError(f"ws={ws!r}; use one of {', '.join(WS_IMPLEMENTATIONS)}")
    from games.live.frames import WS_MAX_SIZE  # frames over it are refused unread

    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            app,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
            "--ws",
            ws,
            "--ws-max-size",
            str(WS_MAX_SIZE),
        ],
        cwd=ROOT,
        env=env,
        stderr=stderr,
    )


def wait_listening(process: subprocess.Popen[bytes], port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("an ASGI server exited")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("an ASGI server did not start")


#: Celery pools the benchmark's worker can run. ``prefork`` is Celery's default, so what the
#: Procfile's ``worker`` runs; ``threads`` is what this benchmark ran until 2026-11-28.
WORKER_POOLS = ("prefork", "threads")


def start_worker(
    env: dict[str, str], concurrency: int, pool: str = "prefork"
) -> subprocess.Popen[bytes]:
    if pool not in WORKER_POOLS:
        raise ValueError(f"pool={pool!r}; use one of {', '.join(WORKER_POOLS)}")
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
            pool,
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


def stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


# ----------------------------------------------------------------------------- CPU


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process, all its threads (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def machine_busy_seconds() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine, every core (``/proc/stat``)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]  # idle + iowait
    total = sum(fields[:8])  # guest time is already counted in user
    return (total - idle) / ticks, total / ticks


def pids_named(name: str) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    out.append(int(entry.name))
            except OSError:
                continue
    return out


def database_backends() -> list[int]:
    """The PostgreSQL backends connected to the bench's database now (one per connection of
    the servers, the worker and this process)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
        return [int(row[0]) for row in cursor.fetchall()]


def with_children(pid: int) -> list[int]:
    """``pid`` and its child processes (a prefork worker's pool), as ``/proc`` lists them."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return [pid, *(int(child) for child in listed.read().split())]
    except OSError:
        return [pid]


class CpuMeter:
    """CPU used over a window by named groups of processes, and by the whole machine."""

    def __init__(self, groups: dict[str, list[int]]) -> None:
        self.groups = groups
        self.start = {name: [cpu_seconds(p) for p in pids] for name, pids in groups.items()}
        self.machine = machine_busy_seconds()
        self.began = time.monotonic()

    def read(self) -> dict[str, float]:
        """Each group's CPU as a fraction of one core (1.0 = a core), and ``machine``: the
        cores busy in all (any process of anyone), and ``cores``."""
        elapsed = time.monotonic() - self.began
        out = {}
        for name, pids in self.groups.items():
            used = sum(
                max(0.0, cpu_seconds(p) - before)
                for p, before in zip(pids, self.start[name], strict=True)
            )
            out[name] = used / elapsed
        busy, total = machine_busy_seconds()
        cores = os.cpu_count() or 1
        out["machine"] = (busy - self.machine[0]) / max(1e-9, total - self.machine[1]) * cores
        return out
