"""Every socket against hostile input, through the real ASGI application: malformed frames of
any shape get an error frame and leave the socket usable and the table unchanged; a flood of
frames meets the socket's and the user's token buckets, and a socket that keeps flooding is
closed (code 4429)."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games.live import frames, ratelimit

from .helpers import fresh
from .test_consumers import application, bot_table, latest_state, open_socket, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


@pytest.fixture(autouse=True)
def fresh_buckets() -> None:
    """User ids repeat from one test to the next: each test starts with full buckets."""
    ratelimit._local_users.clear()
    ratelimit._leases.clear()


TIMEOUT = 10
#: Room for every malformed frame below: these tests are about parsing, not the limit.
ROOMY = {"socket": (1000.0, 1000.0), "user": (1000.0, 1000.0), "strikes": (1.0, 10.0)}

DEEP = "[" * 2000 + "]" * 2000
MALFORMED: list[str | bytes] = [
    # not JSON
    "",
    " ",
    "not json",
    "{",
    '{"type": "ping"',
    "{'type': 'ping'}",
    '{"type": "ping"}}',
    "\ufeff" + '{"type": "ping"}',
    # nested too deeply (all under 4 KB)
    DEEP,
    "{" * 2000,
    '{"a":' * 1000 + "1" + "}" * 1000,
    '{"type": "ping", "x": ' + "[" * 1500 + "]" * 1500 + "}",
    '{"type": "hello", "lang": ' + '{"a": ' * 500 + "1" + "}" * 500 + "}",
    "[" * 5 + "]" * 5,
    # not an object, or no string type
    "[]",
    "[1, 2]",
    "1",
    '"ping"',
    "null",
    "true",
    "{}",
    '{"no_type": 1}',
    '{"type": null}',
    '{"type": 1}',
    '{"type": ["ping"]}',
    '{"type": {"ping": 1}}',
    # unknown types and keys
    '{"type": "dance"}',
    '{"type": ""}',
    '{"type": "PING"}',
    '{"type": "__class__"}',
    '{"type": "ping", "extra": 1}',
    '{"type": "hello", "lang": "en", "admin": true}',
    '{"type": "ping", "type2": "x"}',
    # wrong types
    '{"type": "hello", "lang": 5}',
    '{"type": "hello", "lang": ["es"]}',
    '{"type": "hello", "lang": {"code": "es"}}',
    '{"type": "hello", "lang": true}',
    '{"type": "hello", "lang": 1.5}',
    # huge and non-finite numbers
    '{"type": "hello", "lang": ' + "9" * 4000 + "}",
    '{"type": "hello", "lang": -' + "9" * 300 + "}",
    '{"type": "hello", "lang": 1e999}',
    '{"type": "hello", "lang": -1e999}',
    '{"type": "hello", "lang": 1.' + "0" * 400 + "1}",
    '{"type": "hello", "lang": NaN}',
    '{"type": "hello", "lang": Infinity}',
    '{"type": "hello", "lang": -Infinity}',
    # strings no database takes
    '{"type": "hello", "lang": "e\\u0000s"}',
    '{"type": "hello", "lang": "\\ud800"}',
    '{"type": "hello", "lang": "' + "x" * 100 + '"}',
    # too long
    '{"type": "ping", "pad": "' + "x" * 5000 + '"}',
    "x" * 4097,
    # binary frames
    b"",
    b"\x00\x01",
    b'{"type": "ping"}',
    bytes(range(256)) * 4,
]

TABLE_ONLY: list[str | bytes] = [
    '{"type": "act"}',
    '{"type": "act", "action": "1O"}',
    '{"type": "act", "action": 12, "version": 0}',
    '{"type": "act", "action": "1O", "version": "0"}',
    '{"type": "act", "action": "1O", "version": true}',
    '{"type": "act", "action": "1O", "version": 1.0}',
    '{"type": "act", "action": "1O", "version": ' + "9" * 40 + "}",
    '{"type": "act", "action": "1O", "version": 4294967296}',
    '{"type": "act", "action": "' + "x" * 17 + '", "version": 0}',
    '{"type": "act", "action": "1O", "version": 0, "seat": 2}',
    '{"type": "act", "action": ["1O"], "version": 0}',
    '{"type": "hello", "version": "x"}',
    '{"type": "hello", "version": [1]}',
    '{"type": "hello", "version": -' + "9" * 20 + "}",
    '{"type": "chat", "text": 12}',
    '{"type": "chat", "text": "hola\\u0000"}',
    '{"type": "chat", "text": "\\udfff"}',
    '{"type": "chat", "phrase": {"k": "good_luck"}}',
    '{"type": "chat", "text": "' + "x" * 1001 + '"}',
    '{"type": "take_back", "seat": 0}',
]


async def send_raw(comm: WebsocketCommunicator, data: str | bytes) -> None:
    key = "bytes" if isinstance(data, bytes) else "text"
    await comm.send_input({"type": "websocket.receive", key: data})  # empty frames too


async def next_of(comm: WebsocketCommunicator, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next frame of one of ``kinds`` (state and presence pushes are skipped); fails if
    the socket closes instead."""
    while True:
        output = await comm.receive_output(timeout=TIMEOUT)
        assert output["type"] == "websocket.send", output  # not closed
        frame = json.loads(output["text"])
        if frame["type"] in kinds:
            return frame


