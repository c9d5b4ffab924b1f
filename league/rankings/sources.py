"""What the rankings read from ``games``: the per-hand results of a finished table, its finish
time and whether it was private.

The ``match_finished`` signal carries the match's record and result; the hands' results come
with it (``hands``) when the sender adds them, else from the table's finished-hand rows, else
by replaying the record through the engine (the record is the whole truth of a match). Each
hand result is returned in table seats (a Cabrero playoff hand maps its two seats back).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from .tally import table_seats

logger = logging.getLogger(__name__)


def _in_table_seats(
    hand_record: Mapping[str, Any] | None, result: Mapping[str, Any], players: int
) -> dict[str, Any]:
    context = (hand_record or {}).get("context") or {}
    seat_map = context.get("seats")
    if seat_map and len(result.get("points") or []) != players:
        return table_seats(result, [int(s) for s in seat_map])
    return dict(result)


def hands_from_payload(hands: Sequence[Any], players: int) -> list[dict[str, Any]]:
    """Hands sent with the signal: results, or ``{"record": ..., "result": ...}`` pairs."""
    out = []
    for hand in hands:
        if isinstance(hand, Mapping) and "result" in hand and isinstance(hand["result"], Mapping):
            out.append(_in_table_seats(hand.get("record"), hand["result"], players))
        elif isinstance(hand, Mapping):
            out.append(dict(hand))
    return out


def hands_from_table(table_id: int, players: int) -> list[dict[str, Any]]:
    """The finished hands stored by ``games`` for the table (empty if there are none)."""
    from games.models import HandRecord

    rows = HandRecord.objects.filter(table_id=table_id).order_by("number")
    return [_in_table_seats(r.record, r.result, players) for r in rows]


def hands_from_record(record: Mapping[str, Any] | None, players: int) -> list[dict[str, Any]]:
    """The hands of a match record, replayed through the engine ([] if it cannot be)."""
    if not record:
        return []
    from games.engine.errors import TuteError
    from games.engine.records import hand_record, replay

    try:
        match = replay(dict(record))
    except (TuteError, TypeError, ValueError):
        logger.warning("rankings: a match record could not be replayed", exc_info=True)
        return []
    if not hasattr(match, "hands"):
        return []
    return [
        _in_table_seats(hand_record(h), h.result().to_json(), players)
        for h in match.hands
        if h.is_terminal()
    ]


def table_finished_at(table_id: int) -> datetime | None:
    from games.models import Table

    return Table.objects.filter(pk=table_id).values_list("finished_at", flat=True).first()


def table_is_private(table_id: int) -> bool:
    """Whether the table was private (False if it no longer exists)."""
    from games.models import Table

    return bool(
        Table.objects.filter(pk=table_id).values_list("is_private", flat=True).first() or False
    )
