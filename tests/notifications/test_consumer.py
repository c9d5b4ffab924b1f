"""The notification socket through the real ASGI application: the count on connecting, the
count and the new notification after notify(), only to its user; anonymous sockets refused."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from league.notifications import services
from league.notifications.kinds import Kind
from tests.factories import UserFactory
from tests.games.test_consumers import application, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

TIMEOUT = 10


@pytest.fixture
async def close_db_threads() -> Any:
    from django.db import connections

    yield
    await sync_to_async(connections.close_all)()


async def open_socket(user: Any = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return WebsocketCommunicator(application(), "/ws/notifications/", headers=headers)


async def test_the_socket_gets_the_count_then_each_new_notification() -> None:
    ana, bruno = await sync_to_async(UserFactory)(), await sync_to_async(UserFactory)()
    await sync_to_async(services.notify)(user=ana, kind=Kind.YOUR_TURN, params={"table": 1})
    comm = await open_socket(ana)
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    assert await comm.receive_json_from(timeout=TIMEOUT) == {"type": "count", "count": 1}
    other = await open_socket(bruno)
    assert (await other.connect(timeout=TIMEOUT))[0]
    assert (await other.receive_json_from(timeout=TIMEOUT))["count"] == 0

    await sync_to_async(services.notify)(
        user=ana, kind=Kind.TABLE_OPEN, params={"event": "Copa", "round": 2}, url="/tables/8/"
    )
    frame = await comm.receive_json_from(timeout=TIMEOUT)
    assert frame["type"] == "count" and frame["count"] == 2
    assert frame["notification"]["kind"] == "table_open"
    assert frame["notification"]["url"] == "/tables/8/"
    assert "Copa" in frame["notification"]["text"]
    assert await other.receive_nothing(timeout=0.3)  # nothing for bruno

    await sync_to_async(services.notifications_mark_all_read)(user=ana)
    assert (await comm.receive_json_from(timeout=TIMEOUT)) == {"type": "count", "count": 0}
    await comm.disconnect()
    await other.disconnect()


async def test_an_anonymous_socket_is_refused() -> None:
    comm = await open_socket()
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert not connected and code == 4401
