"""The bots' Bato (RULES.md §9.3): the auction, accompanying, the exchange, play for tricks, the
value of a hand, and the restore of a hand from an observation.

Everything here reads the seat's own hand and public facts only (the cards seen played, the
turned card, the auction), so on a state rebuilt from any guess of the hidden cards the rules
decide the same (the no-cheating test in ``tests/engine/test_bots.py``).

* **Hand estimate** (:func:`expected_tricks`): each card's chance of taking a trick: a trump
  by how many unseen trumps beat it (1, 0.65, 0.4, 0.25), a master of another suit (its as, or
  its three with the as seen) 0.55, less with more opponents; plus a little for each card the
  exchange may replace. ``juego`` from :data:`JUEGO_AT` (the jugador needs two tricks),
  ``acompano`` from :data:`ACOMPANO_AT` (a companion needs one).
* **Exchange**: discard the non-winners (the cards worth less than :data:`KEEP_AT`), weakest
  first, as many as the stock allows; never unmark.
* **Play**: every trick is worth the same (a quarter of the pot) whatever its points. Leading:
  the top trump when it is master (drawing trumps), else a master of another suit, else the
  lowest card of a side suit. Following: when some card wins, the lowest winning master, or
  the highest winner when none is master (the last to play takes it as cheaply as he can);
  else the weakest card, keeping trumps.
* **Value** (:func:`value`): 0.5 plus half the seat's net gain in the hand (payout less what it
  pays in as batido) as a share of the pot: 1 for taking the whole pot, 0.5 for a seat that
  did not play, 0 for a batido who took nothing.
"""

from __future__ import annotations

import random
from typing import Any, Final

from games.engine import actions as A
from games.engine.bots import policy
from games.engine.bots.view import View, card_or_none
from games.engine.cards import FULL_DECK, SUIT, SUIT_MASK, indices
from games.engine.state import Phase
from games.engine.variants.bato import (
    ACCOMPANY_STAGE,
    ANTE,
    BID_STAGE,
    EXCHANGE_STAGE,
    HAND_SIZE,
    NO_STAGE,
    BatoHand,
)

#: The expected tricks from which the heuristic says ``juego`` / ``acompano``.
JUEGO_AT: Final = 1.7
ACOMPANO_AT: Final = 0.9
#: Cards worth less than this are discarded in the exchange.
KEEP_AT: Final = 0.3
#: What a card drawn in the exchange is worth, on average.
DRAW_WORTH: Final = 0.12
_TRUMP_WORTH: Final = (1.0, 0.65, 0.4, 0.25)
_MASTER_WORTH: Final = 0.55


def _higher_unseen(card: int, unseen: int) -> int:
    """Unseen cards of ``card``'s suit that beat it."""
    suit_top = SUIT_MASK[SUIT[card]]
    return (unseen & suit_top & ~((2 << card) - 1)).bit_count()


def card_worth(card: int, trump: int, unseen: int, opponents: int) -> float:
    """Roughly the chance that ``card`` takes a trick."""
    higher = _higher_unseen(card, unseen)
    if SUIT[card] == trump:
        return _TRUMP_WORTH[min(higher, 3)]
    if higher == 0:
        return _MASTER_WORTH * 0.9 ** max(0, opponents - 1)
    return 0.0


def expected_tricks(hand: int, trump: int, unseen: int, opponents: int, exchange: bool) -> float:
    """The tricks ``hand`` may expect with ``trump``; ``exchange`` adds what discarding its
    weak cards may bring."""
    worths = [card_worth(c, trump, unseen, opponents) for c in indices(hand)]
    est = sum(worths)
    if exchange:
        est += DRAW_WORTH * sum(1 for w in worths if w < KEEP_AT)
    return est


def _unseen(state: BatoHand, seat: int) -> int:
    return FULL_DECK & ~(policy.seen_mask(state) | state.hands[seat])


def _opponents(state: BatoHand) -> int:
    return len(state.active) - 1 if state.stage in (EXCHANGE_STAGE, NO_STAGE) else state.n - 1


def _strength_key(card: int, trump: int) -> tuple[int, int]:
    return (SUIT[card] == trump, card % 10)


