"""Exact play of the tutes for two once the stock is empty (both hands are then known).

With the stock gone, each player of ``dos`` / ``dos_ar`` knows the other's hand: it is every
card he has not seen. The rest is a game of perfect information, which the bots' endgame
solver (:class:`games.engine.bots.solver.Endgame`) solves by minimax on the margin of future
points. :func:`endgame_line` plays a position to its end with the solver's card for whoever is
to move, singing the best canto when able (never a loss here), and the playout policy for the
rare other choices (a claim, a capote window).
"""

from __future__ import annotations

from games.engine import actions as A
from games.engine.actions import action_to_notation
from games.engine.bots import policy
from games.engine.bots.solver import Endgame
from games.engine.state import HandState, Phase
from games.engine.variants.dos import DosHand
from games.engine.variants.stock import StockHand


def endgame_applies(state: HandState) -> bool:
    """Whether ``state`` is a two-player hand in play with the stock empty (and no capote
    declared, which changes what the players play for)."""
    return (
        isinstance(state, StockHand)
        and state.n == 2
        and state.stock_left == 0
        and state.phase == Phase.PLAY
        and not (isinstance(state, DosHand) and state.capote_seat >= 0)
    )


def endgame_action(state: StockHand) -> int:
    """The solver's action for the seat to move (cantos: a tute, else the best pair)."""
    legal = state.legal_actions()
    seat = state.turn
    sings = [a for a in legal if a == A.TUTE or A.SING <= a < A.SING + 4]
    if sings and not state.trick:
        return A.TUTE if A.TUTE in sings else max(sings, key=lambda a: a - A.SING == state.trump)
    cards = [a for a in legal if 0 <= a < 40]
    if len(cards) < len(legal):  # a claim or a capote on offer: the policy's call
        choice = policy.choose(state)
        if not 0 <= choice < 40 or not cards:
            return choice
    eg = Endgame(
        state.trump, state.sung, bool(state.ADMITS_TUTE), state.CANTO_TRUMP, state.CANTO_OTHER
    )
    led = state.trick[0] if state.trick else -1
    _, card = eg.best_margin(state.hands[seat], state.hands[1 - seat], led)
    return card if card in cards else cards[0]


def endgame_line(state: HandState) -> tuple[tuple[str, ...], HandState]:
    """The line from ``state`` to the end of the hand (notations) and the final state."""
    s = state.clone()
    line: list[str] = []
    while not s.is_terminal():
        if isinstance(s, StockHand) and s.phase == Phase.PLAY:
            a = endgame_action(s)
        else:
            a = policy.choose(s)
        line.append(action_to_notation(a))
        s.apply_action(a)
    return tuple(line), s
