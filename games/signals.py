"""Signals other apps listen to; ``games`` never imports them.

Both are sent once per table, after the transaction that ended it has committed, with one
keyword argument, ``outcome``: the table's :class:`games.outcome.TableOutcome` (built by
:func:`games.selectors.outcomes.table_outcome`), everything a listener needs to know; the
sender is :class:`games.models.Table`.

``match_finished``   the match was played to its end (``outcome.status`` is ``FINISHED``: it
                     has places, winners, the hands, the engine's result and record). League
                     turns it into ratings and tournament results.
``table_abandoned``  the table was stopped (:func:`games.services.table_abandon`): in play
                     (``ABANDONED``) or before its game started (``CANCELLED``). It is not a
                     result: ``match_finished`` is never sent for that table. The outcome
                     says why (``reason``), who (``abandoned_by``), after how many actions
                     (``version``) and which hands were finished (``hands``).

Two more tell a listener (league's notifications) when to call a player; they carry plain
values, never a card:

``player_arrived``   sent after commit when a seated person's first socket connects to a table
                     that is open or in play. Keyword arguments: ``table_id: int``,
                     ``user_id: int``, ``waiting_for: list[int]`` (ids of the seated people
                     not connected now), ``source_kind: str``, ``source_id: int | None``.
``turn_started``     sent after commit when the seat to act becomes a person's seat on a
                     correspondence table (a time per move of an hour or more). Keyword
                     arguments: ``table_id: int``, ``user_id: int``,
                     ``deadline: datetime | None``, ``source_kind: str``,
                     ``source_id: int | None``.
"""

from django.dispatch import Signal

match_finished = Signal()
table_abandoned = Signal()
player_arrived = Signal()
turn_started = Signal()
