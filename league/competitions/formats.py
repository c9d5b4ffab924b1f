"""Table shapes and match points: pure functions, no database.

**Shapes.** A competition is played in one of three shapes, derived from how the engine's
:class:`~games.engine.Variant` forms sides (:meth:`~games.engine.Variant.sides`, :class:`Sides`)
at the player counts it admits. The shape is what tournaments and leagues store (``single``,
``pairs``, ``table``):

* ``single``: every count is :attr:`Sides.SINGLE` (one against one): two entries, two seats;
* ``pairs``: the variant forms :attr:`Sides.TEAMS`: an entry is a partnership, two entries per
  table, partners opposite (entry 0 at seats 0 and 2, entry 1 at seats 1 and 3, as
  :meth:`~games.engine.Variant.side_seats` puts them);
* ``table``: everyone for himself (:attr:`Sides.PLACES`) at tables of three to six: the
  variant's player counts bound the table size.

**Match points** are given by place, per table size: ``{4: (4, 2, 1, 0)}`` means the winner of
a table of four takes 4, the second 2, and so on. Entries that share a place share the points of
the places they cover equally (two entries tied first at a table of four take (4 + 2) / 2 = 3
each). An entry that forfeits takes no points, and the entries that did play take the top places
of the scheme among themselves. A bye is worth, by default, the mean of the scheme for the
event's table size: a draw, which is also how the tiebreaks count it (a draw against oneself,
see :mod:`league.pairing.tiebreaks`).

>>> points_for_places([1, 2], {2: (2, 0)})
[Decimal('2'), Decimal('0')]
>>> points_for_places([1, 1, 3, 4], {4: (4, 2, 1, 0)})
[Decimal('3'), Decimal('3'), Decimal('1'), Decimal('0')]
>>> points_for_places([2, None, 1], {3: (3, 1, 0)})
[Decimal('1'), Decimal('0'), Decimal('3')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from itertools import pairwise

from games.engine import Variant
from games.engine.variant import Ranking, Sides

SINGLE, PAIRS, TABLE = "single", "pairs", "table"

DEFAULT_SCORING: dict[int, tuple[int, ...]] = {
    2: (2, 0),
    3: (3, 1, 0),
    4: (4, 2, 1, 0),
    5: (5, 3, 2, 1, 0),
    6: (6, 4, 3, 2, 1, 0),
}

TOURNAMENT_TIEBREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "wins", "tantos")
LEAGUE_TIEBREAKS = ("wins", "head_to_head", "tantos")

#: How long a league fixture's "play now" stays valid while its other players arrive.
READY_MINUTES = 15

CENT = Decimal("0.01")


class FormatError(ValueError):
    """Settings that do not describe a playable event (the message is English, for logs)."""


def shape_of(variant: Variant) -> str:
    """The competition shape of an engine variant, from the sides it forms at each of its
    player counts.

    >>> from games.engine import get_variant
    >>> from games.engine.variant import variants
    >>> shape_of(get_variant("parejas")), shape_of(get_variant("cabrero"))
    ('pairs', 'table')
    >>> sorted({shape_of(v) for v in variants()})
    ['pairs', 'single', 'table']
    """
    sides = {variant.sides(players) for players in variant.players}
    if Sides.TEAMS in sides:
        return PAIRS
    if sides == {Sides.SINGLE}:
        return SINGLE
    return TABLE


def table_sizes_for(variant: Variant) -> tuple[int, ...]:
    """Entries per table the variant admits in its shape: two sides for ``single`` and
    ``pairs``; for ``table``, the player counts at which everyone plays for himself, up to the
    six places match points are given for.

    >>> from games.engine import get_variant
    >>> table_sizes_for(get_variant("parejas")), table_sizes_for(get_variant("cabrero"))
    ((2,), (3, 4, 5, 6))
    """
    if shape_of(variant) in (SINGLE, PAIRS):
        return (2,)
    return tuple(
        players
        for players in variant.players
        if variant.sides(players) is Sides.PLACES and players <= max(DEFAULT_SCORING)
    )


def tantos_are_stakes(variant: Variant | None) -> bool:
    """Whether an entry's *tantos* at a table are its balance in the match's ledger rather than
    its hand points: the variant ranks its players by the stakes they paid and won
    (:attr:`Ranking.STAKES`: arrastrado, remate, bato), so the ledger is the score behind the
    places, and its units are what those games call tantos (RULES.md §7, §9). Card points
    there say little (remate's contra share one pile; bato's hands are four tricks).

    >>> from games.engine.variant import variants
    >>> sum(tantos_are_stakes(v) for v in variants()) >= 1, tantos_are_stakes(None)
    (True, False)
    """
    return variant is not None and variant.ranking is Ranking.STAKES


def seats_per_entry(shape: str) -> int:
    return 2 if shape == PAIRS else 1


def entry_seats(shape: str, position: int, entries: int) -> tuple[int, ...]:
    """The table seats of the entry at ``position`` of a table of ``entries`` entries.

    >>> entry_seats("pairs", 1, 2), entry_seats("table", 2, 4)
    ((1, 3), (2,))
    """
    if shape == PAIRS:
        return (position, position + entries)
    return (position,)


def parse_points(text: str) -> tuple[int, ...]:
    """Points by place written as numbers separated by commas or spaces.

    >>> parse_points("4, 2 1,0")
    (4, 2, 1, 0)
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        raise FormatError(f"not whole numbers: {text!r}") from None
    if any(v < 0 or v > 1000 for v in values):
        raise FormatError("points must lie between 0 and 1000")
    return values


