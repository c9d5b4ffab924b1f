"""The hand of Tute Arrastrado: three play, usually four take part (RULES.md §7; seeds 001
and 004). :mod:`games.engine.variants.arrastrado` describes the variant as a whole.

* Three or four seats. With four the dealer sits the hand out, neither paying nor collecting;
  the three others play, in play order from the mano (the dealer's right):
  ``active = (d+1, d+2, d+3)``. With three the dealer plays and is postre:
  ``active = (d+1, d+2, d)``. ``next_seat`` skips the dealer who sits out.
* The deal: 13 cards each, one at a time from the mano (a stacked deck gives ``deck[j]`` to
  ``active[j % 3]`` for j < 39); ``deck[39]``, the 40th card, is turned up: it names trump and
  is out of play.
* Before play (phase PREPLAY) two rounds, in this order:

  1. **The swap round** (only when a swap is possible, i.e. the turned card is not the 2 of
     trump): every player, in turn from the mano, answers ``swap`` or ``pass``; only the holder
     of the 7 of trump (turned card an as, three or figure) or of the 2 (turned card blank) is
     offered ``swap``. **Decision** (hidden information): everyone is asked, so a holder who
     declines is not revealed, as at a real table. The first swap ends the round. The card left
     face up (the turned card, or the 7 or 2 given for it) is out of play.
     **Decision** (the sheets speak of one exchange of "the card that marks trump"): at most
     one swap; the 7 put down is not swapped again for the 2, unlike Cabrero's C-19 chain.
  2. **The plate round** (option ``plate`` only): every player in turn from the mano says
     ``plate`` (he "goes to the plate": commits to 101) or ``pass``. **Decision** (RULES.md):
     at most one goes, the first who says so; that ends the round. Swaps come first, so a
     player commits knowing his final hand.

* Standard obligations (§1). The winner of a trick may sing one canto before leading; las
  cuarenta must be sung before any veinte: a player who holds the trump king and horse unsung
  is offered only the 40 (and tute), so he may not sing a 20 first (``FORTY_FIRST``). A player
  without the 40 sings 20s freely.
* Tute (four kings or four horses, sung after winning a trick) wins the hand outright.
  Otherwise most points (cards + 10 for the last trick + cantos) win. **Decision** on equal
  points (RULES.md): the one who took the last trick, else the one nearest the mano. The same
  order ranks all three (:func:`arrastrado_ranking`), which also fixes who has "the fewest
  points" when the two others tie (ours: the sheets are silent).

The hand's result names the winner in ``winners`` and the two other players in ``losers``;
``extra`` holds the ranking (winner first, fewest points last), the plate call and whether it
was made, the swap, and the stakes (computed by :mod:`games.engine.variants.arrastrado_stakes`).
"""

from __future__ import annotations

from typing import Any, Final

from games.engine import actions as A
from games.engine.cards import (
    HIGH_CARDS,
    NOTATION,
    PAIR,
    SUIT,
    SUIT_NAMES_EN,
    SUIT_NAMES_ES,
    TWO,
    index_of,
    round_robin,
)
from games.engine.errors import IllegalActionError, WrongPhaseError
from games.engine.observation import ArrastradoView, DealSwap, Observation
from games.engine.state import HandResult, HandState, Phase
from games.engine.variants.arrastrado_stakes import (
    DEALER_ADDS,
    PLATE_ANTE,
    arrastrado_ranking,
    arrastrado_stakes,
)

SEVEN: Final = 7

# Stages of the PREPLAY phase.
NO_STAGE: Final = 0
SWAP_STAGE: Final = 1
PLATE_STAGE: Final = 2
_STAGE_NAMES: Final = {NO_STAGE: None, SWAP_STAGE: "swap", PLATE_STAGE: "plate"}


REASONS: Final = {
    "tute": "Tute was sung: the singer wins the hand.",
    "most_points": "The player with the most points wins the hand.",
    "tie_last_trick": "Equal points: the one who took the last trick wins.",
    "tie_mano": "Equal points: the one nearest the mano wins.",
}


def three_seated(n: int, dealer: int) -> tuple[tuple[int, ...], int, list[int]]:
    """Three play a hand of ``n`` (3 or 4) seats: with four the dealer sits it out. The seats
    playing (in play order, mano first), the seat sitting out (-1: none) and each seat's next
    seat in play order (Arrastrado and Remate).

    >>> three_seated(4, 1)
    ((2, 3, 0), 1, [2, 1, 3, 0])
    >>> three_seated(3, 1)
    ((2, 0, 1), -1, [1, 2, 0])
    """
    d = dealer
    if n == 4:
        active: tuple[int, ...] = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4)
        out = d
    else:
        active = ((d + 1) % 3, (d + 2) % 3, d)
        out = -1
    nxt = list(range(n))
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % 3]
    return active, out, nxt


