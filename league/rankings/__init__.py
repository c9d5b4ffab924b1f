"""Rankings and statistics: finished matches, ratings per variant, leaderboards, player pages.

How a match gets here: ``games`` announces a finished table with
``games.signals.match_finished`` and its :class:`games.outcome.TableOutcome` (``outcome=``);
:mod:`.receivers` stores the match from that value alone (nothing of games' models is read)
and, after commit, queues the rating task (:mod:`.tasks`).

Layout:

* :mod:`.models`: a finished match, its seats with their figures, ratings, their history, the
  ledger that orders the rating;
* :mod:`.services`: every write, by subject (:mod:`.services.storing`, :mod:`.services.rating`);
* :mod:`.tally`: a match's figures per seat from the engine's JSON (pure);
* :mod:`.variants`: what the rankings ask the engine (rated variants and their order, a
  match's sides); the rating model itself is the pure package ``league.skill``;
* :mod:`.selectors`: every read, by subject (visibility, leaderboards, players, history,
  points, matches, groups);
* :mod:`.presenters` and :mod:`.charts`: what the pages show; :mod:`.views` and :mod:`.urls`:
  the pages; ``league.api`` serves the same reads as JSON;
* :mod:`.conf` (settings), :mod:`.backfill` (data fixes run by migrations),
  ``management/commands`` (recompute the ratings, benchmark).

docs/ratings.md has the whole story.
"""
