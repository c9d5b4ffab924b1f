"""The receiver of ``games.signals.match_finished``: store the match, then rate it.

The payload (see ``games/signals.py``) gives each seat's user as ``seats`` (``{position: user
id or None}``) or as a ``players`` list; ``places``; ``rated``; the engine's ``result`` and
``record``; ``timeouts``, ``bot_levels``; ``source_kind`` / ``source_id``; and maybe
``finished_at``, ``hands`` and ``private``. Missing hands, times and privacy are read from the
table (:mod:`.sources`). The rating task is queued after the storing transaction commits.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from . import services, sources

logger = logging.getLogger(__name__)


def _seat_users(payload: Mapping[str, Any]) -> list[int | None]:
    players = payload.get("players")
    if isinstance(players, Sequence) and not isinstance(players, str):
        return [int(u) if u is not None else None for u in players]
    seats = payload.get("seats") or {}
    count = int(players) if isinstance(players, int) else len(seats)
    by_position = {int(k): v for k, v in seats.items()}
    return [
        int(u) if (u := by_position.get(position)) is not None else None
        for position in range(count)
    ]


def _int_keys(mapping: Mapping[Any, Any] | None) -> dict[int, Any]:
    return {int(k): v for k, v in (mapping or {}).items()}


def store_announced_match(payload: Mapping[str, Any]) -> bool:
    """Store one announced match; True if it was new and waits for its rating."""
    table_id = int(payload["table_id"])
    seat_users = _seat_users(payload)
    players = len(seat_users)
    result = payload.get("result") or {}
    places = payload.get("places") or result.get("places") or []
    if payload.get("hands") is not None:
        hands = sources.hands_from_payload(payload["hands"], players)
    else:
        hands = sources.hands_from_table(table_id, players) or sources.hands_from_record(
            payload.get("record"), players
        )
    finished_at = payload.get("finished_at")
    if isinstance(finished_at, str):
        finished_at = parse_datetime(finished_at)
    finished_at = finished_at or sources.table_finished_at(table_id) or timezone.now()
    private = payload.get("private")
    if private is None:
        private = sources.table_is_private(table_id)
    match, created = services.match_store(
        table_id=table_id,
        variant=str(payload["variant"]),
        seat_users=seat_users,
        places=list(places),
        rated=bool(payload.get("rated")),
        finished_at=finished_at,
        result=result,
        record=payload.get("record"),
        hands=hands,
        bot_levels=_int_keys(payload.get("bot_levels")),
        timeouts=_int_keys(payload.get("timeouts")),
        source_kind=str(payload.get("source_kind") or ""),
        source_id=payload.get("source_id"),
        private=bool(private),
    )
    return created and match.rating_status == match.RatingStatus.PENDING


def queue_rating() -> None:
    from .tasks import rate_pending_matches

    rate_pending_matches.delay()


def on_match_finished(sender: Any, **payload: Any) -> None:
    try:
        with transaction.atomic():
            pending = store_announced_match(payload)
    except Exception:
        logger.exception("rankings: could not store the match of table %s", payload.get("table_id"))
        raise
    if pending:
        transaction.on_commit(queue_rating, robust=True)


def connect() -> None:
    """Listen to ``games.signals.match_finished`` (nothing to do if games has none yet)."""
    try:
        from games.signals import match_finished
    except ImportError:  # pragma: no cover - games without the signal
        logger.warning("rankings: games.signals.match_finished not found; nothing is rated")
        return
    match_finished.connect(on_match_finished, dispatch_uid="rankings_match_finished")
