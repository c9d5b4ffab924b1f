"""What a page or a socket shows: view-models built from the engine's observations.

``viewmodels``  the plain dataclasses templates read (``TableView``, ``SeatView``, ``CardView``...)
``table``       one seat's view of a table (:func:`table_view`), from a snapshot
``replay``      a finished hand step by step; what a reconnecting client missed

Presenters read rows only through :mod:`games.selectors` and :mod:`games.snapshots`.
"""

from games.presenters.replay import hand_replay, missed_lines
from games.presenters.table import hand_seats, seat_name, table_view
from games.presenters.viewmodels import (
    ActionButton,
    CardView,
    HandSummary,
    ReplayView,
    SeatView,
    TableView,
    Tally,
    TallyRow,
    TrickView,
    card_view,
)

__all__ = [
    "ActionButton",
    "CardView",
    "HandSummary",
    "ReplayView",
    "SeatView",
    "TableView",
    "Tally",
    "TallyRow",
    "TrickView",
    "card_view",
    "hand_replay",
    "hand_seats",
    "missed_lines",
    "seat_name",
    "table_view",
]
