"""Telling sockets that something changed: channel-layer group messages, sent after a commit.

:func:`notify_table` reaches every socket of a table (``table.changed`` with the new version
and revision; each consumer renders its own seat's view); :func:`notify_lobby` every lobby
socket (``lobby.changed``; see :mod:`.lobby`). Messages are always sent from the event loop
that serves the sockets (:mod:`.loop`): directly when called in it, handed over with
``call_soon_threadsafe`` from a worker thread, and through an event loop of the process's own
where no such loop exists (a Celery worker or a command).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import Any

from channels.layers import get_channel_layer

from games.live.loop import in_loop_thread, main_loop, sender_loop

logger = logging.getLogger(__name__)

#: The channel-layer group of every lobby socket.
LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    """The channel-layer group of a table's players' sockets (and its creator's)."""
    return f"table-{table_id}"


def watchers_group(table_id: int) -> str:
    """The channel-layer group of a table's spectators' sockets."""
    return f"table-{table_id}-watch"


def table_send(table_id: int, message: dict[str, Any]) -> None:
    """``message`` to every socket of the table: its players first, then its spectators.

    Both groups get every message; the players' goes first, so that on a table with a
    hundred spectators the players' sockets render and send before the spectators' (each
    server process hands a group message to its sockets in the order it arrives)."""
    group_send(table_group(table_id), message)
    group_send(watchers_group(table_id), message)


def notify_table(table_id: int, *, version: int, revision: int, **notice: Any) -> None:
    """Tell the table's sockets that it changed (after commit). ``notice``: what the other
    server processes need to apply a move in memory (:mod:`.notice`); it stays in the channel
    layer, no socket sends it on."""
    message = {"type": "table.changed", "version": version, "revision": revision, **notice}
    table_send(table_id, message)


def notify_lobby(*, url: str | None = None, users: list[int] | None = None) -> None:
    """Tell the lobby sockets that the list of tables changed (call it after a commit).

    A change of a private table gives its page's ``url`` and the ids of the ``users`` whose
    lobby may list it (its creator and seated players): the other sockets re-render only if
    the list they last sent shows that table (a player who just left it). The ids stay on the
    server (the channel layer); no socket sends them on.
    """
    message: dict[str, Any] = {"type": "lobby.changed"}
    if url is not None:
        message["url"] = url
        message["users"] = list(users or [])
    group_send(LOBBY_GROUP, message)


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to the channel-layer ``group`` from any thread (see the module
    docstring); a lost message is logged, never raised: the change it tells of is committed."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = main_loop()
    if loop is None:
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), sender_loop())
        try:
            future.result(timeout=10)
        except Exception:  # the move is committed; a lost notice costs a late re-render
            logger.exception("Could not notify %s", group)
    elif in_loop_thread(loop):
        loop.create_task(layer.group_send(group, message), context=contextvars.Context())
    else:
        loop.call_soon_threadsafe(
            lambda: loop.create_task(layer.group_send(group, message)),
            context=contextvars.Context(),
        )
