"""A move told to the other server processes (games/live/notice.py).

Two server processes in one test are hard; instead: "process B" is this process's snapshot
cache put back to what it held before the move, the notice is the very message the move sent
through the channel layer, and the snapshot advanced from it must equal the one read from the
database after the same move (table, seats, match and every viewer's frame), in every variant
over random playouts. Hand ends and match ends are not advanced (B reads the database), nor is
a snapshot with a gap before the move. And no socket frame carries the notice.
"""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games import services, snapshots, table_state
from games.engine import get_variant, variant_keys
from games.live import notice, notify
from games.live.loop import sender_loop
from games.live.states import frame_text, render_state
from games.models import Table

from .helpers import fresh

pytestmark = pytest.mark.django_db(transaction=True)


class Listener:
    """A channel of the table's group: the messages any process of the table would get.

    It lives on the loop this process sends its table changes from (a process without sockets
    sends from one loop of its own, :func:`games.live.loop.sender_loop`), as a server's sockets
    live on the server's loop: a channel layer's channels belong to one event loop (the
    publish/subscribe layer keeps a layer per loop)."""

    def __init__(self, table_id: int) -> None:
        self.layer = get_channel_layer()
        self.channel = self._run(self.layer.new_channel())
        self._run(self.layer.group_add(notify.table_group(table_id), self.channel))

    @staticmethod
    def _run(coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, sender_loop()).result(10)

    def next(self) -> dict[str, Any]:
        return dict(self._run(asyncio.wait_for(self.layer.receive(self.channel), 5)))


def _people_table(make_user: Any, variant: str, players: int) -> tuple[Table, list[Any]]:
    users = [make_user() for _ in range(players)]
    table = services.table_create(
        creator=users[0], variant=variant, players=players, turn_seconds=60, seed=7
    )
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    return fresh(table), users


def _as_process_b(held: snapshots.Snapshot) -> None:
    """This process as another one that rendered ``held`` and wrote nothing since."""
    snapshots.clear_snapshots()
    table_state.clear()
    snapshots.remember_snapshot(held.table, held.seats, held.match)


def _row(table: Table) -> dict[str, Any]:
    return {f.attname: getattr(table, f.attname) for f in Table._meta.concrete_fields}


def _frames(snapshot: snapshots.Snapshot, viewers: list[Any], language: str) -> list[str]:
    out = []
    for user in viewers:
        frame, parts = render_state(snapshot, user=user, language=language)
        out.append(frame_text(frame, parts, sent=None, as_parts=False))  # whole-html client
        out.append(frame_text(frame, parts, sent=None, as_parts=True))  # parts client
    return out


def _same(
    advanced: snapshots.Snapshot, read: snapshots.Snapshot, viewers: list[Any], language: str
) -> None:
    assert _row(advanced.table) == _row(read.table)
    assert notice.seats_digest(advanced.seats) == notice.seats_digest(read.seats)
    assert advanced.match is not None and read.match is not None
    assert advanced.match.log == read.match.log
    assert advanced.match.current_player() == read.match.current_player()
    assert advanced.match.legal_actions() == read.match.legal_actions()
    assert _frames(advanced, viewers, language) == _frames(read, viewers, language)


def _move(table: Table, users: list[Any], rng: random.Random) -> None:
    match = snapshots.table_snapshot(table_id=table.pk).match
    assert match is not None
    seat = match.current_player()
    services.table_act(
        table_id=table.pk,
        user=users[seat],
        action=rng.choice(match.legal_actions()),
        version=fresh(table).version,
    )


@pytest.mark.parametrize("variant", variant_keys())
def test_an_advanced_snapshot_is_the_one_read_from_the_database(
    variant: str, make_user: Any
) -> None:
    rng = random.Random(variant)
    players = rng.choice(get_variant(variant).players)
    table, users = _people_table(make_user, variant, players)
    viewers = [*users, make_user(), None]
    listen = Listener(table.pk)
    advanced = fell_back = 0
    for step in range(400):
        held = snapshots.table_snapshot(table_id=table.pk)
        if held.table.status != Table.Status.PLAYING:
            break
        hands = len(held.match.hands) if held.match else 0
        _move(table, users, rng)
        message = listen.next()
        assert message["type"] == "table.changed"
        _as_process_b(held)
        moved = notice.advance(table.pk, message)
        mine = snapshots.cached_snapshot(table_id=table.pk, revision=message["revision"])
        # what any process reads from the database now, nothing remembered
        snapshots.clear_snapshots()
        table_state.clear()
        read = snapshots.table_snapshot(table_id=table.pk)
        assert read.match is not None
        if read.table.status != Table.Status.PLAYING or len(read.match.hands) != hands:
            # a hand or the match ended: not advanced, read from the database
            assert not moved and mine is None
            fell_back += 1
            continue
        assert moved, f"{variant}: a move within a hand was not advanced"
        assert mine is not None
        language = "es" if step % 2 else "en"
        _same(mine, read, viewers, language)
        advanced += 1
    assert advanced > 20 and fell_back >= 1, (advanced, fell_back)


