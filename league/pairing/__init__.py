"""Swiss pairing and tiebreaks for Tute tournaments: pure Python, no Django.

Like Tabbycat's ``draw/generator``, this package knows nothing of the database. A Django
adapter (``league`` services) maps its models to plain values, calls a function here, and maps
the plain answer back; everything here can be tested on plain objects and run alone
(``python -m league.pairing``, the conformance interface of CONFORMANCE.md).

**Pairing** (:func:`pair`): a list of :class:`Entry` (a player, or a partnership in
pair-against-pair play: the pairing treats both alike) in, a :class:`Pairing` out.

* Ranking order: score, then rating (both highest first), then id. The bye goes to the
  lowest-ranked entry among those with the fewest byes (:mod:`.ranking`).
* One against one (``table_size=2``): least-cost perfect matching with networkx
  (:mod:`.swiss`): no rematch while one can be avoided, then the bye rule, then score groups
  (odd groups float one entry down), then rank neighbours.
* Tables of three to six: tables as even as the numbers allow between ``min_table_size`` and
  ``table_size``, the rest byes; greedy top-down fill, branch and bound, local search and
  annealing against repeats, then score distance (:mod:`.tables`).
* Seats at a table balance each entry's seat history (:mod:`.seating`).
* Deterministic: the same field in any order gives the same answer.

**Tiebreaks** (:func:`standings`): Buchholz, median Buchholz, Sonneborn-Berger, wins, tantos,
head-to-head over :class:`TableResult` values, a bye counting as a draw against oneself
(:mod:`.tiebreaks`).

>>> pair([Entry("a", 1), Entry("b", 1), Entry("c", 0)]).as_json()
{'tables': [['a', 'b']], 'byes': ['c']}
"""

from league.pairing.generator import pair
from league.pairing.ranking import bye_order, rank_order, table_sizes
from league.pairing.seating import seat_order
from league.pairing.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    PlayerResult,
    Record,
    ResultError,
    StandingRow,
    TableResult,
    Tiebreak,
    buchholz,
    head_to_head,
    median_buchholz,
    sonneborn_berger,
    standings,
    tantos,
    wins,
)
from league.pairing.types import Entry, Pairing, PairingError, PlayerId

__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAKS",
    "Entry",
    "Pairing",
    "PairingError",
    "PlayerId",
    "PlayerResult",
    "Record",
    "ResultError",
    "StandingRow",
    "TableResult",
    "Tiebreak",
    "buchholz",
    "bye_order",
    "head_to_head",
    "median_buchholz",
    "pair",
    "rank_order",
    "seat_order",
    "sonneborn_berger",
    "standings",
    "table_sizes",
    "tantos",
    "wins",
]
