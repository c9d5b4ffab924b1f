"""Club competitions: Swiss tournaments and leagues (issue #5).

The app (label ``competitions``) is laid out as the rest of the platform:

``models``     tournaments (entries, rounds, boards and their seats), leagues (seasons,
               divisions, entries, fixtures and their seats) and the change log.
``formats``    pure: the three table shapes, match points by place, default schemes.
``schedule``   pure: round-robin fixtures (circle method) and rotating tables for Cabrero.
``adapter``    maps model rows to :mod:`league.pairing`'s plain values and back (after
               Tabbycat's ``draw/manager.py``): pairing entries, table results, standings.
``services``   the only writer: keyword-only, atomic, raising :mod:`.errors`.
``selectors``  reads for the pages, the CSV exports and "my matches".
``receivers``  listens to ``games.signals.match_finished`` (``source_kind`` names the board or
               fixture) and records the result.
``tasks``      the Celery beat task that closes the play windows of league fixtures.

See docs/competitions.md for how rounds, tables and results flow.
"""
