"""The bots' codillo (RULES.md §9.2): the auction, trump, the called card, play with a secret
partner, the value of a hand, and the restore of a hand from an observation.

**What a seat knows of the partnership** (:func:`known_ally`): the holder of the called card
knows he is the partner (his own hand says so); everyone knows it once the called card is
played. Until then the jugador and the two others know nothing of it, and the rules here read
nothing that would tell them: on a state rebuilt from any guess of the hidden cards they decide
the same (the no-cheating test). The determinization deals the called card, while unplayed, to
a seat other than the jugador (:mod:`games.engine.bots.determinize`).

* **Auction** (:func:`hand_value`): the value of the hand with its best trump suit (trumps,
  the as and three of trump, other aces and threes, cantos); ``juego`` from :data:`JUEGO_AT`.
* **Trump**: the suit of that best value. **Call**: the highest trump the jugador lacks (the
  as, the three, the king...), else the as (then the three) of his longest other suit.
* **Play**: the generic rules for points (:mod:`games.engine.bots.policy`); with a known ally
  winning the trick safely, load it with points; otherwise do not overtake him.
"""

from __future__ import annotations

import random
from typing import Any, Final

from games.engine import actions as A
from games.engine.bots import policy
from games.engine.bots.view import View, card_or_none
from games.engine.cards import PAIR, POINTS, SUIT, SUIT_MASK, indices
from games.engine.state import Phase
from games.engine.variants.codillo import CALL_STAGE, TRUMP_STAGE, CodilloHand

#: The hand value (see :func:`hand_value`) from which the heuristic says ``juego``.
JUEGO_AT: Final = 6.0
_AS, _THREE, _KING, _HORSE = 9, 8, 7, 6


def suit_value(hand: int, trump: int) -> float:
    """Roughly the tricks-and-points worth of ``hand`` with ``trump``: each trump 1, the as
    and three of trump 1.5 and 1 more, other aces 1.2 and threes 0.6 (1 beside their as), las
    cuarenta 2.5 and each veinte 1."""
    val = 0.0
    for s in range(4):
        cards = hand & SUIT_MASK[s]
        base = 10 * s
        has_as = cards >> (base + _AS) & 1
        has_three = cards >> (base + _THREE) & 1
        if s == trump:
            val += cards.bit_count() + 1.5 * has_as + 1.0 * has_three
            val += 0.3 * (cards >> (base + _KING) & 1) + 0.2 * (cards >> (base + _HORSE) & 1)
        else:
            val += 1.2 * has_as + (1.0 if has_as else 0.6) * has_three
        if hand & PAIR[s] == PAIR[s]:
            val += 2.5 if s == trump else 1.0
    return val


def hand_value(hand: int) -> tuple[float, int]:
    """``(value, suit)`` of ``hand`` with its best trump suit."""
    return max((suit_value(hand, t), t) for t in range(4))


def call_choice(hand: int, trump: int) -> int:
    """The card the jugador calls: the highest trump he lacks, else the as (or three) of his
    longest other suit that he lacks."""
    for strength in range(9, -1, -1):
        card = 10 * trump + strength
        if not hand >> card & 1:
            return card
    others = sorted(
        (s for s in range(4) if s != trump), key=lambda s: (-(hand & SUIT_MASK[s]).bit_count(), s)
    )
    for strength in (_AS, _THREE, _KING):
        for s in others:
            card = 10 * s + strength
            if not hand >> card & 1:
                return card
    return next(c for c in range(40) if not hand >> c & 1)  # pragma: no cover


def known_ally(state: CodilloHand, seat: int) -> int:
    """The seat ``seat`` knows to be on its side this hand, or -1 while it cannot know."""
    j, p = state.jugador, state.partner
    if p < 0:
        return -1
    if state.partnership_public():
        if seat == j:
            return p
        if seat == p:
            return j
        return next(s for s in range(4) if s not in (j, p, seat))
    if state.hands[seat] >> state.called & 1:  # he holds the called card: the partner
        return j
    return -1


