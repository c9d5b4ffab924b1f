"""A bare relay: the floor under the live tables' throughput on the machine at hand.

``manage.py bench_tables --relay CHARS`` runs this ASGI application in the uvicorn processes
instead of the site. Its sockets speak just enough of the table's protocol for the benchmark's
scripted people (:mod:`games.bench.clients`): the same address, the same origin check and
session authentication, the same Redis channel layer; a ``hello`` gets a ``state`` frame, an
``act`` at the current version is sent to the table's group, and every socket of the table
answers the group's message with a ``state`` frame of about ``CHARS`` characters saying whose
turn it is (the seats take turns in order). No engine, no database write, no render: what is
left of a move is what the server, the channel layer and the sockets cost.

What a saturated run of the site reaches, divided by what this relay reaches on the same
machine and with the same clients, says how much of the machine's floor the application keeps;
it does not move with the machine's speed the way moves/s do (``docs/tables.md``). The issue
that set the 300 moves/s target measured such a relay at 366 moves/s on its machine.
"""

from __future__ import annotations

import json
import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tute_site.settings.production")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from games.bench.procs import RELAY_CHARS_VARIABLE  # noqa: E402
from tute_site.origins import SameOriginValidator  # noqa: E402

DEFAULT_CHARS = 5600
SEATS = 4

#: The version each table of this process is at (the acting socket's process moves it at
#: once, the others when the group's message comes).
_versions: dict[int, int] = {}


def frame_chars() -> int:
    return max(0, int(os.environ.get(RELAY_CHARS_VARIABLE, DEFAULT_CHARS)))


def state_frame(*, seat: int | None, version: int, chars: int) -> str:
    """The ``state`` frame of ``version`` for ``seat``, its one changed part padded so that
    the whole text is ``chars`` characters long (or as short as it can be)."""
    your_turn = seat is not None and version % SEATS == seat
    head = json.dumps(
        {
            "type": "state",
            "version": version,
            "revision": version,
            "seat": seat,
            "status": "playing",
            "your_turn": your_turn,
            "legal": ["1O"] if your_turn else [],
        }
    )[:-1]
    shell = f'{head}, "changed": [[3, ""]]}}'
    pad = "x" * max(0, chars - len(shell))
    return f'{head}, "changed": [[3, "{pad}"]]}}'


def _seat_of(table_id: int, user: Any) -> int | None:
    from games.models import Seat

    if not getattr(user, "is_authenticated", False):
        return None
    found = Seat.objects.filter(table_id=table_id, user_id=user.pk).values_list(
        "position", flat=True
    )
    return next(iter(found), None)


class RelayConsumer(AsyncWebsocketConsumer):
    """One socket of a relayed table: ``/ws/tables/<id>/``."""

    table_id: int
    group: str
    seat: int | None

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.group = f"relay.{self.table_id}"
        self.chars = frame_chars()
        self.seat = await database_sync_to_async(_seat_of)(self.table_id, self.scope["user"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame = json.loads(text_data or "{}")
        version = _versions.get(self.table_id, 0)
        if frame.get("type") == "hello":
            await self.send(
                text_data=state_frame(seat=self.seat, version=version, chars=self.chars)
            )
        elif frame.get("type") == "act":
            if self.seat is None or frame.get("version") != version or version % SEATS != self.seat:
                await self.send(text_data=json.dumps({"type": "error", "code": "stale"}))
                return
            _versions[self.table_id] = version + 1
            await self.channel_layer.group_send(
                self.group, {"type": "relay.move", "version": version + 1}
            )

    async def relay_move(self, event: dict[str, Any]) -> None:
        version = int(event["version"])
        if version > _versions.get(self.table_id, 0):
            _versions[self.table_id] = version
        await self.send(text_data=state_frame(seat=self.seat, version=version, chars=self.chars))


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(
                URLRouter([path("ws/tables/<int:table_id>/", RelayConsumer.as_asgi())])
            )
        ),
    }
)