def check_scheme(
    scoring: Mapping[int, Sequence[int]], sizes: Sequence[int]
) -> dict[int, list[int]]:
    """The scheme limited to the table sizes in use; every size needs one number per place,
    never increasing from first to last place.

    >>> check_scheme({2: (2, 0), 3: (3, 1, 0)}, [2])
    {2: [2, 0]}
    """
    out: dict[int, list[int]] = {}
    for size in sizes:
        points = list(scoring.get(size) or DEFAULT_SCORING[size])
        if len(points) != size:
            raise FormatError(f"a table of {size} needs {size} numbers, not {len(points)}")
        if any(a < b for a, b in pairwise(points)):
            raise FormatError(f"points for a table of {size} must not grow with the place")
        out[size] = points
    return out


def scheme_from_json(data: Mapping[str, Sequence[int]]) -> dict[int, tuple[int, ...]]:
    """The stored scheme (JSON keys are strings) with the defaults for missing sizes."""
    scheme = dict(DEFAULT_SCORING)
    for key, values in (data or {}).items():
        scheme[int(key)] = tuple(int(v) for v in values)
    return scheme


def scheme_to_json(scheme: Mapping[int, Sequence[int]]) -> dict[str, list[int]]:
    return {str(size): [int(v) for v in points] for size, points in sorted(scheme.items())}


def default_bye_points(scheme: Mapping[int, Sequence[int]], table_size: int) -> Decimal:
    """A draw: the mean of the scheme's points for the event's table size.

    >>> default_bye_points(DEFAULT_SCORING, 2), default_bye_points(DEFAULT_SCORING, 4)
    (Decimal('1.00'), Decimal('1.75'))
    """
    points = scheme.get(table_size) or DEFAULT_SCORING[table_size]
    return (Decimal(sum(points)) / len(points)).quantize(CENT, rounding=ROUND_HALF_UP)


def normalise_places(places: Sequence[int | None]) -> list[int | None]:
    """Places as standard competition ranks among the entries that played (None: forfeit).

    >>> normalise_places([3, None, 3, 1])
    [2, None, 2, 1]
    >>> normalise_places([2, 2])
    [1, 1]
    """
    played = sorted(p for p in places if p is not None)
    rank = {}
    for index, place in enumerate(played):
        rank.setdefault(place, index + 1)
    return [None if p is None else rank[p] for p in places]


def points_for_places(
    places: Sequence[int | None], scheme: Mapping[int, Sequence[int]]
) -> list[Decimal]:
    """Match points for each entry of one table from its place (None: a forfeit, no points).

    The scheme row is the one of the table's size (every entry counted, forfeits included).
    """
    size = len(places)
    row = list(scheme.get(size) or DEFAULT_SCORING[size])
    ranks = normalise_places(places)
    out: list[Decimal] = []
    for rank in ranks:
        if rank is None:
            out.append(Decimal(0))
            continue
        shared = ranks.count(rank)
        covered = row[rank - 1 : rank - 1 + shared]
        out.append(tidy(Decimal(sum(covered)) / shared))
    return out


def tidy(value: Decimal) -> Decimal:
    """Two decimals at most, and none for a whole number.

    >>> tidy(Decimal("10.000")), tidy(Decimal(7) / 3)
    (Decimal('10'), Decimal('2.33'))
    """
    value = value.quantize(CENT, rounding=ROUND_HALF_UP)
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value


def places_from_points(points: Sequence[int | float]) -> list[int]:
    """Competition ranks from scores, highest first (used for entries present at a forfeit).

    >>> places_from_points([10, 30, 10])
    [2, 1, 2]
    """
    ordered = sorted(points, reverse=True)
    return [ordered.index(p) + 1 for p in points]
