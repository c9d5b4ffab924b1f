"""The benchmark's bare relay (``games.bench.relay``, ``bench_tables --relay``): it must speak
enough of the table's protocol for the scripted people, and keep their turns, or its figure
would not be the floor it claims to be."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games import services
from games.bench import relay
from games.bench.procs import RELAY_CHARS_VARIABLE

from .test_consumers import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

TIMEOUT = 10
CHARS = 900


def four_seated(make_user: Any) -> tuple[int, list[Any]]:
    users = [make_user(f"relay{i}") for i in range(4)]
    table = services.table_create(creator=users[0], variant="cabrero", players=4, seed=3)
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    return table.pk, users


async def open_relay(table_id: int, user: Any) -> WebsocketCommunicator:
    cookie = await sync_to_async(session_cookie)(user)
    headers = [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
    ]
    comm = WebsocketCommunicator(relay.application, f"/ws/tables/{table_id}/", headers=headers)
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    return comm


async def frame(comm: WebsocketCommunicator) -> tuple[dict[str, Any], int]:
    text = await comm.receive_from(timeout=TIMEOUT)
    return json.loads(text), len(text)


async def test_the_relay_passes_the_turn_around_the_table_in_frames_of_the_asked_size(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(RELAY_CHARS_VARIABLE, str(CHARS))
    relay._versions.clear()
    table_id, users = await sync_to_async(four_seated)(make_user)
    ana, bruno = await open_relay(table_id, users[0]), await open_relay(table_id, users[1])
    try:
        for comm in (ana, bruno):
            await comm.send_json_to({"type": "hello", "version": None, "parts": 1})
        (first, size), (other, _) = await frame(ana), await frame(bruno)
        assert size == CHARS
        assert (first["version"], first["seat"], first["your_turn"]) == (0, 0, True)
        assert first["legal"] and first["status"] == "playing"
        assert (other["seat"], other["your_turn"], other["legal"]) == (1, False, [])

        # not his turn: refused, nothing relayed
        await bruno.send_json_to({"type": "act", "action": "1O", "version": 0})
        refused, _ = await frame(bruno)
        assert refused == {"type": "error", "code": "stale"}
        assert await ana.receive_nothing(timeout=0.2)

        await ana.send_json_to({"type": "act", "action": "1O", "version": 0})
        (moved, size), (seen, _) = await frame(ana), await frame(bruno)
        assert size == CHARS
        assert (moved["version"], moved["your_turn"]) == (1, False)
        assert (seen["version"], seen["your_turn"], seen["legal"]) == (1, True, ["1O"])

        # the version she saw is gone: a second move on it is refused
        await ana.send_json_to({"type": "act", "action": "1O", "version": 0})
        assert (await frame(ana))[0]["code"] == "stale"
    finally:
        await ana.disconnect()
        await bruno.disconnect()


def test_a_frame_smaller_than_its_fields_is_as_short_as_it_can_be() -> None:
    text = relay.state_frame(seat=2, version=6, chars=10)
    assert json.loads(text)["changed"] == [[3, ""]]
    assert len(relay.state_frame(seat=2, version=6, chars=len(text) + 40)) == len(text) + 40
