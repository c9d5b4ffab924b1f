"""The receiver of ``games.signals.match_finished``.

``games`` announces every finished match after its transaction commits, with the table's
:class:`~games.outcome.TableOutcome` (``outcome=``); a table opened by a tournament round or a
league fixture names it in the outcome's ``source_kind`` (``competitions.board`` or
``competitions.fixture``) and ``source_id``. The receiver hands the outcome to
:func:`league.competitions.services.match_result_record`, which reads nothing else of ``games``.
A failure is logged
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


def on_match_finished(sender: Any, *, outcome: TableOutcome, **_: Any) -> None:
    if outcome.source_kind not in SOURCES:
        return
    try:
        services.match_result_record(table_id=outcome.table_id, outcome=outcome)
    except Exception:
        logger.exception(
            "Recording the result of table %s (%s) failed", outcome.table_id, outcome.source_kind
        )
        raise


def connect() -> None:
    match_finished.connect(on_match_finished, dispatch_uid="competitions.match_finished")
