"""Build a table's :class:`~games.outcome.TableOutcome` from games' own rows.

The one reader of a table's end for other apps: :mod:`games.services` sends what
:func:`table_outcome` returns with ``match_finished`` / ``table_abandoned``, and the
competitions' sweep calls it for a table whose signal it may have missed. It reads the table,
its seats, the actors of its log and its finished hands; everything it returns is in table
seats (a Cabrero playoff hand, played by the last two seats, is mapped back to them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import get_variant
from games.engine.errors import UnknownVariantError
from games.models import HandRecord, Seat, Table, TableAction
from games.outcome import HandOutcome, OutcomeStatus, SeatOutcome, TableOutcome

_STATUS = {
    Table.Status.FINISHED: OutcomeStatus.FINISHED,
    Table.Status.ABANDONED: OutcomeStatus.ABANDONED,
    Table.Status.CANCELLED: OutcomeStatus.CANCELLED,
}


def hand_in_table_seats(
    result: Mapping[str, Any], seat_map: Sequence[int], players: int
) -> dict[str, Any]:
    """A hand result played by the seats ``seat_map`` (hand seat i is table seat
    ``seat_map[i]``) renamed to table seats; per-seat lists get ``players`` entries (0 for a
    seat that did not play it).

    >>> r = hand_in_table_seats({"points": [10, 120], "card_points": [10, 110],
    ...     "tricks": [1, 19], "cantos": [{"seat": 1, "points": 20}], "losers": [0],
    ...     "winners": [1], "capote": None, "tute": None}, [2, 0], 3)
    >>> r["points"], r["winners"], r["losers"], r["cantos"]
    ([120, 0, 10], [0], [2], [{'seat': 0, 'points': 20}])
    """
    out = dict(result)
    for key in ("points", "card_points", "tricks"):
        spread = [0] * players
        for local, value in enumerate(result.get(key) or []):
            spread[seat_map[local]] = value
        out[key] = spread
    out["winners"] = [seat_map[s] for s in result.get("winners") or []]
    out["losers"] = [seat_map[s] for s in result.get("losers") or []]
    out["cantos"] = [
        {**c, "seat": seat_map[c["seat"]]} if "seat" in c else dict(c)
        for c in result.get("cantos") or []
    ]
    for key in ("capote", "tute"):
        if result.get(key) is not None:
            out[key] = seat_map[int(result[key])]
    return out


def hand_outcome(
    number: int, record: Mapping[str, Any] | None, result: Mapping[str, Any], players: int
) -> HandOutcome:
    """One finished hand in table seats (``record`` is the engine's hand record)."""
    context = (record or {}).get("context") or {}
    seat_map = context.get("seats")
    if seat_map and len(result.get("points") or []) != players:
        seats = tuple(int(s) for s in seat_map)
        return HandOutcome(
            number=number,
            result=hand_in_table_seats(result, seats, players),
            seats=seats,
            playoff=True,
            deal=deal_fingerprint(record),
        )
    return HandOutcome(
        number=number,
        result=dict(result),
        seats=tuple(range(players)),
        deal=deal_fingerprint(record),
    )


def deal_fingerprint(record: Mapping[str, Any] | None) -> str:
    """A digest of what a hand's deal depends on (its setup in the hand record): equal for
    hands dealt the same cards to the same seats; "" without a record.

    >>> r = {"seed": "7/0", "dealer": 1, "players": 4, "options": {}, "context": {}}
    >>> deal_fingerprint(r) == deal_fingerprint(dict(r, actions=["x"])), deal_fingerprint(None)
    (True, '')
    """
    if not record:
        return ""
    keys = ("seed", "dealer", "players", "options", "context", "deck", "first")
    setup = json.dumps({k: record.get(k) for k in keys}, sort_keys=True, default=str)
    return hashlib.blake2b(setup.encode(), digest_size=12).hexdigest()


def _seat_outcomes(table: Table, places: Sequence[int]) -> tuple[SeatOutcome, ...]:
    seats = list(Seat.objects.filter(table=table).order_by("position"))
    by_bot: set[int] = set()
    by_player: set[int] = set()
    for position, actor in (
        TableAction.objects.filter(table=table).values_list("seat", "actor").distinct()
    ):
        (by_player if actor == TableAction.Actor.PLAYER else by_bot).add(position)
    out = []
    for seat in seats:
        person = seat.user_id is not None
        out.append(
            SeatOutcome(
                position=seat.position,
                user_id=seat.user_id,
                bot_level=seat.bot_level if not person else "",
                timeouts=seat.timeouts,
                replaced_by_bot=person and seat.position in by_bot,
                absent=person
                and (seat.forfeited or (seat.timeouts > 0 and seat.position not in by_player)),
                place=int(places[seat.position]) if seat.position < len(places) else None,
                forfeited=seat.forfeited,
            )
        )
    return tuple(out)


def table_outcome(table_id: int) -> TableOutcome | None:
    """What happened at a finished, abandoned or cancelled table; None for a table still
    open or in play (or no such table)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or table.status not in _STATUS:
        return None
    status = _STATUS[Table.Status(table.status)]
    finished = status is OutcomeStatus.FINISHED
    result = (table.result or {}) if finished else {}
    places = [int(p) for p in result.get("places") or []]
    hands = tuple(
        hand_outcome(number, record, hand_result, table.players)
        for number, record, hand_result in HandRecord.objects.filter(table=table)
        .order_by("number")
        .values_list("number", "record", "result")
    )
    try:
        sides = tuple(tuple(side) for side in get_variant(table.variant).side_seats(table.players))
    except UnknownVariantError:  # a variant no longer known: one side per seat
        sides = tuple((seat,) for seat in range(table.players))
    return TableOutcome(
        table_id=table.pk,
        status=status,
        variant=table.variant,
        players=table.players,
        sides=sides,
        seats=_seat_outcomes(table, places),
        rated=table.rated,
        private=table.is_private,
        finished_at=table.finished_at,
        source_kind=table.source_kind,
        source_id=table.source_id,
        places=tuple(places),
        winners=tuple(int(w) for w in result.get("winners") or []),
        hands=hands,
        result=table.result if finished else None,
        record=table.record if finished else None,
        version=table.version,
        reason=table.abandon_reason,
        abandoned_by=table.abandoned_by_id,
    )
