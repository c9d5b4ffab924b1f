"""Rebuilding an engine state from one seat's observation plus a guess of the hidden cards.

A search bot needs engine states to play forward, but it may only know its own observation.
:func:`restore` builds a :class:`~games.engine.state.HandState` of the observed variant whose
public facts are those of the observation and whose hidden cards (the other hands, the stock's
order) are the ones given — a *determinization*, sampled by :mod:`games.engine.bots.determinize`.

**Design decision.** The restore lives here, in the bots package, not as hooks in the variant
modules: one generic part sets the fields every hand has (trump, seats, the trick, the history
turned into taken cards and trick counts, cantos, phase) and a small table of per-class
functions (:data:`EXTRAS`, looked up along the hand class's MRO, base first) sets each
family's own fields (Cabrero's retirements, the stock, Spanish tute's swap/capote/claim, the
team window, VTT's suits in force, Arrastrado's swap and plate rounds). It reads only the
observation. The guard against a variant adding a field this module does not know is the
round-trip test in ``tests/engine/test_bots.py``: for random positions of every variant, the
restored state with the true hidden cards gives the identical observation, the same legal
actions, and the same result when both are played on with the same actions.

What an observation does not give is set to what the seat would assume: Cabrero's renuncio
offences are hidden until the hand ends (none assumed); in a second deal of Spanish tute the
seat that first reached 101 is recomputed from the history, placing each canto right after
the first trick its singer won before it (the observation does not say after which trick).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from games.engine import actions as A
from games.engine.bots.bato import restore_bato
from games.engine.bots.codillo import restore_codillo
from games.engine.bots.remate import restore_remate
from games.engine.bots.view import View, card_or_none
from games.engine.cards import HIGH_CARDS, POINTS, SEVEN, SUIT, SUIT_LETTERS, TWO, index_of
from games.engine.match import MatchState
from games.engine.state import Canto, HandSetup, HandState, Phase, Trick
from games.engine.variants.arrastrado import (
    NO_STAGE,
    PLATE_STAGE,
    SWAP_STAGE,
    ArrastradoHand,
)
from games.engine.variants.bato import BatoHand
from games.engine.variants.cabrero import CabreroHand
from games.engine.variants.codillo import CodilloHand
from games.engine.variants.dos import GAME_POINTS, DosHand
from games.engine.variants.remate import RemateHand
from games.engine.variants.stock import StockHand
from games.engine.variants.teams import TeamHandState
from games.engine.variants.vtt import VTTHand

_PHASES: Final = {p.name.lower(): p for p in Phase}


def hand_class_of(view: View) -> type[HandState]:
    """The hand class that plays the observed hand (the renuncio class under that option)."""
    variant = view.variant_obj
    setup = _setup(view)
    match_class: type[MatchState] = variant.match_class
    if setup.players == 2 and view.variant == "dos_ar":
        return variant.hand_class
    return match_class.hand_class_for(variant, setup)


def _setup(view: View) -> HandSetup:
    obs = view.obs
    context: dict[str, Any] = {}
    if obs.cabrero is not None and obs.cabrero.retired:
        context["retired"] = list(obs.cabrero.retired)
    if obs.dos is not None and obs.dos.carried is not None:
        context["carried"] = list(obs.dos.carried)
    if obs.arrastrado is not None and obs.arrastrado.plate_amount is not None:
        context["plate"] = obs.arrastrado.plate_amount
    return HandSetup(
        players=view.n,
        seed="bot",
        options=view.options,
        dealer=obs.dealer,
        first=False,
        hand_number=0,
        context=context,
    )


def restore(view: View, hands: Sequence[int], stock: Sequence[int] = ()) -> HandState:
    """A hand state with the observation's public facts, ``hands`` (a mask per seat, the
    observing seat's own included) and ``stock`` (the hidden stock cards, top first)."""
    cls = hand_class_of(view)
    st: Any = cls.__new__(cls)
    obs = view.obs
    n = view.n
    st.setup = _setup(view)
    st.n = n
    active = obs.active
    st.active = active
    nxt = list(range(n))
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % len(active)]
    st.next_seat = nxt
    st.hands = list(hands)
    st.trump = view.trump
    st.dealer = obs.dealer
    st.mano = obs.mano
    st.phase = _PHASES[obs.phase]
    st.turn = obs.turn
    st.trick = [c for _, c in view.trick]
    st.trick_seats = [s for s, _ in view.trick]
    st.lead = SUIT_LETTERS.index(obs.lead) if obs.lead is not None else -1
    st.best = st.best_seat = -1
    if view.trick:
        st.best_seat, st.best = view.trick[0]
        trump = st.trump
        for s, c in view.trick[1:]:
            if SUIT[c] == SUIT[st.best]:
                if c > st.best:
                    st.best, st.best_seat = c, s
            elif SUIT[c] == trump:
                st.best, st.best_seat = c, s
    st.taken = [0] * n
    st.tricks = [0] * n
    st.card_pts = [0] * n
    st.history = []
    for leader, seats, cards, winner in view.history:
        mask = 0
        for c in cards:
            mask |= 1 << c
            st.card_pts[winner] += POINTS[c]
        st.taken[winner] |= mask
        st.tricks[winner] += 1
        st.history.append(Trick(leader, seats, cards, winner))
    if view.trick:
        st.leader = view.trick[0][0]
    elif view.history:
        st.leader = view.history[-1][3]
    else:
        st.leader = st.mano
    st.cantos = []
    st.sung = 0
    st.sang = [False] * n
    st.tute_seat = -1
    for sung in obs.cantos:
        seat = sung.seat
        suit = -1 if sung.suit is None else SUIT_LETTERS.index(sung.suit)
        st.cantos.append(Canto(seat, suit, sung.points))
        st.sang[seat] = True
        if suit >= 0:
            st.sung |= 1 << suit
    # The leader may sing exactly when his legal actions say so; another seat's right to sing
    # never matters before he is to act, and the engine sets it when tricks are taken.
    st.may_sing = -1
    if (
        st.phase == Phase.PLAY
        and not view.trick
        and view.history
        and view.seat == st.turn
        and any(A.SING <= a < A.SING + 4 or a == A.TUTE for a in view.legal)
    ):
        st.may_sing = st.turn
    st.log = []
    st.out_of_play = view.out_of_play
    st.turned = card_or_none(obs.turned)
    st._result = None
    st.k = len(active)
    st._legal = 0
    st._legal_at = -1
    st._hooks = cls._HOOKS
    for klass in reversed(cls.__mro__):
        extra = EXTRAS.get(klass)
        if extra is not None:
            extra(st, view, list(stock))
    return st  # type: ignore[no-any-return]


