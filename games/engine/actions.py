"""Actions as small integers, after OpenSpiel.

An action is an ``int``; the hot path never builds an object for it.

====================  ============  =============================================
action                value         notation
====================  ============  =============================================
play a card           0..39         the card: ``12B``
sing a canto          40 + suit     ``sing:O`` (20, or 40 in trump; "acuse")
sing tute             44            ``tute`` (four kings or four horses)
swap for turned card  46            ``swap`` (the 7 or the 2 of trump)
declare capote        47            ``capote``
claim the game        48            ``claim`` (101 reached, Spanish tute for two)
go to the plate       49            ``plate`` (Tute Arrastrado)
pass                  50            ``pass`` (decline: plate, canto window, ...)
accuse seat k         56 + k        ``accuse:k`` (renuncio with the acusar option)
====================  ============  =============================================

>>> action_to_notation(37), action_to_notation(SING + 2), action_to_notation(ACCUSE + 1)
('12B', 'sing:E', 'accuse:1')
>>> parse_action("sing:c") == SING + 1
True
"""

from __future__ import annotations

from games.engine.cards import NOTATION, SUIT_LETTERS, Suit, parse_card
from games.engine.errors import NotationError

SING = 40
TUTE = 44
SWAP = 46
CAPOTE = 47
CLAIM = 48
PLATE = 49
PASS = 50
ACCUSE = 56
NUM_ACTIONS = ACCUSE + 6

_WORDS = {
    TUTE: "tute",
    SWAP: "swap",
    CAPOTE: "capote",
    CLAIM: "claim",
    PLATE: "plate",
    PASS: "pass",
}
_BY_WORD = {w: a for a, w in _WORDS.items()}


def is_card(action: int) -> bool:
    """Whether an action plays a card."""
    return 0 <= action < 40


def action_to_notation(action: int) -> str:
    """The text form of an action."""
    if 0 <= action < 40:
        return NOTATION[action]
    if SING <= action < SING + 4:
        return f"sing:{SUIT_LETTERS[action - SING]}"
    if ACCUSE <= action < ACCUSE + 6:
        return f"accuse:{action - ACCUSE}"
    word = _WORDS.get(action)
    if word is None:
        raise NotationError(f"{action!r} is not an action.")
    return word


def parse_action(text: object) -> int:
    """Parse an action from its notation (or pass an int through after checking it)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < NUM_ACTIONS and (
            text < 40 or text in _WORDS or SING <= text < SING + 4 or text >= ACCUSE
        ):
            return text
        raise NotationError(f"{text!r} is not an action.")
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not an action.")
    word = text.strip().lower()
    if word in _BY_WORD:
        return _BY_WORD[word]
    if word.startswith("sing:"):
        return SING + int(Suit.from_letter(word[5:]))
    if word.startswith("accuse:"):
        rest = word[7:]
        if rest.isdigit() and int(rest) < 6:
            return ACCUSE + int(rest)
        raise NotationError(f"{text!r}: name the accused seat, 0 to 5, e.g. accuse:2.")
    try:
        return parse_card(text)
    except NotationError:
        raise NotationError(
            f"{text!r} is not an action: play a card (e.g. 12B), or sing:O, tute, swap, "
            "capote, claim, plate, pass, accuse:N."
        ) from None
