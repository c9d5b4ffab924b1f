"""Bato (RULES.md §9.3; seed 000 "Otros tutes"): 3 to 6 players, four cards each, a pot.

Everybody antes 4 into the pot; the first to say "juego" is the jugador and must take two of
the four tricks; the others may accompany him ("acompaño"), each committing to one; the players
exchange cards with the stock as in poker and play the four tricks (no vale cargar, no cantos).
Each trick takes a quarter of the pot; a batido (who misses his commitment) pays the pot's
amount into the next one. The variant lives in four modules, one role each:

* :mod:`~games.engine.variants.bato_hand`: the hand (the deal, the auction, accompanying, the
  exchange, the play, the result and its observation);
* :mod:`~games.engine.variants.bato_settle`: what a hand pays (:func:`bato_settle`) and the
  conformance ``settle`` query;
* :mod:`~games.engine.variants.bato_match`: the match (the number of deals, the ledger, the
  pot carried over);
* this module: the options and the registered :data:`BATO` variant, re-exporting the names
  above.

Decisions where §9.3 is silent (also in docs/variants/bato.md):

* the auction's first stage is named ``bid`` in the observation (``juego`` or ``pass``);
* a player may mark at most as many cards to discard as the stock still holds;
* the seats that do not play fold their cards (out of play, hidden) and sit out the tricks;
* discards, folded cards and the stock are never shown, not even in the hand's result;
* a void deal counts as one of the match's ``hands``;
* a pot left at the match's end stays there, shared out to nobody.
"""

from __future__ import annotations

from typing import Final

from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.bato_hand import (
    ACCOMPANY_STAGE,
    BID_STAGE,
    EXCHANGE_STAGE,
    NO_STAGE,
    REASONS,
    STAGE_NAMES,
    BatoHand,
)
from games.engine.variants.bato_match import BatoMatch
from games.engine.variants.bato_settle import (
    ANTE,
    COMPANION_NEEDS,
    HAND_SIZE,
    JUGADOR_NEEDS,
    bato_settle,
    settle_query,
)

__all__ = [
    "ACCOMPANY_STAGE",
    "ANTE",
    "BATO",
    "BATO_OPTIONS",
    "BID_STAGE",
    "COMPANION_NEEDS",
    "EXCHANGE_STAGE",
    "HAND_SIZE",
    "JUGADOR_NEEDS",
    "NO_STAGE",
    "REASONS",
    "STAGE_NAMES",
    "BatoHand",
    "BatoMatch",
    "bato_settle",
    "settle_query",
]

BATO_OPTIONS: Final = (
    Option(
        "hands",
        12,
        "Number of deals in the match (a void deal counts as one).",
        choices=tuple(range(1, 49)),
        label=gettext_noop("Hands in the match"),
    ),
)

BATO: Final = register(
    Variant(
        key="bato",
        name=gettext_noop("Bato"),
        players=(3, 4, 5, 6),
        hand_class=BatoHand,
        match_class=BatoMatch,
        options=BATO_OPTIONS,
        summary=gettext_noop(
            "Four cards each and a pot: the jugador must take two tricks, each companion one; "
            "each trick takes a quarter of the pot, a batido pays the pot again."
        ),
        ranking=Ranking.STAKES,
        order=100,
    )
)
