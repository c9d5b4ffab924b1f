"""Stopping and restarting the application mid-hand loses nothing: the same hand goes on.

In-process: every in-memory cache is dropped (the engine states, the scheduler's loop), and a
new socket that names the version it last saw gets exactly the table it saw, then plays on.

For real (PostgreSQL only, where a second process can share the test database): the ASGI
server runs as a uvicorn subprocess; it is killed (SIGKILL) in the middle of a hand and
started again, the players' browsers reconnect, see the same table and finish the hand.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection

from games import services, snapshots, table_state
from games.live import loop as live_loop
from games.live import scheduler
from games.live.frames import WS_MAX_SIZE
from games.models import HandRecord, Table
from games.services import SeatSpec

from .helpers import fresh
from .test_consumers import next_frame, open_socket, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

ROOT = Path(__file__).resolve().parents[2]


def four_people(make_user: Any) -> tuple[Table, list[Any]]:
    users = [make_user() for _ in range(4)]
    table = services.table_create(
        creator=users[0],
        variant="cabrero",
        players=4,
        seats=[SeatSpec(user=u) for u in users],
        turn_seconds=0,
    )
    return fresh(table), users


async def test_dropping_every_cache_mid_hand_continues_the_same_hand(make_user: Any) -> None:
    table, users = await sync_to_async(four_people)(make_user)
    sockets = [await open_socket(table.pk, u) for u in users]
    frames = [await next_frame(s, "state") for s in sockets]
    for _ in range(6):  # a trick and a half
        mover = next(i for i, f in enumerate(frames) if f["your_turn"])
        await sockets[mover].send_json_to(
            {
                "type": "act",
                "action": frames[mover]["legal"][0],
                "version": frames[mover]["version"],
            }
        )
        frames = [await next_frame(s, "state") for s in sockets]
    before = frames
    for s in sockets:
        await s.disconnect()

    # "Restart": no engine state, no scheduler state survives.
    table_state.clear()
    snapshots.clear_snapshots()
    live_loop._bound_loop = None
    scheduler._watchdog_loop = None
    assert table_state.cached_tables() == 0

    again = []
    for user, frame in zip(users, before, strict=True):
        comm = await open_socket(table.pk, user, hello=False)
        await comm.send_json_to({"type": "hello", "version": frame["version"], "lang": "en"})
        again.append(comm)
    after = [await next_frame(s, "state") for s in again]
    assert [f["html"] for f in after] == [f["html"] for f in before]
    assert [f["version"] for f in after] == [f["version"] for f in before]
    # ... and the same hand goes on to its end.
    frames = after
    while (await sync_to_async(HandRecord.objects.filter(table_id=table.pk).count)()) == 0:
        mover = next(i for i, f in enumerate(frames) if f["your_turn"])
        await again[mover].send_json_to(
            {
                "type": "act",
                "action": frames[mover]["legal"][0],
                "version": frames[mover]["version"],
            }
        )
        frames = [await next_frame(s, "state") for s in again]
    record = await sync_to_async(HandRecord.objects.get)(table_id=table.pk, number=0)
    assert len(record.record["actions"]) == (await sync_to_async(fresh)(table.pk)).version
    for s in again:
        await s.disconnect()


# ----------------------------------------------------------------------------- a real server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, database_name: str) -> subprocess.Popen[bytes]:
    db = connection.settings_dict
    url = (
        f"postgres://{db['USER']}:{db.get('PASSWORD') or ''}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{database_name}"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.pop("REDIS_URL", None)
    env.update(
        DATABASE_URL=url,
        DJANGO_SETTINGS_MODULE="tute_site.settings.test",
        TUTE_TABLE_SCHEDULER="inprocess",
        PYTHONPATH=str(ROOT),
    )
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
            "--ws-max-size",
            str(WS_MAX_SIZE),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(process.stderr.read().decode() if process.stderr else "died")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("uvicorn did not start")


class Browser:
    """A player's socket to the real server."""

    def __init__(self, port: int, table_id: int, cookie: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}/"
        self.headers = {
            "Origin": f"http://127.0.0.1:{port}",
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}",
        }
        self.ws: Any = None
        self.last: dict[str, Any] = {}

    async def connect(self) -> dict[str, Any]:
        import websockets

        self.ws = await websockets.connect(self.url, additional_headers=self.headers)
        await self.ws.send(
            json.dumps({"type": "hello", "version": self.last.get("version"), "lang": "en"})
        )
        return await self.state()

    async def state(self) -> dict[str, Any]:
        while True:
            frame = json.loads(await asyncio.wait_for(self.ws.recv(), 15))
            if frame["type"] == "state":
                self.last = frame
                return frame
            assert frame["type"] != "error", frame

    async def settle(self, version: int) -> dict[str, Any]:
        while self.last.get("version", -1) < version:
            await self.state()
        return self.last


@pytest.mark.slow
@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="a second process shares the test database only on PostgreSQL",
)
async def test_killing_the_asgi_server_mid_hand_and_starting_it_again(make_user: Any) -> None:
    table, users = await sync_to_async(four_people)(make_user)
    cookies = [await sync_to_async(session_cookie)(u) for u in users]
    name = connection.settings_dict["NAME"]
    port = free_port()
    server = start_server(port, name)
    try:
        browsers = [Browser(port, table.pk, c) for c in cookies]
        for b in browsers:
            await b.connect()
        version = 0
        for _ in range(7):
            mover = next(b for b in browsers if b.last["your_turn"])
            await mover.ws.send(
                json.dumps({"type": "act", "action": mover.last["legal"][0], "version": version})
            )
            version += 1
            for b in browsers:
                await b.settle(version)
        before = [b.last["html"] for b in browsers]
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server = start_server(port, name)
        for b in browsers:
            await b.connect()  # names the version it last saw
        assert [b.last["version"] for b in browsers] == [version] * 4
        assert [b.last["html"] for b in browsers] == before
        while await sync_to_async(HandRecord.objects.filter(table_id=table.pk).count)() == 0:
            mover = next(b for b in browsers if b.last["your_turn"])
            await mover.ws.send(
                json.dumps({"type": "act", "action": mover.last["legal"][0], "version": version})
            )
            version += 1
            for b in browsers:
                await b.settle(version)
        assert (await sync_to_async(fresh)(table.pk)).version == version
        for b in browsers:
            await b.ws.close()
    finally:
        server.kill()
        server.wait(10)
