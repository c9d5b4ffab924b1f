"""Every change to live tables. The only package that writes games' models.

Each service is a keyword-only function named ``table_<action>``, runs in one transaction and
raises a :class:`games.errors.TableError` (translated, for the player) when the request cannot
be met; nothing is then written. Only once the transaction has committed are the table's
sockets told (:func:`games.live.notify.notify_table`) and the next deferred move scheduled
(:func:`games.live.scheduler.defer`).

``common``   locking, seats, announcing a change, deadlines (the races are explained there)
``tables``   opening a table and its seats: create, sit, leave, take back, bots, cancel
``play``     a move, the deferred moves (bots, turn timers) and the watchdog
``play_on_loop`` a person's usual move over a socket, written from the server's event loop
``abandon``  stopping a table
``forfeit``  forfeiting seats for absence (a competition's rule): stop the table, or bots play
``presence`` a seated person connected: his seat's first connection, ``player_arrived``
``rematch``  play again: a new match with the same seats once every person has accepted
``ending``   the signals a finished or abandoned table sends, with its outcome

Callers use the names re-exported here (``services.table_act(...)``); the modules of the
package import each other directly.
"""

from games.services.abandon import may_abandon, table_abandon
from games.services.common import best_bot_level
from games.services.forfeit import table_forfeit
from games.services.play import (
    EARLY_TOLERANCE,
    ActResult,
    table_act,
    table_advance,
    tables_run_overdue,
)
from games.services.rematch import (
    RematchNotOfferedError,
    offers_rematch,
    table_rematch_accept,
    table_rematch_offer,
)
from games.services.tables import (
    MAX_TURN_SECONDS,
    SeatSpec,
    table_add_bot,
    table_cancel,
    table_create,
    table_fill_bots,
    table_leave,
    table_remove_bot,
    table_sit,
    table_take_back,
    validate_table_settings,
)

__all__ = [
    "EARLY_TOLERANCE",
    "MAX_TURN_SECONDS",
    "ActResult",
    "RematchNotOfferedError",
    "SeatSpec",
    "best_bot_level",
    "may_abandon",
    "offers_rematch",
    "table_abandon",
    "table_act",
    "table_add_bot",
    "table_advance",
    "table_cancel",
    "table_create",
    "table_fill_bots",
    "table_forfeit",
    "table_leave",
    "table_rematch_accept",
    "table_rematch_offer",
    "table_remove_bot",
    "table_sit",
    "table_take_back",
    "tables_run_overdue",
    "validate_table_settings",
]
