"""A change a process could not apply in memory is read from the database once for all its
sockets that need it (``games.live.consumers.load_once``), not once per socket."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db.models import F

from games import snapshots
from games.live import consumers, notify
from games.models import Table

from .test_consumers import bot_table, latest_state, next_frame, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


async def test_spectators_of_a_change_not_in_memory_share_one_read(
    ana: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await sync_to_async(bot_table)(ana)
    watchers = [await sync_to_async(make_user)(f"watcher{i}") for i in range(3)]
    comms = [await open_socket(table.pk, w, route="watch") for w in watchers]
    for comm in comms:
        await latest_state(comm, table.pk)

    reads: list[tuple[int, int]] = []
    real = consumers._read_at

    def counted(table_id: int, revision: int) -> snapshots.Snapshot:
        reads.append((table_id, revision))
        time.sleep(0.3)  # long enough for every socket to ask while it is in flight
        return real(table_id, revision)

    monkeypatch.setattr(consumers, "_read_at", counted)

    # A change made elsewhere (as by another server process) that this process does not hold
    # in memory: the row moved on, the held snapshot is gone, the sockets are told.
    def change_elsewhere() -> Table:
        Table.objects.filter(pk=table.pk).update(revision=F("revision") + 1)
        snapshots.clear_snapshots()
        return Table.objects.get(pk=table.pk)

    changed = await sync_to_async(change_elsewhere)()
    await get_channel_layer().group_send(
        notify.watchers_group(table.pk),
        {"type": "table.changed", "version": changed.version, "revision": changed.revision},
    )
    for comm in comms:
        frame = await next_frame(comm, "state")
        while frame["revision"] < changed.revision:
            frame = await next_frame(comm, "state")
        assert frame["revision"] == changed.revision and frame["seat"] is None
    assert reads == [(table.pk, changed.revision)]
    assert not consumers._loads  # nothing left in flight
    for comm in comms:
        await comm.disconnect()


async def test_a_failed_read_reaches_every_waiter_and_is_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = 0

    async def failing(fn: Any, *args: Any) -> Any:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.05)
        raise RuntimeError("database away")

    monkeypatch.setattr(consumers, "db_read", failing)
    results = await asyncio.gather(
        *(consumers.load_once(1, 7) for _ in range(3)), return_exceptions=True
    )
    assert calls == 1
    assert all(isinstance(r, RuntimeError) for r in results)
    assert not consumers._loads
