"""Celery tasks of the rankings: rate what is pending (ids in, a service call, nothing else)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="rankings.rate_pending_matches", acks_late=True)
def rate_pending_matches() -> int:
    """Rate every pending match in order (see :func:`services.ratings_apply_pending`).

    Safe to run any number of times, on any number of workers: the ledger's lock serialises
    them and a match is rated once.
    """
    return services.ratings_apply_pending()
