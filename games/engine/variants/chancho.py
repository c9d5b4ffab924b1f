"""Tute Chancho (RULES.md §3; seed 000, "Otros tutes").

Cabrero, plus a forced canto: whoever takes a trick holding a king and a horse of one suit
must sing them, 40 in trump or 20 elsewhere. **Decision** (RULES.md §3): the forced canto is
scored for the taker, uses the canto of that trick (he may not sing another before leading),
and counts as having sung for the capote rule. **Decision** (ours, the sheets are silent): a
trick of four or more cards may hold two such pairs; both are sung.
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import ALL_KINGS, PAIR
from games.engine.state import Canto
from games.engine.variant import Ranking, Variant, gettext_noop, register
from games.engine.variants.cabrero import (
    CABRERO_OPTIONS,
    CabreroHand,
    CabreroMatch,
    CabreroRenuncioHand,
)


def forced_cantos(hand: CabreroHand, winner: int, mask: int) -> bool:
    """Sing for ``winner`` every king and horse of one suit among the cards ``mask`` he takes;
    whether there was one (his canto of the trick is then used up). Chancho's ``_on_trick``."""
    if not mask & (mask << 1) & ALL_KINGS:  # no king with its horse (one bit below it)
        return False
    forced = False
    for s in range(4):
        if (mask & PAIR[s]) == PAIR[s]:
            hand.sung |= 1 << s
            hand.sang[winner] = True
            hand.cantos.append(Canto(winner, s, hand.canto_value(s)))
            forced = True
    return forced


class ChanchoHand(CabreroHand):
    """A hand of Tute Chancho."""

    __slots__ = ()

    def _on_trick(self, winner: int, mask: int) -> bool:
        return forced_cantos(self, winner, mask)


class ChanchoRenuncioHand(CabreroRenuncioHand):
    """A hand of Tute Chancho under option ``renuncio``."""

    __slots__ = ()

    def _on_trick(self, winner: int, mask: int) -> bool:
        return forced_cantos(self, winner, mask)


#: The hands with Chancho's forced canto (``isinstance(hand, ChanchoRules)``). A tuple of the
#: two classes, not a mixin: the compiled build's native classes keep single inheritance.
ChanchoRules = (ChanchoHand, ChanchoRenuncioHand)


CHANCHO: Final = register(
    Variant(
        key="chancho",
        name=gettext_noop("Tute Chancho"),
        players=(3, 4, 5, 6),
        hand_class=ChanchoHand,
        match_class=CabreroMatch,
        options=CABRERO_OPTIONS,
        summary=gettext_noop(
            "Cabrero where a king and horse of one suit taken in a trick must be sung."
        ),
        ranking=Ranking.SURVIVAL,
        order=20,
    )
)
CHANCHO.renuncio_hand_class = ChanchoRenuncioHand
ChanchoRenuncioHand.variant = CHANCHO