async def assert_all_refused(comm: WebsocketCommunicator, inputs: list[str | bytes]) -> int:
    """Each input answered by a ``bad_frame`` error with a message, then a ping by a pong."""
    for data in inputs:
        await send_raw(comm, data)
        error = await next_of(comm, ("error", "pong", "lobby"))
        assert error["type"] == "error", data[:80]
        assert error["code"] == "bad_frame", data[:80]
        assert error["message"] and "{" not in error["message"], error
    await comm.send_json_to({"type": "ping"})
    assert (await next_of(comm, ("pong", "error")))["type"] == "pong"
    return len(inputs)


async def test_the_table_socket_answers_every_malformed_frame_and_stays_usable(
    ana: Any, settings: Any
) -> None:
    settings.TUTE_SOCKET_LIMITS = ROOMY
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    frame = await latest_state(comm, table.pk)
    sent = await assert_all_refused(comm, MALFORMED + TABLE_ONLY)
    assert sent == len(MALFORMED) + len(TABLE_ONLY) >= 70
    assert (await sync_to_async(fresh)(table.pk)).version == frame["version"]
    # Still a working socket: a hello is answered with the state.
    await comm.send_json_to({"type": "hello", "version": None, "lang": "en"})
    assert (await next_of(comm, ("state",)))["version"] == frame["version"]
    await comm.disconnect()


async def test_the_deep_nesting_of_the_audit_gets_a_specific_translated_message(
    ana: Any, settings: Any
) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana, lang="en")
    await latest_state(comm, table.pk)
    await comm.send_to(text_data=DEEP)
    error = await next_of(comm, ("error",))
    assert error == {
        "type": "error",
        "code": "bad_frame",
        "message": "The message is nested too deeply.",
    }
    await comm.send_to(bytes_data=b"\x00")
    error = await next_of(comm, ("error",))
    assert error["message"] == "This socket only takes text messages."
    await comm.disconnect()


