"""The notification socket: ``/ws/notifications/``, opened by every page of a logged-in user
(``static/notifications/notifications.js``).

It joins the group ``notifications.user.<id>`` (:mod:`.push`) and sends, on connecting and
after each change, ``{"type": "count", "count": 3}``, with ``"notification": {"id", "kind",
"text", "url"}`` when a new one arrived (its text already in the user's language). It reads
nothing from the client but ``{"type": "ping"}`` (answered ``{"type": "pong"}``; any other frame
gets an error frame, :mod:`games.live.guard`). Anonymous
connections are closed (code 4401).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games.live import guard, protocols
from games.live.loop import bind_loop

from . import selectors
from .push import user_group

CLOSE_NO_SESSION = 4401


class NotificationConsumer(AsyncWebsocketConsumer):
    group: str | None = None

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NO_SESSION)
            return
        bind_loop(asyncio.get_running_loop())  # pushes from worker threads find this loop
        self.user_id = int(user.pk)
        self.group = user_group(self.user_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        count = await sync_to_async(selectors.unread_count)(user_id=self.user_id)
        await self.send(text_data=json.dumps({"type": "count", "count": count}))

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    @guard.frames(protocols.NOTIFICATIONS)
    async def receive(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps({"type": "pong"}))  # the only frame it takes

    async def notifications_changed(self, event: dict[str, Any]) -> None:
        frame: dict[str, Any] = {"type": "count", "count": int(event.get("count", 0))}
        if event.get("notification"):
            frame["notification"] = event["notification"]
        await self.send(text_data=json.dumps(frame))
