"""The match of Tute Remate (RULES.md §9.1): a fixed number of hands and a ledger of tantos.

Option ``hands`` (default 9: three deals each with three players) fixes the number of hands;
the deal passes to the right (the next seat) each hand. **Decision**: a void hand (everybody
passed) counts as one of them: the deal moves on, as the rule says, and a match always ends.
The ledger holds each seat's balance, the sum of what each hand paid
(:func:`~games.engine.variants.remate_stakes.remate_stakes`); it always sums to zero. The
balances rank the players, equal balances sharing a place (``Ranking.STAKES``).
"""

from __future__ import annotations

from typing import Any, Final

from games.engine.match import MatchResult, MatchState
from games.engine.state import HandResult, HandSetup

#: The default number of hands in a match.
DEFAULT_HANDS: Final = 9


class RemateMatch(MatchState):
    """A match of Tute Remate: ``hands`` hands, with a ledger of tantos."""

    def _init_tally(self) -> None:
        self.ledger = [0] * self.n
        self.stakes: list[list[int]] = []  # per hand: each seat's change
        self.void_hands = 0

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, RemateMatch)
        new.ledger = list(self.ledger)
        new.stakes = list(self.stakes)

    def _next_dealer(self) -> int:
        return (self.hand.dealer + 1) % self.n

    def _next_setup(self) -> HandSetup | None:
        if len(self.hands) >= int(self.options.get("hands", DEFAULT_HANDS)):
            return None
        return super()._next_setup()

    def _on_hand_end(self, result: HandResult) -> None:
        ledger = [int(x) for x in result.extra["ledger"]]
        for s in range(self.n):
            self.ledger[s] += ledger[s]
        self.stakes.append(ledger)
        if result.extra.get("void"):
            self.void_hands += 1

    def _finish(self) -> MatchResult:
        return self._ranked_result(self.ledger, "{:+d}")

    def _tally_json(self) -> dict[str, Any]:
        return {
            "ledger": list(self.ledger),
            "hands": int(self.options.get("hands", DEFAULT_HANDS)),
            "hands_finished": len(self.stakes),
            "void_hands": self.void_hands,
            "stakes": [list(h) for h in self.stakes],
        }
