"""Embedded mode's analysis runner: the search runs in a child process and the caller does not
wait for it (the row is written by the background thread)."""

from __future__ import annotations

from typing import Any

import pytest

from games import analysis_runner
from games.analysis_models import HandAnalysis
from games.engine import analysis as engine_analysis
from games.models import HandRecord
from games.services import analysis

from .helpers import fast_forward, people_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_child_process_computes_what_the_engine_does(ana: Any, bruno: Any) -> None:
    table = fast_forward(people_table(ana, bruno))
    record = dict(HandRecord.objects.get(table=table, number=0).record)
    here = engine_analysis.analyse_hand(record, 1, deals=3, seed="x").to_json()
    assert analysis_runner.in_child(record, 1, deals=3, seed="x") == here


def test_inprocess_dispatch_goes_to_the_background_thread(
    ana: Any, bruno: Any, settings: Any
) -> None:
    table = fast_forward(people_table(ana, bruno))
    settings.TUTE_TABLE_SCHEDULER = "inprocess"  # embedded mode (after the bots have played)
    settings.TUTE_ANALYSIS_DEALS = 3
    record = HandRecord.objects.get(table=table, number=0)
    row = HandAnalysis.objects.create(hand=record, seat=0)
    analysis.dispatch(row.pk)  # queued: the thread computes it
    analysis_runner.drain()
    row.refresh_from_db()
    assert row.status == HandAnalysis.Status.DONE, row.error


def test_celery_dispatch_to_its_own_queue(ana: Any, bruno: Any, settings: Any) -> None:
    """With workers the task goes to the broker (Celery is eager in the test settings: it runs
    here), on ``TUTE_ANALYSIS_QUEUE`` when that is set."""
    table = fast_forward(people_table(ana, bruno))
    settings.TUTE_TABLE_SCHEDULER = "celery"
    settings.TUTE_ANALYSIS_QUEUE = "analysis"
    settings.TUTE_ANALYSIS_DEALS = 3
    record = HandRecord.objects.get(table=table, number=0)
    row = HandAnalysis.objects.create(hand=record, seat=1)
    analysis.dispatch(row.pk)
    row.refresh_from_db()
    assert row.status == HandAnalysis.Status.DONE, row.error
