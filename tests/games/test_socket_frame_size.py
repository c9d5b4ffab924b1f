"""The ASGI server refuses an oversized WebSocket frame from its header, before reading it.

uvicorn's default (16 MiB) read a whole frame before the sockets' 4096-character limit saw
it. Every way the site is started now passes ``--ws-max-size`` (:data:`WS_MAX_SIZE`): a
1 MiB frame closes the socket with 1009 ("message too big") instead of being read, parsed and
answered. Checked on a real uvicorn (in a thread, like the browser tests) and, on
PostgreSQL where a second process can share the test database, on the Procfile's own ``web``
command run as a process.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.utils import translation

from games.live.frames import MAX_FRAME, WS_MAX_SIZE
from tests.games import browser

asgi_server = browser.asgi_server
ROOT = Path(__file__).resolve().parents[2]
MEBIBYTE = 1024 * 1024
CLOSE_TOO_BIG = 1009


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def probe(base: str, cookie: str) -> dict[str, Any]:
    """On one lobby socket: a ping, a frame just over the protocol's limit (read, answered
    with an error frame), then a 1 MiB frame. Returns what came back and the close code."""
    import websockets

    url = base.replace("http://", "ws://") + "/ws/lobby/"
    headers = {"Origin": base, "Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}"}
    seen: dict[str, Any] = {}
    async with websockets.connect(url, additional_headers=headers, max_size=None) as ws:
        await ws.send('{"type": "ping"}')
        seen["pong"] = await asyncio.wait_for(ws.recv(), 10)
        await ws.send('{"type": "ping", "pad": "' + "é" * MAX_FRAME + '"}')  # 8 KiB
        seen["too_long"] = await asyncio.wait_for(ws.recv(), 10)
        try:
            await ws.send("x" * MEBIBYTE)
            seen["answer"] = await asyncio.wait_for(ws.recv(), 10)
        except websockets.ConnectionClosed as closed:
            seen["close"] = closed.rcvd.code if closed.rcvd else None
    return seen


def assert_capped(seen: dict[str, Any]) -> None:
    assert seen["pong"] == '{"type": "pong"}'
    assert '"bad_frame"' in seen["too_long"]
    # The message is the translated "too long" of whichever language the socket speaks.
    texts = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts.add(str(translation.gettext("The message is too long.")))
    assert any(text in seen["too_long"] for text in texts), seen["too_long"]
    assert "answer" not in seen, seen.get("answer", "")[:200]
    assert seen["close"] == CLOSE_TOO_BIG


def test_a_mebibyte_frame_closes_the_socket_unread(asgi_server: str, make_user: Any) -> None:
    cookie = browser.db(lambda: session_cookie(make_user()))
    assert_capped(asyncio.run(probe(asgi_server, cookie)))


def procfile_web() -> str:
    line = next(
        line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:")
    )
    return line.removeprefix("web:").strip()


def test_every_launcher_caps_the_frame_size() -> None:
    flag = f"--ws-max-size {WS_MAX_SIZE}"
    assert flag in procfile_web()
    makefile = (ROOT / "Makefile").read_text()
    assert f"UVICORN_LIMITS := {flag}" in makefile
    run = re.search(r"^run:.*?(?=^\S)", makefile, re.S | re.M)
    assert run and "uvicorn" in run.group(0) and "$(UVICORN_LIMITS)" in run.group(0)
    bench = (ROOT / "games" / "bench" / "procs.py").read_text()  # the benchmark's servers
    assert '"--ws-max-size",\n            str(WS_MAX_SIZE)' in bench
    assert flag in (ROOT / "docs" / "deploy.md").read_text()
    assert WS_MAX_SIZE >= 4 * MAX_FRAME  # the protocol's frames always fit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL"), reason="needs PostgreSQL (a second process on the DB)"
)
@pytest.mark.django_db(transaction=True)
def test_the_procfile_server_closes_a_mebibyte_frame_unread(make_user: Any) -> None:
    db = connection.settings_dict
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.pop("REDIS_URL", None)
    env.update(
        DATABASE_URL=(
            f"postgres://{db['USER']}:{db.get('PASSWORD') or ''}@{db['HOST'] or '127.0.0.1'}:"
            f"{db['PORT'] or 5432}/{db['NAME']}"
        ),
        DJANGO_SETTINGS_MODULE="tute_site.settings.test",
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="1",
        PATH=f"{ROOT / '.venv' / 'bin'}:{env.get('PATH', '')}",
    )
    command = "exec " + procfile_web() + " --log-level warning"
    server = subprocess.Popen(["sh", "-c", command], cwd=ROOT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, "uvicorn exited"
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                assert time.monotonic() < deadline, f"no server: {shlex.quote(command)}"
                time.sleep(0.1)
        cookie = session_cookie(make_user())
        assert_capped(asyncio.run(probe(f"http://127.0.0.1:{port}", cookie)))
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(5)
