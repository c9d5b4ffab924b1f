"""Codillo, four players: a jugador and a secret partner, the holder of the card he calls
(RULES.md §9.2; seed 000 "Otros tutes").

The variant lives in four modules, one role each:

* :mod:`~games.engine.variants.codillo_hand`: the hand (the deal, the auction, trump, the
  called card and the secret partner, play with "no vale cargar", cantos, the result and the
  observation that keeps the secret);
* :mod:`~games.engine.variants.codillo_score`: what a hand scores (:func:`codillo_score`) and
  the conformance ``settle`` answer;
* :mod:`~games.engine.variants.codillo_match`: the match (game points up to ``target``);
* this module: the options and the registered :data:`CODILLO` variant, re-exporting the
  names above.

**Decisions** where §9.2 is silent (also in ``docs/variants/codillo.md``): the deal goes one
card at a time from the mano; the called card is any card outside the jugador's hand, trump or
not; the partnership is public once the called card is played or the hand is over; capote
scores nothing more; a void hand passes the deal to the next seat and scores nothing; the
partnership lasts one hand (for ratings everyone plays for himself: places by game points).
"""

from __future__ import annotations

from typing import Final

from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.codillo_hand import (
    BID_STAGE,
    CALL_STAGE,
    REASONS,
    TRUMP_STAGE,
    CodilloHand,
)
from games.engine.variants.codillo_match import DEFAULT_TARGET, CodilloMatch
from games.engine.variants.codillo_score import codillo_score, settle_codillo

__all__ = [
    "BID_STAGE",
    "CALL_STAGE",
    "CODILLO",
    "CODILLO_OPTIONS",
    "DEFAULT_TARGET",
    "REASONS",
    "TRUMP_STAGE",
    "CodilloHand",
    "CodilloMatch",
    "codillo_score",
    "settle_codillo",
]

CODILLO_OPTIONS: Final = (
    Option(
        "target",
        DEFAULT_TARGET,
        "Game points that end the match: it ends after the hand in which a player reaches them.",
        choices=tuple(range(1, 31)),
        label=gettext_noop("Game points to win"),
    ),
)

CODILLO: Final = register(
    Variant(
        key="codillo",
        name=gettext_noop("Codillo"),
        players=(4,),
        hand_class=CodilloHand,
        match_class=CodilloMatch,
        options=CODILLO_OPTIONS,
        summary=gettext_noop(
            "Four players, 10 cards each; the first to say juego names trump and calls a "
            "card: its holder is his secret partner; the side with more points wins."
        ),
        ranking=Ranking.GAMES,
        order=90,
    )
)
