"""The bots' Tute Remate (RULES.md §9.1): the auction, trump, play against or with a known
partner, the value of a hand, and the restore of a hand from an observation.

Remate hides nothing but the cards: every call of the auction is public and the two contra
players are known to each other and to everyone once the auction ends, so the rules here read
only the seat's own hand and public facts (the no-cheating test holds them to it).

* **Auction** (:func:`expected_total`): the points the hand should total as jugador with each
  trump, a linear estimate fitted on hands played out by these rules (trumps and the sure top
  trumps, aces and threes, las cuarenta and the veintes, the card points held). The seat bids
  the lowest bid open while it is at most that estimate plus :data:`MARGIN`, else passes; it
  bids step by step, so a rival must outbid it.
* **Trump**: the suit of the best estimate.
* **Play**: the generic rules for points (:mod:`games.engine.bots.policy`), for the jugador
  and the contra alike. Nothing is to be gained by playing for the partner: under the
  standard obligations plus "no vale cargar" the cards a follower may play either all win
  the trick or all lose it (and then only the cheapest are allowed), so a contra player can
  neither load his partner's trick nor spare it. Everyone sings whenever able (the 40
  first): a canto is paid by both other players.
* **Value** of a finished hand (:func:`value`): linear in the tantos the seat gains (the
  ledger is what ranks the players), 0.5 for a void hand.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Final

from games.engine import actions as A
from games.engine.bots import policy
from games.engine.bots.view import View
from games.engine.cards import PAIR, POINTS, SUIT_MASK, indices
from games.engine.state import Phase
from games.engine.variants.remate import (
    BID_STAGE,
    MAX_BID,
    NO_STAGE,
    TRUMP_STAGE,
    TWOS,
    RemateHand,
)

_AS, _THREE = 9, 8
#: The estimate's weights, one per :func:`features`: least squares (lightly ridged) over 24,000
#: hands played out by these rules (2,000 deals, each seat as jugador with each trump); with
#: the best trump the estimate is off by 17.5 points (standard deviation), 0.7 too high on
#: average. The margin is what a bid may exceed the estimate by: in trials of 250 duplicate
#: deals, bidding up to 5 over it gained about 12 tantos a hand on bidding up to 5 under it
#: (taking a contested hand from a rival is worth a small risk), and 15 over did no better.
WEIGHTS: Final = (-19.5, 8.9, 4.5, 6.0, 0.7, 0.5, 36.3, 12.1, 0.7)
MARGIN: Final = 5.0  # over the estimate
#: Tantos that map to the ends of the value scale.
VALUE_SCALE: Final = 400.0


def features(hand: int, trump: int) -> tuple[float, ...]:
    """What :func:`expected_total` weighs: a constant, the trumps held, the top trumps held in
    sequence from the as, side aces, side threes beside their as, side threes alone, las
    cuarenta, the veintes, and the card points held."""
    trumps = hand & SUIT_MASK[trump]
    top = 0
    for strength in range(9, 0, -1):
        if trumps >> (10 * trump + strength) & 1:
            top += 1
        else:
            break
    aces = threes_with = threes_alone = veintes = 0
    for s in range(4):
        if s == trump:
            continue
        has_as = hand >> (10 * s + _AS) & 1
        has_three = hand >> (10 * s + _THREE) & 1
        aces += has_as
        threes_with += has_as & has_three
        threes_alone += has_three & (1 - has_as)
        veintes += hand & PAIR[s] == PAIR[s]
    forty = hand & PAIR[trump] == PAIR[trump]
    points = sum(POINTS[c] for c in indices(hand))
    return (
        1.0,
        float(trumps.bit_count()),
        float(top),
        float(aces),
        float(threes_with),
        float(threes_alone),
        float(forty),
        float(veintes),
        float(points),
    )


def expected_total(hand: int, trump: int) -> float:
    """The total (card points + last trick + cantos) ``hand`` should make as jugador."""
    return sum(w * f for w, f in zip(WEIGHTS, features(hand, trump), strict=True))


@lru_cache(maxsize=4096)
def best_trump(hand: int) -> tuple[float, int]:
    """``(estimate, suit)`` of the best trump for ``hand`` (cached: playouts ask often)."""
    return max((expected_total(hand, t), t) for t in range(4))


def bid_choice(state: RemateHand, seat: int) -> int:
    """``bid:V`` at the lowest bid open when the hand should make it, else ``pass``."""
    low = state.lowest_bid()
    estimate, _ = best_trump(state.hands[seat])
    if low <= MAX_BID and low <= estimate + MARGIN:
        return A.bid_action(low)
    return A.PASS


def auction_candidates(view: View, acts: list[int]) -> list[int]:
    """The auction's actions worth a search: the pass, the lowest open bid and the highest bid
    within the heuristic's reach (its estimate plus :data:`MARGIN`, if above the lowest).

    A jump bid only raises what must be made, and the seat may bid again once outbid, so the
    other bids add little; comparing all of them (up to 35) would leave each few sampled deals.
    Actions other than bids (trump, cards, cantos) are left as they are.
    """
    bids = sorted(A.bid_value(a) for a in acts if A.is_bid(a))
    if len(bids) <= 1:
        return acts
    keep = {bids[0]}
    reach, _ = best_trump(view.own)
    within = [b for b in bids if b <= reach + MARGIN]
    if within:
        keep.add(within[-1])
    return [a for a in acts if not A.is_bid(a) or A.bid_value(a) in keep]


@policy.register_chooser(RemateHand)
def choose(state: RemateHand, rng: random.Random | None = None, epsilon: float = 0.0) -> int:
    """The action of the seat to act in a remate hand."""
    seat = state.turn
    if state.phase == Phase.PREPLAY:
        if state.stage == TRUMP_STAGE:
            return A.TRUMP + best_trump(state.hands[seat])[1]
        return bid_choice(state, seat)
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
    return policy.choose_card(state, seat, legal, policy.POINTS_MODE)


def value(state: RemateHand, seat: int) -> float:
    """The finished hand's worth to ``seat``: 0.5 plus its tantos gained (or paid) over
    :data:`VALUE_SCALE`, clipped to [0, 1]; a void hand, or a seat sitting out, 0.5."""
    gain = float(state.result().extra["ledger"][seat])
    return max(0.0, min(1.0, 0.5 + 0.5 * gain / VALUE_SCALE))


# ------------------------------------------------------------------------ restore


def restore_remate(st: Any, view: View, stock: list[int]) -> None:
    """Set a restored remate hand's own fields from the observation."""
    bidding = view.obs.bidding
    assert bidding is not None
    stage = bidding.stage
    st.stage = BID_STAGE if stage == "bid" else TRUMP_STAGE if stage == "trump" else NO_STAGE
    st.auction = [(c.seat, A.parse_action(c.call)) for c in bidding.auction]
    st.passed = 0
    st.bid = 0
    st.bidder = -1
    for seat, action in st.auction:
        if action == A.PASS:
            st.passed |= 1 << seat
        elif A.is_bid(action):
            st.bid = A.bid_value(action)
            st.bidder = seat
    st.jugador = -1 if bidding.jugador is None else bidding.jugador
    st.trump_named = bidding.trump_named
    st.min_bid = int(view.options.get("min_bid", 60))
    out = view.obs.dealer if view.n == 4 else -1
    st.sitting_out = out
    st.out_of_play = TWOS


__all__ = [
    "MARGIN",
    "WEIGHTS",
    "auction_candidates",
    "best_trump",
    "bid_choice",
    "choose",
    "expected_total",
    "features",
    "restore_remate",
    "value",
]