def choose_card(state: CodilloHand, seat: int, legal: int) -> int:
    """The card ``seat`` plays: the points rules, helping an ally it knows of."""
    cards = indices(legal)
    if len(cards) == 1:
        return cards[0]
    ally = known_ally(state, seat)
    if ally >= 0 and state.trick and state.best_seat == ally:
        trump = state.trump
        keep = policy.protected(state, state.hands[seat])
        unseen = policy.unseen_for(state, seat)
        last = len(state.trick) == state.k - 1
        if last or policy._safe(state.best, trump, unseen, state):
            loads = [
                c
                for c in cards
                if SUIT[c] != trump and not keep >> c & 1 and not policy.wins_now(state, c)
            ] or [c for c in cards if not policy.wins_now(state, c)]
            if loads:
                return max(loads, key=lambda c: (POINTS[c], -(c % 10)))
        throws = [c for c in cards if not policy.wins_now(state, c)]
        return policy.cheapest_throw(throws or cards, trump, keep)
    return policy.choose_card(state, seat, legal, policy.POINTS_MODE)


@policy.register_chooser(CodilloHand)
def choose(state: CodilloHand, rng: random.Random | None = None, epsilon: float = 0.0) -> int:
    """The action of the seat to act in a codillo hand."""
    seat = state.turn
    if state.phase == Phase.PREPLAY:
        hand = state.hands[seat]
        if state.stage == TRUMP_STAGE:
            return A.TRUMP + hand_value(hand)[1]
        if state.stage == CALL_STAGE:
            return A.CALL + call_choice(hand, state.trump)
        return A.JUEGO if hand_value(hand)[0] >= JUEGO_AT else A.PASS
    if not state.trick and state.may_sing == seat:
        extras = state._lead_extras(seat)
        if A.TUTE in extras:
            return A.TUTE
        sings = [a for a in extras if A.SING <= a < A.SING + 4]
        if sings:
            return max(sings, key=lambda a: a - A.SING == state.trump)
    legal = state.legal_card_mask()
    if rng is not None and epsilon and rng.random() < epsilon:
        return rng.choice(indices(legal))
    return choose_card(state, seat, legal)


def value(state: CodilloHand, seat: int) -> float:
    """The finished hand's worth to ``seat``: 0.45 per game point it scores, plus up to 0.05
    for its side's margin of points (a void hand: 0.025)."""
    res = state.result()
    extra = res.extra
    if extra.get("void"):
        return 0.025
    ours, theirs = extra["side_points"]
    if seat not in extra["sides"][0]:
        ours, theirs = theirs, ours
    margin = max(-1.0, min(1.0, (ours - theirs) / 130))
    return float(0.45 * int(extra["score"][seat]) + 0.05 * (1 + margin) / 2)


# ------------------------------------------------------------------------ restore


def restore_codillo(st: Any, view: View, stock: list[int]) -> None:
    """Set a restored codillo hand's own fields from the observation (the partner: the seat
    that played the called card, else its holder in the hands given)."""
    bidding = view.obs.bidding
    assert bidding is not None
    st.stage = bidding.stage
    st.auction = [(c.seat, A.parse_action(c.call)) for c in bidding.auction]
    st.jugador = -1 if bidding.jugador is None else bidding.jugador
    called = card_or_none(bidding.called)
    st.called = called
    st.partner = -1
    if called >= 0:
        for _, seats, cards, _ in view.history:
            if called in cards:
                st.partner = seats[cards.index(called)]
        for s, c in view.trick:
            if c == called:
                st.partner = s
        if st.partner < 0:
            st.partner = next(s for s in range(view.n) if st.hands[s] >> called & 1)


__all__ = [
    "JUEGO_AT",
    "call_choice",
    "choose",
    "choose_card",
    "hand_value",
    "known_ally",
    "restore_codillo",
    "suit_value",
    "value",
]
