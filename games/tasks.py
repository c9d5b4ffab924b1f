"""Celery tasks of live tables: thin wrappers around :mod:`games.services`.

``table_advance(table_id, version)`` plays a table's deferred move (a bot's, or a bot's for a
person whose turn timer ran out) once its deadline has passed; it is idempotent, keyed by the
table's version. ``tables_watchdog()`` runs every ``TUTE_WATCHDOG_INTERVAL`` seconds under
Celery beat and plays the moves whose tasks were lost. Both register with
:mod:`games.live.scheduler`, which decides whether they go to a worker or run in-process
(embedded mode); the names of the Celery tasks (``games.table_advance``...) are what queued
tasks carry: keep them.
"""

from __future__ import annotations

from celery import shared_task

from games import services
from games.live import scheduler


@shared_task(name="games.table_advance", ignore_result=True, acks_late=False)
def table_advance(table_id: int, version: int) -> bool:
    """Acknowledged early, not late (the project's default): these tasks wait for their
    countdown in the worker, and with late acknowledgement a threads-pool worker on the Redis
    broker stopped taking new ones once a few dozen tables waited at once (measured with
    ``bench_tables``; the prefork pool was not affected). A move lost with a dying worker is the
    watchdog's to play; playing one twice cannot happen (the task is keyed by the version)."""
    return services.table_advance(table_id=table_id, version=version)


@shared_task(name="games.tables_watchdog", ignore_result=True)
def tables_watchdog() -> int:
    return services.tables_run_overdue()


scheduler.register("table_advance", table_advance)
scheduler.register(scheduler.WATCHDOG_TASK, tables_watchdog)
from games import analysis_tasks as _analysis_tasks  # noqa: E402, F401 (hand analysis)
