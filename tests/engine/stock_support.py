"""Test support for the two-player stock variants (``dos``, ``dos_ar``).

Stacked decks in deal order, simple policies, and the invariants every position must keep:
cards conserved, obligations as RULES.md says, observations without hidden cards, illegal
actions refused with the state unchanged, records that replay to the same observation.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

from games.engine import actions as A
from games.engine.cards import FULL_DECK, NOTATION, POINTS, card_points, parse_card
from games.engine.errors import IllegalActionError, NotYourTurnError
from games.engine.match import MatchState
from games.engine.records import hand_record, match_record, replay
from games.engine.rules import standard_legal
from games.engine.state import LAST_TRICK_BONUS, HandState, Phase
from games.engine.variants.stock import StockHand

H = TypeVar("H", bound=HandState)

#: Every action a two-player stock hand could be sent (unused codes are not actions at all).
ALL_ACTIONS = [
    *range(40),
    *range(A.SING, A.SING + 4),
    A.TUTE,
    A.SWAP,
    A.CAPOTE,
    A.CLAIM,
    A.PLATE,
    A.PASS,
    A.ACCUSE,
    A.ACCUSE + 1,
]


def stacked(
    mano: Iterable[str], dealer: Iterable[str], turned: str, stock: Iterable[str] = ()
) -> list[int]:
    """A deck in deal order: the two hands dealt one card at a time (mano first), the turned
    card, then ``stock`` from the top; the unnamed cards follow in index order."""
    m = [parse_card(c) for c in mano]
    d = [parse_card(c) for c in dealer]
    assert len(m) == len(d)
    order: list[int] = []
    for a, b in zip(m, d, strict=True):
        order += [a, b]
    order.append(parse_card(turned))
    order += [parse_card(c) for c in stock]
    assert len(set(order)) == len(order), "a card is listed twice"
    used = set(order)
    return order + [i for i in range(40) if i not in used]


def play(state: HandState | MatchState, *actions: str | int) -> None:
    """Apply actions (in notation, or as ints), each by the seat to act."""
    for a in actions:
        state.apply_action(A.parse_action(a), state.current_player())


def lowest_card(state: HandState) -> int:
    """The lowest legal card (by index): a fixed, card-only policy."""
    return min(a for a in state.legal_actions() if a < 40)


def run_until(
    hand: H, stop: Callable[[H], bool], policy: Callable[[H], int] = lowest_card, limit: int = 200
) -> None:
    """Play ``policy`` until ``stop`` holds (passing every capote window)."""
    for _ in range(limit):
        if stop(hand) or hand.is_terminal():
            return
        if hand.phase == Phase.WINDOW:
            hand.apply_action(A.PASS)
        else:
            hand.apply_action(policy(hand))
    raise AssertionError("the hand did not reach the position")


def strings_in(obj: Any) -> set[str]:
    """Every string anywhere in a JSON-like value."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


def reserved_mask(hand: StockHand) -> int:
    """The turned card while it waits for a player who swapped before winning (``dos``)."""
    r = getattr(hand, "reserved", -1)
    return 1 << r if r >= 0 else 0


def check_cards_conserved(hand: StockHand) -> None:
    """hands + taken + trick + stock (+ a reserved turned card) = the 40 cards, disjoint."""
    parts = [
        *hand.hands,
        *hand.taken,
        sum(1 << c for c in hand.trick),
        hand.stock_mask(),
        reserved_mask(hand),
        hand.out_of_play,
    ]
    total = 0
    for p in parts:
        assert total & p == 0, "a card is in two places"
        total |= p
    assert total == FULL_DECK
    assert hand.stock_mask().bit_count() == hand.stock_left
    for s in (0, 1):
        assert hand.card_pts[s] >= card_points(hand.taken[s])


def check_observations(hand: StockHand) -> None:
    """No observation holds a card of the other hand (unless public) or a hidden stock card."""
    hidden_stock = hand.stock_mask() & ~(1 << hand.bottom if hand.bottom >= 0 else 0)
    public = hand.public_observation()
    json.dumps(public)
    views: list[tuple[int | None, dict[str, Any]]] = [(None, public)]
    views += [(s, hand.observation(s)) for s in (0, 1)]
    for seat, obs in views:
        seen = strings_in(obs)
        hidden = hidden_stock
        for other in (0, 1):
            if other != seat:
                hidden |= hand.hands[other] & ~hand.known_cards(other)
        leaked = [NOTATION[c] for c in range(40) if hidden >> c & 1 and NOTATION[c] in seen]
        assert not leaked, f"seat {seat} sees {leaked}"
        if seat is not None:
            assert obs["hand"] == hand.hand_of(seat)


