"""The match of codillo (RULES.md §9.2): game points until someone reaches the target.

Each hand adds its game points (``HandResult.extra["score"]``) to the tally; the deal passes
to the right (the next seat) every hand, a void hand included. The match ends after the hand
in which a player reaches option ``target`` (default 7) game points; the players are ranked
by game points, equal points sharing a place. **Decision**: nothing else ends it (a hand
that is not void scores 3 game points, or 2 when the jugador's side loses).
"""

from __future__ import annotations

from typing import Any, Final

from games.engine.match import MatchResult, MatchState
from games.engine.state import HandResult, HandSetup

#: Game points that end the match, by default.
DEFAULT_TARGET: Final = 7


class CodilloMatch(MatchState):
    """A match of codillo: game points per seat, up to ``target``."""

    def _init_tally(self) -> None:
        self.points = [0] * self.n
        self.scores: list[list[int]] = []  # per finished hand, each seat's game points
        self.voids = 0

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, CodilloMatch)
        new.points = list(self.points)
        new.scores = list(self.scores)

    def _target(self) -> int:
        return int(self.options.get("target", DEFAULT_TARGET))

    def _next_dealer(self) -> int:
        return (self.hand.dealer + 1) % self.n

    def _on_hand_end(self, result: HandResult) -> None:
        score = [int(x) for x in result.extra["score"]]
        for s in range(self.n):
            self.points[s] += score[s]
        self.scores.append(score)
        if result.extra.get("void"):
            self.voids += 1

    def _next_setup(self) -> HandSetup | None:
        if max(self.points) >= self._target():
            return None
        return super()._next_setup()

    def _finish(self) -> MatchResult:
        return self._ranked_result(self.points, "{} game points")

    def _tally_json(self) -> dict[str, Any]:
        return {
            "game_points": list(self.points),
            "target": self._target(),
            "hands_finished": len(self.scores),
            "void_hands": self.voids,
            "scores": [list(h) for h in self.scores],
        }