# ------------------------------------------------------------------------ per-family fields


def _set(st: Any, name: str, value: Any) -> None:
    """Set a field if the hand class has it (fields a variant dropped are skipped)."""
    if hasattr(type(st), name):
        setattr(st, name, value)


def _cabrero(st: Any, view: View, stock: list[int]) -> None:
    obs = view.obs.cabrero
    assert obs is not None
    st.offences = []
    st.accusation = None
    st.retired = frozenset(obs.retired)
    st.sitting_out = -1 if obs.sitting_out is None else obs.sitting_out
    _set(
        st,
        "swaps",
        tuple((w.seat, card_or_none(w.gave), card_or_none(w.took)) for w in obs.swaps),
    )
    _set(st, "shown", tuple((w.seat, card_or_none(w.card)) for w in obs.shown))


def _stock(st: Any, view: View, stock: list[int]) -> None:
    obs = view.obs.stock
    assert obs is not None
    st.stock = tuple(stock)
    st.stock_pos = 0
    st.stock_left = obs.stock
    st.bottom = card_or_none(obs.stock_bottom)
    taker = obs.bottom_taken_by
    st.bottom_taker = -1 if taker is None else taker
    st.bottom_drawn = -1
    if st.bottom_taker >= 0:
        swap = view.obs.dos.swap if view.obs.dos is not None else None
        st.bottom_drawn = card_or_none(swap.gave) if swap else st.turned