async def open_at(path: str, user: Any) -> WebsocketCommunicator:
    cookie = await sync_to_async(session_cookie)(user)
    comm = WebsocketCommunicator(
        application(),
        path,
        headers=[
            (b"origin", b"http://testserver"),
            (b"host", b"testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    return comm


@pytest.mark.parametrize("path", ["/ws/lobby/", "/ws/notifications/"])
async def test_the_other_sockets_answer_every_malformed_frame(
    path: str, ana: Any, settings: Any
) -> None:
    settings.TUTE_SOCKET_LIMITS = ROOMY
    comm = await open_at(path, ana)
    assert await assert_all_refused(comm, MALFORMED) == len(MALFORMED)
    await comm.disconnect()


def test_nesting_is_measured_outside_strings() -> None:
    assert not frames.too_deep('{"type": "chat", "text": "[[[[[[{{{{"}')
    assert frames.too_deep('{"a": [[[1]]]}')
    assert not frames.too_deep('{"a": [[1]]}')
    assert frames.too_deep('{"t": "\\"", "a": [[[[1]]]]}')


# ----------------------------------------------------------------------------- rate limits


async def drain_until_closed(comm: WebsocketCommunicator) -> tuple[dict[str, int], int | None]:
    """Counts of the frames received by type, and the close code (None: not closed)."""
    counts: dict[str, int] = {}
    while True:
        try:
            output = await comm.receive_output(timeout=TIMEOUT)
        except TimeoutError:
            return counts, None
        if output["type"] == "websocket.close":
            return counts, output.get("code")
        frame = json.loads(output["text"])
        key = frame["type"] if frame["type"] != "error" else f"error:{frame['code']}"
        counts[key] = counts.get(key, 0) + 1


async def test_a_thousand_hellos_meet_the_limit_and_the_socket_is_closed(ana: Any) -> None:
    """The audit's flood, with the default limits: most hellos are refused (no render) with
    a clear error, and the socket that keeps sending is closed with 4429."""
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana, hello=False)
    hello = json.dumps({"type": "hello", "version": None, "lang": "en"})
    for _ in range(1000):
        await comm.send_to(text_data=hello)
    counts, code = await drain_until_closed(comm)
    assert code == ratelimit.CLOSE_TOO_MANY
    _rate, burst = ratelimit.limits("socket")
    assert burst <= counts["state"] < 1000
    assert counts["error:rate_limited"] >= ratelimit.limits("strikes")[1]
    assert set(counts) <= {"state", "presence", "error:rate_limited"}


async def test_a_burst_a_page_sends_passes(ana: Any) -> None:
    """A reconnecting page's frames (hellos of its sockets, pings) stay far below the burst."""
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    await latest_state(comm, table.pk)
    for _ in range(40):
        await comm.send_json_to({"type": "ping"})
    for _ in range(40):
        assert (await next_of(comm, ("pong", "error")))["type"] == "pong"
    await comm.disconnect()


async def test_the_user_bucket_is_shared_by_his_sockets(ana: Any, settings: Any) -> None:
    settings.TUTE_SOCKET_LIMITS = {
        "socket": (1000.0, 1000.0),
        "user": (0.001, 5.0),
        "strikes": (0.001, 3.0),
    }
    first = await open_at("/ws/lobby/", ana)
    second = await open_at("/ws/notifications/", ana)
    await second.receive_json_from(timeout=TIMEOUT)  # the count
    for _ in range(5):
        await first.send_json_to({"type": "ping"})
        assert await first.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}
    await second.send_json_to({"type": "ping"})
    error = await second.receive_json_from(timeout=TIMEOUT)
    assert error["code"] == "rate_limited" and error["message"]
    for _ in range(3):
        await second.send_json_to({"type": "ping"})
    _counts, code = await drain_until_closed(second)
    assert code == ratelimit.CLOSE_TOO_MANY
    await first.disconnect()


def test_the_socket_bucket_refills_at_its_rate() -> None:
    bucket = ratelimit.Bucket(rate=10.0, burst=3.0)
    assert [bucket.take(now=100.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(now=100.15)  # a token and a half back after 0.15 s
    assert not bucket.take(now=100.15)


@pytest.mark.redis
def test_the_user_bucket_lives_in_redis_across_processes(settings: Any) -> None:
    """Two event loops with their own Redis clients and leases (as two server processes) draw
    on one bucket: together they never get more than it holds."""
    settings.REDIS_URL = os.environ["REDIS_URL"]
    settings.TUTE_SOCKET_LIMITS = {"user": (0.001, 4.0)}
    settings.TUTE_SOCKET_LIMIT_PREFIX = f"tute-test-guard-{os.getpid()}"
    results: list[list[bool]] = []

    def process(takes: int) -> None:
        ratelimit._leases.clear()  # a process of its own: no tokens leased yet

        async def run() -> None:
            results.append([await ratelimit.user_take(424242) for _ in range(takes)])

        asyncio.run(run())

    for takes in (3, 3):
        worker = threading.Thread(target=process, args=(takes,))
        worker.start()
        worker.join()
    first, second = results
    assert first == [True, True, True]
    # The first process leased the whole bucket (4): its unused token is not the second's.
    assert second == [False, False, False]
    assert 424242 not in ratelimit._local_users  # counted in Redis, not in this process


@pytest.mark.redis
def test_a_process_leases_a_few_tokens_at_a_time_and_not_for_long(
    settings: Any, monkeypatch: Any
) -> None:
    """One round trip to Redis for every :data:`ratelimit.LEASE` frames: the shared bucket
    loses a lease's worth at once, and a lease kept past its time is dropped, not used."""
    import redis

    settings.REDIS_URL = os.environ["REDIS_URL"]
    settings.TUTE_SOCKET_LIMITS = {"user": (0.001, 100.0)}
    settings.TUTE_SOCKET_LIMIT_PREFIX = f"tute-test-lease-{os.getpid()}"
    client = redis.Redis.from_url(settings.REDIS_URL)
    key = ratelimit.user_key(4343)
    client.delete(key)
    lease = ratelimit.LEASE

    def tokens() -> float:
        return float(client.hget(key, "tokens") or -1)

    async def run() -> list[float]:
        seen = []
        for _ in range(lease + 1):
            assert await ratelimit.user_take(4343)
            seen.append(round(tokens()))
        monkeypatch.setattr(ratelimit, "LEASE_SECONDS", 0.0)
        ratelimit._leases[4343] = (5, time.monotonic() - 1)  # stale: not to be used
        assert await ratelimit.user_take(4343)
        seen.append(round(tokens()))
        return seen

    seen = asyncio.run(run())
    assert seen == [100 - lease] * lease + [100 - 2 * lease, 100 - 3 * lease]
    client.delete(key)
