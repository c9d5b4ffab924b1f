"""Spanish tute for two (RULES.md §4; seeds 001 and 004).

**Game and match.** A *game* is won by reaching 101 points (cards + 10 for the last trick +
cantos). It takes one deal, or two when nobody reaches 101 in the first. Each deal is one
:class:`DosHand`; the second deal gets the first deal's totals through
``HandSetup.context = {"carried": [p0, p1]}`` (no ``carried``: a first deal). The *match*
(:class:`DosMatch`) is a number of games agreed beforehand, option ``games`` (1, 3, 5 or 7;
default 3). **Decision:** the match ends as soon as a player has won a majority of the agreed
games (best of N): every game has exactly one winner, the choices are odd, and once a majority is
reached the remaining games cannot change the winner, so playing them would only lengthen a
league round. Players take turns dealing by whole games (seed 001, "los jugadores se turnan para
dar las cartas por juegos completos"): game k's first deal is dealt by the match's first dealer
for even k and by the other player for odd k; a second deal is dealt by the winner of the first
deal's last trick.

**The deal** (:mod:`~games.engine.variants.stock` gives the order of a stacked deck): 8 cards
each, the next card turned face up for trump, the stock on it (24 cards counting the turned
one, drawn last). The mano (the non-dealer) leads; after each trick the winner draws first, then
the other, and leads the next.

**Obligations.** While the stock lasts the one obligation is to answer a trump lead with a trump,
any trump (**Decision** of RULES.md on "asistir al palo de triunfo, sin montar"); other leads may
be answered with anything. Once the stock is empty, the standard obligations (RULES.md §1).

**The swap** (action ``swap``). The holder of the 7 of trump may exchange it for the turned card
when that is an as, three or figure; the holder of the 2, when it is a blank card. **Decision**
(RULES.md): on one's turn, before playing (leading or answering), while the stock holds more than
the turned card. The 7 (or 2) goes under the turned card at once, in its place at the bottom of
the stock, and the player takes the turned card after the next trick he wins (seed 001: "no
pudiendo tomar ésta hasta que gane baza"), even if he had won tricks before; until then he plays
a card short, and the turned card stays face up on the table, waiting for him. A trick won with
the card played right after the swap counts. Decisions of ours, where RULES.md is silent:

* if the stock runs out before the committed player wins a trick, he receives the turned card
  with the last draw (otherwise he would play the last 8 tricks a card short);
* one exchange per deal: the 7 (or 2) given for the turned card is not exchanged again (the seed
  speaks of exchanging "la carta que pinta", the card turned at the deal);
* a turned 2 cannot be exchanged (there is nothing to give for it).

The card given lies face up under the stock and is drawn last. Everything about the swap is
public (the observation's ``swap``: who made it, the card he gave, which lies under the stock,
the turned card he will take, and ``pending`` while it is still waiting for his next trick won).

**Cantos**: only the winner of a trick, before leading the next, one at a time: las cuarenta
(40, trump) or las veinte (20). Tute is not admitted in the game for two.

**Winning a game.** First deal: counted at the end. One player with 101 or more wins the game.
**Decision** (ours): if both reach 101 (only possible with heavy cantos), the one with more
points wins; equal points, the winner of the last trick (the seeds' general tie rule, "el ganar
esta última baza hace ganar el juego cuando hay empate a tantos"). Nobody at 101: the game goes
to a second deal, points carried over. Second deal: the player to act may ``claim`` at any turn
(in play or in the capote window): with 101 or more (carried + this deal) he wins the game, with
fewer he loses it; the deal stops at the claim. **Decision** (RULES.md): if nobody claims by the
end, the one who reached 101 first wins. The claim is always offered in the second deal, true or
not: hiding it would tell the player his own total.

**Capote** (action ``capote``). Once the stock is empty, before the first of the last 8 tricks,
a *capote window* opens: the leader (winner of the last stock trick) says ``capote`` or ``pass``,
then, if he passed, the other does. A declarer who wins all 8 tricks wins the game whatever the
points; as soon as the other wins a trick the deal stops and the other wins the game.
**Decision** (ours): after a declaration the game is decided by the capote alone, so no claim is
offered any more.

**What is public** (observations). As in every variant: the seat's own hand, hand sizes, the
trick in play and the last completed one (``history``; RULES.md §1 "Looking back"), the cantos
sung, the turned card, the stock's size, the card face up under it and who drew it, the swap, a
capote declaration and a claim. In the first deal the
running totals (``totals``: carried + cards + cantos) are shown. In the second deal they are
"kept from memory" (seeds 001, 004): the observation gives no total, no points and not who
reached 101 first (``totals`` is ``None``, ``totals_hidden`` true) until the deal is over. The
carried points stay public (``carried``): the first deal was counted openly at its end. In the
second deal a screen shows only the trick in play (RULES.md §1): the trick just taken stays on
the table until the next card is led (:meth:`DosHand.tricks_shown`), then no earlier trick. A
player who remembers the tricks knows the totals, as a player with a good memory does at the
table; a bot is given that memory (``observe(seat, memory=True)``).

>>> from games.engine import get_variant
>>> h = get_variant("dos").new_hand(players=2, seed=11, dealer=1)
>>> h.stock_left, h.hands[0].bit_count(), h.observation(0)["deal"]
(24, 8, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.engine import actions as A
from games.engine.cards import (
    CARDS,
    HIGH_CARDS,
    NOTATION,
    SEVEN,
    SUIT_MASK,
    SUIT_NAMES_EN,
    TWO,
    index_of,
)
from games.engine.errors import (
    IllegalActionError,
    ObligationError,
    SetupError,
    WrongPhaseError,
)
from games.engine.observation import DosView, Observation, StockSwap
from games.engine.rules import explain_obligation
from games.engine.state import HandResult, HandState, Phase
from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.dos_match import DosMatch
from games.engine.variants.stock import StockHand

GAME_POINTS: Final = 101
_PLAY: Final = Phase.PLAY
LAST_TRICKS: Final = 8  # tricks played once the stock is empty
GAMES_CHOICES: Final = (1, 3, 5, 7)

REASONS: Final = {
    "reached_101": "101 or more points in the first deal wins the game.",
    "both_101": "Both reached 101 in the first deal: the one with more points wins the game.",
    "both_101_tie": "Both reached 101 with equal points: the winner of the last trick wins.",
    "no_101": "Nobody reached 101: the winner of the last trick deals a second deal, and the "
    "points carry over.",
    "claim": "The claim was right (101 or more): the claimer wins the game.",
    "false_claim": "The claim was false (under 101): the other player wins the game.",
    "first_to_101": "Nobody claimed: the first to reach 101 wins the game.",
    "more_points": "Nobody reached 101: the one with more points wins the game.",
    "capote": "Capote made: the declarer took all 8 last tricks and wins the game.",
    "capote_failed": "Capote failed: the other player took a trick and wins the game.",
}


def first_deal_winner(totals: list[int], last_trick: int) -> tuple[int | None, str]:
    """The winner of a game at the end of its first deal, or None for a second deal.

    >>> first_deal_winner([101, 29], 1)
    (0, 'reached_101')
    >>> first_deal_winner([80, 50], 0)
    (None, 'no_101')
    >>> first_deal_winner([110, 110], 1)
    (1, 'both_101_tie')
    """
    a, b = totals
    if a < GAME_POINTS and b < GAME_POINTS:
        return None, "no_101"
    if a >= GAME_POINTS and b >= GAME_POINTS:
        if a == b:
            return last_trick, "both_101_tie"
        return (0 if a > b else 1), "both_101"
    return (0 if a >= GAME_POINTS else 1), "reached_101"


class DosHand(StockHand):
    """One deal of Spanish tute for two."""

    HAND_SIZE = 8
    ADMITS_TUTE = False

    __slots__ = (
        "capote_from",
        "capote_seat",
        "carried",
        "claim_seat",
        "first_reached",
        "reserved",
        "second",
        "swap_need",
        "swap_seat",
    )

    def _clone_extra(self, new: HandState) -> None:
        super()._clone_extra(new)
        assert isinstance(new, DosHand)
        new.capote_from = self.capote_from
        new.capote_seat = self.capote_seat
        new.carried = self.carried
        new.claim_seat = self.claim_seat
        new.first_reached = self.first_reached
        new.reserved = self.reserved
        new.second = self.second
        new.swap_need = self.swap_need
        new.swap_seat = self.swap_seat

    def _deal(self, deck: list[int]) -> None:
        super()._deal(deck)
        self.carried = _carried(self.setup.context)
        #: Whether this is the second deal of a game (points carried over, claims).
        self.second = "carried" in self.setup.context
        trump = self.trump
        need = index_of(trump, SEVEN) if HIGH_CARDS >> self.turned & 1 else index_of(trump, TWO)
        #: The card that may be given for the turned one (-1: none, the 2 was turned).
        self.swap_need = -1 if need == self.turned else need
        self.swap_seat = -1
        #: The turned card while it waits for a player who swapped before winning a trick.
        self.reserved = -1
        self.capote_seat = -1
        self.capote_from = -1  # number of tricks played when capote was declared
        self.claim_seat = -1
        self.first_reached = -1

    # ----------------------------------------------------------------- obligations

    @classmethod
    def open_legal(cls, hand: int, lead: int, trump: int) -> int:
        """While the stock lasts: a trump lead must be answered with a trump, any trump.

        >>> from games.engine.cards import mask_of, notation_of_mask
        >>> notation_of_mask(DosHand.open_legal(mask_of(["2O", "1E", "4C"]), 0, 0))
        ['2O']
        >>> notation_of_mask(DosHand.open_legal(mask_of(["2O", "1E"]), 2, 0))
        ['2O', '1E']
        """
        if lead == trump:
            return hand & SUIT_MASK[trump] or hand
        return hand

    def _follow_mask(self, seat: int, hand: int) -> int:
        if self.stock_left:  # open_legal, inlined
            trump = self.trump
            if self.lead == trump:
                return hand & SUIT_MASK[trump] or hand
            return hand
        return HandState._follow_mask(self, seat, hand)

    def _reject_card(self, card: int, legal: int) -> None:
        if self.trick and self.stock_left and self.hands[self.turn] >> card & 1:
            _msg, params = explain_obligation(card, legal, self.lead, self.trump, self.best)
            params["rule"] = "answer_trump"
            trump = SUIT_NAMES_EN[self.trump]
            raise ObligationError(
                f"A trump was led: you must answer with a trump ({trump}), any of them.", **params
            )
        super()._reject_card(card, legal)

    # ----------------------------------------------------------------- the draw, the swap

    def _after_trick(self, winner: int) -> None:
        if self.capote_seat >= 0 and winner != self.capote_seat:
            self._end()  # capote failed: the game is decided
            return
        if self.reserved >= 0 and winner == self.swap_seat:
            self._give_reserved()
        StockHand._after_trick(self, winner)  # (super(), without its cost on the hot path)

    def _on_stock_empty(self, leader: int) -> None:
        if self.reserved >= 0:
            self._give_reserved()
        self.phase = Phase.WINDOW  # the capote window: the leader speaks first
        self.turn = leader

    def _give_reserved(self) -> None:
        self.hands[self.swap_seat] |= 1 << self.reserved
        self.reserved = -1

    def _swap(self, seat: int) -> None:
        """The 7 (or 2) under the turned card at once; that waits for his next trick won."""
        need = self.swap_need
        self.hands[seat] ^= 1 << need
        self.swap_seat = seat
        self.bottom = need
        self.reserved = self.turned

    def _may_swap(self, seat: int) -> bool:
        need = self.swap_need
        return (
            need >= 0
            and self.swap_seat < 0
            and self.stock_left > 1
            and bool(self.hands[seat] >> need & 1)
        )

    def known_cards(self, seat: int) -> int:
        """Cards everyone knows ``seat`` holds: a face-up card he drew or took by the swap."""
        known = super().known_cards(seat)
        if self.swap_seat == seat and self.reserved < 0:
            known |= self.hands[seat] & (1 << self.turned)
        return known

    # ----------------------------------------------------------------- actions

    def legal_actions(self) -> list[int]:
        """The cards and cantos of any hand, plus ``swap`` when the seat to act may exchange
        the turned card, and ``claim`` on every turn of a second deal (until a capote)."""
        acts = HandState.legal_actions(self)
        if self.phase == _PLAY:
            need = self.swap_need  # _may_swap, inlined
            if (
                need >= 0
                and self.swap_seat < 0
                and self.stock_left > 1
                and self.hands[self.turn] >> need & 1
            ):
                acts.append(A.SWAP)
            if self.second and self.capote_seat < 0:
                acts.append(A.CLAIM)
        return acts

    def _other_actions(self) -> list[int]:
        if self.phase == Phase.WINDOW:
            acts = [A.CAPOTE, A.PASS]
            if self.second:
                acts.append(A.CLAIM)
            return acts
        return []

    def _apply_other(self, action: int) -> None:
        seat = self.turn
        if action == A.SWAP:
            self._swap(seat)
        elif action == A.CLAIM:
            self.claim_seat = seat
            self._end()
        elif action == A.CAPOTE:
            self.capote_seat = seat
            self.capote_from = len(self.history)
            self._close_window()
        elif action == A.PASS:
            if seat == self.leader:
                self.turn = 1 - seat
            else:
                self._close_window()
        else:
            super()._apply_other(action)

    def _close_window(self) -> None:
        self.phase = Phase.PLAY
        self.turn = self.leader

    def _reject(self, action: int) -> None:
        if self.phase == Phase.WINDOW and (0 <= action < 40 or A.SING <= action < A.SING + 4):
            raise WrongPhaseError(
                "The stock is empty: first say whether you declare capote "
                "('capote') or pass ('pass')."
            )
        if action == A.TUTE:
            raise IllegalActionError("Tute is not admitted in the Spanish tute for two.")
        if action == A.SWAP:
            self._reject_swap()
        if action == A.CLAIM:
            if not self.second:
                raise WrongPhaseError(
                    "Claims are made in a second deal only: the first deal is counted at its end."
                )
            raise WrongPhaseError("Capote has been declared: the tricks decide the game now.")
        if action == A.CAPOTE:
            if self.capote_seat >= 0:
                raise WrongPhaseError("Capote has already been declared in this deal.")
            raise WrongPhaseError(
                "Capote is declared once the stock is empty, before the first of the last 8 tricks."
            )
        if action == A.PASS:
            raise WrongPhaseError("There is nothing to pass now: play a card.")
        super()._reject(action)

    def _reject_swap(self) -> None:
        trump = SUIT_NAMES_EN[self.trump]
        if self.swap_need < 0:
            raise IllegalActionError(
                "The turned card is the 2: there is nothing to exchange for it."
            )
        if self.swap_seat >= 0:
            raise IllegalActionError("The turned card has already been exchanged in this deal.")
        if self.phase != Phase.PLAY or self.stock_left <= 1:
            raise WrongPhaseError(
                "The turned card may be exchanged only while the stock holds "
                "more than the turned card."
            )
        raise IllegalActionError(
            f"To exchange the turned {CARDS[self.turned].name('en')} you need the "
            f"{CARDS[self.swap_need].name('en')}.",
            card=NOTATION[self.swap_need],
            trump=trump,
        )

    # ----------------------------------------------------------------- points

    def totals(self) -> list[int]:
        """Game totals so far: carried points + cards + cantos (+ the last trick at the end).

        For the server and tests: in a second deal observations do not give them."""
        pts = self.hand_points()
        c = self.carried
        return [c[0] + pts[0], c[1] + pts[1]]

    def _note_reached(self, seat: int) -> None:
        if self.first_reached < 0:
            total = self.carried[seat] + self.card_pts[seat]  # totals()[seat], for one seat
            for c in self.cantos:
                if c.seat == seat:
                    total += c.points
            if total >= GAME_POINTS:
                self.first_reached = seat

    def _on_trick(self, winner: int, mask: int) -> bool:
        if self.first_reached < 0:
            self._note_reached(winner)
        return False

    def _sing(self, seat: int, suit: int) -> None:
        super()._sing(seat, suit)
        self._note_reached(seat)

    def _finish(self) -> HandResult:
        if self.history and not any(self.hands):
            self._note_reached(self.history[-1].winner)  # the 10 of the last trick
        points = self.hand_points()
        totals = self.totals()
        last = self.history[-1].winner if self.history else -1
        capote = None
        winner: int | None
        if self.claim_seat >= 0:
            s = self.claim_seat
            winner, code = (s, "claim") if totals[s] >= GAME_POINTS else (1 - s, "false_claim")
        elif self.capote_seat >= 0:
            c = self.capote_seat
            made = len(self.history) - self.capote_from == LAST_TRICKS and all(
                t.winner == c for t in self.history[self.capote_from :]
            )
            winner, code = (c, "capote") if made else (1 - c, "capote_failed")
            capote = c if made else None
        elif not self.second:
            winner, code = first_deal_winner(totals, last)
        elif self.first_reached >= 0:
            winner, code = self.first_reached, "first_to_101"
        else:  # only with a made-up carry-over: real ones always bring someone to 101
            winner = last if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
            code = "more_points"
        extra: dict[str, Any] = {
            "deal": 2 if self.second else 1,
            "carried": list(self.carried),
            "totals": totals,
            "first_to_101": self.first_reached if self.first_reached >= 0 else None,
            "last_trick": last if last >= 0 else None,
            "game_over": winner is not None,
            "claim": (
                {"seat": self.claim_seat, "valid": code == "claim"}
                if self.claim_seat >= 0
                else None
            ),
            "capote_declared": self.capote_seat if self.capote_seat >= 0 else None,
        }
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=(1 - winner,) if winner is not None else (),
            winners=(winner,) if winner is not None else (),
            reason_code=code,
            reason=REASONS[code],
            capote=capote,
            tute=None,
            extra=extra,
        )

    # ----------------------------------------------------------------- observations

    def tricks_shown(self) -> int:
        """The last completed trick; in the second deal only the trick in play (RULES.md §1):
        the trick just taken stays until the next card is led (a player sees what took it)."""
        return 0 if self.second and self.trick else 1

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        obs = super()._observe_extra(obs, seat)
        hidden = self.second and self.phase != Phase.END
        capote = self.capote_seat >= 0
        return obs.with_parts(
            dos=DosView(
                deal=2 if self.second else 1,
                carried=tuple(self.carried) if self.second else None,
                totals_hidden=hidden,
                totals=None if hidden else tuple(self.totals()),
                swap=(
                    None
                    if self.swap_seat < 0
                    else StockSwap(
                        self.swap_seat,
                        NOTATION[self.swap_need],
                        NOTATION[self.turned],
                        self.reserved >= 0,
                    )
                ),
                capote_window=self.phase == Phase.WINDOW,
                capote_seat=self.capote_seat if capote else None,
                capote_from_trick=self.capote_from if capote else None,
                claim_seat=None if self.claim_seat < 0 else self.claim_seat,
            ),
        )


def _carried(context: Mapping[str, Any]) -> tuple[int, int]:
    """The carried-over points of a second deal from the hand's context ((0, 0) if none)."""
    carried = context.get("carried")
    if carried is None:
        return (0, 0)
    if (
        not isinstance(carried, (list, tuple))
        or len(carried) != 2
        or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < GAME_POINTS for p in carried
        )
    ):
        raise SetupError(
            "A second deal carries two totals, each from 0 to 100, e.g. {'carried': [70, 64]}."
        )
    return (carried[0], carried[1])


DOS: Final = register(
    Variant(
        key="dos",
        name=gettext_noop("Tute for two (Spanish)"),
        players=(2,),
        hand_class=DosHand,
        match_class=DosMatch,
        options=(
            Option(
                "games",
                3,
                "Games agreed for the match; the first to win a majority of them wins it.",
                choices=GAMES_CHOICES,
                label=gettext_noop("Games in the match"),
            ),
        ),
        summary=gettext_noop(
            "Two players, eight cards each and a stock; 101 points win a game; capote wins "
            "outright."
        ),
        ranking=Ranking.GAMES,
        order=30,
    )
)
