"""What leaves games when a table ends: ``match_finished`` and ``table_abandoned``
(:mod:`games.signals`), sent after the commit with the table's
:class:`~games.outcome.TableOutcome` (``outcome=``) next to the older keyword arguments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.dispatch import Signal

from games.models import HandRecord, Seat, Table
from games.selectors.outcomes import table_outcome
from games.signals import match_finished, table_abandoned


def send_with_outcome(signal: Signal, table_id: int, payload: dict[str, Any]) -> None:
    """Send ``signal`` with ``payload`` and the table's :class:`~games.outcome.TableOutcome`
    (``outcome=``), read once the transaction has committed."""
    signal.send_robust(sender=Table, **payload, outcome=table_outcome(table_id))


def signal_basics(table: Table, seats: Sequence[Seat]) -> dict[str, Any]:
    """What both ``match_finished`` and ``table_abandoned`` say of a table and its seats."""
    return {
        "table_id": table.pk,
        "variant": table.variant,
        "players": table.players,
        "seats": {s.position: s.user_id for s in seats},
        "bot_levels": {s.position: s.bot_level for s in seats if s.is_bot},
        "source_kind": table.source_kind,
        "source_id": table.source_id,
    }


def announce_finish(table: Table, seats: Sequence[Seat]) -> None:
    result = table.result or {}
    payload = {
        **signal_basics(table, seats),
        "timeouts": {s.position: s.timeouts for s in seats},
        "places": list(result.get("places", [])),
        "winners": list(result.get("winners", [])),
        "rated": table.rated,
        "private": table.is_private,
        "result": result,
        "record": table.record,
    }
    transaction.on_commit(lambda: send_with_outcome(match_finished, table.pk, payload), robust=True)


def announce_abandoned(
    table: Table, seats: Sequence[Seat], *, status: str, reason: str, user: Any | None
) -> None:
    """After the commit, send ``table_abandoned`` for a table stopped with ``status``."""
    payload = {
        **signal_basics(table, seats),
        "version": table.version,
        "hands_finished": HandRecord.objects.filter(table=table).count(),
        "reason": reason,
        "abandoned_by": user.pk if user is not None else None,
        "status": status,
    }
    transaction.on_commit(
        lambda: send_with_outcome(table_abandoned, table.pk, payload), robust=True
    )
