"""Rules of thumb of good players, on bit masks, for every variant and action kind.

:func:`choose` picks the action of the seat to act in a hand state. It reads only that seat's
own hand and public facts of the state (the trick, the cards taken, cantos, the stock's size,
the turned card...), never another hand or the stock, so the heuristic bot may run it on a
state rebuilt with *any* guess of the hidden cards and play exactly as if it saw only its
observation. The strong bot runs the same function, with some randomness, for every seat in
its playouts (:func:`playout`).

The rules, by objective (:func:`objective_of`):

* **points** (tutes for two, Arrastrado) and **team** (parejas, VTT): sing whenever able (tute
  first, the 40 before a 20); keep a canto's king and horse while the pair can still be sung;
  win a trick cheaply — the lowest card that wins when last to play, a master card or a trump
  when others follow, and only when the trick is worth it; otherwise throw the least valuable
  card, keeping trumps; cash masters (an as, a three with the as gone) when the stock is empty;
  draw trumps when holding most of them; lead low from a long suit; while a stock lasts lead
  and throw blank cards, counting a canto the seat could sing as part of a trick's worth.
  With a partner: when he is winning the trick safely, load it with points ("cargar"), else
  do not overtake him.
* **cabrero** (Cabrero, Chancho: the players in the middle lose): a seat with a strong hand, or
  already on top, *chases* (plays for points as above); any other seat *avoids* tricks: it plays
  the highest card that does not win, and when it must win, wins with the cheapest card and
  then leads low to give the lead away; a seat that avoids does not sing (a canto may push it
  into the middle).

Non-card decisions: swap whenever allowed (the turned card is worth more than the 7 or 2);
claim (Spanish tute, second deal) as soon as the seat's own total reaches 101; declare capote
only when every card held is sure to win; go to the plate with a very strong hand; sing in a
partner's window whenever able. Under Cabrero's ``renuncio`` option the bot keeps to the
obligations, and accuses only a seat that the history proves guilty.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from games.engine import actions as A
from games.engine.cards import (
    ABOVE,
    ALL_KINGS,
    FULL_DECK,
    KING_OF,
    PAIR,
    POINTS,
    SUIT,
    SUIT_MASK,
    highest,
    indices,
)
from games.engine.state import HandState, Phase
from games.engine.variants.arrastrado import ArrastradoHand
from games.engine.variants.cabrero import CabreroHand, CabreroRenuncioHand
from games.engine.variants.dos import GAME_POINTS, DosHand
from games.engine.variants.stock import StockHand
from games.engine.variants.teams import TeamHandState
from games.engine.variants.vtt import NEXT_TRUMP, VTTHand

POINTS_MODE: Final = 0
TEAM_MODE: Final = 1
CABRERO_MODE: Final = 2

#: Strength of each card index within its suit (0 = the 2 .. 9 = the as).
_RANK: Final = tuple(i % 10 for i in range(40))


def objective_of(state: HandState) -> int:
    """What the seats of this hand play for: points, their team's points, or Cabrero's
    "not in the middle"."""
    if isinstance(state, CabreroHand):
        return CABRERO_MODE
    if isinstance(state, TeamHandState):
        return TEAM_MODE
    return POINTS_MODE


# ------------------------------------------------------------------------ public facts


def seen_mask(state: HandState) -> int:
    """Cards everyone has seen leave play: taken tricks, the trick on the table, out of play."""
    seen = state.out_of_play
    for m in state.taken:
        seen |= m
    for c in state.trick:
        seen |= 1 << c
    return seen


def unseen_for(state: HandState, seat: int) -> int:
    """Cards ``seat`` has not seen: in other hands or the stock, as far as it can tell."""
    seen = seen_mask(state) | state.hands[seat]
    if isinstance(state, StockHand) and state.bottom >= 0:
        seen |= 1 << state.bottom
    return FULL_DECK & ~seen


def wins_now(state: HandState, card: int) -> bool:
    """Whether ``card``, played now by the seat to act, would be winning the trick."""
    if not state.trick:
        return True
    if isinstance(state, VTTHand):
        trump = state.trump
        lead = state.lead
        if SUIT[card] == trump:
            lead, trump = trump, NEXT_TRUMP[trump]
        played = state.played | 1 << card
        trumps = played & SUIT_MASK[trump]
        if trumps:
            return highest(trumps) == card
        return highest(played & SUIT_MASK[lead]) == card
    best = state.best
    if SUIT[card] == SUIT[best]:
        return card > best
    return SUIT[card] == state.trump


def winning(state: HandState) -> tuple[int, int]:
    """The card winning the trick so far and its seat."""
    if isinstance(state, VTTHand):
        played = state.played
        trumps = played & SUIT_MASK[state.trump]
        card = highest(trumps) if trumps else highest(played & SUIT_MASK[state.lead])
        return card, state.trick_seats[state.trick.index(card)]
    return state.best, state.best_seat


def trick_points(state: HandState) -> int:
    """Card points lying in the trick."""
    return sum(POINTS[c] for c in state.trick)


def protected(state: HandState, hand: int) -> int:
    """Cards to keep for a canto: the king and horse of an unsung pair held together, or one
    of them while the other is unseen (it may still come, in a game with a stock)."""
    keep = 0
    sung = state.sung
    pairs = hand & (hand << 1) & ALL_KINGS
    for s in range(4):
        if sung >> s & 1:
            continue
        if pairs >> KING_OF[s] & 1:
            keep |= PAIR[s]
    if isinstance(state, StockHand) and state.stock_left:
        for s in range(4):
            if not sung >> s & 1 and hand & PAIR[s] and not keep & PAIR[s]:
                keep |= hand & PAIR[s]
    return keep


def _throw_key(c: int, trump: int, keep: int) -> tuple[int, int, int]:
    """Order of cards to throw away: blank non-trumps first, trumps and canto cards last."""
    return (
        (1 if SUIT[c] == trump else 0) * 40 + (25 if keep >> c & 1 else 0) + POINTS[c],
        _RANK[c],
        c,
    )


def cheapest_throw(cards: list[int], trump: int, keep: int) -> int:
    """The least valuable card of ``cards``."""
    return min(cards, key=lambda c: _throw_key(c, trump, keep))


def _suit_lengths(hand: int) -> list[int]:
    return [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]


# ------------------------------------------------------------------------ cards


def choose_card(state: HandState, seat: int, legal: int, mode: int) -> int:
    """The card ``seat`` plays from the legal mask ``legal``."""
    hand = state.hands[seat]
    cards = indices(legal)
    if len(cards) == 1:
        return cards[0]
    trump = state.trump
    keep = protected(state, hand)
    if mode == CABRERO_MODE and not _chasing(state, seat):
        return _avoid(state, seat, cards, trump, keep)
    if state.trick:
        return _follow(state, seat, cards, trump, keep, mode)
    return _lead(state, seat, hand, cards, trump, keep)


def _follow(state: HandState, seat: int, cards: list[int], trump: int, keep: int, mode: int) -> int:
    last = len(state.trick) == state.k - 1
    pts = trick_points(state)
    unseen = unseen_for(state, seat)
    best, best_seat = winning(state)
    if mode == TEAM_MODE and best_seat == seat ^ 2:
        partner_safe = last or _safe(best, trump, unseen, state)
        if partner_safe:
            loads = [
                c
                for c in cards
                if SUIT[c] != trump and not keep >> c & 1 and not wins_now(state, c)
            ] or [c for c in cards if not wins_now(state, c)]
            if loads:
                return max(loads, key=lambda c: (POINTS[c], -_RANK[c]))
        throws = [c for c in cards if not wins_now(state, c)]
        return cheapest_throw(throws or cards, trump, keep)
    winners = [c for c in cards if wins_now(state, c)]
    if winners:
        cost = min(
            winners,
            key=lambda c: (
                SUIT[c] == trump,
                POINTS[c] if last else 0,
                _RANK[c] + (20 if keep >> c & 1 else 0),
            ),
        )
        stock_open = isinstance(state, StockHand) and state.stock_left > 0
        if stock_open:
            # While a stock lasts tricks are cheap and a canto is the prize: the winner sings.
            pts += canto_in_hand(state, state.hands[seat] & ~(1 << cost))
        if last:
            cheap = SUIT[cost] != trump or _RANK[cost] < 7 or pts >= 10
            if pts + POINTS[cost] > 0 and cheap:
                return cost
            if pts == 0 and not stock_open and SUIT[cost] != trump:
                return cost  # take the lead with a spare card
        else:
            safe = [c for c in winners if _safe(c, trump, unseen, state)]
            if safe and (pts + max(POINTS[c] for c in safe) >= 10 or not stock_open):
                return min(safe, key=lambda c: (SUIT[c] == trump, POINTS[c] < 10, _RANK[c]))
            if pts >= 10 and not stock_open:
                return max(winners, key=lambda c: (SUIT[c] != trump, _RANK[c]))
    return cheapest_throw(cards, trump, keep)


def canto_in_hand(state: HandState, hand: int) -> int:
    """Points of the best canto ``hand`` could sing now (unsung pairs held together)."""
    pairs = hand & (hand << 1) & ALL_KINGS
    best = 0
    for s in range(4):
        if pairs >> KING_OF[s] & 1 and not state.sung >> s & 1:
            best = max(best, state.canto_value(s))
    return best


def _safe(card: int, trump: int, unseen: int, state: HandState) -> bool:
    """Whether ``card`` is sure to hold the trick as far as the seat can tell: no unseen card
    beats it in its suit and, for a non-trump, no unseen trump could come (approximated by:
    the seats to play still hold some of the suit, i.e. the suit is not nearly exhausted)."""
    if ABOVE[card] & unseen:
        return False
    if SUIT[card] == trump:
        return True
    if not unseen & SUIT_MASK[trump]:
        return True
    left = (unseen & SUIT_MASK[SUIT[card]]).bit_count()
    return left >= 2 * (state.k - 1 - len(state.trick))


def _lead(state: HandState, seat: int, hand: int, cards: list[int], trump: int, keep: int) -> int:
    unseen = unseen_for(state, seat)
    stock_open = isinstance(state, StockHand) and state.stock_left > 0
    lengths = _suit_lengths(hand)
    if stock_open:
        blanks = [c for c in cards if POINTS[c] == 0 and SUIT[c] != trump and not keep >> c & 1]
        if blanks:
            return min(blanks, key=lambda c: (-lengths[SUIT[c]], _RANK[c]))
        return cheapest_throw(cards, trump, keep)
    my_trumps = hand & SUIT_MASK[trump]
    their_trumps = unseen & SUIT_MASK[trump]
    if (
        my_trumps
        and their_trumps
        and not ABOVE[highest(my_trumps)] & their_trumps
        and my_trumps.bit_count() >= their_trumps.bit_count()
    ):
        return highest(my_trumps)  # draw trumps with the master trump
    masters = [
        c
        for c in cards
        if SUIT[c] != trump
        and not ABOVE[c] & unseen
        and POINTS[c] >= 10
        and unseen & SUIT_MASK[SUIT[c]]
    ]
    if masters:
        return max(masters, key=lambda c: POINTS[c])
    lows = [c for c in cards if SUIT[c] != trump and not keep >> c & 1 and POINTS[c] < 10]
    if lows:
        return min(lows, key=lambda c: (POINTS[c], -lengths[SUIT[c]], _RANK[c]))
    return cheapest_throw(cards, trump, keep)


# ------------------------------------------------------------------------ Cabrero


def _strength(state: HandState, seat: int) -> float:
    """Tricks the seat's hand may take, roughly: trumps, and the as and three of each suit."""
    hand = state.hands[seat]
    trump = state.trump
    unseen = unseen_for(state, seat)
    est = 0.0
    for c in indices(hand):
        if SUIT[c] == trump:
            est += 1.0 if not ABOVE[c] & unseen else 0.5 + 0.05 * _RANK[c]
        elif not ABOVE[c] & unseen:
            est += 0.8
        elif _RANK[c] >= 8:
            est += 0.4
    return est


