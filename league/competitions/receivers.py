"""The receiver of ``games.signals.match_finished``.

``games`` announces every finished match after its transaction commits, with the table's
:class:`~games.outcome.TableOutcome` (``outcome=``); a table opened by a tournament round or a
league fixture names it in the outcome's ``source_kind`` (``competitions.board`` or
``competitions.fixture``) and ``source_id``. The receiver hands the outcome to
:func:`league.competitions.services.match_result_record`, which reads nothing else of ``games``.
An announcement without an outcome (the older keywords ``table_id`` and ``source_kind`` only)
is recorded from the table id: the service asks ``games`` for the outcome. A failure is logged
(``send_robust`` would swallow it); the beat task's sweep
(:func:`league.competitions.services.results_collect`) records it later.
"""

from __future__ import annotations

import logging
from typing import Any

from games.outcome import TableOutcome
from games.signals import match_finished

from . import services

logger = logging.getLogger(__name__)

SOURCES = (services.BOARD_SOURCE, services.FIXTURE_SOURCE)


def on_match_finished(
    sender: Any,
    *,
    outcome: TableOutcome | None = None,
    table_id: int | None = None,
    source_kind: str = "",
    **payload: Any,
) -> None:
    if outcome is not None:
        table_id, source_kind = outcome.table_id, outcome.source_kind
    if source_kind not in SOURCES or table_id is None:
        return
    try:
        services.match_result_record(table_id=int(table_id), outcome=outcome)
    except Exception:
        logger.exception("Recording the result of table %s (%s) failed", table_id, source_kind)
        raise


def connect() -> None:
    match_finished.connect(on_match_finished, dispatch_uid="competitions.match_finished")
