"""Shared helpers for the engine tests: stacked decks, scripted play, invariant checkers.

Other variant test modules may import these. Everything here works through the public API of a
hand (``legal_actions``, ``apply_action``, ``observation``, records) plus the documented state
fields (``hands``, ``taken``, ``trick``, ``out_of_play``, ``active``), so it stays valid when
the engine's internals are optimised.

* :func:`cabrero_deck` builds a Cabrero deck in deal order from the cards each seat should get.
* :func:`play`, :func:`autoplay` drive a hand by a script or by a simple policy.
* :func:`snapshot` and :func:`assert_unchanged` check that a refused action changed nothing.
* :func:`check_hand_invariants`, :func:`check_no_leaks` and :func:`random_playout` are the
  invariants of the brief (cards conserved, points add up, nothing hidden leaks, replay).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from games.engine import actions as A
from games.engine.cards import NOTATION, POINTS, card_points, mask_of, parse_card
from games.engine.errors import IllegalActionError, NotationError
from games.engine.match import MatchState
from games.engine.records import hand_record, match_record, replay
from games.engine.state import LAST_TRICK_BONUS, HandState, Phase

State = HandState | MatchState

# ---------------------------------------------------------------------------- stacked decks


def cabrero_order(players: int, dealer: int, retired: Iterable[int] = ()) -> list[int]:
    """The seats that are dealt cards in a Cabrero hand, in deal (= play) order from the
    dealer's right; with six in play the dealer sits out."""
    out = set(retired)
    seats = [(dealer + 1 + i) % players for i in range(players)]
    seats = [s for s in seats if s not in out]
    if len(seats) == 6:
        seats = seats[:-1]
    return seats


def cabrero_deck(
    players: int,
    dealer: int,
    hands: Mapping[int, Sequence[str]] | None = None,
    *,
    last: str | None = None,
    leftover: str | None = None,
    retired: Iterable[int] = (),
) -> list[str]:
    """A Cabrero deck (notations, in deal order) giving each seat the cards listed for it.

    Cards are dealt one at a time round-robin from the dealer's right, the last card dealt going
    to the dealer (with six players, to the seat before the dealer, who sits out). ``last``
    is the card dealt last (it names trump in later hands); ``leftover`` the 40th card with three
    players. Seats get their listed cards first; the unlisted cards fill the gaps in index order.

    >>> deck = cabrero_deck(4, 3, {0: ["1O"]}, last="12B")
    >>> deck[0], deck[39]
    ('1O', '12B')
    """
    order = cabrero_order(players, dealer, retired)
    k = len(order)
    dealt = 39 if k == 3 else 40
    slots: dict[int, list[int]] = {s: [j for j in range(dealt) if order[j % k] == s] for s in order}
    deck: list[int | None] = [None] * 40
    used = 0

    def put(pos: int, card: str) -> None:
        nonlocal used
        c = parse_card(card)
        if used >> c & 1:
            raise NotationError(f"{card} is placed twice")
        if deck[pos] is not None:
            raise ValueError(f"deck position {pos} is already taken")
        deck[pos] = c
        used |= 1 << c

    if last is not None:
        put(dealt - 1, last)
    if leftover is not None:
        if k != 3:
            raise ValueError("only three players leave a card over")
        put(39, leftover)
    for seat, cards in (hands or {}).items():
        if seat == order[(dealt - 1) % k]:  # the card dealt last may be listed here too
            cards = [c for c in cards if c != last]
        free = [j for j in slots[seat] if deck[j] is None]
        if len(cards) > len(free):
            raise ValueError(f"seat {seat} gets only {len(slots[seat])} cards")
        for pos, card in zip(free, cards, strict=False):
            put(pos, card)
    rest = iter(c for c in range(40) if not used >> c & 1)
    return [NOTATION[c if c is not None else next(rest)] for c in deck]


def suits_of(text: str) -> list[str]:
    """Expand ``"1 3 12 | O C"``-style shorthand: every rank with every suit.

    >>> suits_of("1 3 | O C")
    ['1O', '3O', '1C', '3C']
    """
    ranks, suits = text.split("|")
    return [f"{r}{s}" for s in suits.split() for r in ranks.split()]


# ---------------------------------------------------------------------------- driving a hand


def act(state: State, action: str | int, seat: int | None = None) -> None:
    """Apply one action given in notation (or as an int)."""
    state.apply_action(A.parse_action(action), seat)


def play(state: State, script: str | Iterable[str]) -> None:
    """Apply actions written in notation, space separated (``"1O 2O sing:C 3E"``)."""
    items = script.split() if isinstance(script, str) else script
    for item in items:
        act(state, item)