def choose_card(state: BatoHand, seat: int, legal: int) -> int:
    """The card ``seat`` plays (see the module docstring)."""
    cards = indices(legal)
    if len(cards) == 1:
        return cards[0]
    trump = state.trump
    unseen = _unseen(state, seat)
    if not state.trick:
        trumps = [c for c in cards if SUIT[c] == trump]
        if trumps and _higher_unseen(max(trumps), unseen) == 0:
            return max(trumps)
        masters = [c for c in cards if SUIT[c] != trump and _higher_unseen(c, unseen) == 0]
        if masters:
            return max(masters, key=lambda c: c % 10)
        side = [c for c in cards if SUIT[c] != trump] or cards
        return min(side, key=lambda c: (c % 10, c))
    winners = [c for c in cards if policy.wins_now(state, c)]
    if winners:
        last = len(state.trick) == state.k - 1
        if last:
            return min(winners, key=lambda c: _strength_key(c, trump))
        masters = [c for c in winners if _higher_unseen(c, unseen) == 0]
        if masters:
            return min(masters, key=lambda c: _strength_key(c, trump))
        return max(winners, key=lambda c: _strength_key(c, trump))
    return min(cards, key=lambda c: _strength_key(c, trump))


def _discard_next(state: BatoHand, seat: int) -> int:
    """The next card to mark for the exchange, or -1 to confirm."""
    if state.marked.bit_count() >= state.mark_limit():
        return -1
    trump = state.trump
    unseen = _unseen(state, seat)
    opponents = _opponents(state)
    weak = [
        (card_worth(c, trump, unseen, opponents), c % 10, c)
        for c in indices(state.hands[seat] & ~state.marked)
    ]
    weak = [w for w in weak if w[0] < KEEP_AT]
    return min(weak)[2] if weak else -1


@policy.register_chooser(BatoHand)
def choose(state: BatoHand, rng: random.Random | None = None, epsilon: float = 0.0) -> int:
    """The action of the seat to act in a Bato hand."""
    seat = state.turn
    if state.phase == Phase.PREPLAY:
        if state.stage == EXCHANGE_STAGE:
            card = _discard_next(state, seat)
            return A.EXCHANGE if card < 0 else A.DISCARD + card
        est = expected_tricks(
            state.hands[seat], state.trump, _unseen(state, seat), state.n - 1, True
        )
        if state.stage == BID_STAGE:
            return A.JUEGO if est >= JUEGO_AT else A.PASS
        return A.ACOMPANO if est >= ACOMPANO_AT else A.PASS
    legal = state.legal_card_mask()
    if rng is not None and epsilon and rng.random() < epsilon:
        return rng.choice(indices(legal))
    return choose_card(state, seat, legal)


def value(state: BatoHand, seat: int) -> float:
    """The finished hand's worth to ``seat`` (see the module docstring)."""
    extra = state.result().extra
    pot = int(extra["pot"]) or 1
    gain = int(extra["payout"][seat]) - int(extra["pay_in"][seat])
    return 0.5 + 0.5 * max(-1.0, min(1.0, gain / pot))


# ------------------------------------------------------------------------ restore

_STAGES: Final = {"bid": BID_STAGE, "accompany": ACCOMPANY_STAGE, "exchange": EXCHANGE_STAGE}


def restore_bato(st: Any, view: View, stock: list[int]) -> None:
    """Set a rebuilt Bato hand's own fields from the observation; ``stock`` is the guess of
    the hidden cards off the table, the stock's first (only as many as the stock holds are
    used; the rest, like every card nowhere else, is taken for discards and folded cards)."""
    obs = view.obs
    b = obs.bidding
    assert b is not None
    n = view.n
    st.stage = _STAGES.get(b.stage or "", NO_STAGE)
    st.auction = [(c.seat, c.call) for c in b.auction]
    st.jugador = -1 if b.jugador is None else b.jugador
    st.companions = [s for s, c in st.auction if c == "acompano"]
    st.exchanged = list(b.exchanged)
    st.pot = int(b.pot or 0)
    st.carry = st.pot - ANTE * n
    st.marked = 0
    if st.stage == EXCHANGE_STAGE and view.seat == obs.turn:
        for c in b.marked:
            st.marked |= 1 << card_or_none(c)
    mano = obs.mano
    if st.stage == BID_STAGE:
        st.order = tuple((mano + i) % n for i in range(n))
        st.asked = len(st.auction)
    elif st.stage == ACCOMPANY_STAGE:
        j = st.jugador
        st.order = tuple((j + i) % n for i in range(1, n))
        st.asked = (
            len(st.auction) - 1 - next(i for i, (_, c) in enumerate(st.auction) if c == "juego")
        )
    else:
        st.order = (st.jugador, *st.companions) if st.jugador >= 0 else tuple(range(n))
        st.asked = sum(1 for _, c in st.auction if c.startswith("exchange:"))
    left = 40 - HAND_SIZE * n - 1 - sum(k for k in st.exchanged if k > 0)
    st.stock = tuple(stock[:left])
    st.stock_pos = 0
    st.discarded = [0] * n
    placed = st.out_of_play | sum(1 << c for c in st.stock) | policy.seen_mask(st)
    for h in st.hands:
        placed |= h
    st.folded = FULL_DECK & ~placed
    if st.phase == Phase.PLAY and not view.trick and not view.history:
        st.leader = st.jugador
