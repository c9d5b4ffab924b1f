"""The hand of Bato (RULES.md §9.3): 3 to 6 seats, four cards each, an auction, an exchange
"as in poker", four tricks among those who play. :mod:`games.engine.variants.bato` describes
the variant as a whole; the payments are in :mod:`games.engine.variants.bato_settle`.

* **The deal**: four cards each, one at a time from the mano (the dealer's right): a stacked
  deck gives ``deck[j]`` to seat ``(mano + j) % n`` for ``j < 4n``; ``deck[4n]`` is turned up
  for trump (it stays on the table, out of play: ``turned``); the rest, in order, is the stock
  the exchanges draw from (top first).
* **The pot**: the hand's pot is what the match carries over plus :data:`ANTE` from each seat
  (``setup.context["carry"]``, 0 by default).
* **The auction** (stage ``bid``), from the mano in turn: ``juego`` or ``pass``. The first
  ``juego`` makes the *jugador* and ends it. Everybody passes: the hand is void, the pot stays
  for the next deal (result ``void``).
* **Accompanying** (stage ``accompany``): every other seat, in turn after the jugador (also those
  who passed), says ``acompano`` or ``pass``. Nobody accompanies: the jugador takes the pot
  without play (result ``unopposed``). Otherwise the seats that passed fold: their cards are
  out of play and hidden; they sit out the tricks (``active`` and ``next_seat`` skip them).
* **The exchange** (stage ``exchange``): each player, in turn from the jugador, marks cards with
  ``discard:XX`` (a toggle; only he sees his marks) and confirms with ``exchange``: the marked
  cards are discarded face down and as many are drawn from the stock. **Decision** (the sheet's
  "when the stock runs short, the last ones get what is left"): a player may mark at most as
  many cards as the stock still holds (and at most four), so everybody plays the four tricks
  with four cards; the last ones to exchange may find the stock short and be held to fewer.
  The discards, the folded cards and the stock are never shown to anyone, in the hand nor in
  its result; everybody sees how many cards each player exchanged (``exchange:N`` in the
  auction, ``exchanged``).
* **Play**: four tricks among the players, the jugador leads; standard obligations plus no vale
  cargar (:class:`~games.engine.variants.bidding.NoCargarHand`). No cantos, no tute.
* **Result**: see :func:`~games.engine.variants.bato_settle.bato_settle`. ``losers`` are the
  batidos, ``winners`` the players who kept their commitment (the jugador alone when nobody
  accompanied). ``extra`` carries the facts (pot, carry, jugador, companions, payout, pay_in,
  next pot, batidos) and ``stakes``: each seat's balance change from this deal, antes included,
  and the pot's.
"""

from __future__ import annotations

from typing import Any, Final

from games.engine import actions as A
from games.engine.cards import NOTATION, SUIT, indices, notation_of_mask, round_robin
from games.engine.errors import (
    CardNotInHandError,
    IllegalActionError,
    SetupError,
    WrongPhaseError,
)
from games.engine.observation import Observation
from games.engine.observation_families import AuctionCall, BiddingView
from games.engine.state import HandResult, HandState, Phase
from games.engine.variants.bato_settle import ANTE, HAND_SIZE, bato_settle
from games.engine.variants.bidding import NoCargarHand

# Stages of the PREPLAY phase.
NO_STAGE: Final = 0
BID_STAGE: Final = 1
ACCOMPANY_STAGE: Final = 2
EXCHANGE_STAGE: Final = 3
STAGE_NAMES: Final = {
    NO_STAGE: None,
    BID_STAGE: "bid",
    ACCOMPANY_STAGE: "accompany",
    EXCHANGE_STAGE: "exchange",
}

REASONS: Final = {
    "void": "Nobody said juego: the hand is void and the pot stays for the next deal.",
    "unopposed": "Nobody accompanied the jugador: he takes the pot without play.",
    "made": "Every player took the tricks he committed to.",
    "batido": "A player missed his commitment (batido) and pays the pot into the next one.",
}


