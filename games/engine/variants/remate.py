"""Tute Remate, tute subastado: three play, an auction names the jugador (RULES.md §9.1).

Thirty-six cards (no 2s), twelve each, no turned card. The players bid for the right to name
trump; the highest bidder, the *jugador*, plays against the other two (*la contra*) and must
total at least his bid (card points + 10 for the last trick + his cantos). Standard
obligations plus "no vale cargar". Stakes in tantos, kept in a ledger per match. The variant
lives in four modules, one role each:

* :mod:`~games.engine.variants.remate_hand`: the hand (who sits out, the deal without the 2s,
  the auction and the naming of trump, las cuarenta first, the result and its observation);
* :mod:`~games.engine.variants.remate_stakes`: what a hand pays (:func:`remate_stakes`) and the
  conformance ``settle`` query (:func:`settle_query`);
* :mod:`~games.engine.variants.remate_match`: the match (the number of hands, the ledger);
* this module: the options and the registered :data:`REMATE` variant, re-exporting the names
  above.

Decisions taken where RULES.md §9 leaves the point open (each one is also stated where it is
implemented, and in ``docs/variants/remate.md``):

* bids go from ``min_bid`` (50 to 100, default 60) up to 230, the most a jugador can total;
* a player outbid may bid again: a pass is final, but those who have not passed keep speaking;
* with four at the table the dealer sits the hand out (as in Tute Arrastrado);
* the jugador's tute is paid as a made bid doubled; a contra tute as a failed bid (not doubled);
* a capote doubles the bid's payment whichever way it goes; a hand ended by tute is no capote;
* a void hand (everybody passed) counts toward the match's number of hands.
"""

from __future__ import annotations

from typing import Final

from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.remate_hand import (
    BID_STAGE,
    NO_STAGE,
    REASONS,
    TRUMP_STAGE,
    TWOS,
    RemateHand,
)
from games.engine.variants.remate_match import DEFAULT_HANDS, RemateMatch
from games.engine.variants.remate_stakes import (
    BID_STEP,
    MAX_BID,
    MIN_BID,
    is_capote,
    remate_stakes,
    settle_query,
)

__all__ = [
    "BID_STAGE",
    "BID_STEP",
    "DEFAULT_HANDS",
    "MAX_BID",
    "MIN_BID",
    "NO_STAGE",
    "REASONS",
    "REMATE",
    "REMATE_OPTIONS",
    "TRUMP_STAGE",
    "TWOS",
    "RemateHand",
    "RemateMatch",
    "is_capote",
    "remate_stakes",
    "settle_query",
]

REMATE_OPTIONS: Final = (
    Option(
        "min_bid",
        MIN_BID,
        "The lowest opening bid (a multiple of 5, 50 to 100).",
        choices=tuple(range(50, 101, BID_STEP)),
        label=gettext_noop("Minimum bid"),
    ),
    Option(
        "hands",
        DEFAULT_HANDS,
        "Number of hands in the match (9 lets three players deal three times each).",
        choices=tuple(range(1, 49)),
        label=gettext_noop("Hands in the match"),
    ),
)

REMATE: Final = register(
    Variant(
        key="remate",
        name=gettext_noop("Tute Remate"),
        players=(3, 4),
        hand_class=RemateHand,
        match_class=RemateMatch,
        options=REMATE_OPTIONS,
        summary=gettext_noop(
            "Three play, 12 cards each, no 2s; the highest bidder names trump and must make "
            "his bid against the other two; stakes in tantos."
        ),
        ranking=Ranking.STAKES,
        order=80,
    )
)
