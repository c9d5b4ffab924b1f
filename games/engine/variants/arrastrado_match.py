"""The match of Tute Arrastrado (RULES.md §7): a fixed number of hands and a ledger of tantos.

The match (:class:`ArrastradoMatch`): option ``hands`` (default 12, a multiple of both 3 and 4,
so everyone deals equally) fixes the number of hands; the deal passes to the right (the next
seat) each hand. The ledger holds each seat's balance and the plate. With the plate each
player puts 100 in at the start (**Decision**: with exactly three players, each of the three),
each dealer adds 20 when he deals (also a dealer who sits the hand out), and a taken plate is
refilled the same way, 100 from each player. Balances + plate sum to zero at every moment;
what is in the plate at the end stays there (**Decision**: it is not shared out; the places
are by each seat's balance, equal balances sharing a place).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.match import MatchResult, MatchState
from games.engine.state import HandResult, HandSetup, HandState
from games.engine.variants.arrastrado_stakes import DEALER_ADDS, PLATE_ANTE


class ArrastradoMatch(MatchState):
    """A match of Tute Arrastrado: ``hands`` hands, with a ledger of tantos and the plate."""

    @classmethod
    def first_setup(
        cls, players: int, options: Mapping[str, Any], seed: int | str, dealer: int | None
    ) -> HandSetup:
        setup = super().first_setup(players, options, seed, dealer)
        if options.get("plate"):
            return HandSetup(
                players=setup.players,
                seed=setup.seed,
                options=setup.options,
                dealer=setup.dealer,
                first=True,
                hand_number=0,
                context={"plate": PLATE_ANTE * players + DEALER_ADDS},
            )
        return setup

    def _init_tally(self) -> None:
        n = self.n
        self.ledger = [0] * n
        self.plate = 0
        self.plates_taken = 0
        self.stakes: list[list[int]] = []  # per hand: each seat's gain, then the plate's
        if self.options.get("plate"):
            self._ante()

    def _ante(self) -> None:
        for s in range(self.n):
            self.ledger[s] -= PLATE_ANTE
        self.plate += PLATE_ANTE * self.n

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, ArrastradoMatch)
        new.ledger = list(self.ledger)
        new.stakes = list(self.stakes)

    def _new_hand(self, setup: HandSetup) -> HandState:
        if self.options.get("plate"):
            self.ledger[setup.dealer] -= DEALER_ADDS
            self.plate += DEALER_ADDS
        return super()._new_hand(setup)

    def _context(self) -> dict[str, Any]:
        if self.options.get("plate"):
            return {"plate": self.plate + DEALER_ADDS}
        return {}

    def _next_dealer(self) -> int:
        return (self.hand.dealer + 1) % self.n

    def _next_setup(self) -> HandSetup | None:
        if len(self.hands) >= int(self.options.get("hands", 12)):
            return None
        return super()._next_setup()

    def _on_hand_end(self, result: HandResult) -> None:
        stakes = result.extra["stakes"]
        seats = list(stakes["seats"])
        for s in range(self.n):
            self.ledger[s] += seats[s]
        self.plate += int(stakes["plate"])
        self.stakes.append([*seats, int(stakes["plate"])])
        if result.extra.get("plate_made"):
            self.plates_taken += 1
            self._ante()

    def _finish(self) -> MatchResult:
        return self._ranked_result(self.ledger, "{:+d}")

    def _tally_json(self) -> dict[str, Any]:
        return {
            "ledger": list(self.ledger),
            "plate": self.plate if self.options.get("plate") else None,
            "plates_taken": self.plates_taken,
            "hands": int(self.options.get("hands", 12)),
            "hands_finished": len(self.stakes),
            "stakes": [list(h) for h in self.stakes],
        }
