"""Signals other apps listen to; ``games`` never imports them.

Both signals carry ``outcome``: the table's :class:`games.outcome.TableOutcome`
(:func:`games.selectors.outcomes.table_outcome`), everything a listener needs. The other
keyword arguments below are the older form, kept until every listener reads ``outcome``.

``match_finished`` is sent once per table, after the transaction that applied the match's last
action has committed, with these keyword arguments:

``table_id``      the table's id
``variant``       the variant key (``cabrero``...)
``players``       the number of seats
``seats``         ``{position: user id or None}`` (None: a bot seat)
``bot_levels``    ``{position: level}`` for bot seats
``timeouts``      ``{position: number of turn timers that ran out}``
``places``        ``[place of seat 0, place of seat 1, ...]`` (1 is best; ties share a place)
``winners``       the winning positions
``rated``         whether the table was rated
``private``       whether the table was private (its match is listed only to its players)
``result``        the engine's ``MatchResult.to_json()``
``record``        the engine's match record (``games.engine.records.match_record``)
``source_kind``, ``source_id``  who opened the table (e.g. a tournament round), or "" / None

League will turn it into ratings and tournament results.

``table_abandoned`` is sent once per table, after the transaction that abandoned it (a table
stopped while in play, :func:`games.services.table_abandon`) has committed. It is not a result:
``match_finished`` is never sent for that table. Keyword arguments:

``table_id``      the table's id
``variant``, ``players``, ``seats``, ``bot_levels``   as in ``match_finished``
``version``       the number of actions played before it was stopped
``hands_finished`` how many hands were played to their end
``reason``        the reason given ("" for none)
``abandoned_by``  the id of the user who abandoned it, or None (an internal caller)
``status``        ``"abandoned"``, or ``"cancelled"`` for a table abandoned before its game
                  started (an open table is closed as :func:`~games.services.table_cancel`
                  would)
``source_kind``, ``source_id``  who opened the table, or "" / None
"""

from django.dispatch import Signal

match_finished = Signal()
table_abandoned = Signal()
