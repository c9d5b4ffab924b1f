"""The deal's chance step: the order a seed shuffles the 40 cards into.

A hand is fully determined by its setup and its actions because the deal is drawn from the
seed here, the same on every machine and Python version.
"""

from __future__ import annotations

import struct
from hashlib import blake2b
from typing import Final

from games.engine.native import i64


def shuffled_deck(seed: int | str) -> list[int]:
    """The 40 card indices in the order the seed shuffles them.

    A Fisher-Yates shuffle driven by BLAKE2b of the seed's text (32 bits per draw): the same
    seed gives the same deal on every machine and Python version, and seeding costs no more
    than hashing. Live tables draw their seeds from :mod:`secrets`.

    >>> shuffled_deck(7) == shuffled_deck(7), sorted(shuffled_deck(7)) == list(range(40))
    (True, True)
    >>> shuffled_deck(7) != shuffled_deck(8)
    True
    """
    key = str(seed).encode()
    # The 192 digest bytes read as little-endian 32-bit words, the first 39 used in turn.
    # (i64: compiled, 64-bit machine arithmetic; the products stay below 2**38.)
    words: tuple[i64, ...] = _WORDS(
        b"".join(
            (
                _digest(_blake2b(key + b"|0")),
                _digest(_blake2b(key + b"|1")),
                _digest(_blake2b(key + b"|2")),
            )
        )
    )
    # (list[object]: compiled, the swaps then move references, without unboxing each card to a
    # native int and boxing it back; they are the 40 ints of _ORDERED)
    deck: list[object] = list(_ORDERED)
    i: i64 = 39
    for w in words:
        j = (w * (i + 1)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck  # type: ignore[return-value]


_WORDS: Final = struct.Struct("<39I").unpack_from
_ORDERED: Final = tuple(range(40))
_blake2b: Final = blake2b  # compiled, a static reference instead of a module-dict lookup
_digest: Final = blake2b.digest  # compiled, called directly instead of looked up on each hash