def cards_of(state: HandState, seat: int) -> set[str]:
    """The notations of the cards ``seat`` holds."""
    return set(state.hand_of(seat))


def autoplay(
    hand: HandState,
    prefer: Mapping[int, Sequence[str]] | None = None,
    sings: Mapping[int, Sequence[str]] | None = None,
    until: Callable[[HandState], bool] | None = None,
) -> None:
    """Play a hand with a simple, deterministic policy until it ends (or ``until`` holds).

    A seat plays the first card of ``prefer[seat]`` that it may play now, else its lowest
    allowed card (leading: its lowest card; following: the weakest the obligations allow).
    Under option ``renuncio`` the policy keeps to the obligations all the same. Before leading,
    a seat sings the first canto of ``sings[seat]`` on offer.
    """
    prefer = prefer or {}
    sings = sings or {}
    while not hand.is_terminal() and not (until and until(hand)):
        seat = hand.current_player()
        legal = hand.legal_actions()
        wanted = [A.parse_action(s) for s in sings.get(seat, ())]
        canto = next((a for a in wanted if a in legal), None)
        if canto is not None:
            hand.apply_action(canto, seat)
            continue
        allowed = obligatory(hand)
        choice = min(i for i in range(40) if allowed >> i & 1)
        for c in prefer.get(seat, ()):
            if allowed >> parse_card(c) & 1:
                choice = parse_card(c)
                break
        hand.apply_action(choice, seat)


def obligatory(hand: HandState) -> int:
    """The cards the rules oblige now, even where the table accepts illegal ones (renuncio)."""
    mask: int = getattr(hand, "obligatory_mask", hand.legal_card_mask)()
    return mask


def random_action(state: State, rng: random.Random) -> int:
    """A uniformly random legal action."""
    legal = state.legal_actions()
    assert legal, "a legal action must exist until the end"
    return legal[rng.randrange(len(legal))]


# ---------------------------------------------------------------------------- unchanged state


def snapshot(state: State) -> str:
    """Everything observable about a state (record and every seat's observation) as text."""
    if isinstance(state, MatchState):
        seats: Iterable[int | None] = [*range(state.n), None]
        rec = match_record(state)
    else:
        seats = [*range(state.n), None]
        rec = hand_record(state)
    obs = [state.observation(s) for s in seats]
    hands = [h.hands for h in state.hands] if isinstance(state, MatchState) else state.hands
    return json.dumps([rec, obs, repr(hands), state.current_player()], sort_keys=True, default=str)


def assert_refused(
    state: State,
    action: str | int,
    error: type[Exception],
    seat: int | None = None,
    match: str | None = None,
) -> IllegalActionError:
    """Check that ``action`` raises exactly ``error`` (a subclass of it) and changes nothing."""
    import pytest

    before = snapshot(state)
    code = A.parse_action(action) if isinstance(action, str) else action
    with pytest.raises(error, match=match) as info:
        state.apply_action(code, seat)
    assert snapshot(state) == before, "a refused action changed the state"
    assert isinstance(info.value, IllegalActionError)
    return info.value


# ---------------------------------------------------------------------------- invariants


def stock_mask(hand: HandState) -> int:
    """Cards of a hand still hidden in a stock (variants with one offer ``stock_mask()``)."""
    method = getattr(hand, "stock_mask", None)
    return int(method()) if callable(method) else 0


def check_hand_invariants(hand: HandState) -> None:
    """Cards conserved and disjoint; hand sizes equal; points add up at the end."""
    parts = [*hand.hands, *hand.taken, mask_of(hand.trick), stock_mask(hand), hand.out_of_play]
    total = 0
    for part in parts:
        assert total & part == 0, "a card is in two places"
        total |= part
    assert total == (1 << 40) - 1, "cards are missing"
    if hand.phase == Phase.PLAY:
        sizes = {hand.hands[s].bit_count() for s in hand.active}
        played = set(hand.trick_seats)
        assert len({hand.hands[s].bit_count() + (s in played) for s in hand.active}) == 1, sizes
    if hand.is_terminal():
        res = hand.result()
        out = card_points(hand.out_of_play)
        cards = [card_points(hand.taken[s]) for s in range(hand.n)]
        rest = hand_remaining(hand) | stock_mask(hand)
        assert sum(cards) + card_points(rest) == 120 - out
        if not any(hand.hands) and not hand.trick:  # every card was played
            assert sum(res.card_points) == 130 - out
            last = hand.history[-1].winner
            for s in range(hand.n):
                bonus = LAST_TRICK_BONUS if s == last else 0
                assert res.card_points[s] == cards[s] + bonus
        cantos = [0] * hand.n
        for c in res.cantos:
            cantos[c.seat] += c.points
        assert list(res.points) == [res.card_points[s] + cantos[s] for s in range(hand.n)]
        assert set(res.losers).isdisjoint(res.winners)


