"""The tables that call a person now: what other apps (the league's "ready to play" panel)
may know of his live tables without reading games' rows themselves.

A :class:`TableCall` says which table, where it is, its game, and why it calls him: his turn
(the engine, replaying the table's log, says the seat to act is his), an open table where he
sits (waiting for players), or a table in play he has not appeared at yet (a tournament or
league table opened for him). Nothing in it is hidden information.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from games import table_state
from games.models import Table
from games.selectors.queries import tables_of_user


class CallReason(str, Enum):
    YOUR_TURN = "your_turn"
    OPEN = "open"
    NOT_APPEARED = "not_appeared"


@dataclass(frozen=True, slots=True)
class TableCall:
    table_id: int
    url: str
    variant_label: str
    reason: CallReason


def _seat_to_act(table: Table) -> int | None:
    try:
        seat = table_state.match_at(table).current_player()
    except Exception:  # a table the engine cannot replay is not shown as anyone's turn
        return None
    return seat if seat >= 0 else None


def tables_calling(*, user: Any, limit: int = 20) -> list[TableCall]:
    """The user's open and playing tables that call him, newest first (see the module)."""
    calls: list[TableCall] = []
    for table in tables_of_user(user=user, limit=limit):
        mine = [s for s in table.seats.all() if s.user_id == user.pk]
        if not mine:
            continue
        reason: CallReason | None = None
        if table.status == Table.Status.OPEN:
            reason = CallReason.OPEN
        else:
            to_act = _seat_to_act(table)
            if to_act is not None and any(s.position == to_act for s in mine):
                reason = CallReason.YOUR_TURN
            elif all(s.first_seen_at is None for s in mine):
                reason = CallReason.NOT_APPEARED
        if reason is not None:
            calls.append(
                TableCall(
                    table_id=table.pk,
                    url=table.get_absolute_url(),
                    variant_label=str(table.variant_label),
                    reason=reason,
                )
            )
    return calls
