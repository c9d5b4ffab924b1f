"""Set up, run and tear down one benchmark run (:func:`run`)."""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from games.bench import procs, seating
from games.bench.clients import SocketSpec, client_main


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99, max and mean of seconds, in milliseconds."""
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
        "n": len(ordered),
    }


def read_stalls(logs: list[Any], start: float, end: float, players: int) -> list[dict[str, Any]]:
    """The stalls and collections the servers logged (:mod:`games.live.stalls`) that began in
    the window ``[start, end)``, each with its server (``server i``, or ``spectators' server
    i`` past the first ``players``); every other line of their logs is passed on to this
    process's stderr, and the files closed."""
    from games.live.stalls import parse

    out = []
    for i, log in enumerate(logs):
        log.seek(0)
        name = f"server {i}" if i < players else f"spectators' server {i - players}"
        for raw in log.read().decode(errors="replace").splitlines():
            found = parse(raw)
            if found is None:
                print(raw, file=sys.stderr)
            elif start <= found[2] < end:
                kind, ms, at, detail = found
                out.append({"server": name, "kind": kind, "ms": ms, "at": at, "detail": detail})
        log.close()
    return sorted(out, key=lambda s: s["at"])


def socket_plan(
    *,
    urls: list[str],
    people: list[seating.Seated],
    spectators: list[str],
    spectator_tables: int,
    bot_tables: list[int],
    bot_spectator: str,
    client_processes: int,
    watch_urls: list[str] | None = None,
) -> list[list[SocketSpec]]:
    """Which socket goes to which server process, and which client process opens it.

    Seat ``i`` of the ``t``-th table connects to server ``(t + i) % N``, so with two servers
    or more every move reaches sockets of its table on other processes through the Redis
    channel layer; spectator ``j`` of a table to server ``(t + j) % N``, or, given
    ``watch_urls`` (the spectators' own servers), to one of those by the spectators' address
    ``/ws/watch/``, as a proxy would send them. All the sockets of a table are in the same
    client process (tables dealt round-robin)."""
    order = list(dict.fromkeys(p.table_id for p in people))
    position = {table_id: t for t, table_id in enumerate(order)}
    watched = set(order[:spectator_tables]) if spectators else set()
    plans: list[list[SocketSpec]] = [[] for _ in range(client_processes)]
    n = len(urls)
    for p in people:
        t = position[p.table_id]
        plans[t % client_processes].append(
            SocketSpec(urls[(t + p.seat) % n], p.table_id, p.cookie, p.seat, p.table_id in watched)
        )
    watched_order = order[:spectator_tables]
    for j, cookie in enumerate(spectators if watched_order else []):
        t = j % len(watched_order)
        table_id = watched_order[t]
        k = t + j // len(watched_order)
        spec = (
            SocketSpec(watch_urls[k % len(watch_urls)], table_id, cookie, None, True, "watch")
            if watch_urls
            else SocketSpec(urls[k % n], table_id, cookie, None, True)
        )
        plans[t % client_processes].append(spec)
    for k, table_id in enumerate(bot_tables):
        plans[k % client_processes].append(SocketSpec(urls[k % n], table_id, bot_spectator, None))
    return plans


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
    worker_pool: str = "prefork",
    processes: int = 1,
    client_processes: int = 1,
    spectators: int = 0,
    spectator_tables: int = 10,
    watch_processes: int = 0,
    protocol: str = "parts",
    ws: str = "websockets",
    relay: int = 0,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Set up, run, tear down; returns the figures."""
    from django.db import connections

    load_before = os.getloadavg()
    pace = {"TUTE_BOT_DELAY": str(bot_delay), "TUTE_TRICK_PAUSE": "0", "TUTE_HAND_PAUSE": "0"}
    os.environ.update(pace)
    log(
        f"preparing {tables} tables of 4 people, {spectators} spectators and "
        f"{bot_tables} bot tables…"
    )
    prepared = seating.prepare(tables=tables, spectators=spectators)
    env = procs.server_env(pace)
    app = procs.SITE_APP
    if relay:
        env[procs.RELAY_CHARS_VARIABLE] = str(relay)
        app = procs.RELAY_APP
    ports = [procs.free_port() for _ in range(processes)]
    watch_ports = [procs.free_port() for _ in range(watch_processes if spectators else 0)]
    servers = []
    worker = None
    children: list[tuple[Any, Any]] = []
    logs: list[Any] = []
    start = end = 0.0
    try:
        logs = [tempfile.TemporaryFile() for _ in ports + watch_ports]  # noqa: SIM115 (read_stalls closes them)
        servers = [
            procs.launch_server(port, env, log, ws=ws, app=app)
            for port, log in zip(ports + watch_ports, logs, strict=True)
        ]
        for server, port in zip(servers, ports + watch_ports, strict=True):
            procs.wait_listening(server, port)
        groups = {f"server {i}": [s.pid] for i, s in enumerate(servers[: len(ports)])}
        groups.update(
            {f"spectators' server {i}": [s.pid] for i, s in enumerate(servers[len(ports) :])}
        )
        bots: list[int] = []
        if bot_tables:
            from tute_site.celery import app

            app.control.purge()  # moves left over from an earlier run (a Redis db of its own)
            worker = procs.start_worker(env, worker_concurrency, worker_pool)
            groups["worker"] = [worker.pid]
            time.sleep(2)
            bots = seating.bot_tables(bot_tables, tables, bot_level)
        plans = socket_plan(
            urls=[f"ws://127.0.0.1:{port}" for port in ports],
            people=prepared.people,
            spectators=prepared.spectators[:spectators],
            spectator_tables=min(spectator_tables, tables),
            bot_tables=bots,
            bot_spectator=prepared.spectators[-1],
            client_processes=client_processes,
            watch_urls=[f"ws://127.0.0.1:{port}" for port in watch_ports],
        )
        connections.close_all()  # the children are forked: no connection may be shared
        context = multiprocessing.get_context("fork")
        for plan in plans:
            parent_end, child_end = context.Pipe()
            child = context.Process(
                target=client_main, args=(plan, think, child_end, protocol == "parts")
            )
            child.start()
            children.append((child, parent_end))
        log(
            f"{processes} server process(es) on ports {ports}"
            + (f", spectators' on {watch_ports}" if watch_ports else "")
            + f"; {client_processes} client "
            f"process(es) with {sum(map(len, plans))} sockets (think {think}s); connecting…"
        )
        ready = sum(conn.recv()[1] for _, conn in children)
        start = time.monotonic() + warmup
        end = start + duration
        for _, conn in children:
            conn.send((start, end))
        groups.update({f"client {i}": [c.pid] for i, (c, _) in enumerate(children)})
        time.sleep(max(0.0, start - time.monotonic()))
        groups["postgres (bench db)"] = procs.database_backends()
        groups["redis-server"] = procs.pids_named("redis-server")
        versions_before = seating.table_versions()
        if worker is not None:  # a prefork worker's pool: its children do the work
            groups["worker"] = procs.with_children(worker.pid)
        meter = procs.CpuMeter(groups)
        time.sleep(max(0.0, end - time.monotonic()))
        cpu = meter.read()
        versions_after = seating.table_versions()
        elapsed = end - start
        samples = [conn.recv()[1] for _, conn in children]
        for child, _ in children:
            child.join(10)
    finally:
        for child, _ in children:
            if child.is_alive():
                child.kill()
        for server in servers:
            procs.stop(server)
        procs.stop(worker)
        server_stalls = read_stalls(logs, start, end, len(ports))

    def merged(name: str) -> list[float]:
        return [v for s in samples for v in s[name]]

    moved = sum(v - versions_before.get(pk, 0) for pk, v in versions_after.items())
    errors: dict[str, int] = {}
    for s in samples:
        for code, count in s["errors"].items():
            errors[code] = errors.get(code, 0) + count
    return {
        "tables": tables,
        "bot_tables": bot_tables,
        "think": think,
        "bot_delay": bot_delay,
        "processes": processes,
        "client_processes": client_processes,
        "spectators": spectators,
        "spectator_tables": min(spectator_tables, tables) if spectators else 0,
        "watch_processes": len(watch_ports),
        "protocol": protocol,
        "ws": ws,
        "relay": relay,
        "worker_pool": worker_pool if bot_tables else None,
        "worker_concurrency": worker_concurrency if bot_tables else None,
        "sockets": sum(s["sockets"] for s in samples),
        "sockets_ready": ready,
        "seconds": elapsed,
        "committed_actions_per_s": moved / elapsed,
        "tables_moving": sum(
            versions_after[pk] > versions_before.get(pk, 0) for pk in versions_after
        ),
        "tables_all": len(versions_after),
        "people_actions_per_s": sum(s["answered"] for s in samples) / elapsed,
        "frames_per_s": sum(s["frames"] for s in samples) / elapsed,
        "frame_chars_mean": sum(s["received"] for s in samples)
        / max(1, sum(s["frames"] for s in samples)),
        "latency_own_ms": percentiles(merged("own")),
        "latency_table_ms": percentiles(merged("fanout") + merged("fanout_watched")),
        "latency_table_unwatched_ms": percentiles(merged("fanout")),
        "latency_table_watched_ms": percentiles(merged("fanout_watched")),
        "latency_spectator_ms": percentiles(merged("spectator")),
        "client_loop_lag_ms": percentiles(merged("lag")),
        "client_collections_ms": percentiles(merged("collections")),
        "server_stalls": server_stalls,
        "stall_ms": procs.STALL_MS,
        "errors": errors,
        "stalled_tables": [t for s in samples for t in s["stalled"]],
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "load_before": load_before,
        "load": os.getloadavg(),
    }
