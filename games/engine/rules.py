"""Trick rules shared by the variants, on bit masks (RULES.md §1).

The trick is summarised by three numbers: the suit led, the trump, and ``best``, the index of
the card that wins the trick so far. A trump "lies in the trick" exactly when ``best`` is a trump
(a trump, once played, can only be beaten by a higher trump).

>>> from games.engine.cards import mask_of, parse_card, notation_of_mask
>>> hand = mask_of(["1E", "2E", "3O", "12C"])
>>> notation_of_mask(standard_legal(hand, 2, 0, parse_card("7E")))
['1E']
>>> notation_of_mask(standard_legal(mask_of(["2O", "12C", "1B"]), 2, 0, parse_card("4O")))
['2O', '12C', '1B']
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import (
    ABOVE,
    CARDS,
    NOTATION,
    SUIT,
    SUIT_MASK,
    SUIT_NAMES_EN,
    indices,
)

#: Points for taking the last trick of a hand (the "diez de últimas").
LAST_TRICK_BONUS: Final = 10


def standard_legal(hand: int, lead: int, trump: int, best: int) -> int:
    """The cards of ``hand`` that may be played into a trick (not led) under the standard
    obligations "asistir, montar, fallar y pisar", with contrafallo allowed.

    ``lead`` is the suit led, ``trump`` the trump suit, ``best`` the winning card so far.
    """
    follow = hand & SUIT_MASK[lead]
    trumped = SUIT[best] == trump and lead != trump
    if follow:
        if trumped:
            return follow
        higher = follow & ABOVE[best]
        return higher or follow
    trumps = hand & SUIT_MASK[trump]
    if trumps:
        if not trumped:
            return trumps
        higher = trumps & ABOVE[best]
        return higher or hand
    return hand


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now beats the trick's winning card ``best``.

    >>> from games.engine.cards import parse_card as p
    >>> beats(p("2O"), p("1E"), 0), beats(p("1O"), p("7B"), 2)
    (True, False)
    """
    if SUIT[card] == SUIT[best]:
        return card > best
    return SUIT[card] == trump


def trick_winner(cards: list[int], trump: int) -> int:
    """Position in ``cards`` (leader first) of the card that wins a trick.

    >>> from games.engine.cards import parse_card as p
    >>> trick_winner([p("5E"), p("1E"), p("2O"), p("3E")], 0)
    2
    """
    win = 0
    best = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best, trump):
            best = c
            win = i
    return win


def _names(mask: int) -> str:
    return ", ".join(CARDS[i].name("en") for i in indices(mask))


def explain_obligation(
    card: int, legal: int, lead: int, trump: int, best: int
) -> tuple[str, dict[str, object]]:
    """A readable reason why ``card`` may not be played when only ``legal`` may.

    Returns the English message and the parameters it was built from (for translation).
    """
    params: dict[str, object] = {
        "card": NOTATION[card],
        "legal": [NOTATION[i] for i in indices(legal)],
        "lead": SUIT_NAMES_EN[lead],
        "trump": SUIT_NAMES_EN[trump],
        "best": NOTATION[best],
    }
    if legal & ~SUIT_MASK[lead] == 0:
        if legal & ~ABOVE[best] == 0 and SUIT[best] == lead:
            params["rule"] = "follow_higher"
            return (
                f"You must follow suit with a higher {SUIT_NAMES_EN[lead][:-1]}: "
                f"you hold the {_names(legal)}.",
                params,
            )
        params["rule"] = "follow"
        return (
            f"You must follow suit ({SUIT_NAMES_EN[lead]}): you hold the {_names(legal)}.",
            params,
        )
    if legal & ~SUIT_MASK[trump] == 0:
        if SUIT[best] == trump:
            params["rule"] = "overtrump"
            return (
                f"You have no {SUIT_NAMES_EN[lead]}, so you must beat the trump on the "
                f"table: you hold the {_names(legal)}.",
                params,
            )
        params["rule"] = "trump"
        return (
            f"You have no {SUIT_NAMES_EN[lead]}, so you must play a trump "
            f"({SUIT_NAMES_EN[trump]}): you hold the {_names(legal)}.",
            params,
        )
    params["rule"] = "other"
    return (
        f"You may not play the {CARDS[card].name('en')} now: you may play the {_names(legal)}.",
        params,
    )
