"""Two-player tutes with a stock: the deal, the draw and the relaxed obligations.

Shared by Spanish tute for two (:mod:`~games.engine.variants.dos`, RULES.md §4) and Argentine
tute de a dos (:mod:`~games.engine.variants.dos_ar`, RULES.md §5). Both deal ``HAND_SIZE``
cards each, turn the next card face up for trump and put the stock on it, so that the turned
card is drawn last; after each trick the winner draws first, then the other, and the winner
leads. While the stock lasts the obligations are relaxed (:meth:`StockHand.open_legal`); once
it is empty the standard ones of RULES.md §1 apply.

**Deal order** (what a stacked deck means): cards ``0 .. 2H-1`` of the deck go one at a time to
the mano (the seat that is not the dealer) and the dealer alternately, mano first; card ``2H``
is turned face up and names trump; cards ``2H+1 ..`` are the stock, drawn in that order; the
turned card lies under them and is drawn last. The stock count of the rules and of the
conformance interface counts the turned card: 24 in ``dos``, 28 in ``dos_ar``.

**What is public.** The stock's size, the card lying face up under it (the *bottom* card: the
turned card, or in ``dos`` the 7 or 2 given for it) and who drew that card: everyone saw it.
The hidden stock cards and their order never appear in an observation
(:meth:`StockHand.stock_mask` is for the server and tests only).

>>> from games.engine import get_variant
>>> h = get_variant("dos_ar").new_hand(players=2, seed=3, dealer=0)
>>> h.stock_left, h.hands[0].bit_count(), h.hands[1].bit_count(), h.mano
(28, 6, 6, 1)
"""

from __future__ import annotations

from typing import ClassVar

from games.engine.cards import NOTATION, SUIT, round_robin
from games.engine.errors import SetupError
from games.engine.native import mypyc_attr
from games.engine.observation import Observation, StockView
from games.engine.state import HandState


@mypyc_attr(allow_interpreted_subclasses=True)  # the base of DosArHand, which tests derive
class StockHand(HandState):
    """A two-player hand with a stock and a turned trump card drawn last."""

    #: Cards dealt to each player, and held after each draw while the stock lasts.
    HAND_SIZE: ClassVar[int] = 6

    __slots__ = ("bottom", "bottom_drawn", "bottom_taker", "stock", "stock_left", "stock_pos")

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, StockHand)
        new.bottom = self.bottom
        new.bottom_drawn = self.bottom_drawn
        new.bottom_taker = self.bottom_taker
        new.stock = self.stock
        new.stock_left = self.stock_left
        new.stock_pos = self.stock_pos

    # ----------------------------------------------------------------- the deal and the draw

    def _deal(self, deck: list[int]) -> None:
        if self.n != 2:
            raise SetupError(f"{self.variant.name} is played by two players.")
        h = self.HAND_SIZE
        mano = 1 - self.dealer
        hands = [0, 0]
        dealt = round_robin(deck, 2 * h, 2)  # one card at a time, from the mano
        hands[mano] = dealt[0]
        hands[1 - mano] = dealt[1]
        self.hands = hands
        self.mano = mano
        self.active = (mano, 1 - mano)
        turned = deck[2 * h]
        self.turned = turned
        self.trump = SUIT[turned]
        #: The hidden stock, top first (immutable: shared between clones).
        self.stock: tuple[int, ...] = tuple(deck[2 * h + 1 :])
        self.stock_pos = 0
        #: Cards left in the stock, counting the face-up bottom card.
        self.stock_left = 40 - 2 * h
        #: The face-up card under the stock, drawn last (-1 once drawn).
        self.bottom = turned
        #: The seat that drew the face-up bottom card, and that card (-1 until then).
        self.bottom_taker = -1
        self.bottom_drawn = -1

    def _draw(self, seat: int) -> None:
        """``seat`` takes the top card of the stock (the face-up bottom card last)."""
        pos = self.stock_pos
        if pos < len(self.stock):
            card = self.stock[pos]
            self.stock_pos = pos + 1
        else:
            card = self.bottom_drawn = self.bottom
            self.bottom = -1
            self.bottom_taker = seat
        self.hands[seat] |= 1 << card
        self.stock_left -= 1

    def _after_trick(self, winner: int) -> None:
        self.may_sing = winner
        left = self.stock_left
        if not left:
            return
        pos = self.stock_pos
        stock = self.stock
        if left > 2 and pos + 2 <= len(stock):  # both from the hidden stock (_draw, inlined)
            hands = self.hands
            hands[winner] = hands[winner] | 1 << stock[pos]
            loser = 1 - winner
            hands[loser] = hands[loser] | 1 << stock[pos + 1]
            self.stock_pos = pos + 2
            self.stock_left = left - 2
            return
        self._draw(winner)
        if self.stock_left:
            self._draw(1 - winner)
        if not self.stock_left:
            self._on_stock_empty(winner)

    def _on_stock_empty(self, leader: int) -> None:
        """Called once, right after the last card of the stock is drawn."""

    def stock_mask(self) -> int:
        """The cards still in the stock, hidden ones included: for the server and tests,
        never for an observation."""
        mask = 0
        for c in self.stock[self.stock_pos :]:
            mask |= 1 << c
        if self.bottom >= 0:
            mask |= 1 << self.bottom
        return mask

    # ----------------------------------------------------------------- obligations

    @classmethod
    def open_legal(cls, hand: int, lead: int, trump: int) -> int:
        """Cards of ``hand`` playable into a trick led in suit ``lead`` while the stock lasts:
        any card by default (no obligation)."""
        return hand

    def _follow_mask(self, seat: int, hand: int) -> int:
        if self.stock_left:
            return self.open_legal(hand, self.lead, self.trump)
        return super()._follow_mask(seat, hand)

    @classmethod
    def legal_in_trick(cls, hand: int, trick: list[int], trump: int, stock: int = 0) -> int:
        """The conformance ``legal`` query: :meth:`open_legal` while ``stock`` > 0, the
        standard obligations once it is empty."""
        if trick and stock > 0:
            return cls.open_legal(hand, SUIT[trick[0]], trump)
        return super().legal_in_trick(hand, trick, trump, stock)

    # ----------------------------------------------------------------- observations

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        return obs.with_parts(
            stock=StockView(
                stock=self.stock_left,
                stock_bottom=NOTATION[self.bottom] if self.bottom >= 0 else None,
                bottom_taken_by=self.bottom_taker if self.bottom_taker >= 0 else None,
            ),
        )

    def known_cards(self, seat: int) -> int:
        """Cards of ``seat``'s hand that everyone knows he holds: a face-up card he drew and
        has not played yet. The rest of his hand is hidden from the other seat."""
        if self.bottom_taker == seat:
            return self.hands[seat] & (1 << self.bottom_drawn)
        return 0
