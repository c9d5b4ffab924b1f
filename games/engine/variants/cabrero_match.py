"""The Cabrero match (also Chancho's): hands until fewer than three players remain.

A seat that has lost four hands retires (a proven renuncio charges two); the match ends when
fewer than three remain; survivors first, then by reverse order of retirement, seats retiring in
the same hand sharing a place. Option ``playoff`` (C-25c) settles two survivors with one hand of
Argentine tute de a dos, whose seats the match maps to its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.engine.errors import InvalidOptionError
from games.engine.match import MatchResult, MatchState, hand_seed
from games.engine.observation import MatchObservation
from games.engine.state import HandResult, HandSetup, HandState
from games.engine.variants.cabrero_hand import LOSSES_TO_RETIRE

if TYPE_CHECKING:
    from games.engine.variant import Variant


class CabreroMatch(MatchState):
    """A Cabrero match ("partido"): hands until fewer than three players remain."""

    @classmethod
    def check_setup(cls, players: int, options: Mapping[str, Any]) -> None:
        if players == 3 and options.get("trump_rotation"):
            raise InvalidOptionError(
                "Trump rotation is for more than three players (C-25a).", option="trump_rotation"
            )
        if options.get("acusar") and not options.get("renuncio"):
            raise InvalidOptionError(
                "The acusar option needs the renuncio option.", option="acusar"
            )

    @classmethod
    def hand_class_for(cls, variant: Variant, setup: HandSetup) -> type[HandState]:
        if setup.players == 2:  # the playoff hand (option ``playoff``)
            from games.engine.variant import REGISTRY

            return REGISTRY["dos_ar"].hand_class
        if setup.options.get("renuncio"):
            return variant.renuncio_hand_class
        return variant.hand_class

    def _init_tally(self) -> None:
        self.lost = [0] * self.n
        self.retired_at: list[int | None] = [None] * self.n
        self.playoff_hand: int | None = None

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, CabreroMatch)
        new.lost = list(self.lost)
        new.retired_at = list(self.retired_at)

    def remaining(self) -> list[int]:
        """Seats still in the match."""
        return [s for s in range(self.n) if self.retired_at[s] is None]

    def _context(self) -> dict[str, Any]:
        return {"retired": [s for s in range(self.n) if self.retired_at[s] is not None]}

    def _on_hand_end(self, result: HandResult) -> None:
        if self.playoff_hand is not None:
            return
        k = len(self.hands) - 1
        charges = result.extra.get("charges", {})
        for s in result.losers:
            self.lost[s] += int(charges.get(str(s), 1))
            if self.lost[s] >= LOSSES_TO_RETIRE and self.retired_at[s] is None:
                self.retired_at[s] = k

    def _next_dealer(self) -> int:
        prev = self.hand.mano
        n = self.n
        for i in range(n):
            s = (prev + i) % n
            if self.retired_at[s] is None:
                return s
        return prev  # pragma: no cover - the match ends before nobody remains

    def _next_setup(self) -> HandSetup | None:
        if self.playoff_hand is not None:
            return None
        rem = self.remaining()
        if len(rem) >= 3:
            return super()._next_setup()
        if len(rem) == 2 and self.options.get("playoff"):
            return self._playoff_setup(rem)
        return None

    def _playoff_setup(self, survivors: list[int]) -> HandSetup:
        k = len(self.hands)
        self.playoff_hand = k
        return HandSetup(
            players=2,
            seed=hand_seed(self.seed, k),
            options={},
            dealer=0,
            first=True,
            hand_number=k,
            context={"seats": survivors},
        )

    def apply_action(self, action: int, seat: int | None = None) -> None:
        if seat is not None and self.playoff_hand is not None:
            seat = self._playoff_local(seat)
        super().apply_action(action, seat)

    def _playoff_local(self, seat: int) -> int:
        seats = list(self.hand.setup.context["seats"])
        return seats.index(seat) if seat in seats else -1

    def current_player(self) -> int:
        p = super().current_player()
        if p >= 0 and self.playoff_hand is not None and not self.is_terminal():
            return int(self.hand.setup.context["seats"][p])
        return p

    def _finish(self) -> MatchResult:
        n = self.n
        places = [0] * n
        rem = self.remaining()
        if self.playoff_hand is not None:
            seats = list(self.hands[self.playoff_hand].setup.context["seats"])
            res = self.hands[self.playoff_hand].result()
            winner = seats[res.winners[0]]
            places[winner] = 1
            places[seats[1 - seats.index(winner)]] = 2
            nxt = 3
        else:
            for s in rem:
                places[s] = 1
            nxt = 1 + len(rem)
        retire_hands = sorted({h for h in self.retired_at if h is not None}, reverse=True)
        for h in retire_hands:
            group = [s for s in range(n) if self.retired_at[s] == h]
            for s in group:
                places[s] = nxt
            nxt += len(group)
        winners = tuple(s for s in range(n) if places[s] == 1)
        summary = (
            ("Winners: " + ", ".join(f"seat {s}" for s in winners))
            if winners
            else "Nobody survived."
        )
        return MatchResult(
            places=tuple(places),
            winners=winners,
            hands_played=len(self.hands),
            summary=summary,
            extra={"lost": list(self.lost), "retired_at": list(self.retired_at)},
        )

    def _tally_json(self) -> dict[str, Any]:
        return {
            "lost": list(self.lost),
            "retired_at": list(self.retired_at),
            "to_retire": LOSSES_TO_RETIRE,
            "playoff": self.playoff_hand is not None,
        }

    def observe(self, seat: int | None, *, memory: bool = False) -> MatchObservation:
        if self.playoff_hand is not None:  # the hand in play (or the last) is the playoff
            local = self._playoff_local(seat) if seat is not None else -1
            obs = super().observe(None)
            return replace(
                obs,
                hand=self.hand.observe(local if local >= 0 else None, memory=memory),
                playoff_seats=tuple(self.hand.setup.context["seats"]),
            )
        return super().observe(seat, memory=memory)
