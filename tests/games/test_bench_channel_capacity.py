"""The Redis channel layer keeps a burst of table changes for a busy server process.

channels_redis queues every message for a server process under one Redis key (all the
process's sockets share it) and drops, silently, whatever comes over the layer's
``capacity``. Its default (100) was a second or two of changes for a process behind on its
reading: ``bench_tables --processes 2`` found tables whose sockets on one process never heard
of a move and waited for good. Marked ``redis``: needs ``REDIS_URL``."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest
from channels_redis.core import RedisChannelLayer

from tute_site.settings.env import redis_channel_layers

pytestmark = pytest.mark.redis

BURST = 1000


def test_a_burst_of_table_changes_reaches_a_process_that_reads_late() -> None:
    config = redis_channel_layers(os.environ.get("REDIS_URL", ""))["default"]["CONFIG"]
    prefix = f"test-capacity-{uuid.uuid4().hex}"
    layer = RedisChannelLayer(**{**config, "prefix": prefix})

    async def receive_all(channel: str) -> list[int]:
        """What reaches ``channel``, until nothing more comes for a few seconds."""
        got = []
        while True:
            try:
                message = await asyncio.wait_for(layer.receive(channel), 3)
            except TimeoutError:
                return got
            got.append(int(message["version"]))

    async def burst() -> list[int]:
        channel = await layer.new_channel()  # a socket of a process that is busy elsewhere
        other = await layer.new_channel()  # and another socket of the same process
        await layer.group_add("table-1", channel)
        await layer.group_add("table-1", other)
        for version in range(BURST):
            await layer.group_send("table-1", {"type": "table.changed", "version": version})
        try:
            got = await receive_all(channel)
            assert await receive_all(other) == got
        finally:
            await layer.flush()
        return got

    got = asyncio.run(burst())
    assert got == list(range(BURST)), f"{BURST - len(got)} of {BURST} changes lost"
