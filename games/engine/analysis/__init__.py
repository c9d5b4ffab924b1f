"""Hand analysis in the pure engine: "Could I have played better?" and the open-cards view.

* :func:`analyse_hand` — for one seat of a finished hand record, every decision with more than
  one legal action, each alternative evaluated from the seat's own information at that moment
  (its observation with memory; never the hidden cards), with a Lichess-like mark
  (inaccuracy / mistake / blunder). Units and thresholds: :mod:`~games.engine.analysis.outcome`;
  the search: :mod:`~games.engine.analysis.decisions`; the replay:
  :mod:`~games.engine.analysis.hand`.
* :func:`open_cards` — a position of the replay with every hand visible: what best play by all
  achieves, exact when the rest is small (:mod:`~games.engine.analysis.opencards`).
* The result types (:mod:`~games.engine.analysis.types`) are the contract with the platform and
  round-trip through JSON.
* ``python -m games.engine analyse-bench`` measures the time per hand
  (:mod:`~games.engine.analysis.bench`).

>>> import random
>>> from games.engine import get_variant
>>> from games.engine.bots import policy
>>> from games.engine.records import hand_record
>>> h = get_variant("dos_ar").new_hand(players=2, seed=4)
>>> policy.playout(h, random.Random(1))
>>> a = analyse_hand(hand_record(h), 0, deals=4)
>>> HandAnalysis.from_json(a.to_json()) == a, all(len(d.alternatives) > 1 for d in a.decisions)
(True, True)
"""

from __future__ import annotations

from games.engine.analysis.hand import analyse_hand
from games.engine.analysis.opencards import open_cards
from games.engine.analysis.types import MARKS, Alternative, Decision, HandAnalysis, OpenCards

__all__ = [
    "MARKS",
    "Alternative",
    "Decision",
    "HandAnalysis",
    "OpenCards",
    "analyse_hand",
    "open_cards",
]
