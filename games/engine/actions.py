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
bid v points          64 + v // 5   ``bid:80`` (remate's auction; v a multiple of 5)
name trump suit s     112 + s       ``trump:O`` (the jugador of remate, codillo)
juego                 116           ``juego`` (take the game: codillo, bato)
acompaño              117           ``acompano`` (accompany the jugador: bato)
call card c           120 + c       ``call:1O`` (the jugador's called card: codillo)
discard card c        160 + c       ``discard:7E`` (mark a card for the exchange: bato)
exchange              200           ``exchange`` (discard the marked cards, draw: bato)
====================  ============  =============================================

In the bidding tutes (RULES.md §9) ``pass`` is also "paso".

>>> action_to_notation(37), action_to_notation(SING + 2), action_to_notation(ACCUSE + 1)
('12B', 'sing:E', 'accuse:1')
>>> parse_action("sing:c") == SING + 1
True
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import NOTATION, SUIT_LETTERS, Suit, parse_card
from games.engine.errors import NotationError

SING: Final = 40
TUTE: Final = 44
SWAP: Final = 46
CAPOTE: Final = 47
CLAIM: Final = 48
PLATE: Final = 49
PASS: Final = 50
ACCUSE: Final = 56
BID: Final = 64
MAX_BID: Final = 235
TRUMP: Final = 112
JUEGO: Final = 116
ACOMPANO: Final = 117
CALL: Final = 120
DISCARD: Final = 160
EXCHANGE: Final = 200
NUM_ACTIONS: Final = EXCHANGE + 1

_WORDS: Final = {
    TUTE: "tute",
    SWAP: "swap",
    CAPOTE: "capote",
    CLAIM: "claim",
    PLATE: "plate",
    PASS: "pass",
    JUEGO: "juego",
    ACOMPANO: "acompano",
    EXCHANGE: "exchange",
}
_BY_WORD: Final = {w: a for a, w in _WORDS.items()}
_BY_WORD.update({"paso": PASS, "acompaño": ACOMPANO})


def bid_action(points: int) -> int:
    """The action that bids ``points`` (a multiple of 5, at most :data:`MAX_BID`).

    >>> action_to_notation(bid_action(80)), bid_value(parse_action("bid:80"))
    ('bid:80', 80)
    """
    if points % 5 or not 0 <= points <= MAX_BID:
        raise NotationError(f"A bid is a multiple of 5 up to {MAX_BID}, not {points!r}.")
    return BID + points // 5


def bid_value(action: int) -> int:
    """The points an action of :func:`bid_action` bids."""
    return (action - BID) * 5


def is_bid(action: int) -> bool:
    """Whether an action is a bid of remate's auction."""
    return BID <= action <= BID + MAX_BID // 5


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
    if is_bid(action):
        return f"bid:{bid_value(action)}"
    if TRUMP <= action < TRUMP + 4:
        return f"trump:{SUIT_LETTERS[action - TRUMP]}"
    if CALL <= action < CALL + 40:
        return f"call:{NOTATION[action - CALL]}"
    if DISCARD <= action < DISCARD + 40:
        return f"discard:{NOTATION[action - DISCARD]}"
    word = _WORDS.get(action)
    if word is None:
        raise NotationError(f"{action!r} is not an action.")
    return word


def parse_action(text: object) -> int:
    """Parse an action from its notation (or pass an int through after checking it)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < NUM_ACTIONS and (
            text < 40
            or text in _WORDS
            or SING <= text < SING + 4
            or ACCUSE <= text < ACCUSE + 6
            or is_bid(text)
            or TRUMP <= text < TRUMP + 4
            or CALL <= text < CALL + 80
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
    if word.startswith("bid:"):
        rest = word[4:]
        if rest.isdigit():
            return bid_action(int(rest))
        raise NotationError(f"{text!r}: a bid is a number of points, e.g. bid:80.")
    if word.startswith("trump:"):
        return TRUMP + int(Suit.from_letter(word[6:]))
    if word.startswith("call:"):
        return CALL + parse_card(word[5:])
    if word.startswith("discard:"):
        return DISCARD + parse_card(word[8:])
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
            "capote, claim, plate, pass, accuse:N, bid:80, trump:O, juego, acompano, call:1O, "
            "discard:7E, exchange."
        ) from None
