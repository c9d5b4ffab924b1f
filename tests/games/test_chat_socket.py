"""The table chat over the table socket (WebsocketCommunicator through the real ASGI
application): a phrase and a text cross between players, spectators keep their own channel,
bad and refused frames get error frames, a chat-only socket gets no state frames."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.chat import services as chat
from games.chat.models import ChatMessage
from games.models import Table

from .helpers import cards_in, hidden_cards, people_table
from .test_consumers import TIMEOUT, application, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


async def chat_socket(table_id: int, user: Any, *, lang: str = "en") -> WebsocketCommunicator:
    cookie = await sync_to_async(session_cookie)(user)
    headers = [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", f"sessionid={cookie}; django_language={lang}".encode()),
    ]
    comm = WebsocketCommunicator(
        application(), f"/ws/tables/{table_id}/?only=chat", headers=headers
    )
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    return comm


async def frames(comm: WebsocketCommunicator, wait: float = 0.5) -> list[dict[str, Any]]:
    """Every frame that arrives within ``wait`` seconds."""
    out = []
    while not await comm.receive_nothing(timeout=wait):
        out.append(json.loads(await comm.receive_from(timeout=TIMEOUT)))
    return out


async def next_chat(comm: WebsocketCommunicator) -> dict[str, Any]:
    while True:
        frame = json.loads(await comm.receive_from(timeout=TIMEOUT))
        if frame["type"] in ("chat", "error"):
            return frame


@pytest.fixture
def carla(make_user: Any) -> Any:
    return make_user("carla")


@pytest.fixture
def table(ana: Any, bruno: Any) -> Table:
    return people_table(ana, bruno)


async def test_a_phrase_crosses_to_the_other_player_in_his_language(
    table: Table, ana: Any, bruno: Any
) -> None:
    sender = await chat_socket(table.pk, ana)
    reader = await chat_socket(table.pk, bruno, lang="es")
    await sender.send_json_to({"type": "chat", "phrase": "good_luck"})
    frame = await next_chat(reader)
    assert frame["type"] == "chat" and frame["channel"] == "players"
    assert "¡Buena suerte!" in frame["html"] and "ana" in frame["html"]
    own = await next_chat(sender)
    assert "Good luck!" in own["html"] and "chat-mine" in own["html"]
    await sender.disconnect()
    await reader.disconnect()


async def test_a_spectator_never_receives_the_players_channel(
    table: Table, ana: Any, bruno: Any, carla: Any
) -> None:
    player = await chat_socket(table.pk, bruno)
    spectator = await chat_socket(table.pk, carla)
    writer = await chat_socket(table.pk, ana)
    await writer.send_json_to({"type": "chat", "text": "secret plan"})
    assert "secret plan" in (await next_chat(player))["html"]
    await spectator.send_json_to({"type": "chat", "text": "watching"})
    got = await next_chat(spectator)
    assert got["channel"] == "spectators" and "watching" in got["html"]
    assert all("secret plan" not in json.dumps(f) for f in await frames(spectator))
    assert all("watching" not in json.dumps(f) for f in await frames(player))
    for comm in (player, spectator, writer):
        await comm.disconnect()


async def test_a_muted_writer_is_not_delivered(table: Table, ana: Any, bruno: Any) -> None:
    await sync_to_async(chat.chat_mute)(user=bruno, muted_user_id=ana.pk)
    reader = await chat_socket(table.pk, bruno)
    writer = await chat_socket(table.pk, ana)
    await writer.send_json_to({"type": "chat", "text": "hello?"})
    await next_chat(writer)
    assert all(f["type"] != "chat" for f in await frames(reader))
    await reader.disconnect()
    await writer.disconnect()


async def test_refused_and_malformed_chat_frames_get_error_frames(table: Table, ana: Any) -> None:
    comm = await chat_socket(table.pk, ana)
    await comm.send_json_to({"type": "chat", "text": "x" * 201})
    assert (await next_chat(comm))["code"] == "chat_too_long"
    await comm.send_json_to({"type": "chat", "text": 12})
    assert (await next_chat(comm))["code"] == "bad_frame"
    await comm.send_json_to({"type": "chat", "phrase": "<b>"})
    assert (await next_chat(comm))["code"] == "chat_bad_phrase"
    await comm.send_json_to({"type": "chat"})
    assert (await next_chat(comm))["code"] == "chat_empty"
    await sync_to_async(Table.objects.filter(pk=table.pk).update)(chat_enabled=False)
    await comm.send_json_to({"type": "chat", "phrase": "hello"})
    error = await next_chat(comm)
    assert error["code"] == "chat_off" and error["message"]
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await comm.disconnect()


async def test_the_chat_socket_gets_no_state_frames_and_echoes_no_card(
    table: Table, ana: Any, bruno: Any
) -> None:
    comm = await chat_socket(table.pk, bruno)
    await comm.send_json_to({"type": "hello", "version": None, "lang": "en"})
    await comm.send_json_to({"type": "chat", "phrase": "nice_hand"})
    received = await frames(comm, wait=1.0)
    assert [f["type"] for f in received] == ["chat"]
    hidden = await sync_to_async(hidden_cards)(table, 1)
    assert hidden and not cards_in(json.dumps(received))
    await comm.disconnect()
