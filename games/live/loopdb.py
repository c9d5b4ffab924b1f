"""The event loop's own PostgreSQL connections, for the one statement of a usual move.

A socket's move used to go to a database thread (:func:`games.live.consumers.db_write`): a
hand-over to the thread and back, the interpreter lock passed between them each way, and the
thread's sleep and wake-up around its round trip to PostgreSQL. On a saturated two-core machine
that was some 30 context switches a move against 4 for a bare relay, and a tenth of the
server's CPU. A usual move is one conditional statement (:mod:`games.services.store`), so the
event loop can send it itself, with an asynchronous psycopg connection, and go on serving other
sockets while it waits (:func:`games.services.play_on_loop.act_on_loop`).

Each event loop has a few connections of its own (:data:`SIZE`, opened when first needed, in
autocommit: each statement commits by itself), made with Django's own connection settings and
adapters, with client-side binding as Django's cursors use, so that the statement and its
values go to the server exactly as on the thread. A connection that fails is closed and
forgotten; the move is then decided again on the thread, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from typing import Any

import psycopg
from django.db import connections

#: Connections per event loop: moves of different tables go in parallel, up to this many.
SIZE = 4


class _Connections:
    def __init__(self, size: int) -> None:
        self.slots = asyncio.Semaphore(size)
        self.idle: list[psycopg.AsyncConnection[Any]] = []

    async def execute(self, sql: str, params: list[Any]) -> int:
        """Run ``sql`` with ``params`` on a connection of this loop; its row count."""
        async with self.slots:
            conn = self.idle.pop() if self.idle else await self._connect()
            try:
                cursor = await conn.execute(sql, params)
                count = cursor.rowcount
            except BaseException:
                await _close_quietly(conn)
                raise
            self.idle.append(conn)
            return count

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(**_params(), autocommit=True)

    async def close(self) -> None:
        idle, self.idle = self.idle, []
        for conn in idle:
            await _close_quietly(conn)


async def _close_quietly(conn: psycopg.AsyncConnection[Any]) -> None:
    with contextlib.suppress(Exception):  # closing a broken connection
        await conn.close()


def _params() -> dict[str, Any]:
    """Django's connection parameters for the default database (its adapters among them),
    with psycopg's asynchronous client-side-binding cursor for Django's synchronous one."""
    params = dict(connections["default"].get_connection_params())
    params["cursor_factory"] = psycopg.AsyncClientCursor
    return params


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Connections] = (
    weakref.WeakKeyDictionary()
)


def available() -> bool:
    """Whether moves may be written from the event loop: PostgreSQL, and not turned off."""
    from games import conf

    return connections["default"].vendor == "postgresql" and conf.moves_on_loop()


def _of_loop() -> _Connections:
    loop = asyncio.get_running_loop()
    pool = _by_loop.get(loop)
    if pool is None:
        pool = _by_loop[loop] = _Connections(SIZE)
    return pool


async def execute(sql: str, params: list[Any]) -> int:
    """Run one statement (committed by itself) on the running loop's connections."""
    return await _of_loop().execute(sql, params)


def close_all() -> None:
    """Close every loop's idle connections at once, from any thread (a test session's end:
    the loops that opened them may be gone)."""
    for pool in list(_by_loop.values()):
        idle, pool.idle = pool.idle, []
        for conn in idle:
            conn.pgconn.finish()
    _by_loop.clear()


async def close() -> None:
    """Close the running loop's idle connections (a test's end, a server's shutdown)."""
    pool = _by_loop.pop(asyncio.get_running_loop(), None)
    if pool is not None:
        await pool.close()
