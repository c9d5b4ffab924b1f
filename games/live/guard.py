"""The one gate every client frame of every socket passes: rate limits, then parsing.

A consumer declares its protocol (:class:`games.live.frames.Protocol`) and decorates its
frame handler::

    @guard.frames(PROTOCOL)
    async def receive(self, frame: dict) -> None: ...

The handler then only ever sees a well-formed frame of a type it knows. Before that:

* the socket's and the user's token buckets (:mod:`games.live.ratelimit`) each give a token,
  or the frame is refused with ``{"type": "error", "code": "rate_limited", ...}``; a socket
  that keeps sending into an empty bucket (``strikes``) gets a last error frame and is closed
  with code 4429;
* the frame is parsed (:func:`games.live.frames.parse`): anything malformed, whatever its
  shape, gets ``{"type": "error", "code": "bad_frame", "message": ...}`` saying what was wrong;
* a ``TableError`` the handler raises becomes an error frame with its code and message, and
  an unexpected exception is logged and answered with ``server_error``: the socket stays open
  in every case. Error frames are sent whole, in the socket's language (``consumer.language``,
  else the language cookie, else the site's).
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from channels.exceptions import DenyConnection, StopConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.errors import TableError
from games.live import ratelimit
from games.live.frames import FrameError, Protocol, parse

logger = logging.getLogger(__name__)

Handler = Callable[[Any, dict[str, Any]], Awaitable[None]]


def language(consumer: Any) -> str:
    current = getattr(consumer, "language", None)
    if current:
        return str(current)
    cookie = (consumer.scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
    codes = {code for code, _name in settings.LANGUAGES}
    if isinstance(cookie, str) and cookie[:2].lower() in codes:
        return cookie[:2].lower()
    return str(settings.LANGUAGE_CODE)


async def send_error(consumer: Any, code: str, message: str, **extra: Any) -> None:
    frame = {"type": "error", "code": code, "message": str(message), **extra}
    await consumer.send(text_data=json.dumps(frame))


class SocketGuard:
    """A socket's buckets and whether it was closed for abuse."""

    def __init__(self) -> None:
        self.frames = ratelimit.Bucket(*ratelimit.limits("socket"))
        self.strikes = ratelimit.Bucket(*ratelimit.limits("strikes"))
        self.closed = False

    async def admit(self, consumer: Any) -> bool:
        """Whether the frame may be read; if not, the socket was told (or closed)."""
        user = consumer.scope.get("user")
        socket_ok = self.frames.take()
        user_ok = socket_ok and (
            user is None or not user.is_authenticated or await ratelimit.user_take(int(user.pk))
        )
        if user_ok:
            return True
        with translation.override(language(consumer)):
            message = _("Too many messages: wait a moment before sending more.")
            if self.strikes.take():
                await send_error(consumer, "rate_limited", message)
                return False
            self.closed = True
            await send_error(
                consumer, "rate_limited", _("Too many messages: this connection is closed.")
            )
        await consumer.close(code=ratelimit.CLOSE_TOO_MANY)
        return False


def _guard_of(consumer: Any) -> SocketGuard:
    guard = consumer.__dict__.get("_frame_guard")
    if guard is None:
        guard = consumer.__dict__["_frame_guard"] = SocketGuard()
    return guard


def frames(protocol: Protocol) -> Callable[[Handler], Callable[..., Awaitable[None]]]:
    """Decorate a consumer's frame handler as its ``receive`` (see the module)."""

    def decorate(handler: Handler) -> Callable[..., Awaitable[None]]:
        @functools.wraps(handler)
        async def receive(
            self: Any, text_data: str | None = None, bytes_data: bytes | None = None
        ) -> None:
            guard = _guard_of(self)
            if guard.closed or not await guard.admit(self):
                return
            lang = language(self)
            try:
                with translation.override(lang):
                    frame = parse(text_data, bytes_data, protocol)
            except FrameError as error:
                await send_error(self, error.code, error.message)
                return
            try:
                await handler(self, frame)
            except (StopConsumer, DenyConnection):
                raise
            except TableError as error:
                await send_error(self, error.code, error.message)
            except Exception:
                logger.exception("socket frame %r failed", frame.get("type"))
                with translation.override(language(self)):
                    message = _("The server could not handle that message. Try again.")
                await send_error(self, "server_error", message)

        return receive

    return decorate
