"""Presence at a table: socket counts in the cache, the seat's first connection, the
``player_arrived`` signal, and the "connected" / "not connected" marks pushed over the socket."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.core.cache import cache

from games import presence
from games.models import Seat
from games.signals import player_arrived

from .helpers import fresh, people_table
from .test_consumers import next_frame, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


@pytest.fixture(autouse=True)
def empty_cache() -> Any:
    cache.clear()
    yield
    cache.clear()


def test_counts_sockets_per_table_and_user() -> None:
    assert presence.socket_opened(1, 5) == 1
    assert presence.socket_opened(1, 5) == 2
    assert presence.socket_opened(2, 5) == 1
    assert presence.connected_users(1, [5, 6]) == {5}
    assert presence.socket_closed(1, 5) == 1
    assert presence.connected_users(1, [5]) == {5}
    assert presence.socket_closed(1, 5) == 0
    assert presence.connected_users(1, [5]) == set()
    assert presence.connected_users(2, [5]) == {5}


def test_a_count_expires_without_refresh(monkeypatch: Any) -> None:
    """A killed process leaves no ghost: its count expires."""
    monkeypatch.setattr(presence, "PRESENCE_TTL", 1)
    presence.socket_opened(3, 9)
    key = presence.presence_key(3, 9)
    cache.touch(key, 0.01)
    import time

    time.sleep(0.05)
    assert presence.connected_users(3, [9]) == set()
    presence.socket_alive(3, 9)  # a live socket refreshing brings it back
    assert presence.connected_users(3, [9]) == {9}


async def test_presence_over_the_socket(ana: Any, bruno: Any, make_user: Any) -> None:
    table = await sync_to_async(people_table)(ana, bruno)  # Ana at 0, Bruno at 1, two bots
    arrivals: list[dict[str, Any]] = []

    def on_arrived(sender: Any, **kwargs: Any) -> None:
        arrivals.append(kwargs)

    player_arrived.connect(on_arrived)
    try:
        ana_socket = await open_socket(table.pk, ana)
        await next_frame(ana_socket, "state")
        frame = await next_frame(ana_socket, "presence")
        assert frame == {"type": "presence", "people": [0, 1], "connected": [0]}
        seat = await sync_to_async(Seat.objects.get)(table=table, user=ana)
        assert seat.first_seen_at is not None
        assert arrivals[-1]["user_id"] == ana.pk
        assert arrivals[-1]["waiting_for"] == [bruno.pk]
        assert arrivals[-1]["table_id"] == table.pk

        bruno_socket = await open_socket(table.pk, bruno)
        await next_frame(bruno_socket, "state")
        assert (await next_frame(bruno_socket, "presence"))["connected"] == [0, 1]
        assert (await next_frame(ana_socket, "presence"))["connected"] == [0, 1]
        assert arrivals[-1]["user_id"] == bruno.pk and arrivals[-1]["waiting_for"] == []

        # A spectator is not counted and sends no arrival; a presence-only socket gets no state.
        carla = await sync_to_async(make_user)("carla")
        watcher = await open_socket(table.pk, carla)
        await next_frame(watcher, "state")
        assert (await next_frame(watcher, "presence"))["connected"] == [0, 1]
        assert len(arrivals) == 2

        await bruno_socket.disconnect()
        assert (await next_frame(ana_socket, "presence"))["connected"] == [0]
        assert (await next_frame(watcher, "presence"))["connected"] == [0]
        await watcher.disconnect()
        await ana_socket.disconnect()
        assert await sync_to_async(presence.connected_users)(table.pk, [ana.pk, bruno.pk]) == set()
    finally:
        player_arrived.disconnect(on_arrived)


async def test_a_presence_only_socket_gets_presence_and_no_state(ana: Any, bruno: Any) -> None:
    from channels.testing import WebsocketCommunicator

    from .test_consumers import application, session_cookie

    table = await sync_to_async(people_table)(ana, bruno)
    cookie = await sync_to_async(session_cookie)(bruno)
    from django.conf import settings

    headers = [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
    ]
    comm = WebsocketCommunicator(
        application(), f"/ws/tables/{table.pk}/?only=presence", headers=headers
    )
    connected, _ = await comm.connect(timeout=10)
    assert connected
    frame = json.loads(await comm.receive_from(timeout=10))
    assert frame == {"type": "presence", "people": [0, 1], "connected": [1]}
    await comm.send_json_to({"type": "hello", "version": None, "lang": "en"})
    await comm.send_json_to({"type": "ping"})
    assert json.loads(await comm.receive_from(timeout=10)) == {"type": "pong"}
    await comm.disconnect()


async def test_two_sockets_of_one_player(ana: Any, bruno: Any) -> None:
    table = await sync_to_async(people_table)(ana, bruno)
    first = await open_socket(table.pk, bruno)
    await next_frame(first, "state")
    second = await open_socket(table.pk, bruno)
    await next_frame(second, "state")
    await first.disconnect()
    assert await sync_to_async(presence.connected_users)(table.pk, [bruno.pk]) == {bruno.pk}
    await second.disconnect()
    assert await sync_to_async(presence.connected_users)(table.pk, [bruno.pk]) == set()


def test_table_seen_keeps_the_first_time(ana: Any, bruno: Any) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from games.services import presence as presence_services

    table = people_table(ana, bruno)
    first = timezone.now() - timedelta(minutes=5)
    assert presence_services.table_seen(table_id=table.pk, user_id=ana.pk, now=first)
    assert presence_services.table_seen(table_id=table.pk, user_id=ana.pk)
    assert Seat.objects.get(table=table, user=ana).first_seen_at == first
    assert not fresh(table).seats.filter(user=bruno, first_seen_at__isnull=False).exists()
