"""Club competitions: Swiss and duplicate tournaments and leagues (issues #5, #17).

The app (label ``competitions``) is laid out as the rest of the platform:

``models``     tournaments (entries, rounds, boards and their seats), leagues (seasons,
               divisions, entries, fixtures and their seats) and the change log.
``formats``    pure: the three competition shapes (derived from the engine's
               ``Variant.sides``), match points by place, default schemes.
``schedule``   pure: round-robin fixtures (circle method) and rotating tables for Cabrero.
``seeding``    seeds and pairing ratings of entries from the players' ratings.
``adapter``    maps model rows to :mod:`league.pairing`'s plain values and back (after
               Tabbycat's ``draw/manager.py``): pairing entries, table results, standings.
``duplicate``  pure: duplicate scoring (a board's unit per game, matchpoints, the field's
               average, standings), the seats turning, the sides of tables of two; its rows
               in ``models_duplicate``, its writer ``services/duplicate``, its reads
               ``selectors/duplicate``, its API serializers ``api_duplicate``.
``errors``     :class:`~.errors.CompetitionError` (a user error) and its kinds.
``services/``  the only writer, split by subject: ``common`` (clock, permissions, change log),
               ``validation`` (event settings), ``tables`` (live tables through ``games``'
               services), ``tournaments`` (creation, registration), ``rounds`` (pairing,
               opening, finishing), ``results`` (a finished table's result), ``overrides`` (an
               organiser's logged corrections), ``leagues`` (leagues and seasons), ``fixtures``
               (fixtures, "play now", play windows). Keyword-only, atomic, raising
               :mod:`.errors`; the package re-exports every service.
``selectors/`` reads, split by subject: ``common``, ``standings``, ``tournaments``,
               ``leagues``, ``my_matches``, ``exports`` (CSV). They never import the services.
``receivers``  listens to ``games.signals.match_finished`` and records the result from the
               :class:`~games.outcome.TableOutcome` it carries (its ``source_kind`` names the
               board or fixture). Competitions read nothing else of games' models.
``forms``, ``views``, ``api``, ``urls``   the pages and the API: thin adapters over the above.
``tasks``      the Celery beat task that closes the play windows of league fixtures.
``demo``       the demo club's tournament and league (``demo_duplicate``: its duplicate
               Cabrero evening).

See docs/competitions.md for how rounds, tables and results flow.
"""