class BatoHand(NoCargarHand):
    """A hand of Bato (see the module docstring)."""

    CANTO_AFTER_WIN = False
    ADMITS_TUTE = False

    __slots__ = (
        "asked",
        "auction",
        "carry",
        "companions",
        "discarded",
        "exchanged",
        "folded",
        "jugador",
        "marked",
        "order",
        "pot",
        "stage",
        "stock",
        "stock_pos",
    )

    # ------------------------------------------------------------ the deal

    def _deal(self, deck: list[int]) -> None:
        n = self.n
        mano = (self.dealer + 1) % n
        seats = tuple((mano + i) % n for i in range(n))
        hands = [0] * n
        dealt = HAND_SIZE * n
        masks = round_robin(deck, dealt, n)  # one card at a time, from the mano
        for i in range(n):
            hands[seats[i]] = masks[i]
        self.hands = hands
        turned = deck[dealt]
        self.turned = turned
        self.trump = SUIT[turned]
        self.out_of_play = 1 << turned
        self.stock = tuple(deck[dealt + 1 :])
        self.stock_pos = 0
        self.mano = mano
        self.active = seats
        carry = int(self.setup.context.get("carry", 0))
        if carry < 0 or carry % HAND_SIZE:
            raise SetupError(f"The pot carried over must split in quarters, not {carry}.")
        self.carry = carry
        self.pot = carry + ANTE * n
        self.auction: list[tuple[int, str]] = []
        self.jugador = -1
        self.companions: list[int] = []
        self.discarded = [0] * n
        self.exchanged = [-1] * n
        self.folded = 0
        self.marked = 0
        self.stage = BID_STAGE
        self.order = seats
        self.asked = 0
        self.phase = Phase.PREPLAY

    # ------------------------------------------------------------ PREPLAY

    @property
    def stock_left(self) -> int:
        """Cards still in the stock."""
        return len(self.stock) - self.stock_pos

    def mark_limit(self) -> int:
        """How many cards the seat exchanging may mark: four, or what the stock still holds."""
        return min(HAND_SIZE, self.stock_left)

    def _next_asked(self) -> bool:
        """Pass the word to the next seat of the stage; False when every seat has spoken."""
        self.asked += 1
        if self.asked < len(self.order):
            self.turn = self.order[self.asked]
            return True
        return False

    def _other_actions(self) -> list[int]:
        stage = self.stage
        if stage == BID_STAGE:
            return [A.JUEGO, A.PASS]
        if stage == ACCOMPANY_STAGE:
            return [A.ACOMPANO, A.PASS]
        if stage == EXCHANGE_STAGE:
            marked = self.marked
            room = marked.bit_count() < self.mark_limit()
            acts = [
                A.DISCARD + c for c in indices(self.hands[self.turn]) if room or marked >> c & 1
            ]
            acts.append(A.EXCHANGE)
            return acts
        return []  # pragma: no cover - PREPLAY always has a stage

    def _apply_other(self, action: int) -> None:
        seat = self.turn
        stage = self.stage
        if stage == BID_STAGE:
            self.auction.append((seat, A.action_to_notation(action)))
            if action == A.JUEGO:
                self.jugador = seat
                self.stage = ACCOMPANY_STAGE
                self.order = tuple((seat + i) % self.n for i in range(1, self.n))
                self.asked = 0
                self.turn = self.order[0]
            elif not self._next_asked():
                self._end()
        elif stage == ACCOMPANY_STAGE:
            self.auction.append((seat, A.action_to_notation(action)))
            if action == A.ACOMPANO:
                self.companions.append(seat)
            if not self._next_asked():
                if self.companions:
                    self._start_exchange()
                else:
                    self._end()
        elif A.DISCARD <= action < A.DISCARD + 40:
            self.marked ^= 1 << (action - A.DISCARD)
        else:  # A.EXCHANGE
            self._exchange(seat)

    def _start_exchange(self) -> None:
        playing = (self.jugador, *self.companions)
        for s in range(self.n):
            if s not in playing:
                self.folded |= self.hands[s]
                self.hands[s] = 0
        self.active = playing
        nxt = list(range(self.n))
        for i, s in enumerate(playing):
            nxt[s] = playing[(i + 1) % len(playing)]
        self.next_seat = nxt
        self.k = len(playing)
        self.stage = EXCHANGE_STAGE
        self.order = playing
        self.asked = 0
        self.turn = self.jugador
        self.marked = 0

    def _exchange(self, seat: int) -> None:
        marked = self.marked
        k = marked.bit_count()
        drawn = 0
        for c in self.stock[self.stock_pos : self.stock_pos + k]:
            drawn |= 1 << c
        self.stock_pos += k
        self.hands[seat] = (self.hands[seat] ^ marked) | drawn
        self.discarded[seat] = marked
        self.exchanged[seat] = k
        self.marked = 0
        self.auction.append((seat, f"exchange:{k}"))
        if not self._next_asked():
            self.stage = NO_STAGE
            self.phase = Phase.PLAY
            self.turn = self.leader = self.jugador

    def _reject(self, action: int) -> None:
        stage = self.stage
        if self.phase == Phase.PREPLAY:
            wanted = {
                BID_STAGE: "say juego or pass",
                ACCOMPANY_STAGE: "say acompano or pass",
                EXCHANGE_STAGE: "mark the cards to discard and confirm with exchange",
            }[stage]
            if A.DISCARD <= action < A.DISCARD + 40 and stage == EXCHANGE_STAGE:
                card = NOTATION[action - A.DISCARD]
                if not self.hands[self.turn] >> (action - A.DISCARD) & 1:
                    raise CardNotInHandError(f"You do not hold the {card}.", card=card)
                limit = self.mark_limit()
                raise IllegalActionError(
                    f"You may discard at most {limit} cards: the stock holds "
                    f"{self.stock_left}. Unmark one first.",
                    limit=limit,
                )
            raise WrongPhaseError(
                f"'{A.action_to_notation(action)}' is not possible now: {wanted}."
            )
        if action in (A.JUEGO, A.ACOMPANO, A.EXCHANGE) or A.DISCARD <= action < A.DISCARD + 40:
            raise WrongPhaseError(
                f"'{A.action_to_notation(action)}' is only possible before play, in its turn."
            )
        if A.SING <= action < A.SING + 4 or action == A.TUTE:
            raise WrongPhaseError("There are no cantos in Bato.")
        super()._reject(action)

    # ------------------------------------------------------------ result

    def playing(self) -> tuple[int, ...]:
        """The seats that play the hand (the jugador first), so far."""
        if self.jugador < 0:
            return ()
        return (self.jugador, *self.companions)

    def _finish(self) -> HandResult:
        n = self.n
        jugador = self.jugador if self.jugador >= 0 else None
        players = list(self.playing())
        payout, pay_in, next_pot = bato_settle(self.pot, jugador, players, self.tricks)
        batidos = [s for s in range(n) if pay_in[s]]
        if jugador is None:
            code = "void"
            winners: list[int] = []
        elif len(players) == 1:
            code = "unopposed"
            winners = players
        else:
            code = "batido" if batidos else "made"
            winners = [s for s in players if s not in batidos]
        seats = [payout[s] - pay_in[s] - ANTE for s in range(n)]
        return HandResult(
            points=tuple(self.card_pts),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=(),
            losers=tuple(sorted(batidos)),
            winners=tuple(sorted(winners)),
            reason_code=code,
            reason=REASONS[code],
            extra={
                "stakes": {"seats": seats, "pot": next_pot - self.carry},
                "pot": self.pot,
                "carry": self.carry,
                "antes": ANTE * n,
                "jugador": jugador,
                "companions": list(self.companions),
                "playing": players,
                "payout": payout,
                "pay_in": pay_in,
                "next_pot": next_pot,
                "batidos": batidos,
                "exchanged": list(self.exchanged),
                "auction": [{"seat": s, "call": c} for s, c in self.auction],
            },
        )

    # ------------------------------------------------------------ copies and observations

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, BatoHand)
        new.asked = self.asked
        new.auction = list(self.auction)
        new.carry = self.carry
        new.companions = list(self.companions)
        new.discarded = list(self.discarded)
        new.exchanged = list(self.exchanged)
        new.folded = self.folded
        new.jugador = self.jugador
        new.marked = self.marked
        new.order = self.order
        new.pot = self.pot
        new.stage = self.stage
        new.stock = self.stock
        new.stock_pos = self.stock_pos

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        mine = (
            seat is not None
            and self.stage == EXCHANGE_STAGE
            and seat == self.turn
            and self.phase == Phase.PREPLAY
        )
        return obs.with_parts(
            bidding=BiddingView(
                stage=STAGE_NAMES[self.stage] if self.phase == Phase.PREPLAY else None,
                auction=tuple(AuctionCall(s, c) for s, c in self.auction),
                jugador=self.jugador if self.jugador >= 0 else None,
                bid=None,
                trump_named=True,
                called=None,
                partner=None,
                playing=self.playing(),
                exchanged=tuple(self.exchanged),
                pot=self.pot,
                marked=tuple(notation_of_mask(self.marked)) if mine else (),
            ),
        )

    def stock_mask(self) -> int:
        """Every card off the table that nobody may see (for the server and tests, never for a
        seat): the rest of the stock, the discards and the folded cards."""
        mask = self.folded
        for c in self.stock[self.stock_pos :]:
            mask |= 1 << c
        for m in self.discarded:
            mask |= m
        return mask

    def hidden_cards(self) -> dict[str, Any]:
        """The cards nobody sees (for tests and the server, never for a seat): the discards
        per seat, the folded cards and the rest of the stock."""
        return {
            "discarded": [notation_of_mask(m) for m in self.discarded],
            "folded": notation_of_mask(self.folded),
            "stock": [NOTATION[c] for c in self.stock[self.stock_pos :]],
        }
