"""The render benchmark: what a move's frames cost the server's event loop, in-process.

:func:`run` plays one table of people (four, or two in the two-player variants: random legal
moves, a fixed seed) inside a transaction it rolls back, keeps the snapshot after each move,
then renders every snapshot for every player as the sockets of a server process do after a
move: the snapshot new (nothing remembered on it), one copy of it shared by the players'
renders (:meth:`~games.snapshots.Snapshot.render_copy`,
:func:`games.live.states.render_state`), each frame encoded for a client of the parts protocol
(:func:`games.live.states.frame_text`), the parts remembered across viewers and moves as in a
server process and forgotten before each repetition; it gives the CPU time per move. No
server, no socket, no database in the timed part: only the views, the parts and the frames'
JSON. (Until 2026-11-28 it rendered from snapshots it had rendered before, their per-snapshot
memo warm, and encoded no frame: its figures then are not comparable with these.)

Its figure moves with the machine's speed like any timing; for a comparison of two versions of
the code that does not, count instructions: run it under ``valgrind --tool=callgrind`` with
``--repeat 0`` and with ``--repeat 4`` and divide the difference by four times the moves (that
count also holds the copies of the match each pass makes before its clock starts, about a
hundredth of it).
"""

from __future__ import annotations

import random
import statistics
import time
import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from games import services, snapshots
from games.engine import get_variant
from games.engine.bench import bench_players
from games.live import fragments
from games.live.states import frame_text, render_state
from games.snapshots import Snapshot


@dataclass
class RenderFigures:
    variant: str
    moves: int
    viewers: int
    #: CPU milliseconds to render one move for every viewer, one per repetition.
    ms_per_move: list[float]


class _RolledBack(Exception):
    """Raised to leave the transaction that made the bench's table, undoing it."""


def _play(variant: str, moves: int, seed: int) -> tuple[list[Any], list[Snapshot]]:
    users_model = get_user_model()
    tag = uuid.uuid4().hex[:10]
    players = bench_players(get_variant(variant))
    users = [users_model.objects.create_user(username=f"bench-{tag}-{i}") for i in range(players)]
    table = services.table_create(
        creator=users[0], variant=variant, players=players, turn_seconds=0, seed=seed
    )
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    rng = random.Random(seed)
    kept: list[Snapshot] = []
    for _ in range(moves):
        snapshot = snapshots.table_snapshot(table_id=table.pk)
        if snapshot.table.status != "playing" or snapshot.match is None:
            break
        kept.append(snapshot)
        seat = snapshot.match.current_player()
        frame, _ = render_state(snapshot.copy(), user=users[seat], language="en")
        if not frame["legal"]:
            break
        action = rng.choice(frame["legal"])
        services.table_act(
            table_id=table.pk, user=users[seat], action=action, version=frame["version"]
        )
    return users, kept


def run(
    *,
    variant: str = "cabrero",
    moves: int = 100,
    repeat: int = 9,
    seed: int = 7,
    language: str = "es",
) -> RenderFigures:
    """Render ``moves`` moves of a four-player ``variant`` table ``repeat`` times (after one
    unmeasured pass); the table is never committed."""
    played: list[tuple[list[Any], list[Snapshot]]] = []
    try:
        with transaction.atomic():
            played.append(_play(variant, moves, seed))
            raise _RolledBack
    except _RolledBack:
        pass
    users, kept = played[0]
    snapshots.clear_snapshots()

    def once() -> float:
        # Each move's snapshot arrives new (nothing remembered on it), as after a move; the
        # players' sockets then render it from one copy and encode their frames for the parts
        # protocol, as TableConsumer._send_state does. The CPU seconds of that part.
        fresh = [Snapshot(table=s.table, seats=s.seats, match=s.match.clone()) for s in kept]
        held: dict[int, list[str] | None] = {user.pk: None for user in users}
        start = time.process_time()
        for snapshot in fresh:
            shared = snapshot.render_copy()
            for user in users:
                frame, parts = render_state(shared, user=user, language=language)
                frame_text(frame, parts, sent=held[user.pk], as_parts=True)
                held[user.pk] = parts
        return time.process_time() - start

    once()
    figures = []
    for _ in range(repeat):
        fragments.clear()
        figures.append(1000 * once() / max(len(kept), 1))
    return RenderFigures(variant, len(kept), len(users), figures)


def report(figures: RenderFigures) -> str:
    if not figures.ms_per_move:
        return f"{figures.variant}: {figures.moves} moves played, no repetition measured"
    best = min(figures.ms_per_move)
    median = statistics.median(figures.ms_per_move)
    return (
        f"render benchmark: {figures.variant}, {figures.moves} moves, the frames of "
        f"{figures.viewers} players each, {len(figures.ms_per_move)} repetitions\n"
        f"CPU per move: best {best:.3f} ms, median {median:.3f} ms "
        f"({1000 * median / figures.viewers:.0f} us per player's frame)"
    )
