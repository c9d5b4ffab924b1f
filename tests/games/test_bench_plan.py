"""The live-table benchmark's socket plan (``games.bench.runner.socket_plan``): how sockets
spread over server processes and client processes. (The benchmark itself prints figures; it
is run by hand, not by the tests.)"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from pathlib import Path

import pytest
from uvicorn.config import WS_PROTOCOLS

from games.bench import procs
from games.bench.runner import percentiles, socket_plan
from games.bench.seating import Seated
from games.management.commands.bench_tables import Command
from tests.games.helpers import bench_result

URLS = ["ws://a", "ws://b"]


def people(tables: int) -> list[Seated]:
    return [Seated(100 + t, f"c{t}-{i}", i) for t in range(tables) for i in range(4)]


def test_every_table_spans_both_servers_and_stays_in_one_client_process() -> None:
    plans = socket_plan(
        urls=URLS,
        people=people(6),
        spectators=[],
        spectator_tables=10,
        bot_tables=[],
        bot_spectator="x",
        client_processes=2,
    )
    assert len(plans) == 2
    servers = defaultdict(set)
    clients = defaultdict(set)
    for k, plan in enumerate(plans):
        for spec in plan:
            servers[spec.table_id].add(spec.url)
            clients[spec.table_id].add(k)
            assert not spec.watched
    assert len(servers) == 6
    # each table's moves must cross processes (Redis), and one client sees the whole table
    assert all(urls == set(URLS) for urls in servers.values())
    assert all(len(c) == 1 for c in clients.values())
    assert {k for c in clients.values() for k in c} == {0, 1}


def test_spectators_spread_over_the_first_tables_and_the_servers() -> None:
    cookies = [f"s{j}" for j in range(30)]
    plans = socket_plan(
        urls=URLS,
        people=people(5),
        spectators=cookies,
        spectator_tables=3,
        bot_tables=[900],
        bot_spectator="bot-watcher",
        client_processes=1,
    )
    (plan,) = plans
    watchers = [s for s in plan if s.seat is None and s.table_id != 900]
    assert sorted(s.cookie for s in watchers) == sorted(cookies)
    per_table = defaultdict(list)
    for s in watchers:
        per_table[s.table_id].append(s.url)
    assert sorted(per_table) == [100, 101, 102]
    assert all(len(urls) == 10 and set(urls) == set(URLS) for urls in per_table.values())
    seated = [s for s in plan if s.seat is not None]
    assert {s.table_id for s in seated if s.watched} == {100, 101, 102}
    assert [s.cookie for s in plan if s.table_id == 900] == ["bot-watcher"]


def test_spectators_may_go_to_servers_of_their_own_by_their_address() -> None:
    cookies = [f"s{j}" for j in range(20)]
    (plan,) = socket_plan(
        urls=URLS,
        people=people(4),
        spectators=cookies,
        spectator_tables=2,
        bot_tables=[],
        bot_spectator="x",
        client_processes=1,
        watch_urls=["ws://w1", "ws://w2"],
    )
    watchers = [s for s in plan if s.seat is None]
    seated = [s for s in plan if s.seat is not None]
    assert len(watchers) == 20
    assert {(s.url, s.route) for s in watchers} == {("ws://w1", "watch"), ("ws://w2", "watch")}
    assert {(s.url, s.route) for s in seated} == {("ws://a", "tables"), ("ws://b", "tables")}


def test_percentiles_in_milliseconds() -> None:
    p = percentiles([i / 1000 for i in range(1, 101)])
    assert (p["p50"], p["p99"], p["max"], p["n"]) == (51.0, 99.0, 100.0, 100)
    assert percentiles([]) == {}


def test_the_report_gives_each_process_its_headroom_and_the_cpu_per_move() -> None:
    from games.bench import report

    result = bench_result(
        processes=2, cpu={"server 0": 0.6, "server 1": 0.4, "client 0": 0.1, "machine": 1.5}
    )
    text = report(result)
    assert "server 0: 60% of a core (headroom to its own limit of one core: 40%)" in text
    assert "server CPU per move: 10.0 ms (a core's worth: 100 moves/s)" in text
    assert "machine: 1.50 of 2 cores busy; the processes above 1.10" in text
    # 1.1 cores for 100 moves/s: 11 ms a move, so two cores carry at most 182 moves/s
    assert (
        "the machine's ceiling at these costs: 182 moves/s (11.0 ms of CPU a move for the "
        "processes above, on 2 cores)"
    ) in text
    assert "tables that moved in the window: 2 of 2" in text


def test_a_relay_run_counts_the_moves_answered_since_it_writes_no_table() -> None:
    from games.bench import report

    result = bench_result(
        relay=5600,
        committed_actions_per_s=0.0,
        people_actions_per_s=400.0,
        tables_moving=0,
        cpu={"server 0": 0.8, "machine": 1.2},
    )
    text = report(result)
    assert "frames of about 5600 characters): moves relayed/s: 400.0" in text
    assert "server CPU per move: 2.0 ms (a core's worth: 500 moves/s)" in text
    assert "tables that moved" not in text


# uvicorn's own pick is its implementation on websockets' legacy API, which warns when imported.
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_servers_speak_websockets_as_the_procfile_serves_them() -> None:
    """By default the benchmark's uvicorn runs the WebSocket implementation uvicorn picks by
    itself (the Procfile and ``make run`` name none): its figures are the deployed server's."""
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

    parser = Command().create_parser("manage.py", "bench_tables")
    default = parser.parse_args([]).ws
    module, _, name = WS_PROTOCOLS[default].partition(":")
    assert getattr(importlib.import_module(module), name) is AutoWebSocketsProtocol
    with pytest.raises(ValueError, match="websockets-sansio"):
        procs.launch_server(0, {}, ws="wsproto")


def test_the_worker_runs_as_the_procfile_runs_it() -> None:
    """By default the benchmark's Celery worker has the Procfile's pool (none named there:
    Celery's prefork) and concurrency (``CELERY_CONCURRENCY``'s default)."""
    procfile = (Path(__file__).resolve().parents[2] / "Procfile").read_text()
    worker = next(line for line in procfile.splitlines() if line.startswith("worker:"))
    assert "--pool" not in worker and " -P " not in worker
    concurrency = re.search(r"--concurrency \$\{CELERY_CONCURRENCY:-(\d+)\}", worker)
    assert concurrency is not None
    options = Command().create_parser("manage.py", "bench_tables").parse_args([])
    assert options.worker_pool == "prefork" == procs.WORKER_POOLS[0]
    assert options.worker_concurrency == int(concurrency.group(1))
    with pytest.raises(ValueError, match="prefork"):
        procs.start_worker({}, 1, pool="solo")
