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
"""

from django.dispatch import Signal

match_finished = Signal()
table_abandoned = Signal()