def _chasing(state: HandState, seat: int) -> bool:
    """Whether a Cabrero seat plays for the most points rather than to avoid tricks."""
    pts = state.hand_points()
    took = [s for s in state.active if state.tricks[s]]
    if (
        state.tricks[seat]
        and all(pts[seat] > pts[s] for s in took if s != seat)
        and pts[seat] >= 20
    ):
        return True
    left = state.hands[seat].bit_count()
    share = left / max(1, state.k)
    return _strength(state, seat) >= max(1.5, 1.6 * share)


def _avoid(state: HandState, seat: int, cards: list[int], trump: int, keep: int) -> int:
    if state.trick:
        losers = [c for c in cards if not wins_now(state, c)]
        if losers:  # shed the most dangerous card that does not win
            return max(losers, key=lambda c: (SUIT[c] == trump, _RANK[c], POINTS[c]))
        return min(cards, key=lambda c: (POINTS[c], _RANK[c]))
    unseen = unseen_for(state, seat)
    # lead the card most likely to be beaten: low, in a suit others still hold
    return min(
        cards,
        key=lambda c: (SUIT[c] == trump, -(ABOVE[c] & unseen).bit_count(), POINTS[c], _RANK[c]),
    )


# ------------------------------------------------------------------------ other actions


def _best_canto(acts: list[int], trump: int) -> int | None:
    if A.TUTE in acts:
        return A.TUTE
    sings = [a for a in acts if A.SING <= a < A.SING + 4]
    if not sings:
        return None
    return max(sings, key=lambda a: a - A.SING == trump)


