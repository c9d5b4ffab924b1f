"""The bot ladder: the bot levels rated against each other from arena games, per variant.

Every refresh plays a small slice of new duplicate deals (:mod:`.play`) and adds its games to
what earlier refreshes stored (:mod:`.tally`); nothing is recomputed from scratch. The database
side is ``services.ladder`` (writes), ``selectors.ladder`` (reads) and the models
``BotLadder``, ``BotLevelRating`` and ``BotPairing``; the page is ``views.ladder``, the API
``api.BotLadderViewSet``, the schedule the ``rankings.refresh_bot_ladder`` task and the command
``manage.py bot_ladder``. docs/ratings.md has the story.
"""
