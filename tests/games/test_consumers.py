"""The table WebSocket through the real ASGI application (origin check, session auth, routing)
with WebsocketCommunicator: handshakes, the frames of the protocol, bad input, races."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from games import services, table_state
from games.models import Table, TableAction

from .helpers import cards_in, fresh, people_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

TIMEOUT = 10


def application() -> Any:
    from tute_site.asgi import application

    return application


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def open_socket(
    table_id: int,
    user: Any = None,
    *,
    origin: str = "http://testserver",
    cookie: str | None = None,
    hello: bool = True,
    lang: str = "en",
    route: str = "tables",
) -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"host", b"testserver")]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
    if cookie:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    comm = WebsocketCommunicator(application(), f"/ws/{route}/{table_id}/", headers=headers)
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    if hello:
        await comm.send_json_to({"type": "hello", "version": None, "lang": lang})
    return comm


async def next_frame(
    comm: WebsocketCommunicator, kind: str | None = None, timeout: float = TIMEOUT
) -> dict[str, Any]:
    while True:
        frame = json.loads(await comm.receive_from(timeout=timeout))
        if kind is None or frame["type"] == kind:
            return frame


async def state_at_least(comm: WebsocketCommunicator, version: int) -> dict[str, Any]:
    while True:
        frame = await next_frame(comm, "state")
        if frame["version"] >= version:
            return frame


async def latest_state(
    comm: WebsocketCommunicator, table_id: int, frame: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The state frame of the table's current version: ``frame`` (the last one received) if
    it is that, else the next ones until one is."""
    version = (await sync_to_async(fresh)(table_id)).version
    if frame is not None and frame["version"] >= version:
        return frame
    return await state_at_least(comm, version)


def bot_table(ana: Any, **kwargs: Any) -> Table:
    kwargs.setdefault("turn_seconds", 0)
    return fresh(
        services.table_create(
            creator=ana,
            variant="cabrero",
            players=4,
            fill_with_bots=True,
            bot_level="heuristic",
            **kwargs,
        )
    )


# ----------------------------------------------------------------------------- handshakes


