"""A person's usual move over a socket, decided and written on the server's event loop.

:func:`games.services.play.table_act` decides a usual move on this process's snapshot of the
table and writes it in one statement with no transaction around it (``play.writes_alone``);
in a database thread, because Django's database layer is synchronous. :func:`act_on_loop` does
the same move without that thread: the decision on the snapshot (no database), the statement
sent from the event loop on a connection of its own (:mod:`games.live.loopdb`), and, once it
is in, what the thread would have done after its commit (:func:`games.services.common.
after_commit`: the new state remembered, the table's sockets told, the next deferred move
scheduled).

It takes only the moves that need nothing else, and leaves every other one to ``table_act``
(it returns None, having written nothing): a move this process cannot decide on its snapshot
(the snapshot is missing or behind, the player is not to play, the notation is wrong), one the
engine refuses (``table_act`` answers it with the engine's words), one that ends its hand or
the match (its records go in one transaction with it), one the lobby shows, one of a seat
taken back from the bots or at a correspondence table, and one the table no longer matches
(another change came first: the statement inserts nothing). So every answer and every error is
the one ``table_act`` gives.

The write and what follows it run to their end even if the socket goes away meanwhile (as the
thread did): a move in the database is always announced.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import psycopg

from games import conf
from games import errors as e
from games.live import lobby, loopdb, scheduler
from games.models import TableAction
from games.services import play
from games.services.common import after_commit
from games.services.store import one_statement

logger = logging.getLogger(__name__)

#: Moves this process wrote from its loop, and those whose statement found the table changed
#: (then decided on the thread): for the tests and a curious operator.
STATS = {"written": 0, "moved_meanwhile": 0}

#: Schedulers that may be called on the event loop (they only keep or arm a timer); the others
#: (Celery's broker, the immediate runner's moves) go to a thread.
_LOOP_SCHEDULERS = ("inprocess", "manual")


async def act_on_loop(
    *, table_id: int, user: Any, action: str, version: int, executor: Executor | None = None
) -> play.ActResult | None:
    """The usual move of ``user`` at ``table_id``, written from the event loop; or None,
    with nothing written, for any move ``play.table_act`` must decide (see the module).
    ``executor``: where a deferred move is handed to Celery (None: asyncio's default)."""
    if not loopdb.available():
        return None
    found = play.on_snapshot(table_id=table_id, user=user, action=action, version=version)
    if found is None:
        return None
    table, seats, match, seat, parsed = found
    if not play.writes_alone(table, seat):
        return None
    revision = table.revision
    try:
        planned = play.plan_move(
            table, seats, match, seat.position, parsed, TableAction.Actor.PLAYER
        )
    except e.IllegalMoveError:
        return None
    if planned.hand_ended or match.is_terminal() or lobby.shows_change(table, match=match):
        return None
    sql, params = one_statement(table, planned.row, revision)
    deferred: list[asyncio.Future[Any]] = []
    after = after_commit(
        table,
        match=match,
        countdown=planned.countdown,
        seats=seats,
        defer=_deferrer(executor, deferred),
    )

    async def write() -> bool:
        if await loopdb.execute(sql, params) != 1:
            STATS["moved_meanwhile"] += 1
            return False  # the table moved on meanwhile: nothing written
        STATS["written"] += 1
        try:
            after()
        except Exception:  # the move is in; a lost notice costs a late re-render
            logger.exception("After the move at table %s", table_id)
        if deferred and conf.scheduler_mode() == "immediate":
            # the bots' answers are played before the move returns, as on the thread
            await asyncio.gather(*deferred, return_exceptions=True)
        return True

    try:
        written = await asyncio.shield(asyncio.ensure_future(write()))
    except (psycopg.Error, OSError):
        logger.warning("A move at table %s goes to a thread: the loop's write failed", table_id)
        return None
    return play.act_result(table, match, planned) if written else None


async def acted(
    table_id: int, user: Any, action: str, version: int, executor: Callable[[], Executor | None]
) -> bool:
    """Whether :func:`act_on_loop` made the move (``executor()``: the socket's database
    threads, asked for only if it is to be used)."""
    if not loopdb.available():  # the usual case on SQLite: not even the executor is made
        return False
    done = await act_on_loop(
        table_id=table_id, user=user, action=action, version=version, executor=executor()
    )
    return done is not None


def _deferrer(executor: Executor | None, deferred: list[asyncio.Future[Any]]) -> Any:
    """What schedules the next deferred move: the scheduler itself where it may run on the
    loop; else a thread (Celery's broker is a blocking round trip), its future kept in
    ``deferred``."""
    if conf.scheduler_mode() in _LOOP_SCHEDULERS:
        return scheduler.defer
    loop = asyncio.get_running_loop()

    def defer(*args: Any, **kwargs: Any) -> None:
        future = loop.run_in_executor(executor, lambda: scheduler.defer(*args, **kwargs))
        future.add_done_callback(_log_failure)
        deferred.append(future)

    return defer


def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("Scheduling a deferred move failed", exc_info=future.exception())