def hand_remaining(hand: HandState) -> int:
    """Cards still in hands or on the table (a hand stopped early: tute, accusation)."""
    rest = mask_of(hand.trick)
    for h in hand.hands:
        rest |= h
    return rest


def _cards_in(obj: Any) -> set[int]:
    found: set[int] = set()
    if isinstance(obj, str):
        with contextlib.suppress(NotationError):
            found.add(parse_card(obj))
    elif isinstance(obj, dict):
        for v in obj.values():
            found |= _cards_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            found |= _cards_in(v)
    return found


def public_cards(hand: HandState) -> int:
    """Cards whose place every seat knows: played, out of play, turned, publicly swapped."""
    mask = hand.out_of_play | mask_of(hand.trick)
    for t in hand.history:
        mask |= mask_of(t.cards)
    if hand.turned >= 0:
        mask |= 1 << hand.turned
    for _seat, gave, took in getattr(hand, "swaps", ()):  # Cabrero's three-player swaps
        mask |= (1 << gave) | ((1 << took) if took >= 0 else 0)
    for _seat, card in getattr(hand, "shown", ()):
        mask |= 1 << card
    return mask


def check_no_leaks(hand: HandState, allowed: int = 0) -> None:
    """No observation shows a card held by another seat or lying in the stock, unless the card
    is public (:func:`public_cards`) or in ``allowed``."""
    stock = stock_mask(hand)
    known = public_cards(hand) | allowed
    for seat in [*range(hand.n), None]:
        seen = _cards_in(hand.observation(seat))
        seen_mask = mask_of(seen)
        for other in range(hand.n):
            if other == seat:
                continue
            leak = seen_mask & hand.hands[other] & ~known
            assert not leak, f"seat {seat} sees cards of seat {other}: {_names(leak)}"
        leak = seen_mask & stock & ~known
        assert not leak, f"seat {seat} sees stock cards: {_names(leak)}"


def _names(mask: int) -> list[str]:
    return [NOTATION[i] for i in range(40) if mask >> i & 1]


def check_records(state: State) -> None:
    """A record, through JSON and replay, gives the identical observations."""
    rec = match_record(state) if isinstance(state, MatchState) else hand_record(state)
    again = replay(json.loads(json.dumps(rec)))
    seats: list[int | None] = [*range(state.n), None]
    for s in seats:
        assert again.observation(s) == state.observation(s)


def check_refusal_unchanged(hand: HandState, rng: random.Random) -> None:
    """An action outside the legal list raises and leaves the state unchanged."""
    legal = set(hand.legal_actions())
    candidates = [
        a
        for a in [
            *range(40),
            *range(A.SING, A.SING + 4),
            A.TUTE,
            A.SWAP,
            A.PASS,
            *range(A.ACCUSE, A.ACCUSE + hand.n),
        ]
        if a not in legal
    ]
    if not candidates:
        return
    action = candidates[rng.randrange(len(candidates))]
    before = snapshot(hand)
    try:
        hand.apply_action(action)
    except IllegalActionError:
        pass
    else:  # pragma: no cover - reported by the assertion
        raise AssertionError(f"{A.action_to_notation(action)} was accepted but not legal")
    assert snapshot(hand) == before


def random_playout(hand: HandState, rng: random.Random, *, check_every: int = 1) -> HandState:
    """Play a hand to its end with random legal actions, checking the invariants as it goes."""
    step = 0
    while not hand.is_terminal():
        assert hand.current_player() >= 0
        if step % check_every == 0:
            check_hand_invariants(hand)
            check_no_leaks(hand)
            check_refusal_unchanged(hand, rng)
        action = random_action(hand, rng)
        seat = hand.current_player()
        if action < 40:
            assert hand.hands[seat] >> action & 1, "the seat to act holds the card it plays"
        hand.apply_action(action, seat)
        step += 1
    assert hand.legal_actions() == []
    assert hand.current_player() == -1
    check_hand_invariants(hand)
    check_no_leaks(hand)
    check_records(hand)
    return hand


def trick_points(cards: Iterable[str]) -> int:
    """Card points of some notations."""
    return sum(POINTS[parse_card(c)] for c in cards)
