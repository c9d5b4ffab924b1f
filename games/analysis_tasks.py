"""The hand analysis's Celery task, and the hook that starts it when a hand ends.

``games.analyse_hand(analysis_id)`` computes one stored row
(:func:`games.services.analysis.compute`, idempotent). A new
:class:`~games.models.HandRecord` (a hand just ended) calls
:func:`games.services.analysis.hand_recorded`, which does nothing unless
``TUTE_ANALYSIS_AUTO`` is on. Imported by :mod:`games.tasks` (so a worker and the embedded
server both know the task).
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db.models.signals import post_save

from games import analysis_runner
from games.models import HandRecord
from games.services import analysis


@shared_task(name="games.analyse_hand", ignore_result=True)
def analyse_hand(analysis_id: int) -> bool:
    return analysis.compute(analysis_id)


def _hand_saved(sender: Any, instance: HandRecord, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        analysis.hand_recorded(instance)


post_save.connect(_hand_saved, sender=HandRecord, dispatch_uid="games.analysis.hand_saved")
analysis.register(task=analyse_hand, background=analysis_runner.submit)
