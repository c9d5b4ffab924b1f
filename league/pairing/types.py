"""Value types of the pairing package: what goes in, what comes out, what can go wrong.

The pairing is a pure function of plain values, after Tabbycat's ``draw/generator``: a Django
adapter maps its models to :class:`Entry` values, calls :func:`league.pairing.pair`, and maps the
:class:`Pairing` it gets back to tables and byes of a round. Nothing here knows of a database.

An *entry* is whatever takes one seat at a table: a player, or a partnership in pair-against-pair
play. The pairing treats every entry alike.

A :data:`PlayerId` is a ``str`` or an ``int`` (a primary key). Ids of both kinds may be mixed;
when ids must be compared (the last tie-break of the ranking), every ``int`` comes before every
``str``, ints by value, strings by code point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

PlayerId: TypeAlias = str | int
"""The id of an entry (a player or a partnership): a string or an integer key."""

MIN_TABLE = 2
"""The smallest ``table_size`` the pairing accepts (one against one)."""

MAX_TABLE = 6
"""The largest ``table_size`` the pairing accepts (Tute Cabrero seats up to six)."""


class PairingError(ValueError):
    """An input the pairing cannot accept: a duplicate id, a table size out of range, ….

    ``str(error)`` is an English sentence a tournament director can read.
    """

    code = "bad_pairing_input"


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of the field to pair: a player, or a partnership.

    ``score`` is the entry's tournament score so far, ``rating`` its rating (any scale, only its
    order matters). ``opponents`` lists the ids met in earlier rounds, once per meeting (an id
    met twice appears twice); at a table of four, the three others are all opponents. Ids of
    entries not in the field (withdrawn players) are allowed and ignored. ``byes`` counts the
    byes received. ``seat_counts[k]`` is how often the entry has held seat ``k`` (seat 0 is the
    mano, who plays first; the last seat is the dealer): it only orders the seats of a table,
    never who meets whom.

    >>> Entry("ana", score=3, opponents=("bea", "caro")).byes
    0
    """

    id: PlayerId
    score: float = 0
    rating: float = 0
    opponents: tuple[PlayerId, ...] = ()
    byes: int = 0
    seat_counts: tuple[int, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairing of one round.

    ``tables`` are listed from the top score down; each table lists its entries in seat order
    (seat 0, the mano, first: see :func:`league.pairing.seating.seat_order`). ``byes`` lists the
    entries that sit the round out, highest-ranked first. ``repeats`` counts the earlier meetings
    repeated by this pairing (0 unless no pairing without repeats was found: a director may
    want to know).

    >>> Pairing(tables=(("a", "b"),), byes=("c",)).as_json()
    {'tables': [['a', 'b']], 'byes': ['c']}
    """

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    repeats: int = 0

    def as_json(self) -> dict[str, list[list[PlayerId]] | list[PlayerId]]:
        """The answer of the conformance interface: ``{"tables": [...], "byes": [...]}``."""
        return {"tables": [list(table) for table in self.tables], "byes": list(self.byes)}