def _capote_sure(state: HandState, seat: int) -> bool:
    """The seat leads and every card it holds wins whatever the other plays (tute for two,
    stock empty: the other's hand is exactly the unseen cards)."""
    if state.leader != seat:
        return False
    hand = state.hands[seat]
    unseen = unseen_for(state, seat)
    trump = state.trump
    no_trumps = not unseen & SUIT_MASK[trump]
    return all(not ABOVE[c] & unseen and (SUIT[c] == trump or no_trumps) for c in indices(hand))


def _plate_worthy(state: HandState, seat: int) -> bool:
    hand = state.hands[seat]
    trump = state.trump
    trumps = hand & SUIT_MASK[trump]
    top = sum(1 for c in indices(hand) if _RANK[c] >= 8)
    forty = hand & PAIR[trump] == PAIR[trump]
    return trumps.bit_count() >= 6 and top >= 4 and (forty or trumps.bit_count() >= 8)


#: A variant's own :func:`choose`, by hand class, for variants whose bot rules live in their
#: own module (built on this one's card rules; :mod:`games.engine.bots.codillo`). Each such
#: module registers itself with :func:`register_chooser`; importing :mod:`games.engine.bots`
#: imports them all.
Chooser = Callable[[Any, "random.Random | None", float], int]
CHOOSERS: Final[dict[type, Chooser]] = {}


