"""What the bidding tutes share (RULES.md §9: ``remate``, ``codillo``, ``bato``).

* **No vale cargar**: on top of the standard obligations, a player who cannot win the trick with
  any card he may legally play must play a legal card of the fewest card points.
  :class:`NoCargarHand`, the base of their hands, applies it to a hand's obligations (and to the
  conformance ``legal`` query); :func:`no_cargar` is the rule on masks. Under the standard
  obligations the cards a follower may play either all beat the trick's best card or none does
  (following suit, he must beat if he can; without the suit, every trump he must play wins
  unless a trump lies in the trick, and then he must over-trump if he can), so "no vale cargar"
  only ever narrows a losing choice to its cheapest cards: a partner's trick can be neither
  loaded nor spared.
* **Settling a hand** for the conformance ``settle`` query: each variant registers the function
  that answers it with :func:`register_settle`; :func:`settle` dispatches.

>>> from games.engine.cards import mask_of, notation_of_mask, parse_card as p
>>> notation_of_mask(no_cargar(mask_of(["3C", "12C", "4C"]), p("1C"), 0))
['4C']
>>> notation_of_mask(no_cargar(mask_of(["1O", "4O"]), p("12C"), 0))
['4O', '1O']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from games.engine.cards import POINTS, SUIT, indices
from games.engine.rules import beats, standard_legal, trick_winner
from games.engine.state import HandState


def no_cargar(legal: int, best: int, trump: int) -> int:
    """The cards of ``legal`` that may be played when ``best`` wins the trick so far: all of
    them if one of them would win it, else those of the fewest card points."""
    least = 99
    low = 0
    for card in indices(legal):
        if beats(card, best, trump):
            return legal
        pts = POINTS[card]
        if pts < least:
            least = pts
            low = 1 << card
        elif pts == least:
            low |= 1 << card
    return low


class NoCargarHand(HandState):
    """A hand under the standard obligations plus "no vale cargar": the base of the bidding
    tutes' hands (a base class, not a mixin, so that the compiled build's native classes keep
    single inheritance)."""

    __slots__ = ()

    def _follow_mask(self, seat: int, hand: int) -> int:
        return no_cargar(super()._follow_mask(seat, hand), self.best, self.trump)

    @classmethod
    def legal_in_trick(cls, hand: int, trick: list[int], trump: int, stock: int = 0) -> int:
        if not trick:
            return hand
        best = trick[trick_winner(trick, trump)]
        return no_cargar(standard_legal(hand, SUIT[trick[0]], trump, best), best, trump)


#: The conformance ``settle`` answer of each bidding tute, by variant key.
Settler = Callable[[Mapping[str, Any]], dict[str, Any]]
_SETTLERS: Final[dict[str, Settler]] = {}


def register_settle(key: str) -> Callable[[Settler], Settler]:
    """Register the function answering the ``settle`` query of variant ``key`` (once: a
    second, different function for the same key is a mistake and raises ``ValueError``)."""

    def register(fn: Settler) -> Settler:
        known = _SETTLERS.get(key)
        if known is not None and known.__qualname__ != fn.__qualname__:
            raise ValueError(f"'settle' of {key!r} is already answered by {known.__qualname__}")
        _SETTLERS[key] = fn
        return fn

    return register


def settle(key: str, query: Mapping[str, Any]) -> dict[str, Any]:
    """Answer a ``settle`` query (raises ``KeyError`` for a variant that has none)."""
    return _SETTLERS[key](query)


def has_settle(key: str) -> bool:
    """Whether variant ``key`` answers ``settle`` queries."""
    return key in _SETTLERS
