"""A player's correspondence games (a time per move of an hour or more): the rows of the page
"My correspondence games" (:func:`correspondence_rows`), whose turn it is and the time left.

Whose turn comes from the engine (the table's live state); nothing about cards is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games import table_state
from games.models import Table
from games.selectors.queries import correspondence_tables


@dataclass(frozen=True)
class CorrespondenceRow:
    table: Table
    opponents: list[str]
    your_turn: bool
    turn_name: str
    deadline: datetime | None
    turn_seconds: int

    @property
    def url(self) -> str:
        return self.table.get_absolute_url()


def correspondence_rows(*, user: Any, limit: int = 100) -> list[CorrespondenceRow]:
    """The rows of "My correspondence games": the user's turn first, then by deadline."""
    rows = []
    for table in correspondence_tables(user=user)[:limit]:
        seats = table.seat_rows
        turn = None
        if table.is_playing:
            match = table_state.match_at(table)
            if not match.is_terminal():
                turn = match.current_player()
        to_act = next((s for s in seats if s.position == turn), None)
        rows.append(
            CorrespondenceRow(
                table=table,
                opponents=[s.name for s in seats if s.user_id != user.pk and not s.is_empty],
                your_turn=to_act is not None and to_act.user_id == user.pk,
                turn_name=to_act.name if to_act is not None else "",
                deadline=table.deadline if to_act is not None else None,
                turn_seconds=table.turn_seconds,
            )
        )
    rows.sort(key=lambda r: (not r.your_turn, r.deadline is None, r.deadline or r.table.created_at))
    return rows
