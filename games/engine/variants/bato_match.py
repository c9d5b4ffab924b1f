"""The match of Bato (RULES.md §9.3): an agreed number of deals and a ledger of units.

Option ``hands`` (default 12) fixes the number of deals; a void deal (nobody said juego) counts
as one. The deal passes to the right (the next seat) each time. The ledger holds each seat's
balance; the pot carried between deals is the match's ``pot``. Each hand's ``stakes`` (its
result's ``extra``) hold every seat's change from that deal, its ante of 4 included, and the
pot's, and the match adds them when the hand ends; so the balances plus the pot sum to zero
at every moment between deals. During a deal the hand's pot (carry + antes) is shown by the
hand. **Decision** on a pot left at the match's end (after a void last deal, or batidos in
it): it stays in the pot and is not shared out, like Tute Arrastrado's plate; the places go
by each seat's balance, equal balances sharing a place. (Sharing it equally would change no
one's place but for a remainder that does not divide.)
"""

from __future__ import annotations

from typing import Any

from games.engine.match import MatchResult, MatchState
from games.engine.state import HandResult, HandSetup


class BatoMatch(MatchState):
    """A match of Bato: ``hands`` deals, a ledger of units and the pot carried over."""

    def _init_tally(self) -> None:
        self.ledger = [0] * self.n
        self.pot = 0
        self.stakes: list[list[int]] = []  # per deal: each seat's change, then the pot's
        self.voids = 0

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, BatoMatch)
        new.ledger = list(self.ledger)
        new.stakes = list(self.stakes)

    def _context(self) -> dict[str, Any]:
        return {"carry": self.pot}

    def _next_dealer(self) -> int:
        return (self.hand.dealer + 1) % self.n

    def _next_setup(self) -> HandSetup | None:
        if len(self.hands) >= int(self.options.get("hands", 12)):
            return None
        return super()._next_setup()

    def _on_hand_end(self, result: HandResult) -> None:
        stakes = result.extra["stakes"]
        seats = [int(x) for x in stakes["seats"]]
        for s in range(self.n):
            self.ledger[s] += seats[s]
        self.pot += int(stakes["pot"])
        self.stakes.append([*seats, int(stakes["pot"])])
        if result.reason_code == "void":
            self.voids += 1

    def _finish(self) -> MatchResult:
        return self._ranked_result(self.ledger, "{:+d}")

    def _tally_json(self) -> dict[str, Any]:
        return {
            "ledger": list(self.ledger),
            "pot": self.pot,
            "voids": self.voids,
            "hands": int(self.options.get("hands", 12)),
            "hands_finished": len(self.stakes),
            "stakes": [list(h) for h in self.stakes],
        }