def test_a_gap_falls_back_to_the_database(make_user: Any) -> None:
    rng = random.Random(3)
    table, users = _people_table(make_user, "cabrero", 4)
    listen = Listener(table.pk)
    held = snapshots.table_snapshot(table_id=table.pk)
    _move(table, users, rng)
    listen.next()  # the first move's notice is lost for "B"
    _move(table, users, rng)
    second = listen.next()
    assert second["kind"] == notice.MOVE
    _as_process_b(held)
    assert not notice.advance(table.pk, second)
    assert snapshots.cached_snapshot(table_id=table.pk, revision=second["revision"]) is None
    read = snapshots.table_snapshot(table_id=table.pk, revision=second["revision"])
    assert read.table.version == held.table.version + 2
    # a notice of another kind of change, or one whose seats differ, is not applied either
    held = snapshots.table_snapshot(table_id=table.pk)
    _move(table, users, rng)
    third = listen.next()
    for changed in ({"kind": "seats"}, {"seats": "0" * 24}, {"action": "zz"}):
        _as_process_b(held)
        assert not notice.advance(table.pk, {**third, **changed})
    _as_process_b(held)
    assert notice.advance(table.pk, third)


def test_a_timeout_marks_the_seat_away_in_the_same_step_and_falls_back(
    make_user: Any,
) -> None:
    """A person's timer runs out: his seat goes away and a bot plays, one revision up. The
    version and revision follow on, but the seats differ: B reads the database."""
    table, _users = _people_table(make_user, "parejas", 4)
    listen = Listener(table.pk)
    held = snapshots.table_snapshot(table_id=table.pk)
    assert held.table.deadline is not None
    later = held.table.deadline + timedelta(seconds=1)
    assert services.table_advance(table_id=table.pk, version=held.table.version, now=later)
    message = listen.next()
    now = fresh(table)
    assert (now.version, now.revision) == (held.table.version + 1, held.table.revision + 1)
    assert any(s.away for s in snapshots.table_snapshot(table_id=table.pk).seats)
    _as_process_b(held)
    assert not notice.advance(table.pk, message)


def test_the_end_of_the_match_falls_back(make_user: Any) -> None:
    rng = random.Random(11)
    table, users = _people_table(make_user, "dos", 2)
    listen = Listener(table.pk)
    for _ in range(3000):
        held = snapshots.table_snapshot(table_id=table.pk)
        _move(table, users, rng)
        message = listen.next()
        if fresh(table).status != Table.Status.PLAYING:
            break
    else:
        pytest.fail("the match did not end")
    assert "kind" not in message  # no move to apply: the finished table is read
    _as_process_b(held)
    assert not notice.advance(table.pk, {**message, "kind": notice.MOVE, "index": 0})
    read = snapshots.table_snapshot(table_id=table.pk, revision=message["revision"])
    assert read.table.status == Table.Status.FINISHED


async def test_socket_frames_never_carry_the_notice(make_user: Any) -> None:
    from .test_consumers import next_frame, open_socket

    table, users = await sync_to_async(_people_table)(make_user, "cabrero", 4)
    sockets = [await open_socket(table.pk, user) for user in users]
    firsts = [await next_frame(comm, "state") for comm in sockets]
    mover = next(i for i, f in enumerate(firsts) if f["your_turn"])
    await sockets[mover].send_json_to(
        {"type": "act", "action": firsts[mover]["legal"][0], "version": firsts[mover]["version"]}
    )
    for comm in sockets:
        frame = await next_frame(comm, "state")
        while frame["version"] < firsts[0]["version"] + 1:
            frame = await next_frame(comm, "state")
        assert set(frame) <= {"type", "version", "revision", "seat", "status", "your_turn"} | {
            "legal",
            "html",
            "missed",
        }
        assert "deadline" not in json.dumps({k: frame[k] for k in frame if k != "html"})
    for comm in sockets:
        await comm.disconnect()
