"""The hand of Tute Remate, tute subastado (RULES.md §9.1). :mod:`games.engine.variants.remate`
describes the variant as a whole.

* Three or four seats. With four the dealer sits the hand out, neither paying nor collecting;
  the three others play, in play order from the mano (the dealer's right):
  ``active = (d+1, d+2, d+3)``. With three the dealer plays and is postre:
  ``active = (d+1, d+2, d)``. ``next_seat`` skips the dealer who sits out.
* The deal: the four 2s are out of the game (they are the hand's ``out_of_play``, public); the
  36 other cards are dealt one at a time from the mano, 12 each (a stacked deck is dealt in its
  order, skipping the 2s: the j-th card that is not a 2 goes to ``active[j % 3]``). No card is
  turned.
* Before play (phase PREPLAY), two stages:

  1. **The auction** (stage ``bid``), from the mano, in turn: ``pass`` or ``bid:V``, V a
     multiple of 5, at least ``min_bid`` (option, 60 by default) and at least 5 above the
     standing bid. A pass is final; those who have not passed keep speaking in turn, so an
     outbid player may bid again. It ends when two have passed and the third has bid (he is
     the *jugador*, at his last bid), or when all three pass: the hand is void (it ends at
     once, nobody pays, the next dealer deals). **Decision**: the highest bid is 230, the most
     a jugador can total (:data:`~games.engine.variants.remate_stakes.MAX_BID`).
  2. **Trump** (stage ``trump``): the jugador names it, ``trump:O`` / ``C`` / ``E`` / ``B``.
     Until then the observation's ``trump`` means nothing (``trump_named`` is false).

* The play: the mano leads the first trick. Standard obligations plus "no vale cargar"
  (:class:`~games.engine.variants.bidding.NoCargarHand`). The other two are *la contra*:
  their tricks are one pile (the result reports it as such; each trick still records who took
  it, since only the winner of a trick may sing).
* Cantos: the winner of a trick (either side) may sing one canto before leading the next; las
  cuarenta before any veinte (``FORTY_FIRST``, as in Tute Arrastrado). The jugador's cantos
  count toward his bid; the contra's only toward the ledger (each canto is paid to its singer
  by the two other players). Tute (four kings or four horses) ends the hand at once.
* The result: the jugador's total is his card points + 10 if he took the last trick + his
  cantos; he makes the bid with a total of at least the bid. The stakes are computed by
  :func:`~games.engine.variants.remate_stakes.remate_stakes` and carried in the result's
  ``extra``.
"""

from __future__ import annotations

from typing import Any, Final

from games.engine import actions as A
from games.engine.cards import PAIR, SUIT_LETTERS, SUIT_NAMES_EN, index_of, round_robin
from games.engine.errors import IllegalActionError, WrongPhaseError
from games.engine.observation import Observation
from games.engine.observation_families import AuctionCall, BiddingView
from games.engine.state import HandResult, HandState, Phase
from games.engine.variants.arrastrado_hand import three_seated
from games.engine.variants.bidding import NoCargarHand
from games.engine.variants.remate_stakes import (
    BID_STEP,
    MAX_BID,
    MIN_BID,
    is_capote,
    remate_stakes,
)

#: The four 2s, out of the game in remate.
TWOS: Final = sum(1 << index_of(s, 2) for s in range(4))

# Stages of the PREPLAY phase.
NO_STAGE: Final = 0
BID_STAGE: Final = 1
TRUMP_STAGE: Final = 2
_STAGE_NAMES: Final = {NO_STAGE: None, BID_STAGE: "bid", TRUMP_STAGE: "trump"}

REASONS: Final = {
    "void": "Everybody passed: the hand is void and nobody pays.",
    "made": "The jugador made his bid.",
    "failed": "The jugador fell short of his bid.",
    "tute_jugador": "The jugador sang tute: he wins at once, as a made bid, doubled.",
    "tute_contra": "A contra player sang tute: the jugador is beaten at once.",
}


