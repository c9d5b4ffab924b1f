"""Every change the rankings app makes, by subject; this package re-exports them, so callers
write ``from league.rankings import services`` and ``services.match_store(...)``:

* :mod:`.storing`: :func:`match_store`, a finished match and its seats' figures, stored once;
* :mod:`.rating`: :func:`ratings_apply_pending` (the rating task's work: the pending matches
  rated in order, under the ledger's lock, rewinding for a late one) and
  :func:`ratings_recompute` (every rating from scratch, the same result).
"""

from .rating import ratings_apply_pending, ratings_recompute
from .storing import match_store

__all__ = ["match_store", "ratings_apply_pending", "ratings_recompute"]
