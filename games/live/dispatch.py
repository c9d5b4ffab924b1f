"""The base of this project's WebSocket consumers: Channels' dispatch without its database sweep.

Channels' ``AsyncConsumer.dispatch`` awaits ``aclose_old_connections()`` before every message it
hands to a handler: a hop to asgiref's one sync thread and back, for each socket, for every
table change (four sockets a move, a hundred with spectators), all queueing on that one thread.
The sweep is for consumers that use Django's request-style connections (closed after use when
``CONN_MAX_AGE`` is 0); these consumers never touch the database on the event loop and keep
their own connections in their worker threads (:func:`games.live.consumers.db_read`: kept open,
closed and retried when one breaks), so the sweep only cost time. Measured with
``bench_tables``: about 7 % of the server's event loop at saturation.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class LiveConsumer(AsyncWebsocketConsumer):
    """An ``AsyncWebsocketConsumer`` whose messages go straight to their handler."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