class RemateHand(NoCargarHand):
    """A hand of Tute Remate (three play; a fourth seat, the dealer, may sit out)."""

    FORTY_FIRST = True

    __slots__ = (
        "auction",
        "bid",
        "bidder",
        "jugador",
        "min_bid",
        "passed",
        "sitting_out",
        "stage",
        "trump_named",
    )

    auction: list[tuple[int, int]]

    # ------------------------------------------------------------ the deal

    def _deal(self, deck: list[int]) -> None:
        n = self.n
        active, self.sitting_out, self.next_seat = three_seated(n, self.setup.dealer)
        self.active = active
        hands = [0] * n
        cards = [card for card in deck if not TWOS >> card & 1]
        masks = round_robin(cards, len(cards), 3)  # one card at a time, from active[0]
        hands[active[0]] = masks[0]
        hands[active[1]] = masks[1]
        hands[active[2]] = masks[2]
        self.hands = hands
        self.out_of_play = TWOS
        self.mano = active[0]
        self.min_bid = int(self.setup.options.get("min_bid", MIN_BID))
        self.auction = []
        self.passed = 0  # seats that passed, as a bit mask
        self.bid = 0  # the standing bid (0: none yet)
        self.bidder = -1
        self.jugador = -1
        self.trump_named = False
        self.stage = BID_STAGE
        self.phase = Phase.PREPLAY

    # ------------------------------------------------------------ PREPLAY: auction and trump

    def lowest_bid(self) -> int:
        """The lowest bid open now: ``min_bid``, and 5 above the standing bid."""
        return max(self.min_bid, self.bid + BID_STEP)

    def _other_actions(self) -> list[int]:
        if self.stage == BID_STAGE:
            low = self.lowest_bid()
            return [A.PASS, *(A.bid_action(v) for v in range(low, MAX_BID + 1, BID_STEP))]
        if self.stage == TRUMP_STAGE:
            return [A.TRUMP + s for s in range(4)]
        return []  # pragma: no cover - PREPLAY always has a stage

    def _apply_other(self, action: int) -> None:
        seat = self.turn
        if self.stage == BID_STAGE:
            self.auction.append((seat, action))
            if action == A.PASS:
                self.passed |= 1 << seat
            else:
                self.bid = A.bid_value(action)
                self.bidder = seat
            self._next_bidder(seat)
        elif self.stage == TRUMP_STAGE:
            self.auction.append((seat, action))
            self.trump = action - A.TRUMP
            self.trump_named = True
            self.stage = NO_STAGE
            self.phase = Phase.PLAY
            self.turn = self.leader = self.mano
        else:
            super()._apply_other(action)

    def _next_bidder(self, seat: int) -> None:
        passed = self.passed.bit_count()
        if passed == 3:
            self.stage = NO_STAGE
            self._end()
            return
        if passed == 2 and self.bidder >= 0 and not self.passed >> self.bidder & 1:
            self.jugador = self.bidder
            self.stage = TRUMP_STAGE
            self.turn = self.jugador
            return
        nxt = self.next_seat[seat]
        while self.passed >> nxt & 1:
            nxt = self.next_seat[nxt]
        self.turn = nxt

    def _reject(self, action: int) -> None:
        stage = self.stage
        if A.is_bid(action) or action == A.PASS:
            if stage != BID_STAGE:
                raise WrongPhaseError("The auction is over.")
            value = A.bid_value(action)
            if value > MAX_BID:
                raise IllegalActionError(
                    f"The highest bid is {MAX_BID}.", bid=value, highest=MAX_BID
                )
            raise IllegalActionError(
                f"A bid must be at least {self.lowest_bid()}"
                + (f" (5 above the standing {self.bid})." if self.bid else "."),
                bid=value,
                lowest=self.lowest_bid(),
            )
        if A.TRUMP <= action < A.TRUMP + 4:
            if stage == BID_STAGE:
                raise WrongPhaseError("Trump is named after the auction, by the jugador.")
            raise WrongPhaseError("Trump has already been named.")
        if self.phase == Phase.PREPLAY and (
            0 <= action < 40 or A.SING <= action < A.SING + 4 or action == A.TUTE
        ):
            what = "bid or pass" if stage == BID_STAGE else "the jugador names trump"
            raise WrongPhaseError(f"Play has not started: {what} first.")
        if (
            A.SING <= action < A.SING + 4
            and self.phase == Phase.PLAY
            and not self.trick
            and self.may_sing == self.turn
            and action - A.SING in self._sings_withheld()
        ):
            t = self.trump
            raise IllegalActionError(
                f"You must sing las cuarenta (in {SUIT_NAMES_EN[t]}) before any veinte.",
                suit=SUIT_NAMES_EN[action - A.SING],
                trump=SUIT_NAMES_EN[t],
            )
        super()._reject(action)

    def _sings_withheld(self) -> set[int]:
        """Suits whose 20 the leader holds unsung but may not sing yet (las cuarenta first)."""
        hand = self.hands[self.turn]
        offered = {a - A.SING for a in self._canto_actions(self.turn) if a != A.TUTE}
        held = {s for s in range(4) if hand & PAIR[s] == PAIR[s] and not self.sung >> s & 1}
        return held - offered

    # ------------------------------------------------------------ conformance

    @classmethod
    def legal_in_trick(cls, hand: int, trick: list[int], trump: int, stock: int = 0) -> int:
        """Standard obligations plus no vale cargar; three-card tricks, no 2s."""
        if len(trick) >= 3:
            raise ValueError("the trick is already complete: remate tricks have three cards")
        if (hand | sum(1 << c for c in trick)) & TWOS:
            raise ValueError("remate is played without the 2s")
        return super().legal_in_trick(hand, trick, trump, stock)

    @classmethod
    def resolve_trick(cls, trick: list[int], trump: int) -> tuple[int, int, int]:
        """The standard trick winner; a trick holds three cards, no 2s."""
        if len(trick) > 3:
            raise ValueError("remate tricks have three cards")
        if sum(1 << c for c in trick) & TWOS:
            raise ValueError("remate is played without the 2s")
        return super().resolve_trick(trick, trump)

    # ------------------------------------------------------------ result

    def contra(self) -> tuple[int, ...]:
        """The two contra players (empty before the auction ends)."""
        if self.jugador < 0:
            return ()
        return tuple(s for s in self.active if s != self.jugador)

    def jugador_total(self) -> int:
        """The jugador's total so far: card points (+ 10 for the last trick) + his cantos."""
        if self.jugador < 0:
            return 0
        return self.hand_points()[self.jugador]

    def _finish(self) -> HandResult:
        n = self.n
        points = self.hand_points()
        out = self.sitting_out if self.sitting_out >= 0 else None
        j = self.jugador
        if j < 0:
            return HandResult(
                points=tuple(points),
                card_points=tuple(self.card_pts),
                tricks=tuple(self.tricks),
                cantos=tuple(self.cantos),
                losers=(),
                winners=(),
                reason_code="void",
                reason=REASONS["void"],
                extra={
                    "void": True,
                    "jugador": None,
                    "bid": None,
                    "ledger": [0] * n,
                    "sitting_out": out,
                },
            )
        contra = self.contra()
        total = points[j]
        tute = self.tute_seat if self.tute_seat >= 0 else None
        tute_side = None if tute is None else ("jugador" if tute == j else "contra")
        capote = tute is None and is_capote(self.tricks, j, contra)
        made = total >= self.bid if tute is None else tute == j
        ledger = remate_stakes(
            n,
            j,
            self.bid,
            made=made,
            capote=capote,
            cantos=[(c.seat, c.points) for c in self.cantos if c.points],
            tute=tute_side,
            sitting_out=out,
        )
        code = ("made" if made else "failed") if tute_side is None else f"tute_{tute_side}"
        capote_side = None
        if capote:
            capote_side = "jugador" if self.tricks[j] else "contra"
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=contra if made else (j,),
            winners=(j,) if made else contra,
            reason_code=code,
            reason=REASONS[code],
            capote=j if capote_side == "jugador" else None,
            tute=tute,
            extra={
                "void": False,
                "jugador": j,
                "bid": self.bid,
                "trump": SUIT_LETTERS[self.trump],
                "total": total,
                "made": made,
                "contra": list(contra),
                "contra_points": sum(self.card_pts[s] for s in contra),
                "contra_tricks": sum(self.tricks[s] for s in contra),
                "capote": capote_side,
                "ledger": ledger,
                "sitting_out": out,
            },
        )

    # ------------------------------------------------------------ copies and observations

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, RemateHand)
        new.auction = list(self.auction)
        new.bid = self.bid
        new.bidder = self.bidder
        new.jugador = self.jugador
        new.min_bid = self.min_bid
        new.passed = self.passed
        new.sitting_out = self.sitting_out
        new.stage = self.stage
        new.trump_named = self.trump_named

    def auction_json(self) -> list[dict[str, Any]]:
        """The public calls so far, in order."""
        return [{"seat": s, "call": A.action_to_notation(a)} for s, a in self.auction]

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        return obs.with_parts(
            bidding=BiddingView(
                stage=_STAGE_NAMES[self.stage],
                auction=tuple(AuctionCall(s, A.action_to_notation(a)) for s, a in self.auction),
                jugador=self.jugador if self.jugador >= 0 else None,
                bid=self.bid or None,
                trump_named=self.trump_named,
                called=None,
                partner=None,
                playing=tuple(self.active),
                exchanged=(),
                pot=None,
                marked=(),
            ),
        )

    def __repr__(self) -> str:
        base = super().__repr__()
        if self.stage == NO_STAGE:
            return base
        return f"{base[:-1]} stage={_STAGE_NAMES[self.stage]} bid={self.bid}>"


__all__ = ["BID_STAGE", "NO_STAGE", "REASONS", "TRUMP_STAGE", "TWOS", "RemateHand"]