def _dos(st: Any, view: View, stock: list[int]) -> None:
    obs = view.obs.dos
    assert obs is not None
    carried = obs.carried
    st.carried = (0, 0) if carried is None else (carried[0], carried[1])
    st.second = obs.deal == 2
    trump = st.trump
    turned = st.turned
    need = index_of(trump, SEVEN) if HIGH_CARDS >> turned & 1 else index_of(trump, TWO)
    st.swap_need = -1 if need == turned else need
    swap = obs.swap
    st.swap_seat = -1 if swap is None else swap.seat
    st.reserved = turned if swap is not None and swap.pending else -1
    st.capote_seat = -1 if obs.capote_seat is None else obs.capote_seat
    st.capote_from = -1 if obs.capote_from_trick is None else obs.capote_from_trick
    st.claim_seat = -1 if obs.claim_seat is None else obs.claim_seat
    st.first_reached = _first_reached(st, view) if st.second else -1


def _first_reached(st: Any, view: View) -> int:
    """Who first reached 101 in a second deal, replaying the history with each canto placed
    right after the first trick its singer won that is not yet used by an earlier canto."""
    totals = list(st.carried)
    cantos = [(c.seat, c.points) for c in view.obs.cantos]
    ci = 0
    for _, _, cards, winner in view.history:
        totals[winner] += sum(POINTS[c] for c in cards)
        if totals[winner] >= GAME_POINTS:
            return int(winner)
        if ci < len(cantos) and cantos[ci][0] == winner:
            totals[winner] += cantos[ci][1]
            ci += 1
            if totals[winner] >= GAME_POINTS:
                return int(winner)
    return -1


def _team(st: Any, view: View, stock: list[int]) -> None:
    obs = view.obs.teams
    assert obs is not None
    _set(st, "window_for", -1 if obs.window_leader is None else obs.window_leader)
    if obs.may_sing is not None:
        st.may_sing = obs.may_sing


def _vtt(st: Any, view: View, stock: list[int]) -> None:
    obs = view.obs.vtt
    assert obs is not None
    st.initial_trump = SUIT_LETTERS.index(obs.initial_trump)
    _set(st, "trick_trump", SUIT_LETTERS.index(obs.trick_trump))
    played = 0
    for _, c in view.trick:
        played |= 1 << c
    st.played = played


def _arrastrado(st: Any, view: View, stock: list[int]) -> None:
    obs = view.obs.arrastrado
    assert obs is not None
    st.sitting_out = -1 if obs.sitting_out is None else obs.sitting_out
    stage = obs.stage
    st.stage = SWAP_STAGE if stage == "swap" else PLATE_STAGE if stage == "plate" else NO_STAGE
    st.turned_at_deal = card_or_none(obs.turned_at_deal)
    st.swap_card = card_or_none(obs.swap_card)
    st.swap_seat = -1 if obs.swap is None else obs.swap.seat
    st.swap_passed = list(obs.swap_passed)
    st.plate_on = obs.plate
    st.plate_amount = (obs.plate_amount or 0) if st.plate_on else 0
    st.plate_passed = list(obs.plate_passed)
    st.plate_caller = -1 if obs.plate_caller is None else obs.plate_caller
    st.asked = (
        len(st.swap_passed)
        if st.stage == SWAP_STAGE
        else (len(st.plate_passed) if st.stage == PLATE_STAGE else 0)
    )


#: Per-class restore of the fields a hand family adds (applied base class first).
EXTRAS: Final[dict[type, Callable[[Any, View, list[int]], None]]] = {
    CabreroHand: _cabrero,
    StockHand: _stock,
    DosHand: _dos,
    TeamHandState: _team,
    VTTHand: _vtt,
    ArrastradoHand: _arrastrado,
    CodilloHand: restore_codillo,
    RemateHand: restore_remate,
    BatoHand: restore_bato,
}