async def test_a_socket_without_a_session_is_refused(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = WebsocketCommunicator(
        application(), f"/ws/tables/{table.pk}/", headers=[(b"origin", b"http://testserver")]
    )
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert not connected
    assert code == 4401


async def test_a_socket_from_a_foreign_origin_is_refused(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    cookie = await sync_to_async(session_cookie)(ana)
    comm = WebsocketCommunicator(
        application(),
        f"/ws/tables/{table.pk}/",
        headers=[
            (b"origin", b"https://evil.example"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert not connected


async def test_a_stranger_may_not_watch_a_private_table(ana: Any, bruno: Any) -> None:
    table = await sync_to_async(bot_table)(ana, is_private=True)
    cookie = await sync_to_async(session_cookie)(bruno)
    comm = WebsocketCommunicator(
        application(),
        f"/ws/tables/{table.pk}/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert not connected and code == 4404  # as for a table that does not exist


async def test_unknown_table_is_refused(ana: Any) -> None:
    cookie = await sync_to_async(session_cookie)(ana)
    comm = WebsocketCommunicator(
        application(),
        "/ws/tables/999999/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert not connected and code == 4404


# ----------------------------------------------------------------------------- playing


async def test_hello_gets_the_seat_view_and_a_move_reaches_every_socket(
    ana: Any, bruno: Any
) -> None:
    table = await sync_to_async(people_table)(ana, bruno)
    sockets = {"ana": await open_socket(table.pk, ana), "bruno": await open_socket(table.pk, bruno)}
    frames = {name: await latest_state(comm, table.pk) for name, comm in sockets.items()}
    assert frames["ana"]["seat"] == 0 and frames["bruno"]["seat"] == 1
    match = await sync_to_async(table_state.match_at)(await sync_to_async(fresh)(table.pk))
    for name, seat in (("ana", 0), ("bruno", 1)):
        own = set(match.hand.hand_of(seat))
        assert own <= cards_in(frames[name]["html"])
    turn = match.current_player()
    mover = "ana" if turn == 0 else "bruno"
    frame = frames[mover]
    assert frame["your_turn"] and frame["legal"]
    await sockets[mover].send_json_to(
        {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
    )
    for comm in sockets.values():
        after = await state_at_least(comm, frame["version"] + 1)
        assert after["version"] > frame["version"]
    entry = await sync_to_async(TableAction.objects.get)(table_id=table.pk, index=frame["version"])
    assert entry.action == frame["legal"][0]
    for comm in sockets.values():
        await comm.disconnect()


async def test_an_illegal_card_is_answered_with_the_engines_explanation(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    frame = await latest_state(comm, table.pk)
    # Lead until ana must follow a trick in which some of her cards are not legal.
    for _ in range(12):
        match = await sync_to_async(table_state.match_at)(await sync_to_async(fresh)(table.pk))
        hand = set(match.hand.hand_of(0))
        illegal = sorted(hand - set(frame["legal"]))
        if illegal and frame["your_turn"]:
            break
        await comm.send_json_to(
            {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
        )
        frame = await state_at_least(comm, frame["version"] + 1)
        frame = await latest_state(comm, table.pk, frame)
    assert illegal, "ana never had to follow suit"
    await comm.send_json_to({"type": "act", "action": illegal[0], "version": frame["version"]})
    error = await next_frame(comm, "error")
    assert error["code"] == "obligation"
    assert "must" in error["message"]
    assert (await sync_to_async(fresh)(table.pk)).version == frame["version"]
    await comm.disconnect()


async def test_errors_are_translated(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana, lang="es")
    frame = await latest_state(comm, table.pk)
    assert "Sus cartas" in frame["html"]
    await comm.send_json_to(
        {"type": "act", "action": frame["legal"][0], "version": frame["version"] - 1}
    )
    error = await next_frame(comm, "error")
    assert error["code"] == "stale_version"
    assert error["version"] == frame["version"]
    assert "mesa" in error["message"].lower()
    await comm.disconnect()


BAD_FRAMES = [
    "not json",
    "[1, 2]",
    '{"no_type": 1}',
    '{"type": "dance"}',
    '{"type": "act"}',
    '{"type": "act", "action": "1O"}',
    '{"type": "act", "action": 12, "version": 0}',
    '{"type": "act", "action": "1O", "version": "0"}',
    '{"type": "hello", "version": "x"}',
    '{"type": "act", "action": "' + "x" * 5000 + '", "version": 0}',
]


async def test_malformed_frames_get_an_error_and_change_nothing(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    frame = await latest_state(comm, table.pk)
    for text in BAD_FRAMES:
        await comm.send_to(text_data=text)
        error = await next_frame(comm, "error")
        assert error["code"] == "bad_frame", text
    await comm.send_to(bytes_data=b"\x00\x01")
    assert (await next_frame(comm, "error"))["code"] == "bad_frame"
    for action, code in (("99Z", "bad_notation"), ("sing:X", "bad_notation")):
        await comm.send_json_to({"type": "act", "action": action, "version": frame["version"]})
        assert (await next_frame(comm, "error"))["code"] == code
    assert (await sync_to_async(fresh)(table.pk)).version == frame["version"]
    await comm.send_json_to({"type": "ping"})
    assert (await next_frame(comm, "pong"))["type"] == "pong"
    await comm.disconnect()


async def test_out_of_turn_and_a_card_not_in_hand(ana: Any, bruno: Any) -> None:
    table = await sync_to_async(people_table)(ana, bruno)
    match = await sync_to_async(table_state.match_at)(table)
    turn = match.current_player()
    waiting_user, waiting_seat = (bruno, 1) if turn == 0 else (ana, 0)
    comm = await open_socket(table.pk, waiting_user)
    frame = await latest_state(comm, table.pk)
    assert not frame["your_turn"] and frame["legal"] == []
    own = match.hand.hand_of(waiting_seat)
    await comm.send_json_to({"type": "act", "action": own[0], "version": frame["version"]})
    assert (await next_frame(comm, "error"))["code"] == "not_your_turn"
    if turn in (0, 1):
        mover = ana if turn == 0 else bruno
        other_hand = match.hand.hand_of(1 - turn if waiting_seat != turn else turn)
        mover_comm = await open_socket(table.pk, mover)
        mover_frame = await latest_state(mover_comm, table.pk)
        foreign = match.hand.hand_of(waiting_seat)[0]
        await mover_comm.send_json_to(
            {"type": "act", "action": foreign, "version": mover_frame["version"]}
        )
        assert (await next_frame(mover_comm, "error"))["code"] == "card_not_in_hand"
        assert other_hand
        await mover_comm.disconnect()
    assert (await sync_to_async(fresh)(table.pk)).version == frame["version"]
    await comm.disconnect()


async def test_a_spectator_sees_the_public_view_and_cannot_act(ana: Any, make_user: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    watcher = await sync_to_async(make_user)("watcher")
    comm = await open_socket(table.pk, watcher)
    frame = await latest_state(comm, table.pk)
    assert frame["seat"] is None and frame["legal"] == [] and not frame["your_turn"]
    match = await sync_to_async(table_state.match_at)(table)
    hidden = set().union(*(match.hand.hand_of(s) for s in range(4)))
    assert not hidden & cards_in(frame["html"])
    await comm.send_json_to({"type": "act", "action": "1O", "version": frame["version"]})
    assert (await next_frame(comm, "error"))["code"] == "not_seated"
    await comm.disconnect()


async def test_the_spectators_address_serves_each_user_his_own_view(
    ana: Any, make_user: Any
) -> None:
    """/ws/watch/<id>/ is there for a proxy to route spectators; what a socket sees still
    depends on its user only: a player who comes by it gets his hand and may play."""
    table = await sync_to_async(bot_table)(ana)
    match = await sync_to_async(table_state.match_at)(table)
    watcher = await sync_to_async(make_user)("watcher")
    comm = await open_socket(table.pk, watcher, route="watch")
    frame = await latest_state(comm, table.pk)
    assert frame["seat"] is None and frame["legal"] == []
    assert not set().union(*(match.hand.hand_of(s) for s in range(4))) & cards_in(frame["html"])
    await comm.disconnect()
    player = await open_socket(table.pk, ana, route="watch")
    frame = await latest_state(player, table.pk)
    assert frame["seat"] == 0 and set(match.hand.hand_of(0)) <= cards_in(frame["html"])
    assert not set().union(*(match.hand.hand_of(s) for s in (1, 2, 3))) & cards_in(frame["html"])
    if frame["your_turn"]:
        await player.send_json_to(
            {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
        )
        moved = await next_frame(player, "state")
        assert moved["version"] > frame["version"]
    await player.disconnect()


async def test_two_moves_racing_for_one_turn(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    first = await open_socket(table.pk, ana)
    second = await open_socket(table.pk, ana)
    frame = await latest_state(first, table.pk)
    await latest_state(second, table.pk)
    move = {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
    await asyncio.gather(first.send_json_to(move), second.send_json_to(move))
    errors = []
    for comm in (first, second):
        while True:
            got = await next_frame(comm)
            if got["type"] == "error":
                errors.append(got)
                break
            if got["type"] == "state" and got["version"] > frame["version"]:
                break
    assert len(errors) <= 1
    # Whichever socket lost, exactly one move was stored at that version.
    count = await sync_to_async(
        TableAction.objects.filter(table_id=table.pk, index=frame["version"]).count
    )()
    assert count == 1
    assert (
        await sync_to_async(TableAction.objects.get)(table_id=table.pk, index=frame["version"])
    ).seat == 0
    if errors:
        assert errors[0]["code"] in {"stale_version", "not_your_turn"}
    for comm in (first, second):
        await comm.disconnect()


async def test_reconnecting_names_the_last_version_and_gets_what_it_missed(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    frame = await latest_state(comm, table.pk)
    seen = frame["version"]
    await comm.send_json_to({"type": "act", "action": frame["legal"][0], "version": seen})
    await state_at_least(comm, seen + 1)
    await comm.disconnect()
    again = await open_socket(table.pk, ana, hello=False)
    await again.send_json_to({"type": "hello", "version": seen, "lang": "en"})
    state = await next_frame(again, "state")
    now = (await sync_to_async(fresh)(table.pk)).version
    assert state["version"] == now
    assert len(state["missed"]) == min(12, now - seen)
    assert any("played the" in line for line in state["missed"])
    # The same table as a fresh page render would show.
    reloaded = await open_socket(table.pk, ana)
    assert (await next_frame(reloaded, "state"))["html"] == state["html"]
    await again.disconnect()
    await reloaded.disconnect()


async def test_taking_the_seat_back_over_the_socket(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = await sync_to_async(bot_table)(ana, turn_seconds=30)

    def expire() -> None:
        from datetime import timedelta

        from games.live import scheduler

        scheduler.run_manual()
        t = fresh(table.pk)
        services.table_advance(
            table_id=t.pk, version=t.version, now=t.deadline + timedelta(seconds=1)
        )

    await sync_to_async(expire)()
    comm = await open_socket(table.pk, ana)
    frame = await latest_state(comm, table.pk)
    assert "A bot is playing your seat" in frame["html"]
    await comm.send_json_to({"type": "take_back"})
    frame = await next_frame(comm, "state")
    assert "A bot is playing your seat" not in frame["html"]
    await comm.disconnect()
