"""Dealing the unseen cards consistently with everything one seat has observed.

:class:`Knowledge` gathers, from a :class:`~games.engine.bots.view.View` only:

* the *unseen* cards: 40 minus the seat's own hand, the cards played, the face-up cards out of
  play, the face-up card under a stock and a turned card waiting for a swapper;
* cards whose holder is public: the turned card the dealer still holds (team variants), the
  face-up bottom card drawn from a stock, the turned card taken by a swap, the unplayed cards
  of a canto (sung from the hand, they stay there until played);
* *voids*: for every card played into a trick, the cards that seat cannot have held, read off
  the variant's own obligation rule (:meth:`HandState.legal_in_trick`): card ``x`` is ruled out
  when a hand holding both ``x`` and the card played would not have been allowed to play it
  (a seat that did not follow has none of the suit, one that did not trump when obliged has no
  trump, one that did not beat when obliged has nothing higher). A hand only loses cards, so a
  void holds for the rest of the hand — except while a stock lasts, when draws bring new cards:
  plays made before the stock ran out are not used.

:func:`sample_deal` then deals the unseen cards to the other seats (as many as each holds) and
to the hidden stock: cards with the fewest possible holders first, each to a seat drawn with
probability proportional to its free places; a dead end restarts, and after many failures the
voids are dropped (only possible after an illegal card accepted under the renuncio option).

>>> from games.engine import get_variant
>>> import random
>>> h = get_variant("parejas").new_hand(players=4, seed=5)
>>> k = Knowledge.of(View.of(h.observe(0)))
>>> hands, stock = sample_deal(k, random.Random(1))
>>> hands[0] == h.hands[0], [m.bit_count() for m in hands], stock
(True, [10, 10, 10, 10], [])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games.engine.bots.restore import hand_class_of
from games.engine.bots.view import View, card_or_none
from games.engine.cards import FULL_DECK, PAIR, SUIT_LETTERS, indices

#: Dealing attempts with the voids before they are dropped.
ATTEMPTS: Final = 50


@dataclass
class Knowledge:
    """What a seat knows of the hidden cards (masks by seat)."""

    seat: int
    n: int
    own: int
    unseen: int
    known: list[int]  # cards publicly known to be in each seat's hand (own seat excluded)
    forbidden: list[int]  # cards each seat cannot hold
    need: list[int]  # unseen cards each seat holds (known ones excluded)
    stock_hidden: int  # hidden stock cards

    @classmethod
    def of(cls, view: View, voids: bool = True) -> Knowledge:
        """Everything ``view`` tells about the hidden cards (``voids`` False skips reading
        the voids off the history, for callers that do not look at the hidden cards)."""
        obs = view.obs
        n = view.n
        seat = view.seat
        own = view.own
        unseen = FULL_DECK & ~own & ~view.played & ~view.out_of_play
        known = [0] * n
        stock = obs.stock
        bottom = card_or_none(stock.stock_bottom if stock is not None else None)
        if bottom >= 0:
            unseen &= ~(1 << bottom)
        if stock is not None:
            swap = obs.dos.swap if obs.dos is not None else None
            taker = stock.bottom_taken_by
            if taker is not None:
                drawn = card_or_none(swap.gave) if swap else card_or_none(obs.turned)
                known[taker] |= 1 << drawn
            if swap is not None:
                took = card_or_none(swap.took)
                if swap.pending:
                    unseen &= ~(1 << took)
                else:
                    known[swap.seat] |= 1 << took
        elif obs.arrastrado is not None and obs.arrastrado.swap is not None:
            deal_swap = obs.arrastrado.swap
            known[deal_swap.seat] |= 1 << card_or_none(deal_swap.took)
        if obs.cabrero is not None:
            for w in obs.cabrero.swaps:  # Cabrero for three: the swaps of the deal
                if w.took is not None:
                    known[w.seat] |= 1 << card_or_none(w.took)
            for shown in obs.cabrero.shown:
                known[shown.seat] |= 1 << card_or_none(shown.card)
        if obs.teams is not None and obs.teams.turned_held:
            known[obs.dealer] |= 1 << card_or_none(obs.turned)
        for c in obs.cantos:
            if c.suit is not None:
                known[c.seat] |= PAIR[SUIT_LETTERS.index(c.suit)]
        for s in range(n):
            known[s] &= unseen if s != seat else 0
        for s in range(n):
            unseen &= ~known[s]
        sizes = view.sizes
        need = [0 if s == seat else sizes[s] - known[s].bit_count() for s in range(n)]
        stock_hidden = 0
        if stock is not None:
            stock_hidden = stock.stock - (1 if bottom >= 0 else 0)
        forbidden = void_masks(view, unseen) if voids else [0] * n
        bidding = obs.bidding
        if bidding is not None and bidding.called is not None and bidding.jugador is not None:
            # Codillo: the called card, while unseen, is held by a seat other than the jugador.
            forbidden[bidding.jugador] |= unseen & 1 << card_or_none(bidding.called)
        if stock is None and bidding is not None and bidding.pot is not None:
            # Bato: the unseen cards no hand holds are off the table (the stock, the
            # discards, the folded hands); the restore takes the stock's share first.
            stock_hidden = unseen.bit_count() - sum(need)
        return cls(
            seat=seat,
            n=n,
            own=own,
            unseen=unseen,
            known=known,
            forbidden=forbidden,
            need=need,
            stock_hidden=stock_hidden,
        )


def void_masks(view: View, unseen: int) -> list[int]:
    """Per seat, the unseen cards it cannot hold, from the cards it played into tricks."""
    cls = hand_class_of(view)
    obs = view.obs
    n = view.n
    out = [0] * n
    stock = obs.stock.stock if obs.stock is not None else None
    stock_variant = stock is not None
    if stock_variant:
        stock_at = 40 - 2 * cls.HAND_SIZE  # type: ignore[attr-defined]
    vtt = obs.vtt
    suits = vtt.trick_suits if vtt is not None else None  # VTT: each trick's starting trump
    initial = view.trump  # the trump in force (constant outside VTT)
    tricks: list[tuple[list[tuple[int, int]], int, int]] = []
    for k, (_, seats, cards, _) in enumerate(view.history):
        trump = SUIT_LETTERS.index(suits[k][0]) if suits else initial
        tricks.append(
            (list(zip(seats, cards, strict=True)), trump, stock_at if stock_variant else 0)
        )
        if stock_variant:
            stock_at = max(0, stock_at - 2)
    if view.trick:
        trump = SUIT_LETTERS.index(vtt.trick_trump) if vtt is not None else initial
        tricks.append((list(view.trick), trump, int(stock or 0)))
    cand = indices(unseen)
    for plays, trump, stock_then in tricks:
        if stock_then:
            continue
        prior: list[int] = []
        for s, c in plays:
            if prior and s != view.seat:
                bit = 1 << c
                for x in cand:
                    if not cls.legal_in_trick(bit | (1 << x), prior, trump, 0) & bit:
                        out[s] |= 1 << x
            prior.append(c)
    return out


def sample_deal(know: Knowledge, rng: random.Random) -> tuple[list[int], list[int]]:
    """Hands (a mask per seat, the observer's own included) and the hidden stock (top first)
    dealt at random consistently with ``know``."""
    cards = indices(know.unseen)
    n = know.n
    holders = [s for s in range(n) if know.need[s] > 0]
    stock_slot = n  # the pseudo-seat for the hidden stock
    for attempt in range(ATTEMPTS + 1):
        use_voids = attempt < ATTEMPTS
        free = {s: know.need[s] for s in holders}
        if know.stock_hidden:
            free[stock_slot] = know.stock_hidden
        rng.shuffle(cards)
        options = []
        for c in cards:
            opts = [s for s in holders if not (use_voids and know.forbidden[s] >> c & 1)]
            if know.stock_hidden:
                opts.append(stock_slot)
            options.append((len(opts), c, opts))
        options.sort(key=lambda t: t[0])
        hands = list(know.known)
        hands[know.seat] = know.own
        stock: list[int] = []
        ok = True
        for _, c, opts in options:
            weights = [free[s] for s in opts]
            total = sum(weights)
            if total == 0:
                ok = False
                break
            r = rng.randrange(total)
            to = opts[-1]
            for s, w in zip(opts, weights, strict=True):
                if r < w:
                    to = s
                    break
                r -= w
            free[to] -= 1
            if to == stock_slot:
                stock.append(c)
            else:
                hands[to] |= 1 << c
        if ok:
            rng.shuffle(stock)
            return hands, stock
    raise RuntimeError("The unseen cards cannot be dealt to the hand sizes observed.")
