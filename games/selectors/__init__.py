"""Reading games' rows.

``queries``   lists of tables for the lobby, one table, its seats, hands and log, who may
              watch it
``attendance``  who appeared at a table open or in play (the competitions' absence rule)
``outcomes``  the :class:`~games.outcome.TableOutcome` of a table that ended (what leaves
              games for the league)

What a page shows of a table is :mod:`games.presenters`; the in-process caches of what was
read are :mod:`games.snapshots` and :mod:`games.table_state`. The queries are re-exported
here (``selectors.table_get(...)``); the modules of the package import each other directly.
"""

from games.selectors.queries import (
    actions_since,
    finished_tables_of_user,
    hand_record_get,
    hand_records,
    lobby_open_tables,
    lobby_playing_tables,
    may_watch,
    seat_of_action,
    seat_prefetch,
    table_get,
    table_get_by_invite,
    table_people,
    table_seats,
    tables_of_user,
    user_related,
)

__all__ = [
    "actions_since",
    "finished_tables_of_user",
    "hand_record_get",
    "hand_records",
    "lobby_open_tables",
    "lobby_playing_tables",
    "may_watch",
    "seat_of_action",
    "seat_prefetch",
    "table_get",
    "table_get_by_invite",
    "table_people",
    "table_seats",
    "tables_of_user",
    "user_related",
]
