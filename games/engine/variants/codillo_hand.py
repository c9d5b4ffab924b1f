"""The hand of codillo (RULES.md §9.2). :mod:`games.engine.variants.codillo` describes the
variant as a whole.

* Four seats. The deal: 10 cards each, one at a time from the mano (the dealer's right): a
  stacked deck gives ``deck[j]`` to seat ``(mano + j) % 4``. No card is turned.
* Before play (phase PREPLAY; ``bidding.stage`` says what is awaited):

  1. ``bid``: the auction, from the mano in turn: ``pass`` ("paso") or ``juego``. The first
     ``juego`` ends it: that seat is the *jugador*. Four passes: the hand is void (no score;
     the next dealer deals).
  2. ``trump``: the jugador names trump (``trump:O``...).
  3. ``call``: the jugador calls a card he does not hold (``call:1O``; his legal actions are
     exactly the 30 cards outside his hand). All 40 cards are dealt, so one of the other
     three holds it: that seat is his secret *partner*.

  Then the mano leads the first trick.
* Play: the standard obligations plus "no vale cargar" (:class:`NoCargarHand`); there is no
  exemption for a partner's winning card, so a seat's legal cards never depend on who the
  partner is. Cantos: only the player who has just won a trick, one per trick won, las
  cuarenta before any veinte (``FORTY_FIRST``); tute wins at once for the singer's side.
* **The secret.** The partnership becomes public when the called card is played. Until then
  the observation of every seat but the partner's (and a spectator's) says nothing of it:
  ``bidding.partner`` is None, the cantos name seats only, the points are per seat, the legal
  actions do not depend on it. The partner's own observation names him (he knows he holds the
  card). **Decision**: the end of the hand makes it public too (the result names both sides),
  which matters only when a tute ends the hand before the called card is played.
* The result (:func:`~games.engine.variants.codillo_score.codillo_score`): "a más", the
  jugador's side wins with strictly more points. ``winners`` are the seats of the side that
  won, ``losers`` the others; ``extra`` holds the jugador, trump, called card, partner, the two
  sides' totals, whether the jugador's side won (``made``) and each seat's game points
  (``score``). **Decision**: capote (one side taking every trick) scores nothing more.
"""

from __future__ import annotations

from typing import Final

from games.engine import actions as A
from games.engine.cards import NOTATION, PAIR, SUIT_LETTERS, SUIT_NAMES_EN, round_robin
from games.engine.errors import IllegalActionError, WrongPhaseError
from games.engine.observation import Observation
from games.engine.observation_families import AuctionCall, BiddingView
from games.engine.state import HandResult, HandState, Phase
from games.engine.variants.bidding import NoCargarHand
from games.engine.variants.codillo_score import SEATS, codillo_score

#: The stages of PREPLAY, as ``bidding.stage`` names them (None: play has started).
BID_STAGE: Final = "bid"
TRUMP_STAGE: Final = "trump"
CALL_STAGE: Final = "call"

REASONS: Final = {
    "void": "Everybody passed: the hand is void and the next player deals.",
    "tute": "Tute was sung: the singer's side wins the hand.",
    "made": "The jugador's side has more points and wins the hand.",
    "lost": "The other side has more points: the jugador's side loses.",
    "tie": "Equal points: the jugador's side loses.",
}


