"""The receiver of ``games.signals.match_finished``.

``games`` announces every finished match after its transaction commits; a table opened by a
tournament round or a league fixture names it in ``source_kind`` (``competitions.board`` or
``competitions.fixture``) and ``source_id``. The receiver hands the table id to
:func:`.services.match_result_record`, which reads the finished table itself (places, seats,
hands) rather than trusting the payload. A failure is logged (``send_robust`` would swallow
it); the beat task's sweep (:func:`.services.results_collect`) records it later.
"""

from __future__ import annotations

import logging
from typing import Any

from games.signals import match_finished

from . import services

logger = logging.getLogger(__name__)

SOURCES = (services.BOARD_SOURCE, services.FIXTURE_SOURCE)


def on_match_finished(sender: Any, *, table_id: int, source_kind: str = "", **payload: Any) -> None:
    if source_kind not in SOURCES:
        return
    try:
        services.match_result_record(table_id=int(table_id))
    except Exception:
        logger.exception("Recording the result of table %s (%s) failed", table_id, source_kind)
        raise


def connect() -> None:
    match_finished.connect(on_match_finished, dispatch_uid="competitions.match_finished")
