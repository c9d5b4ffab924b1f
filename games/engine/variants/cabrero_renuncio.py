"""Tute Cabrero under option ``renuncio`` (and ``acusar``): the hand that accepts illegal
cards and punishes them (RULES.md §2, C-23, C-25d).

* Option ``renuncio`` accepts illegal cards and punishes them: the offender alone loses the hand
  and is charged two lost hands (C-23). Without ``acusar`` offences are found when the hand
  ends. **Decision:** a proven renuncio replaces the hand's normal result.
* Option ``acusar`` (C-25d, "el jugador que se da cuenta que otro ha renunciado lo acusa; si es
  en la mitad de la mano se la interrumpe"): an accusation may come in the middle of the hand
  or at its end.

  - *In the middle*: the seat to act may accuse another seat (``accuse:k``) instead of playing;
    the hand stops there.
  - *At the end* (**Decision**, ours: the engine is turn-based, so the end needs its own
    turns): once play is over — the last trick taken, or a tute sung — and before the result
    is fixed, the hand enters an *accusation window* (phase ``WINDOW``): each seat in play, in
    play order from the mano, may accuse another seat in play (``accuse:k``) or ``pass``. The
    first accusation closes the window. The window always opens, whether or not anyone
    reneged, so that its opening tells nobody anything; the observation shows whose turn it
    is and who has passed (``accusation_window``), never the offences.
  - A true accusation convicts the accused (he alone loses the hand and is charged two lost
    hands, replacing the normal result, a tute's included); a false one — the accused did not
    renege — makes the accuser the hand's only loser (one lost hand). The result's
    ``extra["accusation"]`` says who accused whom and whether it was proven.
  - If every seat passes, the hand is scored normally: an offence nobody accused was not
    proven and goes unpunished (it is still listed in ``offences`` once the hand is over).

The result itself is computed by :meth:`CabreroHand._finish
<games.engine.variants.cabrero_hand.CabreroHand._finish>` from the offences and the
accusation recorded here.
"""

from __future__ import annotations

from games.engine import actions as A
from games.engine.errors import IllegalActionError, WrongPhaseError
from games.engine.observation import AccusationWindow, CabreroView, Observation
from games.engine.rules import standard_legal
from games.engine.state import Phase
from games.engine.variants.cabrero_hand import CabreroHand


class CabreroRenuncioHand(CabreroHand):
    """A Cabrero hand under option ``renuncio``: illegal cards are accepted and recorded;
    with ``acusar`` the seat to act may accuse another seat instead of playing, and once the
    hand is played out every seat, in play order from the mano, may accuse or pass (phase
    ``WINDOW``) before the result is fixed."""

    __slots__ = ()

    def _follow_mask(self, seat: int, hand: int) -> int:
        return hand

    def _play_card(self, card: int) -> None:
        seat = self.turn
        offence = (
            bool(self.trick)
            and bool(self.hands[seat] >> card & 1)
            and not (standard_legal(self.hands[seat], self.lead, self.trump, self.best) >> card & 1)
        )
        super()._play_card(card)
        if offence:
            self.offences.append((seat, card))

    def legal_actions(self) -> list[int]:
        acts = super().legal_actions()
        if self.phase == Phase.PLAY and self.setup.options.get("acusar"):
            acts += [A.ACCUSE + s for s in self.active if s != self.turn]
        return acts

    def _other_actions(self) -> list[int]:
        if self.phase == Phase.WINDOW:  # the accusation window at the end of the hand
            seat = self.turn
            return [*(A.ACCUSE + s for s in self.active if s != seat), A.PASS]
        return super()._other_actions()

    def _apply_other(self, action: int) -> None:
        if A.ACCUSE <= action < A.ACCUSE + 6:
            accused = action - A.ACCUSE
            proven = any(s == accused for s, _ in self.offences)
            self.accusation = (self.turn, accused, proven)
            self._end()
            return
        if action == A.PASS:  # only legal in the accusation window
            seat = self.turn
            nxt = self.next_seat[seat]
            if nxt == self.mano:  # the last seat in play order passed: no accusation
                self._end()
            else:
                self.turn = nxt
            return
        super()._apply_other(action)

    def _end(self) -> None:
        """Under ``acusar`` the end of play (the last trick taken, or a tute) opens the
        accusation window, mano first; the hand ends when someone accuses or all pass."""
        if (
            self.phase == Phase.PLAY
            and self.accusation is None
            and self.setup.options.get("acusar")
        ):
            self.phase = Phase.WINDOW
            self.turn = self.mano
            self.may_sing = -1
            return
        super()._end()

    def window_passed(self) -> list[int]:
        """The seats that have passed in the accusation window so far (play order)."""
        if self.phase != Phase.WINDOW:
            return []
        order = list(self.active)
        i = order.index(self.mano)
        order = order[i:] + order[:i]
        return order[: order.index(self.turn)]

    def _reject(self, action: int) -> None:
        if self.setup.options.get("acusar"):
            if A.ACCUSE <= action < A.ACCUSE + 6:
                accused = action - A.ACCUSE
                if accused == self.turn:
                    raise IllegalActionError("You cannot accuse yourself.", seat=accused)
                if accused not in self.active:
                    raise IllegalActionError(
                        f"Seat {accused} is not playing this hand.", seat=accused
                    )
            if self.phase == Phase.WINDOW:
                raise WrongPhaseError(
                    "The hand has been played out: accuse a player of renuncio ('accuse:k') "
                    "or pass ('pass')."
                )
            if action == A.PASS:
                raise WrongPhaseError("There is nothing to pass now: play a card.")
        super()._reject(action)

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        obs = super()._observe_extra(obs, seat)
        if self.setup.options.get("acusar") and obs.cabrero is not None:
            window = (
                None
                if self.phase != Phase.WINDOW
                else AccusationWindow(self.turn, tuple(self.window_passed()))
            )
            c = obs.cabrero
            obs = obs.with_parts(
                cabrero=CabreroView(
                    c.sitting_out, c.retired, c.swaps, c.shown, c.offences, True, window
                )
            )
        return obs
