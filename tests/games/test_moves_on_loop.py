"""A usual move over a socket is written from the server's event loop (PostgreSQL,
``games.services.play_on_loop``); every other move is decided on the thread as before, with the
same answers. These tests need PostgreSQL (the loop's connections are psycopg's)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.db.models import F

from games.live import loopdb
from games.models import HandRecord, Table, TableAction
from games.services import play_on_loop

from .helpers import fresh, people_table
from .test_consumers import bot_table, latest_state, next_frame, open_socket, state_at_least

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("close_db_threads"),
    pytest.mark.skipif(
        "connection.vendor != 'postgresql'", reason="the loop's connections: PostgreSQL"
    ),
]

STATS = play_on_loop.STATS


def moves(table_id: int) -> list[tuple[int, int, str, str]]:
    return list(
        TableAction.objects.filter(table_id=table_id)
        .order_by("index")
        .values_list("index", "seat", "action", "actor")
    )


async def ana_to_play(table: Table, comm: Any) -> dict[str, Any]:
    frame = await latest_state(comm, table.pk)
    assert frame["your_turn"], "the bots play at once: it is Ana's turn again"
    return frame


async def test_a_usual_move_is_written_from_the_loop_and_reaches_every_socket(
    ana: Any, bruno: Any
) -> None:
    assert connection.vendor == "postgresql" and loopdb.available()
    table = await sync_to_async(people_table)(ana, bruno)
    sockets = [await open_socket(table.pk, ana), await open_socket(table.pk, bruno)]
    frames = [await latest_state(comm, table.pk) for comm in sockets]
    seat = next(i for i, frame in enumerate(frames) if frame["your_turn"])  # the bots played
    frame = frames[seat]
    before = dict(STATS)
    await sockets[seat].send_json_to(
        {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
    )
    for comm in sockets:  # (the bots may answer at once, in a thread: wait until they are done)
        seen = await state_at_least(comm, frame["version"] + 1)
        for _ in range(20):
            seen = await latest_state(comm, table.pk, seen)
            stored = await sync_to_async(fresh)(table.pk)
            if seen["version"] == stored.version:
                break
        assert (seen["version"], seen["revision"]) == (stored.version, stored.revision)
    assert STATS["written"] == before["written"] + 1
    written = await sync_to_async(moves)(table.pk)
    assert written[frame["version"]] == (frame["version"], seat, frame["legal"][0], "player")
    for comm in sockets:
        await comm.disconnect()


async def test_a_stale_move_gets_the_threads_answer_and_writes_nothing(ana: Any) -> None:
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    frame = await ana_to_play(table, comm)
    before = dict(STATS)
    await comm.send_json_to(
        {"type": "act", "action": frame["legal"][0], "version": frame["version"] - 1}
    )
    error = await next_frame(comm, "error")
    assert error["code"] == "stale_version"
    assert before == STATS
    assert len(await sync_to_async(moves)(table.pk)) == frame["version"]
    await comm.disconnect()


async def test_a_table_changed_meanwhile_is_decided_again_on_the_thread_once(ana: Any) -> None:
    """The snapshot is at the version but the row's revision moved (another process changed
    the table): the loop's statement inserts nothing, and the thread plays the move once."""
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    frame = await ana_to_play(table, comm)
    await sync_to_async(Table.objects.filter(pk=table.pk).update)(revision=F("revision") + 1)
    before = dict(STATS)
    await comm.send_json_to(
        {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
    )
    await state_at_least(comm, frame["version"] + 1)
    assert STATS["moved_meanwhile"] == before["moved_meanwhile"] + 1
    assert STATS["written"] == before["written"]
    written = await sync_to_async(moves)(table.pk)
    assert [m for m in written if m[0] == frame["version"]] == [
        (frame["version"], 0, frame["legal"][0], "player")
    ]
    await comm.disconnect()


async def test_the_move_that_ends_a_hand_is_written_with_its_record(ana: Any) -> None:
    """Ana and three bots play the first hand over the socket: her usual moves go from the
    loop, the one that ends the hand (if hers) with its record on the thread; the hand's
    record is there once the hand is over, and the log has every move once."""
    table = await sync_to_async(bot_table)(ana)
    comm = await open_socket(table.pk, ana)
    before = dict(STATS)
    frame = await latest_state(comm, table.pk)
    while not await sync_to_async(HandRecord.objects.filter(table_id=table.pk).exists)():
        if frame["your_turn"] and frame["legal"]:
            await comm.send_json_to(
                {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
            )
            frame = await state_at_least(comm, frame["version"] + 1)
        frame = await latest_state(comm, table.pk, frame)
    assert STATS["written"] > before["written"]
    written = await sync_to_async(moves)(table.pk)
    assert [m[0] for m in written] == list(range(len(written)))
    record = await sync_to_async(HandRecord.objects.get)(table_id=table.pk, number=0)
    assert record.result
    await comm.disconnect()
