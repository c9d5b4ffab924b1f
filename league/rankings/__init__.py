"""Rankings and statistics: finished matches, ratings per variant, leaderboards, player pages.

``games`` announces each finished match with ``games.signals.match_finished``; the receiver
(:mod:`.receivers`) stores it with one statistics row per seat (:mod:`.services`) and, after
commit, queues the rating task (:mod:`.tasks`). The rating model is the pure package
``league.skill``; reads go through :mod:`.selectors`. docs/ratings.md has the whole story.
"""
