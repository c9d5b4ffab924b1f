"""Tute Cabrero, 3 to 6 players (RULES.md §2; seed 000, rules C-1..C-25).

Everyone for himself: the players in the middle lose the hand, four lost hands and a player
retires. The variant lives in four modules, one role each:

* :mod:`~games.engine.variants.cabrero_hand`: the plain hand (the deal for 3 to 6 players, the
  shown or rotating trump, who loses: :func:`cabrero_losers`, the result and the observation's
  Cabrero fields);
* :mod:`~games.engine.variants.cabrero_renuncio`: the hand under options ``renuncio`` and
  ``acusar`` (illegal cards accepted and punished, accusations, the accusation window);
* :mod:`~games.engine.variants.cabrero_match`: the match (lost hands, retirement, places, the
  ``playoff`` of the last two);
* this module: the options and the registered :data:`CABRERO` variant. It re-exports the
  names above, so ``from games.engine.variants.cabrero import CabreroHand`` keeps working.

Tute Chancho (:mod:`games.engine.variants.chancho`) reuses all of it.
"""

from __future__ import annotations

from typing import Final

from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.cabrero_hand import (
    BIT,
    FOUR_OF_OROS,
    LOSSES_TO_RETIRE,
    OROS,
    REASONS,
    RENUNCIO_CHARGE,
    TWO_OF_OROS,
    CabreroHand,
    cabrero_losers,
)
from games.engine.variants.cabrero_match import CabreroMatch
from games.engine.variants.cabrero_renuncio import CabreroRenuncioHand

__all__ = [
    "BIT",
    "CABRERO",
    "CABRERO_OPTIONS",
    "FOUR_OF_OROS",
    "LOSSES_TO_RETIRE",
    "OROS",
    "REASONS",
    "RENUNCIO_CHARGE",
    "TWO_OF_OROS",
    "CabreroHand",
    "CabreroMatch",
    "CabreroRenuncioHand",
    "cabrero_losers",
]

CABRERO_OPTIONS: Final = (
    Option(
        "trump_rotation",
        False,
        "No shown card: trump goes oros, copas, espadas, bastos "
        "by hand (C-25a; four or more players).",
        label=gettext_noop("Trump rotation (no shown card)"),
    ),
    Option(
        "tiebreak",
        False,
        "Ties go to the player nearest the mano (C-25b).",
        label=gettext_noop("Ties go to the player nearest the mano"),
    ),
    Option(
        "playoff",
        False,
        "The last two play one hand of Argentine tute de a dos (C-25c).",
        label=gettext_noop("The last two play a final hand"),
    ),
    Option(
        "renuncio",
        False,
        "Illegal cards are accepted and punished (C-23).",
        label=gettext_noop("Renuncio: illegal cards are accepted and punished"),
    ),
    Option(
        "acusar",
        False,
        "With renuncio: a player may accuse; the hand stops (C-25d).",
        label=gettext_noop("Accusations (with renuncio)"),
    ),
)

CABRERO: Final = register(
    Variant(
        key="cabrero",
        name=gettext_noop("Tute Cabrero"),
        players=(3, 4, 5, 6),
        hand_class=CabreroHand,
        match_class=CabreroMatch,
        options=CABRERO_OPTIONS,
        summary=gettext_noop(
            "Everyone for himself; the players in the middle lose the hand; four lost hands "
            "and you retire."
        ),
        ranking=Ranking.SURVIVAL,
        order=10,
    )
)
CABRERO.renuncio_hand_class = CabreroRenuncioHand
CabreroRenuncioHand.variant = CABRERO
