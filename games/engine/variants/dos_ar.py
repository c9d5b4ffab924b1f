"""Argentine tute de a dos (RULES.md §5; seed 000, "Otros tutes").

The hand (:class:`DosArHand`, on :class:`~games.engine.variants.stock.StockHand`):

* 6 cards each; the next card is turned face up for trump and never swapped; the stock (28 cards
  counting the turned one) lies on it, so the turned card is drawn last. See
  :mod:`~games.engine.variants.stock` for the order in which a stacked deck is dealt.
* After each trick the winner draws first, then the other; the winner leads.
* While the stock lasts there is no obligation at all ("no es obligatorio responder al palo ni
  matar"); once it is empty, the standard obligations of RULES.md §1.
* Cantos and tute as in Cabrero (C-12..C-17): only the player who has just won a trick, before
  leading the next, may sing one canto: tute (he wins the hand at once), las cuarenta or las
  veinte. Cantos count into his points at the end.
* Only "a más": points are cards + 10 for the last trick + cantos, and the player with fewer
  points loses the hand. **Decision** (RULES.md §5): equal points, the winner of the last trick
  wins.
* **Decision** (ours; the seed says the tute de a dos is played "solo a más"): Cabrero's capote
  rule (C-7, C-18: a capote after singing loses) belongs to its "a menos" reckoning and does not
  apply; a player who takes every trick holds every point and wins.

Every hand has exactly one winner and one loser (``HandResult.winners`` / ``losers``, local
seats 0 and 1), which is what Cabrero's ``playoff`` option needs: it plays one hand of this
variant with ``HandSetup(players=2, dealer=0, first=True, options={}, context={"seats": [...]})``
(``context["seats"]`` names the Cabrero seats; this hand ignores it).

The standalone match (:class:`DosArMatch`): hands until a player has lost four; the dealer
alternates (the previous mano deals, RULES.md §2). The other player wins the match.

>>> from games.engine import get_variant
>>> m = get_variant("dos_ar").new_match(players=2, seed=5)
>>> while not m.is_terminal():
...     m.apply_action(m.legal_actions()[0])
>>> sorted(m.result().places), max(m.result().extra["lost"])
([1, 2], 4)
"""

from __future__ import annotations

from typing import Any, Final

from games.engine.match import MatchResult, MatchState
from games.engine.native import mypyc_attr
from games.engine.state import HandResult, HandSetup, HandState
from games.engine.variant import Ranking, Variant, gettext_noop, register
from games.engine.variants.stock import StockHand

LOSSES_TO_END: Final = 4
TRICKS: Final = 20  # 40 cards, two a trick

REASONS: Final = {
    "tute": "Tute was sung: the singer wins the hand.",
    "more_points": "The player with fewer points loses the hand.",
    "tie_last_trick": "Equal points: the winner of the last trick wins the hand.",
}


def dos_ar_winner(
    points: tuple[int, int] | list[int], last_trick: int, tute: int | None = None
) -> tuple[int, str]:
    """The winner of a hand of tute de a dos, and the reason code.

    >>> dos_ar_winner([70, 60], 1)
    (0, 'more_points')
    >>> dos_ar_winner([65, 65], 1)
    (1, 'tie_last_trick')
    >>> dos_ar_winner([0, 0], 1, tute=0)
    (0, 'tute')
    """
    if tute is not None:
        return tute, "tute"
    if points[0] != points[1]:
        return (0 if points[0] > points[1] else 1), "more_points"
    return last_trick, "tie_last_trick"


@mypyc_attr(allow_interpreted_subclasses=True)  # tests derive from it
class DosArHand(StockHand):
    """A hand of Argentine tute de a dos."""

    HAND_SIZE = 6

    __slots__ = ()

    def _follow_mask(self, seat: int, hand: int) -> int:
        if self.stock_left:  # no obligation while the stock lasts (open_legal, inlined)
            return hand
        return HandState._follow_mask(self, seat, hand)

    def _finish(self) -> HandResult:
        points = self.hand_points()
        last = self.history[-1].winner if self.history else self.mano
        tute = self.tute_seat if self.tute_seat >= 0 else None
        winner, code = dos_ar_winner(points, last, tute)
        capote = next((s for s in (0, 1) if self.tricks[s] == TRICKS), None)
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=(1 - winner,),
            winners=(winner,),
            reason_code=code,
            reason=REASONS[code],
            capote=capote,
            tute=tute,
            extra={"last_trick": last if self.history else None},
        )


class DosArMatch(MatchState):
    """A standalone match: hands until a player has lost four."""

    def _init_tally(self) -> None:
        self.lost = [0, 0]

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, DosArMatch)
        new.lost = list(self.lost)

    def _on_hand_end(self, result: HandResult) -> None:
        for s in result.losers:
            self.lost[s] += 1

    def _next_setup(self) -> HandSetup | None:
        if max(self.lost) >= LOSSES_TO_END:
            return None
        return super()._next_setup()

    def _finish(self) -> MatchResult:
        loser = 0 if self.lost[0] >= LOSSES_TO_END else 1
        winner = 1 - loser
        places = [0, 0]
        places[winner], places[loser] = 1, 2
        return MatchResult(
            places=tuple(places),
            winners=(winner,),
            hands_played=len(self.hands),
            summary=f"Seat {winner} wins: seat {loser} lost {LOSSES_TO_END} hands.",
            extra={"lost": list(self.lost)},
        )

    def _tally_json(self) -> dict[str, Any]:
        return {"lost": list(self.lost), "to_lose": LOSSES_TO_END}


DOS_AR: Final = register(
    Variant(
        key="dos_ar",
        name=gettext_noop("Tute for two (Argentine)"),
        players=(2,),
        hand_class=DosArHand,
        match_class=DosArMatch,
        summary=gettext_noop(
            "Two players, six cards each and a stock; fewer points lose the hand; four lost "
            "hands lose the match."
        ),
        ranking=Ranking.SURVIVAL,
        order=40,
    )
)
