"""Cards of the 40-card Spanish deck, as value types and as bit masks.

Two representations live side by side, after python-chess's squares and bitboards:

* :class:`Card` is a frozen value type with a compact notation (``"12B"`` is the rey de bastos,
  ``"1O"`` the as de oros), used at the edges: records, the API, the conformance interface.
* Inside the engine a card is an ``int`` *index* 0..39 and a set of cards is an ``int`` *mask*
  with bit ``index`` set.  ``index = 10 * suit + strength`` where ``strength`` is the card's
  place in the trick order of its suit, 0 for the weakest (the 2) to 9 for the strongest (the
  as).  Because the bits of a suit are in trick order, "the cards of my hand that beat card c"
  is one AND with :data:`ABOVE` ``[c]`` and "the best card of a set" is its highest bit.

Suits are numbered in the order oros (0), copas (1), espadas (2), bastos (3).

>>> Card.from_notation("12B").notation
'12B'
>>> Card.from_notation("1O").points
11
>>> notation_of_mask(mask_of(["3E", "1E", "2O"]))
['2O', '3E', '1E']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from games.engine.errors import NotationError


def _runs_compiled() -> bool:
    """Whether this module runs compiled (mypyc): its functions then have no code object."""
    return not hasattr(_runs_compiled, "__code__")


#: Whether the engine runs its compiled build (mypyc; the whole engine is compiled or none of
#: it): a few hot spots choose between two ways of writing the same thing, the one faster in
#: each (docs/engine.md "Compiled build"). Both give the same results; tests run on both.
COMPILED: Final = _runs_compiled()


class Suit(enum.IntEnum):
    """The four Spanish suits, numbered as in card indices."""

    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3

    @property
    def letter(self) -> str:
        """The notation letter: ``O``, ``C``, ``E`` or ``B``."""
        return SUIT_LETTERS[self]

    @classmethod
    def from_letter(cls, letter: object) -> Suit:
        """Parse a suit letter (case-insensitive).

        >>> Suit.from_letter("e").name
        'ESPADAS'
        """
        try:
            if not isinstance(letter, str):
                raise AttributeError  # what ``letter.upper()`` raised before typing it
            return cls(SUIT_LETTERS.index(letter.upper()))
        except (ValueError, AttributeError):
            raise NotationError(f"Unknown suit {letter!r}: use O, C, E or B.") from None


SUIT_LETTERS: Final = "OCEB"
SUIT_NAMES_ES: Final = ("oros", "copas", "espadas", "bastos")
SUIT_NAMES_EN: Final = ("coins", "cups", "swords", "batons")

#: Ranks from the weakest to the strongest in trick order.
RANKS_BY_STRENGTH: Final[tuple[int, ...]] = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
#: Card points by strength.
POINTS_BY_STRENGTH: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)
RANK_NAMES_ES: Final = {
    1: "as",
    2: "dos",
    3: "tres",
    4: "cuatro",
    5: "cinco",
    6: "seis",
    7: "siete",
    10: "sota",
    11: "caballo",
    12: "rey",
}
RANK_NAMES_EN: Final = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    10: "jack",
    11: "horse",
    12: "king",
}

STRENGTH_OF_RANK: Final[dict[int, int]] = {r: i for i, r in enumerate(RANKS_BY_STRENGTH)}

KING: Final = 12
HORSE: Final = 11
SEVEN: Final = 7
TWO: Final = 2

FULL_DECK: Final[int] = (1 << 40) - 1
#: Mask of the ten cards of each suit.
SUIT_MASK: Final[tuple[int, ...]] = tuple(0x3FF << (10 * s) for s in range(4))
#: Points of each card index.
POINTS: Final[tuple[int, ...]] = tuple(POINTS_BY_STRENGTH[i % 10] for i in range(40))
#: Rank of each card index.
RANK: Final[tuple[int, ...]] = tuple(RANKS_BY_STRENGTH[i % 10] for i in range(40))
#: Suit of each card index.
SUIT: Final[tuple[int, ...]] = tuple(i // 10 for i in range(40))
#: ABOVE[c]: the cards of c's suit that beat c.
ABOVE: Final[tuple[int, ...]] = tuple(SUIT_MASK[i // 10] & ~((2 << i) - 1) for i in range(40))
#: BELOW[c]: the cards of c's suit that c beats.
BELOW: Final[tuple[int, ...]] = tuple(SUIT_MASK[i // 10] & ((1 << i) - 1) for i in range(40))


def index_of(suit: int, rank: int) -> int:
    """Card index of a suit number and a rank.

    >>> index_of(Suit.BASTOS, 12)
    37
    """
    return 10 * suit + STRENGTH_OF_RANK[rank]


KING_OF: Final[tuple[int, ...]] = tuple(index_of(s, KING) for s in range(4))
HORSE_OF: Final[tuple[int, ...]] = tuple(index_of(s, HORSE) for s in range(4))
#: PAIR[s]: the king and the horse of suit s, the cards of a canto.
PAIR: Final[tuple[int, ...]] = tuple((1 << KING_OF[s]) | (1 << HORSE_OF[s]) for s in range(4))
ALL_KINGS: Final[int] = sum(1 << k for k in KING_OF)
#: The king sits one bit above the horse of its suit: ``hand & (hand << 1) & ALL_KINGS`` has
#: the king's bit set for each suit whose canto the hand holds.
assert all(KING_OF[s] == HORSE_OF[s] + 1 for s in range(4))
ALL_HORSES: Final[int] = sum(1 << h for h in HORSE_OF)
#: Cards that rank above the 7 (jack, horse, king, three, as): "as, tres o figura".
HIGH_CARDS: Final[int] = sum(SUIT_MASK[s] & ~((2 << index_of(s, SEVEN)) - 1) for s in range(4))
#: Blank cards at or below the 7.
BLANK_CARDS: Final[int] = FULL_DECK & ~HIGH_CARDS


def card_points(mask: int) -> int:
    """Sum of card points in a mask.

    >>> card_points(FULL_DECK)
    120
    """
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def _build_chunk_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for s in range(4):
        table.append(
            tuple(tuple(10 * s + b for b in range(10) if chunk >> b & 1) for chunk in range(1024))
        )
    return tuple(table)


#: CHUNKS[s][m]: the card indices of suit s whose in-suit bits are m (0..1023).
CHUNKS: Final = _build_chunk_table()


_C0: Final = CHUNKS[0]
_C1: Final = CHUNKS[1]
_C2: Final = CHUNKS[2]
_C3: Final = CHUNKS[3]


def indices(mask: int) -> list[int]:
    """Card indices of a mask, in increasing index order.

    >>> indices(0b101)
    [0, 2]
    """
    if COMPILED:  # compiled, += of a tuple (list_extend) beats unpacking (a slice assignment)
        out = list(_C0[mask & 1023])
        chunk = (mask >> 10) & 1023
        if chunk:
            out += _C1[chunk]
        chunk = (mask >> 20) & 1023
        if chunk:
            out += _C2[chunk]
        chunk = (mask >> 30) & 1023
        if chunk:
            out += _C3[chunk]
        return out
    return [
        *_C0[mask & 1023],
        *_C1[(mask >> 10) & 1023],
        *_C2[(mask >> 20) & 1023],
        *_C3[(mask >> 30) & 1023],
    ]


def mask_of_indices(cards: list[int]) -> int:
    """Mask of a list of distinct card indices (a deal's hand).

    >>> mask_of_indices([0, 2])
    5
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def round_robin(deck: list[int], count: int, k: int) -> list[int]:
    """The masks of ``k`` hands dealt one card at a time from the front of ``deck``, ``count``
    cards in all: hand ``i`` gets ``deck[i]``, ``deck[i + k]``, ... (each mask built in a local
    and stored once: compiled, a native int until then).

    >>> round_robin([5, 0, 2, 1, 9], 4, 2)
    [36, 3]
    """
    masks = [0] * k
    for i in range(k):
        mask = 0
        for j in range(i, count, k):
            mask |= 1 << deck[j]
        masks[i] = mask
    return masks


def iter_indices(mask: int) -> Iterator[int]:
    """Iterate the card indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def highest(mask: int) -> int:
    """Index of the highest bit of a non-empty mask (the strongest card of one suit)."""
    return mask.bit_length() - 1


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a suit and a rank (1-7, 10, 11, 12).

    >>> c = Card(Suit.COPAS, 10)
    >>> c.notation, c.index, c.points
    ('10C', 15, 2)
    >>> Card.from_index(15) == c
    True
    """

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if self.rank not in STRENGTH_OF_RANK:
            raise NotationError(f"There is no {self.rank} in the Spanish 40-card deck.")

    @property
    def index(self) -> int:
        """The engine's card index, 0..39."""
        return index_of(self.suit, self.rank)

    @property
    def mask(self) -> int:
        """A mask holding only this card."""
        return 1 << self.index

    @property
    def points(self) -> int:
        """Card points: as 11, three 10, king 4, horse 3, jack 2, others 0."""
        return POINTS[self.index]

    @property
    def notation(self) -> str:
        """Rank then suit letter, e.g. ``12B``."""
        return f"{self.rank}{SUIT_LETTERS[self.suit]}"

    def name(self, language: str = "en") -> str:
        """A readable name: ``rey de bastos`` / ``king of batons``."""
        if language == "es":
            return f"{RANK_NAMES_ES[self.rank]} de {SUIT_NAMES_ES[self.suit]}"
        return f"{RANK_NAMES_EN[self.rank]} of {SUIT_NAMES_EN[self.suit]}"

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of an index 0..39."""
        if not 0 <= index < 40:
            raise NotationError(f"Card index {index} is outside 0..39.")
        return CARDS[index]

    @classmethod
    def from_notation(cls, text: object) -> Card:
        """Parse ``"12B"``, ``"1O"``, ``"10c"``; raise :class:`NotationError` otherwise (a
        non-string too: typed ``object`` so that the compiled build checks it here, as the pure
        one does, instead of raising ``TypeError`` at the call)."""
        return CARDS[parse_card(text)]

    def __str__(self) -> str:
        return self.notation


CARDS: Final[tuple[Card, ...]] = tuple(
    Card(Suit(i // 10), RANKS_BY_STRENGTH[i % 10]) for i in range(40)
)
NOTATION: Final[tuple[str, ...]] = tuple(c.notation for c in CARDS)
_INDEX_OF_NOTATION: Final[dict[str, int]] = {n: i for i, n in enumerate(NOTATION)}


def parse_card(text: object) -> int:
    """Card index of a notation such as ``"12B"``.

    >>> parse_card("7e")
    24
    >>> parse_card("8O")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.errors.NotationError: '8O' is not a card: write the rank (1-7, 10, 11, 12) ...
    """
    if isinstance(text, str):
        found = _INDEX_OF_NOTATION.get(text.strip().upper())
        if found is not None:
            return found
    raise NotationError(
        f"{text!r} is not a card: write the rank (1-7, 10, 11, 12) then the suit "
        "(O, C, E, B), e.g. 12B."
    )


def mask_of(cards: Iterable[object]) -> int:
    """Mask of an iterable of notations or indices; a repeated card is an error."""
    mask = 0
    for c in cards:
        i = c if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 40 else parse_card(c)
        if mask >> i & 1:
            raise NotationError(f"The card {NOTATION[i]} is listed twice.")
        mask |= 1 << i
    return mask


def notation_of_mask(mask: int) -> list[str]:
    """Notations of the cards of a mask, by suit then strength."""
    return [NOTATION[i] for i in indices(mask)]
