"""Celery tasks of competitions: thin wrappers around :mod:`.services`.

``competitions.close_windows`` runs under Celery beat (``CELERY_BEAT_SCHEDULE`` in the
settings): it forfeits the league fixtures whose play window closed unplayed, and records the
results of finished tables whose announcement was lost. ``competitions.absences`` runs every
minute: the absence rule (:func:`league.competitions.services.absences_apply`); in embedded
mode, with no beat, the tables' in-process watchdog runs it (registered in ``apps``).
"""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="competitions.close_windows", ignore_result=True)
def close_windows() -> int:
    closed = services.fixtures_close_windows()
    services.results_collect()
    return closed


@shared_task(name="competitions.absences", ignore_result=True)
def absences() -> int:
    return services.absences_apply()
