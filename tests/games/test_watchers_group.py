"""Spectators' sockets are a channel-layer group of their own, told of every change after the
players' (games.live.notify.table_send), so that a table's players never wait behind a hundred
spectator frames; both groups hear of everything (moves, chat, presence)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games.live import notify

from .helpers import people_table
from .test_consumers import TIMEOUT, latest_state, next_frame, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


async def test_players_and_spectators_are_in_their_own_groups(
    ana: Any, bruno: Any, make_user: Any
) -> None:
    table = await sync_to_async(people_table)(ana, bruno)
    watcher = await sync_to_async(make_user)("watcher")
    player = await open_socket(table.pk, ana)
    spectator = await open_socket(table.pk, watcher)
    first = {"player": await latest_state(player, table.pk)}
    first["spectator"] = await latest_state(spectator, table.pk)
    assert first["player"]["seat"] == 0 and first["spectator"]["seat"] is None
    for comm in (player, spectator):  # what the connections said of presence so far
        while not await comm.receive_nothing(timeout=0.5):
            await comm.receive_from()
    layer = get_channel_layer()

    # A message told to one group reaches only that group's sockets (a presence change: each
    # socket that hears it sends it on as a presence frame).
    presence = {"type": "table.presence", "people": [0, 1], "connected": [0, 1, 7]}
    await layer.group_send(notify.watchers_group(table.pk), presence)
    assert (await next_frame(spectator, "presence"))["connected"] == [0, 1, 7]
    assert await player.receive_nothing(timeout=0.5)
    await layer.group_send(notify.table_group(table.pk), {**presence, "connected": [0, 1, 8]})
    assert (await next_frame(player, "presence"))["connected"] == [0, 1, 8]
    assert await spectator.receive_nothing(timeout=0.5)

    # A move reaches both.
    frame = first["player"] if first["player"]["your_turn"] else None
    if frame is None:  # bruno's turn: he plays from a socket of his own
        bruno_socket = await open_socket(table.pk, bruno)
        frame = await latest_state(bruno_socket, table.pk)
        mover = bruno_socket
    else:
        mover = player
    await mover.send_json_to(
        {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
    )
    for comm in (player, spectator):
        while (await next_frame(comm, "state"))["version"] <= frame["version"]:
            pass
    for comm in {player, spectator, mover}:
        await comm.disconnect()


def test_table_send_tells_the_players_first() -> None:
    """Both groups get the message, the players' group first (one loop, one order)."""
    import asyncio

    layer = get_channel_layer()

    async def run() -> list[str]:
        players = await layer.new_channel()
        watchers = await layer.new_channel()
        await layer.group_add(notify.table_group(987654), players)
        await layer.group_add(notify.watchers_group(987654), watchers)
        sent: list[str] = []
        real = layer.group_send

        async def spy(group: str, message: dict[str, Any]) -> None:
            sent.append(group)
            await real(group, message)

        layer.group_send = spy  # type: ignore[method-assign]
        try:
            notify.table_send(987654, {"type": "table.changed", "version": 1, "revision": 1})
            got = [await asyncio.wait_for(layer.receive(c), TIMEOUT) for c in (players, watchers)]
        finally:
            del layer.group_send
        assert all(m["revision"] == 1 for m in got)
        return sent

    assert asyncio.run(run()) == ["table-987654", "table-987654-watch"]