def check_obligations(hand: StockHand, open_rule: Callable[[int, int, int], int]) -> None:
    """The cards offered to the seat answering a trick are those RULES.md allows."""
    if hand.phase != Phase.PLAY or not hand.trick:
        return
    mine = hand.hands[hand.turn]
    if hand.stock_left:
        expected = open_rule(mine, hand.lead, hand.trump)
    else:
        expected = standard_legal(mine, hand.lead, hand.trump, hand.best)
    assert hand.legal_card_mask() == expected


def snapshot(hand: HandState) -> str:
    """Everything an outsider can see of a hand, and its log, as one string."""
    return json.dumps(
        [hand.observation(0), hand.observation(1), hand.public_observation(), hand_record(hand)],
        sort_keys=True,
    )


def check_illegal_actions_change_nothing(hand: HandState, rng: random.Random) -> None:
    """A few refused actions (including out of turn) raise and leave the hand as it was."""
    legal = set(hand.legal_actions())
    before = snapshot(hand)
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    for a in rng.sample(illegal, min(4, len(illegal))):
        with pytest.raises(IllegalActionError):
            hand.apply_action(a)
        assert snapshot(hand) == before
    if legal and not hand.is_terminal():
        with pytest.raises(NotYourTurnError):
            hand.apply_action(next(iter(legal)), 1 - hand.turn)
        assert snapshot(hand) == before


def check_finished_hand(hand: StockHand) -> None:
    """Points add up: a full hand makes 130 card points (with the last trick); a hand that
    stopped early made the points of the cards taken; cantos come on top."""
    res = hand.result()
    taken = hand.taken[0] | hand.taken[1]
    complete = not any(hand.hands) and hand.stock_left == 0 and not hand.trick
    cards = sum(POINTS[c] for c in range(40) if taken >> c & 1)
    if complete:
        assert len(hand.history) == 20
        assert sum(res.card_points) == 120 + LAST_TRICK_BONUS
    else:
        assert sum(res.card_points) == cards
    cantos = [0, 0]
    for c in res.cantos:
        cantos[c.seat] += c.points
    assert list(res.points) == [res.card_points[s] + cantos[s] for s in (0, 1)]
    assert len(res.winners) <= 1 and set(res.winners).isdisjoint(res.losers)


def check_hand_step(hand: StockHand, open_rule: Callable[[int, int, int], int]) -> None:
    """All per-position invariants: cards conserved, obligations, a legal action held by the
    seat to act."""
    check_cards_conserved(hand)
    check_obligations(hand, open_rule)
    legal = hand.legal_actions()
    assert legal, "no legal action before the end"
    assert all(hand.hands[hand.turn] >> a & 1 for a in legal if a < 40)


def playout_match(
    match: MatchState,
    rng: random.Random,
    choose: Callable[[list[int], random.Random], int],
    open_rule: Callable[[int, int, int], int],
    deep: bool = True,
) -> None:
    """Play a match to its end with ``choose``, checking every invariant on the way."""
    rec_mid = None
    for step in range(5000):
        if match.is_terminal():
            break
        hand = match.hand
        assert isinstance(hand, StockHand)
        check_hand_step(hand, open_rule)
        if deep:
            check_observations(hand)
            if step % 7 == 0:
                check_illegal_actions_change_nothing(hand, rng)
        if step == 30:
            rec_mid = (match_record(match), json.dumps(match.observation(0), sort_keys=True))
        before = len(match.hands)
        match.apply_action(choose(match.legal_actions(), rng), match.current_player())
        if len(match.hands) > before or match.is_terminal():
            finished = match.hands[before - 1]
            assert isinstance(finished, StockHand)
            check_cards_conserved(finished)
            check_finished_hand(finished)
            if deep:
                check_observations(finished)
                again = replay(hand_record(finished))
                assert snapshot(again) == snapshot(finished)
    assert match.is_terminal(), "the match did not end"
    res = match.result()
    assert sorted(res.places) == [1, 2] and len(res.winners) == 1
    again = replay(match_record(match))
    assert json.dumps(again.observation(1), sort_keys=True) == json.dumps(
        match.observation(1), sort_keys=True
    )
    if rec_mid is not None:
        assert json.dumps(replay(rec_mid[0]).observation(0), sort_keys=True) == rec_mid[1]
