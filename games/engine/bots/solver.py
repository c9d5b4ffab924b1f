"""Exact search for the last tricks of the two-player tutes, once the stock is empty.

When the stock of ``dos`` or ``dos_ar`` is empty, a seat knows the other's hand exactly: it is
the unseen cards. The rest of the hand is then a game of perfect information, solved here by
minimax over bit masks with a transposition table keyed by the two hands and the cantos sung.

* :func:`best_margin` scores a position as the leader's future points minus the other's (cards,
  the 10 of the last trick, and the cantos the winner of each trick sings — the best pair he
  holds, one per trick, as singing never costs anything here). A tute, where admitted, is worth
  :data:`TUTE_VALUE`. The hand's outcome only depends on the final points, so the move that
  maximises the margin wins whenever a win exists.
* :func:`takes_all` answers the capote question of Spanish tute: can the declarer take every
  remaining trick against any defence?

Both follow the standard obligations (RULES.md §1), which apply once the stock is empty.

>>> from games.engine.cards import mask_of, parse_card
>>> a, b = mask_of(["1O", "3O"]), mask_of(["2O", "12C"])
>>> Endgame(trump=0, sung=0, tute=False).best_margin(a, b)
(35, 8)
>>> Endgame(trump=0, sung=0, tute=False).takes_all(a, b, True)
True
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import ALL_HORSES, ALL_KINGS, KING_OF, PAIR, POINTS, SUIT, indices
from games.engine.rules import standard_legal

TUTE_VALUE: Final = 1000
LAST: Final = 10


def distinct(hand: int, other: int) -> list[int]:
    """The cards of ``hand`` that play differently: of two cards of one suit with the same
    points and no card of ``other`` between them, only the lower is kept.

    >>> from games.engine.cards import mask_of, notation_of_mask
    >>> [notation_of_mask(1 << c)[0] for c in distinct(mask_of(["2O", "4O", "6O"]),
    ...                                                  mask_of(["5O"]))]
    ['2O', '6O']
    """
    out: list[int] = []
    prev = -1
    for c in indices(hand):
        if (
            prev >= 0
            and SUIT[prev] == SUIT[c]
            and POINTS[prev] == POINTS[c]
            and not other & ((1 << c) - (2 << prev))
        ):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


class Endgame:
    """A solver for one position's trump, sung suits and tute rule (fresh table each)."""

    def __init__(
        self, trump: int, sung: int, tute: bool, canto_trump: int = 40, canto_other: int = 20
    ) -> None:
        self.trump = trump
        self.sung0 = sung
        self.tute = tute
        self.values = [canto_trump if s == trump else canto_other for s in range(4)]
        self.table: dict[tuple[int, int, int], int] = {}
        self.all_table: dict[tuple[int, int, bool], bool] = {}

    def _canto(self, hand: int, sung: int) -> tuple[int, int]:
        """The best canto a trick winner holding ``hand`` sings: (points, new sung mask)."""
        if self.tute and ((hand & ALL_KINGS) == ALL_KINGS or (hand & ALL_HORSES) == ALL_HORSES):
            return TUTE_VALUE, -1
        pairs = hand & (hand << 1) & ALL_KINGS
        best = -1
        for s in range(4):
            if (
                pairs >> KING_OF[s] & 1
                and not sung >> s & 1
                and (best < 0 or self.values[s] > self.values[best])
            ):
                best = s
        if best < 0:
            return 0, sung
        return self.values[best], sung | 1 << best

    def lead_value(self, lh: int, fh: int, sung: int) -> int:
        """The leader's best margin from a trick start (leader's hand ``lh``)."""
        if not lh:
            return 0
        key = (lh, fh, sung)
        got = self.table.get(key)
        if got is not None:
            return got
        best = -(10**9)
        for c in distinct(lh, fh):
            v = self.follow_value(lh ^ (1 << c), fh, sung, c)
            if v > best:
                best = v
        self.table[key] = best
        return best

    def follow_value(self, lh: int, fh: int, sung: int, led: int) -> int:
        """The leader's margin once he has led ``led`` (``lh`` without it), the follower
        answering best."""
        trump = self.trump
        worst = 10**9
        for r in distinct(standard_legal(fh, SUIT[led], trump, led), lh):
            v = self._after(lh, fh ^ (1 << r), sung, led, r)
            if v < worst:
                worst = v
        return worst

    def _after(self, lh: int, fh: int, sung: int, led: int, r: int) -> int:
        """Leader's margin after the trick (``led``, ``r``) with the hands left."""
        pts = POINTS[led] + POINTS[r]
        if not lh:
            pts += LAST
        trump = self.trump
        leader_wins = not (
            (SUIT[r] == SUIT[led] and r > led) or (SUIT[r] == trump and SUIT[led] != trump)
        )
        if leader_wins:
            canto, s2 = self._canto(lh, sung) if lh else (0, sung)
            if s2 < 0:
                return pts + TUTE_VALUE
            return pts + canto + self.lead_value(lh, fh, s2)
        canto, s2 = self._canto(fh, sung) if fh else (0, sung)
        if s2 < 0:
            return -(pts + TUTE_VALUE)
        return -(pts + canto + self.lead_value(fh, lh, s2))

    def best_margin(self, mine: int, theirs: int, led: int = -1) -> tuple[int, int]:
        """``(margin, card)``: my best margin and the card that reaches it, when I lead
        (``led`` -1) or answer the card ``led``."""
        sung = self.sung0
        best, card = -(10**9), -1
        if led < 0:
            for c in indices(mine):
                v = self.follow_value(mine ^ (1 << c), theirs, sung, c)
                if v > best:
                    best, card = v, c
            return best, card
        for r in indices(standard_legal(mine, SUIT[led], self.trump, led)):
            v = -self._after(theirs, mine ^ (1 << r), sung, led, r)
            if v > best:
                best, card = v, r
        return best, card

    def takes_all(self, decl: int, other: int, decl_leads: bool, led: int = -1) -> bool:
        """Whether the declarer (hand ``decl``) takes every remaining trick against any
        defence; ``led`` is a card already led by the other when the declarer answers."""
        if led >= 0:
            return any(
                self._wins(led, r) is False and self._all(decl ^ 1 << r, other, True)
                for r in indices(standard_legal(decl, SUIT[led], self.trump, led))
            )
        return self._all(decl, other, decl_leads)

    def lead_keeps_all(self, decl: int, other: int, card: int) -> bool:
        """Whether the declarer, leading ``card`` (``decl`` is the rest of his hand), wins
        this trick and every later one against any defence."""
        return all(
            self._wins(card, r) and self._all(decl, other ^ 1 << r, True)
            for r in indices(standard_legal(other, SUIT[card], self.trump, card))
        )

    def _wins(self, led: int, r: int) -> bool:
        """Whether the card led beats the answer ``r``."""
        return not (
            (SUIT[r] == SUIT[led] and r > led)
            or (SUIT[r] == self.trump and SUIT[led] != self.trump)
        )

    def _all(self, decl: int, other: int, decl_leads: bool) -> bool:
        if not decl:
            return True
        key = (decl, other, decl_leads)
        got = self.all_table.get(key)
        if got is not None:
            return got
        trump = self.trump
        if decl_leads:
            ok = any(
                all(
                    self._wins(c, r) and self._all(decl ^ 1 << c, other ^ 1 << r, True)
                    for r in indices(standard_legal(other, SUIT[c], trump, c))
                )
                for c in indices(decl)
            )
        else:
            ok = all(
                any(
                    not self._wins(c, r) and self._all(decl ^ 1 << r, other ^ 1 << c, True)
                    for r in indices(standard_legal(decl, SUIT[c], trump, c))
                )
                for c in indices(other)
            )
        self.all_table[key] = ok
        return ok


def pair_mask(sung: int) -> int:
    """Cards of the sung pairs (for tests)."""
    return sum(PAIR[s] for s in range(4) if sung >> s & 1)
