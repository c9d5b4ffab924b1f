"""The live tables of boards and fixtures, through ``games``' services.

A board or a fixture ready to play gets one live table (:func:`open_table`), named by
``source_kind`` and ``source_id`` so that the table's ``match_finished`` finds its way back
(:mod:`.results`). A table replaced by a pairing change, or stopped by an organiser who sets the
result, is abandoned (:func:`abandon_table`): its game stops without a result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import services as games_services
from games.errors import TableCancelledError, TableError, TableFinishedError, TableNotFoundError

from .. import adapter, errors
from ..models import League, Tournament


def open_table(
    event: Tournament | League,
    entries: Sequence[Any],
    source_kind: str,
    source_id: int,
    *,
    deal: tuple[int, int | None] | None = None,
) -> int:
    """A live table for ``entries`` (in position order); ``deal`` (a duplicate round's seed
    and first dealer) makes it deal the same cards as the round's other tables, and makes it
    private: a public table can be watched, and its finished hands replayed, by anyone, which
    would show the cards of a board that the round's other tables have still to play."""
    users = adapter.seat_users(event.shape, entries)
    seed, first_dealer = deal if deal is not None else (None, None)
    try:
        table = games_services.table_create(
            creator=None,
            variant=event.variant,
            players=len(users),
            options=event.options,
            turn_seconds=event.turn_seconds,
            rated=event.rated,
            chat_enabled=event.chat_enabled,
            seats=[games_services.SeatSpec(user=user) for user in users],
            is_private=deal is not None,
            source_kind=source_kind,
            source_id=source_id,
            seed=seed,
            first_dealer=first_dealer,
        )
    except TableError as error:
        raise errors.CompetitionError(error.message) from None
    return int(table.pk)


def abandon_table(table_id: int, reason: str, over: errors.CompetitionError) -> None:
    """Stop a live table in play for good (``games.services.table_abandon``: no result, no
    ``match_finished``; its players see ``reason``). A table whose match has ended meanwhile
    raises ``over`` (its result is on its way: nothing here may replace it); a table already
    stopped, or gone, is left as it is. ``reason`` is one of competitions' short messages, well
    within the length ``games`` allows for one."""
    try:
        games_services.table_abandon(table_id=table_id, user=None, reason=reason)
    except TableFinishedError:
        raise over from None
    except (TableCancelledError, TableNotFoundError):
        pass