class ArrastradoHand(HandState):
    """A hand of Tute Arrastrado (three play; a fourth seat, the dealer, may sit out)."""

    FORTY_FIRST = True

    __slots__ = (
        "asked",
        "plate_amount",
        "plate_caller",
        "plate_on",
        "plate_passed",
        "sitting_out",
        "stage",
        "swap_card",
        "swap_passed",
        "swap_seat",
        "turned_at_deal",
    )

    # ------------------------------------------------------------ the deal

    def _deal(self, deck: list[int]) -> None:
        setup = self.setup
        n = self.n
        active, self.sitting_out, self.next_seat = three_seated(n, setup.dealer)
        self.active = active
        hands = [0] * n
        dealt = round_robin(deck, 39, 3)  # one card at a time, from active[0]
        hands[active[0]] = dealt[0]
        hands[active[1]] = dealt[1]
        hands[active[2]] = dealt[2]
        self.hands = hands
        turned = deck[39]
        trump = SUIT[turned]
        self.trump = trump
        self.turned = self.turned_at_deal = turned
        self.out_of_play = 1 << turned
        self.mano = active[0]
        if (1 << turned) & HIGH_CARDS:
            self.swap_card = index_of(trump, SEVEN)
        elif turned != index_of(trump, TWO):
            self.swap_card = index_of(trump, TWO)
        else:
            self.swap_card = -1
        self.swap_seat = -1
        self.swap_passed: list[int] = []
        self.plate_on = bool(setup.options.get("plate"))
        self.plate_amount = (
            int(setup.context.get("plate", PLATE_ANTE * n + DEALER_ADDS)) if self.plate_on else 0
        )
        self.plate_passed: list[int] = []
        self.plate_caller = -1
        self.asked = 0
        self.stage = NO_STAGE
        self._enter_stage(SWAP_STAGE if self.swap_card >= 0 else PLATE_STAGE)

    # ------------------------------------------------------------ PREPLAY: swap and plate

    def _enter_stage(self, stage: int) -> None:
        if stage == PLATE_STAGE and not self.plate_on:
            stage = NO_STAGE
        self.stage = stage
        self.asked = 0
        self.turn = self.leader = self.mano
        self.phase = Phase.PREPLAY if stage != NO_STAGE else Phase.PLAY

    def _next_asked(self) -> None:
        self.asked += 1
        if self.asked < 3:
            self.turn = self.active[self.asked]
        else:
            self._enter_stage(PLATE_STAGE if self.stage == SWAP_STAGE else NO_STAGE)

    def may_swap(self, seat: int) -> bool:
        """Whether ``seat`` may swap now (the swap round, his turn, holding the 7 or 2)."""
        return (
            self.phase == Phase.PREPLAY
            and self.stage == SWAP_STAGE
            and seat == self.turn
            and bool(self.hands[seat] >> self.swap_card & 1)
        )

    def _other_actions(self) -> list[int]:
        if self.stage == SWAP_STAGE:
            return [A.SWAP, A.PASS] if self.may_swap(self.turn) else [A.PASS]
        if self.stage == PLATE_STAGE:
            return [A.PLATE, A.PASS]
        return []  # pragma: no cover - PREPLAY always has a stage

    def _apply_other(self, action: int) -> None:
        seat = self.turn
        if action == A.SWAP:
            give = self.swap_card
            self.hands[seat] ^= (1 << give) | (1 << self.turned)
            self.out_of_play = 1 << give
            self.turned = give
            self.swap_seat = seat
            self._enter_stage(PLATE_STAGE)
        elif action == A.PASS:
            if self.stage == SWAP_STAGE:
                self.swap_passed.append(seat)
            else:
                self.plate_passed.append(seat)
            self._next_asked()
        elif action == A.PLATE:
            self.plate_caller = seat
            self._enter_stage(NO_STAGE)
        else:
            super()._apply_other(action)

    def _reject(self, action: int) -> None:
        phase = self.phase
        if action == A.SWAP:
            if phase != Phase.PREPLAY or self.stage != SWAP_STAGE:
                raise WrongPhaseError(
                    "The turned card can only be swapped before play, in the swap round."
                )
            raise IllegalActionError(
                f"Only the holder of the {NOTATION[self.swap_card]} may swap it for the turned "
                f"{NOTATION[self.turned]}.",
                card=NOTATION[self.swap_card],
            )
        if action == A.PLATE:
            if not self.plate_on:
                raise WrongPhaseError("This table plays without the plate.")
            raise WrongPhaseError(
                "Going to the plate is only possible before play, when you are asked."
            )
        if phase == Phase.PREPLAY and (
            0 <= action < 40 or A.SING <= action < A.SING + 4 or action == A.TUTE
        ):
            what = "swap or pass" if self.stage == SWAP_STAGE else "say plate or pass"
            raise WrongPhaseError(f"Play has not started: {what} first.")
        if (
            A.SING <= action < A.SING + 4
            and phase == Phase.PLAY
            and not self.trick
            and self.may_sing == self.turn
        ):
            suit = action - A.SING
            hand = self.hands[self.turn]
            t = self.trump
            if (
                suit != t
                and hand & PAIR[suit] == PAIR[suit]
                and not self.sung >> suit & 1
                and hand & PAIR[t] == PAIR[t]
                and not self.sung >> t & 1
            ):
                raise IllegalActionError(
                    f"You must sing las cuarenta (in {SUIT_NAMES_ES[t]}) before any veinte.",
                    suit=SUIT_NAMES_EN[suit],
                    trump=SUIT_NAMES_EN[t],
                )
        super()._reject(action)

    # ------------------------------------------------------------ conformance

    @classmethod
    def legal_in_trick(cls, hand: int, trick: list[int], trump: int, stock: int = 0) -> int:
        """Standard obligations; a trick holds at most three cards."""
        if len(trick) >= 3:
            raise ValueError(
                "the trick is already complete: Tute Arrastrado tricks have three cards"
            )
        return super().legal_in_trick(hand, trick, trump, stock)

    @classmethod
    def resolve_trick(cls, trick: list[int], trump: int) -> tuple[int, int, int]:
        """The standard trick winner; a trick holds at most three cards."""
        if len(trick) > 3:
            raise ValueError("Tute Arrastrado tricks have three cards")
        return super().resolve_trick(trick, trump)

    # ------------------------------------------------------------ result

    def ranking(self) -> list[int]:
        """The active seats from the hand's winner down (see :func:`arrastrado_ranking`)."""
        last = self.history[-1].winner if self.history else -1
        tute = self.tute_seat if self.tute_seat >= 0 else None
        return arrastrado_ranking(self.hand_points(), self.active, last, tute)

    def _finish(self) -> HandResult:
        points = self.hand_points()
        tute = self.tute_seat if self.tute_seat >= 0 else None
        ranking = self.ranking()
        winner = ranking[0]
        if tute is not None:
            code = "tute"
        elif points[ranking[1]] < points[winner]:
            code = "most_points"
        elif self.history and self.history[-1].winner == winner:
            code = "tie_last_trick"
        else:
            code = "tie_mano"
        caller = self.plate_caller if self.plate_caller >= 0 else None
        seats, plate_delta, info = arrastrado_stakes(
            self.n,
            ranking,
            points,
            self.cantos,
            plate=self.plate_on,
            caller=caller,
            plate_amount=self.plate_amount,
            tute=tute,
        )
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=tuple(sorted(ranking[1:])),
            winners=(winner,),
            reason_code=code,
            reason=REASONS[code],
            tute=tute,
            extra={
                "stakes": {"seats": seats, "plate": plate_delta},
                "ranking": ranking,
                "fewest": info["fewest"],
                "winner_out": info["winner_out"],
                "plate": self.plate_on,
                "plate_amount": self.plate_amount if self.plate_on else None,
                "plate_caller": caller,
                "plate_made": info["made"],
                "swap": self._swap_json(),
                "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
            },
        )

    # ------------------------------------------------------------ copies and observations

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, ArrastradoHand)
        new.asked = self.asked
        new.plate_amount = self.plate_amount
        new.plate_caller = self.plate_caller
        new.plate_on = self.plate_on
        new.plate_passed = list(self.plate_passed)
        new.sitting_out = self.sitting_out
        new.stage = self.stage
        new.swap_card = self.swap_card
        new.swap_passed = list(self.swap_passed)
        new.swap_seat = self.swap_seat
        new.turned_at_deal = self.turned_at_deal

    def _swap_json(self) -> dict[str, Any] | None:
        if self.swap_seat < 0:
            return None
        return {
            "seat": self.swap_seat,
            "gave": NOTATION[self.turned],
            "took": NOTATION[self.turned_at_deal],
        }

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        return obs.with_parts(
            arrastrado=ArrastradoView(
                sitting_out=self.sitting_out if self.sitting_out >= 0 else None,
                stage=_STAGE_NAMES[self.stage],
                turned_at_deal=NOTATION[self.turned_at_deal],
                swap_card=NOTATION[self.swap_card] if self.swap_card >= 0 else None,
                swap_passed=tuple(self.swap_passed),
                swap=(
                    None
                    if self.swap_seat < 0
                    else DealSwap(
                        self.swap_seat, NOTATION[self.turned], NOTATION[self.turned_at_deal]
                    )
                ),
                plate=self.plate_on,
                plate_amount=self.plate_amount if self.plate_on else None,
                plate_passed=tuple(self.plate_passed),
                plate_caller=self.plate_caller if self.plate_caller >= 0 else None,
                points=tuple(self.hand_points()),
            ),
        )
