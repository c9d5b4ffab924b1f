"""The match of Spanish tute for two (:class:`DosMatch`): games of one or two deals each, until
a majority of the agreed number. The hand and the variant's registration are in
:mod:`games.engine.variants.dos` (``RULES.md`` §4)."""

from __future__ import annotations

from typing import Any

from games.engine.match import MatchResult, MatchState, hand_seed
from games.engine.state import HandResult, HandSetup


class DosMatch(MatchState):
    """A match of Spanish tute for two: games (one or two deals each) until a majority of the
    agreed number."""

    def _init_tally(self) -> None:
        self.games = [0, 0]
        self.game_winners: list[int] = []
        #: The first deal's totals while a second deal is due or in play, else None.
        self.carried: list[int] | None = None
        self.second_dealer = -1

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, DosMatch)
        new.games = list(self.games)
        new.game_winners = list(self.game_winners)
        new.carried = list(self.carried) if self.carried is not None else None

    def games_to_win(self) -> int:
        """Games needed to win the match: a majority of the agreed number."""
        return int(self.options["games"]) // 2 + 1

    def _on_hand_end(self, result: HandResult) -> None:
        if result.winners:
            w = result.winners[0]
            self.games[w] += 1
            self.game_winners.append(w)
            self.carried = None
        else:
            self.carried = list(result.extra["totals"])
            self.second_dealer = int(result.extra["last_trick"])

    def _next_setup(self) -> HandSetup | None:
        if max(self.games) >= self.games_to_win():
            return None
        k = len(self.hands)
        if self.carried is not None:
            dealer = self.second_dealer
            context: dict[str, Any] = {"carried": list(self.carried)}
        else:
            dealer = (self.first_dealer + len(self.game_winners)) % 2
            context = {}
        return HandSetup(
            players=2,
            seed=hand_seed(self.seed, k),
            options=self.options,
            dealer=dealer,
            first=False,
            hand_number=k,
            context=context,
        )

    def _finish(self) -> MatchResult:
        winner = 0 if self.games[0] > self.games[1] else 1
        places = (1, 2) if winner == 0 else (2, 1)
        return MatchResult(
            places=places,
            winners=(winner,),
            hands_played=len(self.hands),
            summary=f"Seat {winner} wins the match {self.games[winner]} games to "
            f"{self.games[1 - winner]}.",
            extra={
                "games": list(self.games),
                "game_winners": list(self.game_winners),
                "games_agreed": self.options["games"],
            },
        )

    def _tally_json(self) -> dict[str, Any]:
        return {
            "games": list(self.games),
            "games_agreed": self.options["games"],
            "games_to_win": self.games_to_win(),
            "game_winners": list(self.game_winners),
            "game": len(self.game_winners) + 1,
            "deal": 2 if self.carried is not None else 1,
            "carried": list(self.carried) if self.carried is not None else None,
        }
