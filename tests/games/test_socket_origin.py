"""The socket's origin check (tute_site/origins.py), through the real ASGI application: the
origin must be the socket's own scheme, host and port; another port or scheme of an allowed
host is refused at the handshake."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from tute_site.origins import origin_allowed

from .test_consumers import application, bot_table, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

TIMEOUT = 10


async def handshake(
    path: str, cookie: str, *, origin: str | None, host: str | None, scheme: str = "ws"
) -> bool:
    headers = [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if host is not None:
        headers.append((b"host", host.encode()))
    comm = WebsocketCommunicator(application(), path, headers=headers)
    comm.scope["scheme"] = scheme
    connected, _ = await comm.connect(timeout=TIMEOUT)
    await comm.disconnect()
    return connected


REFUSED = [
    # (origin, Host header, socket scheme)
    ("http://testserver:8080", "testserver", "ws"),  # another port of the allowed host
    ("https://testserver", "testserver", "ws"),  # another scheme
    ("http://testserver", "testserver", "wss"),  # a plain-HTTP page, a TLS socket
    ("http://localhost:8000", "localhost:8001", "ws"),
    ("https://localhost", "localhost:443", "ws"),
    ("http://localhost", "127.0.0.1", "ws"),  # both allowed hosts, but not the same
    ("http://evil.example", "evil.example", "ws"),  # not an allowed host at all
    ("http://testserver.evil.example", "testserver", "ws"),
    ("null", "testserver", "ws"),
    ("file://testserver", "testserver", "ws"),
    ("http://testserver/page", "testserver", "ws"),
    ("http://testserver:99999", "testserver", "ws"),
    (None, "testserver", "ws"),  # no origin
    ("http://testserver:81", None, "ws"),  # no Host header: only the default port
]
ACCEPTED = [
    ("http://testserver", "testserver", "ws"),
    ("http://testserver:80", "testserver", "ws"),
    ("http://TestServer", "testserver:80", "ws"),
    ("http://localhost:8000", "localhost:8000", "ws"),
    ("https://localhost", "localhost", "wss"),
    ("https://localhost:8443", "localhost:8443", "wss"),
    ("http://testserver", None, "ws"),
]


def socket_paths(table_id: int) -> tuple[str, ...]:
    """Every WebSocket address: a table's (players' and spectators'), the lobby's, the
    notifications'."""
    return (f"/ws/tables/{table_id}/", f"/ws/watch/{table_id}/", "/ws/lobby/", "/ws/notifications/")


@pytest.mark.parametrize(("origin", "host", "scheme"), REFUSED)
async def test_a_socket_from_another_scheme_host_or_port_is_refused(
    ana: Any, origin: str | None, host: str | None, scheme: str
) -> None:
    table = await sync_to_async(bot_table)(ana)
    cookie = await sync_to_async(session_cookie)(ana)
    for path in socket_paths(table.pk):
        assert not await handshake(path, cookie, origin=origin, host=host, scheme=scheme)


@pytest.mark.parametrize(("origin", "host", "scheme"), ACCEPTED)
async def test_a_socket_from_its_own_origin_is_accepted(
    ana: Any, origin: str, host: str | None, scheme: str
) -> None:
    table = await sync_to_async(bot_table)(ana)
    cookie = await sync_to_async(session_cookie)(ana)
    for path in socket_paths(table.pk):
        assert await handshake(path, cookie, origin=origin, host=host, scheme=scheme)


def test_a_trusted_origin_is_accepted_whatever_the_host_header(settings: Any) -> None:
    scope = {
        "type": "websocket",
        "scheme": "wss",
        "headers": [(b"origin", b"https://tute.example"), (b"host", b"127.0.0.1:8000")],
    }
    assert not origin_allowed(scope)
    settings.CSRF_TRUSTED_ORIGINS = ["https://tute.example"]
    assert origin_allowed(scope)
    scope["headers"][0] = (b"origin", b"https://tute.example:444")
    assert not origin_allowed(scope)
