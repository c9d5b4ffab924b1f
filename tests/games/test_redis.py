"""Production-like parts on a real Redis: bot moves through a real Celery worker consuming from
the Redis broker, and sockets that meet through the Redis channel layer.

The worker is Celery's own (``celery.contrib.testing.worker.start_worker``: a WorkController
in a thread of this process, so that it shares pytest-django's test database), consuming a
queue of its own so that nothing else on the same Redis takes its tasks.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from channels.layers import get_channel_layer
from django.db import OperationalError, connections

from games import services, table_state
from games.models import Table, TableAction
from games.services import SeatSpec

from .helpers import fresh, people_table, play_first_legal
from .test_consumers import next_frame, open_socket, state_at_least

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]

#: One queue for this test run (Celery keeps the queue it first routed to for the process).
QUEUE = f"games-test-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def celery_worker(settings: Any) -> Iterator[list[str]]:
    """A real worker on the Redis broker; yields the names of the tasks it ran."""
    from tute_site.celery import app

    queue = QUEUE
    # The app reads the CELERY_* Django settings (namespace CELERY).
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = os.environ["REDIS_URL"]
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    settings.TUTE_TABLE_SCHEDULER = "celery"
    assert app.conf.task_always_eager is False and app.conf.task_default_queue == queue
    settings.TUTE_BOT_DELAY = 0.05
    ran: list[str] = []

    def record(sender: Any = None, **kwargs: Any) -> None:
        if threading.current_thread() is not threading.main_thread():
            ran.append(sender.name)

    task_postrun.connect(record, weak=False)
    try:
        with start_worker(
            app,
            pool="solo",
            perform_ping_check=False,
            queues=[queue],
            loglevel="WARNING",
            shutdown_timeout=10,
        ):
            yield ran
    finally:
        task_postrun.disconnect(record)
        connections.close_all()


def wait_for(predicate: Any, table: Table, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except OperationalError:  # SQLite's shared cache: the worker is writing; look again
            pass
        time.sleep(0.05)
    t = fresh(table)
    log = list(t.actions.values_list("index", "seat", "actor"))
    raise AssertionError(
        f"timed out: table at version {t.version}, {t.status}, deadline {t.deadline} "
        f"({t.deadline_kind}), log {log}"
    )


def ana_to_play(table: Table) -> bool:
    current = fresh(table)
    return current.status != Table.Status.PLAYING or (
        table_state.match_at(current).current_player() == 0 and current.deadline_kind == ""
    )


def test_a_bot_seat_plays_through_a_real_celery_worker(
    ana: Any, celery_worker: list[str], settings: Any
) -> None:
    table = services.table_create(
        creator=ana,
        variant="cabrero",
        players=4,
        turn_seconds=0,
        fill_with_bots=True,
        bot_level="heuristic",
    )
    wait_for(lambda: ana_to_play(table), table)
    before = fresh(table).version
    for _ in range(10):  # ana plays until a bot has answered (she may win a trick and lead)
        mine = fresh(table).version
        play_first_legal(table, ana)
        wait_for(lambda: fresh(table).version > mine and ana_to_play(table), table)  # noqa: B023
        if fresh(table).version > mine + 1:
            break
    bots = TableAction.objects.filter(table=table, actor=TableAction.Actor.BOT)
    assert bots.exists()
    assert bots.filter(index__gt=before).count() >= 1
    # Every bot move came from a task the worker ran (its signal may lag the commit a little).
    wait_for(lambda: celery_worker.count("games.table_advance") >= bots.count(), table)
    indexes = list(TableAction.objects.filter(table=table).values_list("index", flat=True))
    assert indexes == list(range(fresh(table).version))

    # Dozens of bot tables waiting for their countdowns at once all go on.
    settings.TUTE_BOT_DELAY = 0.2
    tables = [
        services.table_create(
            creator=None,
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[SeatSpec(bot_level="random")] * 4,
        )
        for _ in range(24)
    ]
    wait_for(lambda: all(fresh(t).version >= 12 for t in tables), tables[0], timeout=60)


async def test_sockets_meet_through_the_redis_channel_layer(ana: Any, bruno: Any) -> None:
    from channels_redis.pubsub import RedisPubSubChannelLayer

    assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)
    table = await sync_to_async(people_table)(ana, bruno)
    sockets = [await open_socket(table.pk, ana), await open_socket(table.pk, bruno)]
    frames = [await next_frame(s, "state") for s in sockets]
    mover = 0 if frames[0]["your_turn"] else 1
    if not frames[mover]["your_turn"]:  # a bot is on turn: wait for it (immediate scheduler)
        frames = [
            await state_at_least(s, (await sync_to_async(fresh)(table.pk)).version) for s in sockets
        ]
        mover = 0 if frames[0]["your_turn"] else 1
    version = frames[mover]["version"]
    await sockets[mover].send_json_to(
        {"type": "act", "action": frames[mover]["legal"][0], "version": version}
    )
    for s in sockets:
        assert (await state_at_least(s, version + 1))["version"] > version
    for s in sockets:
        await s.disconnect()
    await sync_to_async(connections.close_all)()