class CodilloHand(NoCargarHand):
    """A hand of codillo (four seats; the jugador and a secret partner against two)."""

    FORTY_FIRST = True

    __slots__ = ("auction", "called", "jugador", "partner", "stage")

    stage: str | None
    auction: list[tuple[int, int]]
    jugador: int
    called: int
    partner: int

    # ------------------------------------------------------------ the deal

    def _deal(self, deck: list[int]) -> None:
        mano = self.mano
        hands = [0] * SEATS
        masks = round_robin(deck, len(deck), SEATS)  # one card at a time, from the mano
        for i in range(SEATS):
            hands[(mano + i) % SEATS] = masks[i]
        self.hands = hands
        self.trump = 0  # meaningless until named (``bidding.trump_named``)
        self.auction = []
        self.jugador = -1
        self.called = -1
        self.partner = -1
        self.stage = BID_STAGE
        self.phase = Phase.PREPLAY

    # ------------------------------------------------------------ PREPLAY

    def _other_actions(self) -> list[int]:
        stage = self.stage
        if stage == BID_STAGE:
            return [A.JUEGO, A.PASS]
        if stage == TRUMP_STAGE:
            return [A.TRUMP + s for s in range(4)]
        if stage == CALL_STAGE:
            own = self.hands[self.jugador]
            return [A.CALL + c for c in range(40) if not own >> c & 1]
        return []  # pragma: no cover - PREPLAY always has a stage

    def _apply_other(self, action: int) -> None:
        seat = self.turn
        stage = self.stage
        if stage is None:
            super()._apply_other(action)
            return
        self.auction.append((seat, action))
        if action == A.PASS:
            if len(self.auction) == SEATS:
                self.stage = None
                self._end()
            else:
                self.turn = (seat + 1) % SEATS
        elif action == A.JUEGO:
            self.jugador = seat
            self.stage = TRUMP_STAGE
        elif A.TRUMP <= action < A.TRUMP + 4:
            self.trump = action - A.TRUMP
            self.stage = CALL_STAGE
        else:  # a call, validated by legal_actions
            card = action - A.CALL
            self.called = card
            self.partner = next(s for s in range(SEATS) if self.hands[s] >> card & 1)
            self.stage = None
            self.phase = Phase.PLAY
            self.turn = self.leader = self.mano

    def _reject(self, action: int) -> None:
        stage = self.stage
        if self.phase == Phase.PREPLAY:
            if action in (A.JUEGO, A.PASS):
                raise WrongPhaseError("The auction is over: the jugador names trump and a card.")
            if A.TRUMP <= action < A.TRUMP + 4:
                raise WrongPhaseError("Trump is named by the jugador, once, after the auction.")
            if A.CALL <= action < A.CALL + 40 and stage == CALL_STAGE:
                card = NOTATION[action - A.CALL]
                raise IllegalActionError(
                    f"You may not call the {card}: you hold it. Call a card you do not hold.",
                    card=card,
                )
            if A.CALL <= action < A.CALL + 40:
                raise WrongPhaseError("The card is called after trump is named.")
            want = {
                BID_STAGE: "say juego or pass",
                TRUMP_STAGE: "the jugador names trump",
                CALL_STAGE: "the jugador calls a card",
            }
            raise WrongPhaseError(f"Play has not started: {want[stage or BID_STAGE]} first.")
        if action in (A.JUEGO, A.PASS) or A.TRUMP <= action < A.TRUMP + 4:
            raise WrongPhaseError("The auction is over: play a card.")
        if A.CALL <= action < A.CALL + 40:
            raise WrongPhaseError("A card is called only once, before play.")
        if A.SING <= action < A.SING + 4 and self.may_sing == self.turn and not self.trick:
            suit = action - A.SING
            t = self.trump
            hand = self.hands[self.turn]
            if (
                suit != t
                and hand & PAIR[suit] == PAIR[suit]
                and not self.sung >> suit & 1
                and A.SING + t in self._canto_actions(self.turn)
            ):
                raise IllegalActionError(
                    f"You must sing las cuarenta (in {SUIT_NAMES_EN[t]}) before any veinte.",
                    suit=SUIT_NAMES_EN[suit],
                    trump=SUIT_NAMES_EN[t],
                )
        super()._reject(action)

    # ------------------------------------------------------------ conformance

    @classmethod
    def resolve_trick(cls, trick: list[int], trump: int) -> tuple[int, int, int]:
        """The standard trick winner; a trick holds at most four cards."""
        if len(trick) > SEATS:
            raise ValueError("codillo tricks have four cards")
        return super().resolve_trick(trick, trump)

    # ------------------------------------------------------------ the secret partner

    def partnership_public(self) -> bool:
        """Whether everyone knows the partner: the called card has been played (or the hand
        is over)."""
        if self.called < 0:
            return False
        return self.phase == Phase.END or not self.hands[self.partner] >> self.called & 1

    def partner_for(self, seat: int | None) -> int | None:
        """The partner's seat as ``seat`` may know it (None: not known to that seat)."""
        if self.called < 0:
            return None
        if self.partnership_public() or seat == self.partner:
            return self.partner
        return None

    # ------------------------------------------------------------ result

    def _finish(self) -> HandResult:
        points = self.hand_points()
        if self.jugador < 0 or self.called < 0:
            return HandResult(
                points=tuple(points),
                card_points=tuple(self.card_pts),
                tricks=tuple(self.tricks),
                cantos=tuple(self.cantos),
                losers=(),
                winners=(),
                reason_code="void",
                reason=REASONS["void"],
                extra={"void": True, "jugador": None, "score": [0] * SEATS},
            )
        tute = self.tute_seat if self.tute_seat >= 0 else None
        j, p = self.jugador, self.partner
        made, score, sides = codillo_score(j, p, points, tute)
        ours = tuple(sorted((j, p)))
        theirs = tuple(s for s in range(SEATS) if s not in ours)
        if tute is not None:
            code = "tute"
        elif made:
            code = "made"
        else:
            code = "tie" if sides[0] == sides[1] else "lost"
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=theirs if made else ours,
            winners=ours if made else theirs,
            reason_code=code,
            reason=REASONS[code],
            tute=tute,
            extra={
                "void": False,
                "jugador": j,
                "partner": p,
                "trump": SUIT_LETTERS[self.trump],
                "called": NOTATION[self.called],
                "sides": [list(ours), list(theirs)],
                "side_points": list(sides),
                "made": made,
                "score": score,
            },
        )

    # ------------------------------------------------------------ copies and observations

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, CodilloHand)
        new.auction = list(self.auction)
        new.called = self.called
        new.jugador = self.jugador
        new.partner = self.partner
        new.stage = self.stage

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        return obs.with_parts(
            bidding=BiddingView(
                stage=self.stage,
                auction=tuple(AuctionCall(s, A.action_to_notation(a)) for s, a in self.auction),
                jugador=self.jugador if self.jugador >= 0 else None,
                bid=None,
                trump_named=self.called >= 0 or self.stage == CALL_STAGE,
                called=NOTATION[self.called] if self.called >= 0 else None,
                partner=self.partner_for(seat),
                playing=tuple(range(SEATS)),
                exchanged=(),
                pot=None,
                marked=(),
            ),
        )
