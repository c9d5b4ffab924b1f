"""The plain hand of Tute Cabrero (RULES.md §2; seed 000, rules C-1..C-25): the deal, who
loses, the result. :mod:`games.engine.variants.cabrero` describes the variant as a whole.

* 4 and 5 players share all 40 cards; with 6 the dealer sits the hand out and deals 8 to each
  of the other five; with 3 each gets 13 and one card is left over (C-19, swaps automatic).
* First hand of a match: trump oros, the holder of the 2 of oros is mano (C-11, C-20); with 6
  players the mano is right of the (seeded) dealer. Later hands: the previous mano deals and the
  dealer's last card, shown, names trump; option ``trump_rotation`` instead cycles oros, copas,
  espadas, bastos (C-25a, more than three players only).
* Standard obligations; the winner of a trick may sing one canto (tute, 40 or 20) before
  leading the next.
* Observations add ``sitting_out``, ``retired`` and the public facts of the three-player deal:
  ``swaps`` (seat, card given, card taken; the face-down card is taken unseen, so ``None``) and
  ``shown`` (the 4 of oros that names the mano when the 2 lies face down); ``offences`` once the
  hand is over.
* Who loses: :func:`cabrero_losers` (C-7..C-9, C-18, C-22, option ``tiebreak`` C-25b); a
  proven renuncio (:mod:`games.engine.variants.cabrero_renuncio`) replaces that result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from games.engine.cards import (
    HIGH_CARDS,
    NOTATION,
    SUIT,
    TWO,
    index_of,
    mask_of_indices,
)
from games.engine.native import mypyc_attr
from games.engine.observation import CabreroView, DealSwap, Observation, SeatCard
from games.engine.rules import standard_legal
from games.engine.state import HandResult, HandState, Phase

OROS: Final = 0
TWO_OF_OROS: Final = index_of(OROS, 2)
FOUR_OF_OROS: Final = index_of(OROS, 4)
LOSSES_TO_RETIRE: Final = 4
RENUNCIO_CHARGE: Final = 2


def cabrero_losers(
    points: Sequence[int],
    tricks: Sequence[int],
    sang: Sequence[bool],
    tute: int | None,
    mano: int,
    tiebreak: bool = False,
    active: Sequence[int] | None = None,
) -> tuple[list[int], str]:
    """Who loses a Cabrero hand, and why (a reason code).

    ``points``, ``tricks`` and ``sang`` are per seat; ``active`` lists the seats that played the
    hand in play order from the mano (default: every seat, from ``mano``).

    >>> cabrero_losers([52, 40, 38, 0], [4, 3, 3, 0], [False] * 4, None, 0)
    ([1], 'middle')
    >>> cabrero_losers([130, 0, 0, 0], [10, 0, 0, 0], [False] * 4, None, 0)
    ([1, 2, 3], 'capote')
    >>> cabrero_losers([60, 60, 10], [4, 4, 5], [False] * 3, None, 0)
    ([0, 1, 2], 'tie')
    """
    n = len(points)
    if active is None:
        active = [(mano + i) % n for i in range(n)]
    if tute is not None:
        return sorted(s for s in active if s != tute), "tute"
    took = [s for s in active if tricks[s] > 0]
    if len(took) == 1:
        c = took[0]
        if sang[c]:
            return [c], "capote_sang"
        return sorted(s for s in active if s != c), "capote"
    if tiebreak:
        # C-25b: the mano gets half a point, the next a quarter, ...: ties go nearest the mano.
        ranked = sorted(took, key=lambda s: (-points[s], (s - mano) % n))
        if len(ranked) == 2:
            return [ranked[1]], "fewer_points"
        return sorted(ranked[1:-1]), "middle"
    if len(took) == 2:
        a, b = took
        if points[a] == points[b]:
            return sorted(took), "tie"
        return [a if points[a] < points[b] else b], "fewer_points"
    scores = [points[s] for s in took]
    top = max(scores)
    bottom = min(scores)
    tied_top = scores.count(top) > 1
    tied_bottom = scores.count(bottom) > 1
    middle = [s for s in took if bottom < points[s] < top]
    if not middle and (tied_top or tied_bottom):
        return sorted(took), "tie"
    if tied_top:
        middle += [s for s in took if points[s] == top]
    if tied_bottom:
        middle += [s for s in took if points[s] == bottom]
    return sorted(middle), "middle"


REASONS: Final = {
    "tute": "Tute was sung: everyone else loses.",
    "capote": "One player took every trick (capote): everyone else loses.",
    "capote_sang": "Capote after singing: the player who took every trick loses alone.",
    "fewer_points": "Two players took tricks: the one with fewer points loses.",
    "tie": "A tie left nobody in the middle: everyone who took a trick loses.",
    "middle": "The players in the middle lose; the most and the fewest points are safe.",
    "renuncio": "Renuncio proven: the offender loses the hand and is charged two lost hands.",
    "false_accusation": "The accusation was wrong: the accuser loses the hand.",
}


#: A mask per card index (``BIT[c] == 1 << c``): summing distinct bits builds a hand.
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(40))
_SEATING: Final[dict[tuple[int, int, frozenset[int]], tuple[tuple[int, ...], list[int], int]]] = {}


def _seating(
    n: int, dealer: int, retired: frozenset[int]
) -> tuple[tuple[int, ...], list[int], int]:
    """The seats dealt in, in play order from the dealer's right; the next seat of each; the
    seat sitting the hand out (-1 if none). With six in play the dealer sits out (C-21)."""
    key = (n, dealer, retired)
    found = _SEATING.get(key)
    if found is None:
        seats = [(dealer + 1 + i) % n for i in range(n)]
        active = [s for s in seats if s not in retired]
        sitting_out = -1
        if len(active) == 6:
            sitting_out = dealer
            active = active[:-1]
        nxt = list(range(n))
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        found = _SEATING[key] = (tuple(active), nxt, sitting_out)
    return found[0], list(found[1]), found[2]


def _holder(hands: list[int], active: tuple[int, ...], card: int) -> int:
    """The seat among ``active`` holding ``card``."""
    return next(s for s in active if hands[s] >> card & 1)


@mypyc_attr(allow_interpreted_subclasses=True)  # tests derive from it
class CabreroHand(HandState):
    """A hand of Tute Cabrero."""

    __slots__ = ("accusation", "offences", "retired", "shown", "sitting_out", "swaps")

    def _deal(self, deck: list[int]) -> None:
        setup = self.setup
        n = self.n
        self.offences: list[tuple[int, int]] = []  # (seat, card) of each renuncio
        self.accusation: tuple[int, int, bool] | None = None  # (accuser, accused, proven)
        self.retired: frozenset[int] = frozenset(setup.context.get("retired", ()))
        #: Public facts of the three-player deal: (seat, card given, card taken or -1 when
        #: taken unseen) per swap, and (seat, card) shown (the 4 of oros naming the mano).
        self.swaps: tuple[tuple[int, int, int], ...] = ()
        self.shown: tuple[tuple[int, int], ...] = ()
        active, self.next_seat, self.sitting_out = _seating(n, setup.dealer, self.retired)
        self.active = active
        k = len(active)
        dealt = 39 if k == 3 else 40
        hands = [0] * n
        for i, s in enumerate(active):  # one card at a time, round-robin from the dealer's right
            hands[s] = mask_of_indices(deck[i:dealt:k])
        self.hands = hands
        last_card = deck[dealt - 1]  # the last card dealt, held by active[-1]
        first = setup.first
        rotation = bool(setup.options.get("trump_rotation")) and k > 3
        if k == 3:
            self._deal_three(deck[39], first)
        elif first:
            self.trump = OROS
            if k == n:  # 4 or 5 players: the holder of the 2 of oros is mano
                self._set_mano(active[deck.index(TWO_OF_OROS) % k])
            else:
                self.mano = active[0]
        else:
            self.mano = active[0]
            if rotation:
                self.trump = setup.hand_number % 4
            else:
                self.trump = SUIT[last_card]
                self.turned = last_card
        if rotation and first:
            self.trump = OROS

    def _set_mano(self, seat: int) -> None:
        """Make ``seat`` mano: the seat before it in play order deals (first hand only)."""
        active = list(self.active)
        i = active.index(seat)
        self.active = tuple(active[i:] + active[:i])
        self.mano = seat
        self.dealer = self.active[-1]

    def _deal_three(self, leftover: int, first: bool) -> None:
        """Three players (C-19): the leftover card and the automatic swaps."""
        hands = self.hands
        active = self.active

        if first:
            self.trump = OROS
            if leftover == TWO_OF_OROS:
                h = _holder(hands, active, FOUR_OF_OROS)
                self.shown = ((h, FOUR_OF_OROS),)
                self._set_mano(h)
                self.out_of_play = 1 << TWO_OF_OROS
            else:
                h = _holder(hands, active, TWO_OF_OROS)
                hands[h] ^= (1 << TWO_OF_OROS) | (1 << leftover)
                self.swaps = ((h, TWO_OF_OROS, -1),)  # the face-down card is taken unseen
                self.out_of_play = 1 << TWO_OF_OROS
                self._set_mano(h)
            return
        self.mano = active[0]
        trump = SUIT[leftover]
        self.trump = trump
        self.turned = leftover
        table = leftover
        seven = index_of(trump, 7)
        two = index_of(trump, TWO)
        if (1 << leftover) & HIGH_CARDS:
            h = _holder(hands, active, seven)
            hands[h] ^= (1 << seven) | (1 << table)
            h2 = _holder(hands, active, two)
            hands[h2] ^= (1 << two) | (1 << seven)
            self.swaps = ((h, seven, leftover), (h2, two, seven))
            table = two
        elif leftover in (index_of(trump, 7), index_of(trump, 6), index_of(trump, 5)):
            h = _holder(hands, active, two)
            hands[h] ^= (1 << two) | (1 << table)
            self.swaps = ((h, two, leftover),)
            table = two
        self.out_of_play = 1 << table
        self.turned = table

    def obligatory_mask(self) -> int:
        """The cards the rules oblige now (the legal ones, unless the table plays renuncio)."""
        if self.phase != Phase.PLAY:
            return 0
        seat = self.turn
        if self.trick:
            return standard_legal(self.hands[seat], self.lead, self.trump, self.best)
        return self.hands[seat]

    # ------------------------------------------------------------ result

    def _finish(self) -> HandResult:
        points = self.hand_points()
        charges: dict[int, int] = {}
        tute = self.tute_seat if self.tute_seat >= 0 else None
        opts = self.setup.options
        capote = None
        if self.accusation is not None:
            accuser, accused, proven = self.accusation
            if proven:
                losers, code = [accused], "renuncio"
                charges[accused] = RENUNCIO_CHARGE
            else:
                losers, code = [accuser], "false_accusation"
        elif self.offences and not opts.get("acusar"):
            offenders = sorted({s for s, _ in self.offences})
            losers, code = offenders, "renuncio"
            charges = dict.fromkeys(offenders, RENUNCIO_CHARGE)
        else:
            losers, code = cabrero_losers(
                points,
                self.tricks,
                self.sang,
                tute,
                self.mano,
                bool(opts.get("tiebreak")),
                self.active,
            )
            if code.startswith("capote"):
                capote = next(s for s in self.active if self.tricks[s] > 0)
        for s in losers:
            charges.setdefault(s, 1)
        winners = tuple(s for s in self.active if s not in losers)
        extra: dict[str, Any] = {
            "charges": {str(s): c for s, c in sorted(charges.items())},
            "offences": [[s, NOTATION[c]] for s, c in self.offences],
            "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
        }
        if self.accusation is not None:
            accuser, accused, proven = self.accusation
            extra["accusation"] = {"accuser": accuser, "accused": accused, "proven": proven}
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=tuple(losers),
            winners=winners,
            reason_code=code,
            reason=REASONS[code],
            capote=capote,
            tute=tute,
            extra=extra,
        )

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, CabreroHand)
        new.accusation = self.accusation
        new.offences = list(self.offences)
        new.retired = self.retired
        new.shown = self.shown
        new.sitting_out = self.sitting_out
        new.swaps = self.swaps

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        return obs.with_parts(
            cabrero=CabreroView(
                sitting_out=self.sitting_out if self.sitting_out >= 0 else None,
                retired=tuple(sorted(self.retired)),
                swaps=tuple(
                    DealSwap(s, NOTATION[gave], NOTATION[took] if took >= 0 else None)
                    for s, gave, took in self.swaps
                ),
                shown=tuple(SeatCard(s, NOTATION[c]) for s, c in self.shown),
                offences=(
                    tuple((s, NOTATION[c]) for s, c in self.offences)
                    if self.phase == Phase.END
                    else None
                ),
            ),
        )
