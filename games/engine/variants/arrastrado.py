"""Tute Arrastrado: three play, usually four take part (RULES.md §7; seeds 001 and 004).

Las cuarenta before the veinte, most points win, stakes in tantos with or without the plate.
The variant lives in four modules, one role each:

* :mod:`~games.engine.variants.arrastrado_hand`: the hand (who sits out, the deal, the swap and
  plate rounds before play, las cuarenta first, who wins, the result and its observation);
* :mod:`~games.engine.variants.arrastrado_stakes`: the ranking of a hand and what each seat and
  the plate gain (:func:`arrastrado_ranking`, :func:`arrastrado_stakes`);
* :mod:`~games.engine.variants.arrastrado_match`: the match (the number of hands, the ledger,
  the antes and the plate);
* this module: the options and the registered :data:`ARRASTRADO` variant. It re-exports the
  names above, so ``from games.engine.variants.arrastrado import ArrastradoHand`` keeps
  working.
"""

from __future__ import annotations

from typing import Final

from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.arrastrado_hand import (
    NO_STAGE,
    PLATE_STAGE,
    REASONS,
    SEVEN,
    SWAP_STAGE,
    ArrastradoHand,
)
from games.engine.variants.arrastrado_match import ArrastradoMatch
from games.engine.variants.arrastrado_stakes import (
    DEALER_ADDS,
    OUT,
    OUT_STAKE,
    PLATE_ANTE,
    PLATE_STAKE,
    WIN_STAKE,
    arrastrado_ranking,
    arrastrado_stakes,
)

__all__ = [
    "ARRASTRADO",
    "ARRASTRADO_OPTIONS",
    "DEALER_ADDS",
    "NO_STAGE",
    "OUT",
    "OUT_STAKE",
    "PLATE_ANTE",
    "PLATE_STAGE",
    "PLATE_STAKE",
    "REASONS",
    "SEVEN",
    "SWAP_STAGE",
    "WIN_STAKE",
    "ArrastradoHand",
    "ArrastradoMatch",
    "arrastrado_ranking",
    "arrastrado_stakes",
]

ARRASTRADO_OPTIONS: Final = (
    Option(
        "plate",
        False,
        "Play with the plate: 100 from each player to start, 20 from each "
        "dealer; a player may go to the plate, committing to 101.",
        label=gettext_noop("Play with the plate"),
    ),
    Option(
        "hands",
        12,
        "Number of hands in the match (12 lets everyone deal equally with three or four players).",
        choices=tuple(range(1, 49)),
        label=gettext_noop("Hands in the match"),
    ),
)

ARRASTRADO: Final = register(
    Variant(
        key="arrastrado",
        name=gettext_noop("Tute Arrastrado"),
        players=(3, 4),
        hand_class=ArrastradoHand,
        match_class=ArrastradoMatch,
        options=ARRASTRADO_OPTIONS,
        summary=gettext_noop(
            "Three play, 13 cards each; las cuarenta before the veinte; most points win; "
            "stakes in tantos, with or without the plate."
        ),
        ranking=Ranking.STAKES,
        order=60,
    )
)
