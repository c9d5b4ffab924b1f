"""The Redis channel layer delivers a burst of table changes to a busy server process, whole
and in order, to every socket of the table in that process.

The list-based layer of channels_redis (``TUTE_CHANNEL_LAYER=core``) queues every message for a
server process under one Redis key and drops, silently, whatever comes over its ``capacity``:
its default (100) was a second or two of changes for a process behind on its reading, and
``bench_tables --processes 2`` found tables whose sockets on one process never heard of a move
(the capacity is now 5,000). The publish/subscribe layer (the default) keeps no queue in Redis:
a process gets each group message once and hands it to its sockets in memory. Both are checked
here with the settings' own configuration. Marked ``redis``: needs ``REDIS_URL``."""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import pytest
from django.utils.module_loading import import_string

from tute_site.settings.env import redis_channel_layers

pytestmark = pytest.mark.redis

BURST = 1000


def _layer(kind: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TUTE_CHANNEL_LAYER", kind)
    config = redis_channel_layers(os.environ.get("REDIS_URL", ""))["default"]
    prefix = f"test-burst-{uuid.uuid4().hex}"
    layer_class = import_string(config["BACKEND"])
    return layer_class(**{**config["CONFIG"], "prefix": prefix})


@pytest.mark.parametrize(
    ("kind", "backend"),
    [("pubsub", "RedisPubSubChannelLayer"), ("core", "RedisChannelLayer")],
)
def test_a_burst_of_table_changes_reaches_a_process_that_reads_late(
    kind: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    layer = _layer(kind, monkeypatch)
    assert type(layer).__name__ == backend

    async def receive_all(channel: str) -> list[int]:
        """What reaches ``channel``, until nothing more comes for a few seconds."""
        got = []
        while True:
            try:
                message = await asyncio.wait_for(layer.receive(channel), 3)
            except TimeoutError:
                return got
            got.append(int(message["version"]))

    async def burst() -> tuple[list[int], list[int], list[int]]:
        channel = await layer.new_channel()  # a socket of a process that is busy elsewhere
        other = await layer.new_channel()  # and another socket of the same process
        stranger = await layer.new_channel()  # a socket of another table
        await layer.group_add("table-1", channel)
        await layer.group_add("table-1", other)
        await layer.group_add("table-2", stranger)
        for version in range(BURST):
            await layer.group_send("table-1", {"type": "table.changed", "version": version})
        try:
            return await receive_all(channel), await receive_all(other), await receive_all(stranger)
        finally:
            await layer.flush()

    got, other, stranger = asyncio.run(burst())
    assert got == list(range(BURST)), f"{BURST - len(got)} of {BURST} changes lost"
    assert other == got
    assert stranger == []  # a group's message reaches only its own sockets