def register_chooser(hand_class: type) -> Callable[[Chooser], Chooser]:
    """Register the function that picks every action of ``hand_class``'s hands."""

    def register(fn: Chooser) -> Chooser:
        CHOOSERS[hand_class] = fn
        return fn

    return register


def choose(
    state: HandState, rng: random.Random | None = None, epsilon: float = 0.0, accuse: bool = True
) -> int:
    """The action of the seat to act; with probability ``epsilon`` a random legal card
    instead (playouts). ``accuse`` False skips the renuncio check (playouts)."""
    special = CHOOSERS.get(type(state))
    if special is not None:
        return special(state, rng, epsilon)
    seat = state.turn
    mode = objective_of(state)
    if state.phase == Phase.PLAY:
        if isinstance(state, CabreroRenuncioHand):
            acts = state.legal_actions()
            accusations = [a for a in acts if a >= A.ACCUSE] if accuse else []
            if accusations:
                guilty = proven_offenders(state)
                for a in accusations:
                    if a - A.ACCUSE in guilty:
                        return a
            legal = state.obligatory_mask()
        else:
            legal = state.legal_card_mask()
        if isinstance(state, DosHand):
            if state._may_swap(seat):
                return A.SWAP
            if state.second and state.capote_seat < 0 and state.totals()[seat] >= GAME_POINTS:
                return A.CLAIM
        if not state.trick and state.may_sing == seat:
            extras = state._lead_extras(seat)
            if extras:
                canto = _best_canto(extras, state.trump)
                if canto == A.TUTE or (
                    canto is not None and (mode != CABRERO_MODE or _chasing(state, seat))
                ):
                    return canto
        if rng is not None and epsilon and rng.random() < epsilon:
            return rng.choice(indices(legal))
        return choose_card(state, seat, legal, mode)
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if A.SWAP in acts:
        return A.SWAP
    canto = _best_canto(acts, state.trump)
    if canto is not None:
        return canto
    if A.CLAIM in acts and isinstance(state, DosHand) and state.totals()[seat] >= GAME_POINTS:
        return A.CLAIM
    if A.CAPOTE in acts:
        return A.CAPOTE if _capote_sure(state, seat) else A.PASS
    if A.PLATE in acts and isinstance(state, ArrastradoHand):
        return A.PLATE if _plate_worthy(state, seat) else A.PASS
    if A.PASS in acts:
        return A.PASS
    return acts[0]


def proven_offenders(state: Any) -> set[int]:
    """Seats the public history proves guilty of renuncio: a seat that showed it had none of a
    suit (or no trump, or nothing higher) and later played such a card."""
    from games.engine.rules import standard_legal

    void = [0] * state.n
    guilty: set[int] = set()
    tricks = [(list(t.seats), list(t.cards)) for t in state.history]
    if state.trick:
        tricks.append((list(state.trick_seats), list(state.trick)))
    trump = state.trump
    for seats, cards in tricks:
        for i, (s, c) in enumerate(zip(seats, cards, strict=True)):
            if void[s] >> c & 1:
                guilty.add(s)
            if i:
                prior = cards[:i]
                best = prior[0]
                for p in prior[1:]:
                    if (SUIT[p] == SUIT[best] and p > best) or (
                        SUIT[p] == trump and SUIT[best] != trump
                    ):
                        best = p
                lead = SUIT[prior[0]]
                for x in range(40):
                    if not standard_legal((1 << c) | (1 << x), lead, trump, best) >> c & 1:
                        void[s] |= 1 << x
    return guilty


def playout(state: HandState, rng: random.Random, epsilon: float = 0.1) -> None:
    """Play ``state`` to the end of the hand in place, every seat by :func:`choose`."""
    while state.phase != Phase.END:
        state.apply_action(choose(state, rng, epsilon, accuse=False))
