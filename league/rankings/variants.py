"""What the rankings ask the engine about variants: which are rated, in which order pages list
them, and how a match's seats form sides.

The engine is the one description of the games (``games.engine``): every registered variant
is rated, listed in the engine's order (:func:`games.engine.variant.variants`); a match's sides
are ``Variant.side_seats``; names are ``games.messages.variant_name``. Nothing here keeps a
table of its own.
"""

from __future__ import annotations

from games.engine import get_variant
from games.engine.errors import InvalidPlayerCountError, UnknownVariantError
from games.engine.variant import Sides, variants


def variant_keys() -> tuple[str, ...]:
    """The rated variants, in the order pages list them (the engine's)."""
    return tuple(v.key for v in variants())


def is_rated(variant: str) -> bool:
    """Whether ``variant`` is a rated variant (one the engine knows)."""
    return variant in variant_keys()


def sides_of(variant: str, players: int) -> list[list[int]] | None:
    """The seats of each side of a match of ``variant`` at a table of ``players``, or None if
    the engine does not play the variant with that many players (such a match is not rated).

    >>> sides_of("parejas", 4), sides_of("parejas", 3), sides_of("poker", 2)
    ([[0, 2], [1, 3]], None, None)
    """
    try:
        return get_variant(variant).side_seats(players)
    except (UnknownVariantError, InvalidPlayerCountError):
        return None


#: How a variant is rated, as the API names it, by the sides of its smallest table.
SHAPE_NAMES = {Sides.SINGLE: "duel", Sides.TEAMS: "teams", Sides.PLACES: "places"}


def rating_shape(variant: str) -> str:
    """How a variant is rated: ``duel`` (one against one), ``teams`` or ``places``.

    >>> rating_shape("dos"), rating_shape("parejas")
    ('duel', 'teams')
    """
    v = get_variant(variant)
    return SHAPE_NAMES[v.sides(min(v.players))]
