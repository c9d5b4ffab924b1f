"""The entry point of the pairing: entries in, a :class:`Pairing` out.

:func:`pair` checks its input, indexes the field by rank
(:class:`~league.pairing.ranking.Field`), hands it to one-against-one matching
(:mod:`league.pairing.swiss`) or to the table search (:mod:`league.pairing.tables`), and turns
rank indices back into ids: tables from the top score down, each in seat order
(:func:`~league.pairing.seating.seat_order`), byes highest-ranked first.
"""

from __future__ import annotations

from collections.abc import Sequence

from league.pairing.ranking import Field, check_table_size, default_min_table_size
from league.pairing.seating import seat_order
from league.pairing.swiss import pair_one_on_one
from league.pairing.tables import pair_multi
from league.pairing.types import Entry, Pairing


def pair(
    entries: Sequence[Entry], *, table_size: int = 2, min_table_size: int | None = None
) -> Pairing:
    """Pair one round: every entry lands at exactly one table or among the byes.

    ``table_size`` is the seats per table (2 to 6; 2 for one against one and for partnerships);
    ``min_table_size`` the smallest table allowed when the field does not divide evenly
    (default: 2 for one against one, else 3). The answer does not depend on the order of
    ``entries``. Raises :class:`~league.pairing.types.PairingError` on a duplicate id, a size out
    of range, a negative bye count, a score or rating that is not finite, or an entry among its
    own opponents.

    >>> field = [Entry("a", 2), Entry("b", 2), Entry("c", 1), Entry("d", 0), Entry("e", 0)]
    >>> pair(field).as_json()
    {'tables': [['a', 'b'], ['c', 'd']], 'byes': ['e']}
    >>> pair(field, table_size=3).as_json()           # tables of 3: d and e sit out
    {'tables': [['a', 'b', 'c']], 'byes': ['d', 'e']}
    >>> pair(field, table_size=3, min_table_size=2).as_json()
    {'tables': [['a', 'b', 'c'], ['d', 'e']], 'byes': []}
    """
    if min_table_size is None:
        min_table_size = default_min_table_size(table_size)
    check_table_size(table_size, min_table_size)
    field = Field.build(entries)
    ranked = field.entries
    groups: list[list[int]]
    if table_size == 2:
        pairs, bye = pair_one_on_one(field)
        groups = [list(p) for p in pairs]
        byes = [] if bye is None else [bye]
        repeats = sum(field.meetings(p) for p in pairs)
    else:
        groups, byes, repeats = pair_multi(field, table_size, min_table_size)
    groups.sort(key=lambda members: min(members))
    counts = {entry.id: entry.seat_counts for entry in ranked}
    tables = tuple(
        seat_order([ranked[i].id for i in sorted(members)], counts) for members in groups
    )
    return Pairing(tables=tables, byes=tuple(ranked[i].id for i in sorted(byes)), repeats=repeats)
