"""The receiver of ``games.signals.match_finished``: store the match, then rate it.

Games sends, with the signal, the table's :class:`games.outcome.TableOutcome` (``outcome=``):
its seats with their users (None for a bot seat, with its level) and turn timeouts, the places,
whether it was rated and private, when it finished, who opened it (``source_kind`` /
``source_id``), the engine's match result and record, and every finished hand's result already
in table seats (a Cabrero playoff hand too). That value is all the rankings read of a finished
table: nothing here looks at games' rows. The other keyword arguments of the signal (its older
form) are ignored. The rating task is queued after the storing transaction commits.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.outcome import TableOutcome

from . import services

logger = logging.getLogger(__name__)


def store_outcome(outcome: TableOutcome) -> bool:
    """Store the finished match of ``outcome``; True if it was new and waits for its rating."""
    match, created = services.match_store(
        table_id=outcome.table_id,
        variant=outcome.variant,
        seat_users=outcome.seat_users,
        places=list(outcome.places),
        rated=outcome.rated,
        finished_at=outcome.finished_at or timezone.now(),
        result=outcome.result or {},
        record=outcome.record,
        hands=[hand.result for hand in outcome.hands],
        bot_levels=outcome.bot_levels,
        timeouts=outcome.timeouts,
        source_kind=outcome.source_kind,
        source_id=outcome.source_id,
        private=outcome.private,
    )
    return created and match.rating_status == match.RatingStatus.PENDING


def queue_rating() -> None:
    from .tasks import rate_pending_matches

    rate_pending_matches.delay()


def on_match_finished(sender: Any, outcome: TableOutcome | None = None, **_older: Any) -> None:
    """Store the match of a finished table (``outcome``) and, after commit, queue its rating."""
    if outcome is None or not outcome.is_finished:
        logger.error(
            "rankings: match_finished for table %s came without a finished outcome",
            outcome.table_id if outcome is not None else _older.get("table_id"),
        )
        return
    try:
        with transaction.atomic():
            pending = store_outcome(outcome)
    except Exception:
        logger.exception("rankings: could not store the match of table %s", outcome.table_id)
        raise
    if pending:
        transaction.on_commit(queue_rating, robust=True)


def connect() -> None:
    """Listen to ``games.signals.match_finished``."""
    from games.signals import match_finished

    match_finished.connect(on_match_finished, dispatch_uid="rankings_match_finished")
