"""Celery tasks of the rankings: rate what is pending, refresh the bot ladder (ids in, a service
call, nothing else)."""

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


@shared_task(name="rankings.refresh_bot_ladder", acks_late=True)
def refresh_bot_ladder(variant: str | None = None, deals: int | None = None) -> int:
    """Add a few new arena deals to the bot ladder of ``variant`` (every variant if None); the
    number of games added (see :func:`services.ladder_refresh`). Beat runs it on a schedule
    (``CELERY_BEAT_SCHEDULE`` in the settings)."""
    if variant is None:
        return services.ladder_refresh_all(deals=deals)
    return services.ladder_refresh(variant=variant, deals=deals)
