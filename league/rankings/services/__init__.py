"""Every change the rankings app makes, by subject; this package re-exports them, so callers
write ``from league.rankings import services`` and ``services.match_store(...)``:

* :mod:`.storing`: :func:`match_store`, a finished match and its seats' figures, stored once;
* :mod:`.rating`: :func:`ratings_apply_pending` (the rating task's work: the pending matches
  rated in order, under the ledger's lock, rewinding for a late one) and
  :func:`ratings_recompute` (every rating from scratch, the same result);
* :mod:`.ladder`: :func:`ladder_refresh` (the bot ladder: new arena deals of a variant added to
  its levels' ratings) and :func:`ladder_refresh_all`.
"""

from .ladder import ladder_refresh, ladder_refresh_all
from .rating import ratings_apply_pending, ratings_recompute
from .storing import match_store

__all__ = [
    "ladder_refresh",
    "ladder_refresh_all",
    "match_store",
    "ratings_apply_pending",
    "ratings_recompute",
]
