"""The benchmark's figures as text (``manage.py bench_tables`` without ``--json``)."""

from __future__ import annotations

from typing import Any


def _lat(p: dict[str, float]) -> str:
    if not p:
        return "n/a"
    return (
        f"p50 {p['p50']:.1f} ms, p95 {p['p95']:.1f} ms, p99 {p['p99']:.1f} ms, "
        f"max {p['max']:.1f} ms ({p['n']:.0f} samples)"
    )


def _cpu(result: dict[str, Any]) -> list[str]:
    cpu = dict(result["cpu"])
    machine = cpu.pop("machine")
    lines = []
    for name, share in cpu.items():
        line = f"  {name}: {share * 100:.0f}% of a core"
        if name == "worker" and result.get("worker_pool") == "prefork":
            # a process per task at once: its ceiling is that many cores
            limit = int(result.get("worker_concurrency") or 1)
            line += (
                f" (prefork, {limit} processes; headroom to their limit of {limit} "
                f"core(s): {max(0.0, limit - share) * 100:.0f}% of a core)"
            )
        elif name.startswith(("server", "spectators' server", "client", "worker")):
            # one Python process: one event loop (or the GIL) is its ceiling, one core
            line += f" (headroom to its own limit of one core: {max(0.0, 1 - share) * 100:.0f}%)"
        lines.append(line)
    ours = sum(cpu.values())
    servers = sum(v for k, v in cpu.items() if k.startswith("server"))
    moves = moves_per_s(result)
    if moves:
        # what a move costs the servers whatever share of the machine they got
        lines.append(
            f"  server CPU per move: {servers * 1000 / moves:.1f} ms "
            f"(a core's worth: {moves / servers:.0f} moves/s)"
            if servers
            else "  server CPU per move: n/a"
        )
        watching = sum(v for k, v in cpu.items() if k.startswith("spectators' server"))
        if watching:
            lines.append(
                f"  spectators' servers' CPU per move: {watching * 1000 / moves:.1f} ms "
                "(not in the line above)"
            )
    lines.append(
        f"  machine: {machine:.2f} of {result['cpus']} cores busy; the processes above "
        f"{ours:.2f} (the rest: other work on the machine)"
    )
    if moves and ours:
        # every process above (servers, clients, PostgreSQL, Redis...) shares the same cores:
        # at what a move cost them all, the cores carry at most this many, however the work
        # is split among server processes
        lines.append(
            f"  the machine's ceiling at these costs: {result['cpus'] * moves / ours:.0f} "
            f"moves/s ({ours * 1000 / moves:.1f} ms of CPU a move for the processes above, "
            f"on {result['cpus']} cores)"
        )
    return lines


def moves_per_s(result: dict[str, Any]) -> float:
    """The run's moves a second: committed to the database; in a relay run (which writes
    nothing, :mod:`games.bench.relay`), the people's moves answered."""
    if result.get("relay"):
        return float(result["people_actions_per_s"])
    return float(result["committed_actions_per_s"])


def _stalls(result: dict[str, Any]) -> list[str]:
    """The servers' stalls and collections of the window (games.live.stalls)."""
    stalls = result.get("server_stalls")
    if stalls is None:
        return []
    lines = [f"the servers' event-loop stalls and collections from {result['stall_ms']} ms:"]
    for kind in ("stall", "collection"):
        of = [s["ms"] for s in stalls if s["kind"] == kind]
        lines.append(
            f"  {kind}s: {len(of)}"
            + (f", total {sum(of):.0f} ms, max {max(of):.1f} ms" if of else "")
        )
    longest = sorted(stalls, key=lambda s: -s["ms"])[:5]
    if longest:
        lines.append(
            "  longest: "
            + "; ".join(
                f"{s['server']} {s['kind']} {s['ms']:.0f} ms"
                + (f" ({s['detail']})" * bool(s.get("detail")))
                for s in longest
            )
        )
    return lines


def report(result: dict[str, Any]) -> str:
    lines = [
        f"tables: {result['tables']} of 4 people (think {result['think']} s), "
        f"{result['bot_tables']} of 4 bots (delay {result['bot_delay']} s), "
        f"{result['spectators']} spectators on {result['spectator_tables']} tables; "
        f"{result['sockets']} sockets ({result['sockets_ready']} ready); "
        f"{result['processes']} server process(es)"
        + (
            f" and {result['watch_processes']} for the spectators"
            if result.get("watch_processes")
            else ""
        )
        + f", {result['client_processes']} client "
        f"process(es); clients speak {result.get('protocol', 'html')}; "
        f"uvicorn's {result.get('ws', 'websockets-sansio')} WebSockets; "
        f"{result['cpus']} CPUs, load {result['load_before'][0]:.1f} before, "
        f"{result['load'][0]:.1f} after",
        (
            f"a bare relay (no engine, no database, no render; frames of about "
            f"{result['relay']} characters): moves relayed/s: {moves_per_s(result):.1f}  "
            if result.get("relay")
            else f"actions/s committed: {result['committed_actions_per_s']:.1f}  "
        )
        + f"(people's moves answered: {result['people_actions_per_s']:.1f}/s; "
        f"frames received: {result['frames_per_s']:.0f}/s of "
        f"{result['frame_chars_mean'] / 1000:.1f} k characters on average)"
        + (
            ""  # a relay writes no table: its moves are the answers counted above
            if result.get("relay")
            else "; tables that moved in the window: "
            f"{result['tables_moving']} of {result['tables_all']}"
        ),
        f"latency to the mover's socket: {_lat(result['latency_own_ms'])}",
        f"latency to all 4 sockets:      {_lat(result['latency_table_ms'])}",
    ]
    if result["spectators"]:
        lines += [
            f"  tables with spectators:      {_lat(result['latency_table_watched_ms'])}",
            f"  tables without:              {_lat(result['latency_table_unwatched_ms'])}",
            f"latency to the spectators:     {_lat(result['latency_spectator_ms'])}",
        ]
    lines += [
        f"the clients' own event-loop lag: {_lat(result['client_loop_lag_ms'])}",
        f"the clients' own garbage collections: {_lat(result.get('client_collections_ms', {}))}",
        *_stalls(result),
        f"errors: {result['errors'] or 'none'}",
        f"stalled tables (no seat's last state says it is his turn): "
        f"{len(result['stalled_tables'])} {result['stalled_tables'][:5]}",
        "CPU over the window:",
        *_cpu(result),
    ]
    return "\n".join(lines)
