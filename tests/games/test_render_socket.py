"""The parts protocol over the real socket: a client that says ``"parts": 1`` in its hello gets
the table in parts, then only the parts that changed; joined, they are the table a client of the
whole-html protocol gets. Hidden cards stay hidden in every such frame, and a reconnection gets
every part again."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games import services, table_state
from games.live import states
from games.live.parts import layout

from .helpers import cards_in, fresh
from .test_consumers import TIMEOUT, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


def four_people(make_user: Any) -> tuple[int, list[Any]]:
    users = [make_user() for _ in range(4)]
    table = services.table_create(
        creator=users[0], variant="cabrero", players=4, turn_seconds=0, seed=7
    )
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    return table.pk, users


class Client:
    """A socket and, for the parts protocol, the parts it holds (as table.js does)."""

    def __init__(self, comm: WebsocketCommunicator, as_parts: bool) -> None:
        self.comm = comm
        self.as_parts = as_parts
        self.parts: list[str] | None = None
        self.texts: list[str] = []

    async def hello(self, version: int | None = None) -> dict[str, Any]:
        hello: dict[str, Any] = {"type": "hello", "version": version, "lang": "en"}
        if self.as_parts:
            hello["parts"] = 1
        await self.comm.send_json_to(hello)
        return await self.state()

    async def state(self) -> dict[str, Any]:
        while True:
            text = await self.comm.receive_from(timeout=TIMEOUT)
            frame = json.loads(text)
            if frame["type"] == "state":
                break
        self.texts.append(text)
        if not self.as_parts:
            assert "parts" not in frame and "changed" not in frame
            frame["table"] = frame["html"]
            return frame
        assert "html" not in frame
        if "parts" in frame:
            self.parts = list(frame["parts"])
        else:
            assert self.parts is not None
            for index, text in frame["changed"]:
                self.parts[index] = text
        frame["table"] = "".join(self.parts)
        return frame


async def connect(table_id: int, user: Any, *, as_parts: bool) -> Client:
    return Client(await open_socket(table_id, user, hello=False), as_parts)


def expected(table_id: int, user: Any, revision: int) -> str:
    return states.build_state_frame(table_id=table_id, user=user, language="en", revision=revision)[
        "html"
    ]


async def test_parts_then_changes_make_the_same_table_as_whole_frames(make_user: Any) -> None:
    table_id, users = await sync_to_async(four_people)(make_user)
    watcher = await sync_to_async(make_user)()
    watcher_2 = await sync_to_async(make_user)()
    clients = {
        "seat parts": (await connect(table_id, users[0], as_parts=True), users[0]),
        "seat html": (await connect(table_id, users[1], as_parts=False), users[1]),
        "watcher parts": (await connect(table_id, watcher, as_parts=True), watcher),
        "watcher 2 parts": (await connect(table_id, watcher_2, as_parts=True), watcher_2),
    }
    frames = {name: await c.hello() for name, (c, _) in clients.items()}
    assert "parts" in json.loads(clients["seat parts"][0].texts[0])
    changed_counts = []
    for _ in range(6):  # moves by whoever's turn it is, through the services
        match = await sync_to_async(table_state.match_at)(await sync_to_async(fresh)(table_id))
        seat = match.current_player()
        version = frames["seat parts"]["version"]
        view_legal = await sync_to_async(_legal_for)(table_id, users[seat])
        await sync_to_async(services.table_act)(
            table_id=table_id, user=users[seat], action=view_legal[0], version=version
        )
        for name, (client, user) in clients.items():
            frame = await client.state()
            while frame["version"] <= version:
                frame = await client.state()
            frames[name] = frame
            want = await sync_to_async(expected)(table_id, user, frame["revision"])
            assert frame["table"] == want, name
        last = json.loads(clients["seat parts"][0].texts[-1])
        assert "changed" in last and "parts" not in last
        changed_counts.append(len(last["changed"]))
    # never the whole table again: a card changes the head, the turn line, a few of the
    # board's slots (the trick card, the seats whose badges or counts moved), maybe the hand
    # and a section of the panel
    assert len(clients["seat parts"][0].parts) == len(layout(4))
    assert max(changed_counts) <= 10 < len(layout(4))
    # spectators coming from the same state get the same changes (encoded once for them)
    assert clients["watcher parts"][0].texts[1:] == clients["watcher 2 parts"][0].texts[1:]
    # hidden cards: the watcher never saw a hand, the seat never another seat's hand
    match = await sync_to_async(table_state.match_at)(await sync_to_async(fresh)(table_id))
    public = cards_in(json.dumps(match.public_observation()))
    hands = [set(match.hand.hand_of(s)) - public for s in range(4)]
    watcher_seen = cards_in("".join(clients["watcher parts"][0].texts))
    seat_seen = cards_in("".join(clients["seat parts"][0].texts))
    assert not watcher_seen & set().union(*hands)
    assert not seat_seen & set().union(*hands[1:])
    assert hands[0] <= cards_in(frames["seat parts"]["table"])
    for client, _ in clients.values():
        await client.comm.disconnect()


def _legal_for(table_id: int, user: Any) -> list[str]:
    from .helpers import view_for

    return view_for(table_id, user).legal


async def test_a_reconnection_gets_every_part_and_what_it_missed(make_user: Any) -> None:
    table_id, users = await sync_to_async(four_people)(make_user)
    client = await connect(table_id, users[0], as_parts=True)
    first = await client.hello()
    await client.comm.disconnect()
    match = await sync_to_async(table_state.match_at)(await sync_to_async(fresh)(table_id))
    seat = match.current_player()
    legal = await sync_to_async(_legal_for)(table_id, users[seat])
    await sync_to_async(services.table_act)(
        table_id=table_id, user=users[seat], action=legal[0], version=first["version"]
    )
    again = await connect(table_id, users[0], as_parts=True)
    frame = await again.hello(version=first["version"])
    raw = json.loads(again.texts[-1])
    assert "parts" in raw and raw["missed"]
    assert frame["version"] == first["version"] + 1
    want = await sync_to_async(expected)(table_id, users[0], frame["revision"])
    assert frame["table"] == want
    await again.comm.disconnect()
