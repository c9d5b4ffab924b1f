"""Helpers shared by the live-table tests."""

from __future__ import annotations

import re
from typing import Any

from games import live, selectors, services
from games.engine.cards import NOTATION
from games.models import Table

CARD_RE = re.compile(r"(?<![0-9A-Za-z])(1[0-2]|[1-7])([OCEB])(?![0-9A-Za-z])")


def fresh(table: Table | int) -> Table:
    return Table.objects.get(pk=table if isinstance(table, int) else table.pk)


def view_for(table: Table | int, user: Any) -> selectors.TableView:
    snapshot = selectors.table_snapshot(table_id=table if isinstance(table, int) else table.pk)
    return selectors.table_view(snapshot=snapshot, user=user)


def play_first_legal(table: Table | int, user: Any) -> services.ActResult:
    view = view_for(table, user)
    assert view.your_turn, "not this player's turn"
    return services.table_act(table_id=view.table.pk, user=user, action=view.legal[0],
                              version=view.version)


def hidden_cards(table: Table, seat: int | None) -> set[str]:
    """Cards the viewer of ``seat`` must not see now: every other seat's hand."""
    match = live.match_at(fresh(table))
    hand = match.hand
    out: set[str] = set()
    for other in range(hand.n):
        if seat is not None and other == _local(match, seat):
            continue
        out.update(hand.hand_of(other))
    return out


def _local(match: Any, seat: int) -> int:
    obs = match.observation(None)
    playoff = obs.get("playoff_seats")
    if playoff:
        return list(playoff).index(seat) if seat in playoff else -1
    return seat


def cards_in(text: str) -> set[str]:
    return {m.group(0) for m in CARD_RE.finditer(text)} & set(NOTATION)
