"""The demo history's tournaments played out: pair each round when the last one is over and
play its tables, until the tournament finishes (used by :mod:`.demo` and :mod:`.demo_duplicate`,
each with its own way of playing a table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from league.clubs.models import User

from . import services
from .models import Tournament


def play_out(
    tournament: Tournament, organiser: User, clock: Any, play_table: Callable[[int, Any], None]
) -> None:
    """Pair and play every round of ``tournament`` to its end (a pass per round and one more)."""
    for _pass in range(2 * tournament.rounds + 1):
        if tournament.status == Tournament.Status.FINISHED:
            return
        boards = [
            b
            for r in tournament.round_set.order_by("number")
            for b in r.boards.filter(is_bye=False, table_id__isnull=False).order_by("number")
        ]
        playing = [b.table_id for b in boards if b.status != b.Status.FINISHED]
        if not playing:
            clock.advance(minutes=10)
            services.round_pair(tournament=tournament, by=organiser)
        for table_id in playing:
            play_table(table_id, clock)
        clock.advance(minutes=15)
        tournament.refresh_from_db()


__all__ = ["play_out"]
