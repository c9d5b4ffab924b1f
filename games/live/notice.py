"""A move told to the other server processes: enough to advance their snapshot in memory.

After a move, :func:`games.services.common.announce` sends ``table.changed`` to the table's
sockets through the channel layer; the sockets of the other processes used to read the table
back from the database and replay its log. :func:`move_notice` adds to that message what a
process needs to apply the move to the snapshot it already holds: the action just appended (its
index and its notation, as the log stores it), the table's new deadline and a digest of the
seats as written. :func:`advance` applies it only to a snapshot at exactly the previous version
and revision of a table in play whose seats match the digest, and only when the action neither
ends a hand nor the match; anything else (no snapshot, a gap, another kind of change) is left to
the database read, as before.

The message goes from server to server only (the channel layer); no socket sends it on: a
socket renders its frame from the snapshot, which equals the one read from the database.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from games import snapshots, table_state
from games.engine import MatchState, action_to_notation, parse_action
from games.engine.errors import TuteError
from games.models import Seat, Table

#: The kind of change :func:`advance` knows how to apply.
MOVE = "move"


def seats_digest(seats: list[Seat]) -> str:
    """A digest of every stored field of the seats (any difference: no advance)."""
    fields = [f.attname for f in Seat._meta.concrete_fields]
    values = []
    for seat in sorted(seats, key=lambda s: s.position):
        for name in fields:
            value = getattr(seat, name)
            values.append(value.isoformat() if isinstance(value, datetime) else repr(value))
    return hashlib.blake2b("\x1f".join(values).encode(), digest_size=12).hexdigest()


def move_notice(table: Table, match: MatchState | None, seats: Any) -> dict[str, Any]:
    """The fields to add to ``table.changed`` after a move that left ``table`` in play (empty
    for any other change: the receivers then read the database)."""
    if (
        match is None
        or seats is None
        or table.status != Table.Status.PLAYING
        or table.version < 1
        or len(match.log) != table.version
        or match.is_terminal()
    ):
        return {}
    deadline = table.deadline.isoformat() if table.deadline is not None else None
    return {
        "kind": MOVE,
        "index": table.version - 1,
        "action": action_to_notation(match.log[-1]),
        "deadline": deadline,
        "deadline_kind": table.deadline_kind,
        "seats": seats_digest(list(seats)),
    }


def _step(old: snapshots.Snapshot, event: dict[str, Any]) -> snapshots.Snapshot | None:
    table, match = old.table, old.match
    version, revision = int(event["version"]), int(event["revision"])
    if (
        match is None
        or table.status != Table.Status.PLAYING
        or table.version != version - 1
        or table.revision != revision - 1
        or int(event["index"]) != table.version
        or len(match.log) != table.version
        or event["seats"] != seats_digest(old.seats)
    ):
        return None
    advanced = match.clone()
    hands = len(advanced.hands)
    try:
        advanced.apply_action(parse_action(str(event["action"])))
    except (TuteError, ValueError):
        return None
    if len(advanced.hands) != hands or advanced.is_terminal():
        return None  # a hand (or the match) ended: records and results are read, not guessed
    new_table = snapshots.copy_row(table)
    new_table.version, new_table.revision = version, revision
    deadline = event["deadline"]
    new_table.deadline = datetime.fromisoformat(deadline) if deadline else None
    new_table.deadline_kind = str(event["deadline_kind"])
    return snapshots.Snapshot(table=new_table, seats=old.seats, match=advanced)


def advance(table_id: int, event: dict[str, Any]) -> bool:
    """Advance this process's snapshot of ``table_id`` by the move ``event`` tells of (see the
    module docstring); False, changing nothing, on any doubt. Never reads the database."""
    if event.get("kind") != MOVE:
        return False
    try:
        snapshot = snapshots.advance_snapshot(table_id, lambda old: _step(old, event))
    except (KeyError, TypeError, ValueError):
        return False
    if snapshot is None:
        return False
    assert snapshot.match is not None
    table_state.remember(snapshot.table, snapshot.match)
    return True
