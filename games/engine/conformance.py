"""The engine's black-box conformance interface (``CONFORMANCE.md``).

``python -m games.engine.conformance`` reads JSON Lines on standard input, one query per line,
and writes one JSON answer per line on standard output, in order. A malformed query, or one
naming an unknown variant, gets ``{"error": "<message>"}`` and the rest is still answered.

Queries: ``legal`` (which cards may be played now), ``trick`` (who wins a complete trick),
``losers`` (who loses a Cabrero hand) and ``settle`` (what a finished hand of a bidding tute
pays; each bidding variant registers its answer, see :mod:`games.engine.variants.bidding`).
See :func:`answer`.

>>> answer({"q": "trick", "variant": "cabrero", "trump": "O", "trick": ["5E", "1E", "2O", "3E"]})
{'winner': 2, 'lead': 'E', 'trump': 'O'}
>>> answer({"q": "legal", "variant": "cabrero", "trump": "O", "trick": ["5E"],
...         "hand": ["2O", "12C", "1B"]})
{'legal': ['2O']}
>>> answer({"q": "legal", "variant": "nope"})  # doctest: +ELLIPSIS
{'error': "Unknown variant 'nope'. ..."}
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from games.engine import get_variant
from games.engine.cards import NOTATION, SUIT_LETTERS, Suit, indices, mask_of, parse_card
from games.engine.errors import TuteError
from games.engine.variants.bidding import has_settle, settle
from games.engine.variants.cabrero import cabrero_losers


class QueryError(ValueError):
    """A query that cannot be answered as written."""


def _field(query: dict[str, Any], name: str) -> Any:
    if name not in query:
        raise QueryError(f"missing field '{name}'")
    return query[name]


def _cards(query: dict[str, Any], name: str) -> list[int]:
    value = _field(query, name)
    if not isinstance(value, list):
        raise QueryError(f"'{name}' must be a list of cards")
    cards = [parse_card(c) for c in value]
    mask_of(cards)  # refuses a card listed twice
    return cards


def _suit(query: dict[str, Any], name: str) -> int:
    value = _field(query, name)
    if not isinstance(value, str) or len(value) != 1:
        raise QueryError(f"'{name}' must be a suit letter: O, C, E or B")
    return int(Suit.from_letter(value))


def _int_list(query: dict[str, Any], name: str, n: int | None = None) -> list[Any]:
    value = _field(query, name)
    if not isinstance(value, list) or (n is not None and len(value) != n):
        raise QueryError(f"'{name}' must be a list" + (f" of {n} values" if n else ""))
    return value


def answer(query: Any) -> dict[str, Any]:
    """Answer one parsed query; errors become ``{"error": ...}``."""
    try:
        return _answer(query)
    except (TuteError, QueryError, ValueError, TypeError) as exc:
        return {"error": str(exc)}


def _answer(query: Any) -> dict[str, Any]:
    if not isinstance(query, dict):
        raise QueryError("a query must be a JSON object")
    q = _field(query, "q")
    variant = get_variant(_field(query, "variant"))
    hand_class = variant.hand_class
    if q == "legal":
        trump = _suit(query, "trump")
        trick = _cards(query, "trick")
        hand = _cards(query, "hand")
        if len(trick) >= max(variant.players):
            raise QueryError("the trick is already complete")
        if set(trick) & set(hand):
            raise QueryError("a card cannot be both in the trick and in the hand")
        players = query.get("players")
        if players is not None and (
            isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6
        ):
            raise QueryError("'players' must be a number of players, 2 to 6")
        if players is not None and len(trick) >= players:
            raise QueryError(f"the trick is already complete: {players} play this hand")
        stock = query.get("stock", 0)
        if isinstance(stock, bool) or not isinstance(stock, int) or stock < 0:
            raise QueryError("'stock' must be a number of cards, 0 or more")
        legal = hand_class.legal_in_trick(mask_of(hand), trick, trump, stock)
        return {"legal": [NOTATION[i] for i in indices(legal)]}
    if q == "trick":
        trump = _suit(query, "trump")
        trick = _cards(query, "trick")
        if len(trick) < 2:
            raise QueryError("a trick has at least two cards")
        winner, lead, final_trump = hand_class.resolve_trick(trick, trump)
        return {"winner": winner, "lead": SUIT_LETTERS[lead], "trump": SUIT_LETTERS[final_trump]}
    if q == "losers":
        if variant.key not in ("cabrero", "chancho"):
            raise QueryError("'losers' is a Cabrero query")
        points = _int_list(query, "points")
        n = len(points)
        if not 3 <= n <= 6:
            raise QueryError("Cabrero is played by 3 to 6 players")
        tricks = _int_list(query, "tricks", n)
        sang = _int_list(query, "sang", n)
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in points + tricks):
            raise QueryError("'points' and 'tricks' must hold whole numbers")
        if not all(isinstance(x, bool) for x in sang):
            raise QueryError("'sang' must hold true or false")
        tute = query.get("tute")
        if tute is not None and (
            isinstance(tute, bool) or not isinstance(tute, int) or not 0 <= tute < n
        ):
            raise QueryError("'tute' must be a seat or null")
        mano = _field(query, "mano")
        if isinstance(mano, bool) or not isinstance(mano, int) or not 0 <= mano < n:
            raise QueryError("'mano' must be a seat")
        tiebreak = query.get("tiebreak", False)
        if not isinstance(tiebreak, bool):
            raise QueryError("'tiebreak' must be true or false")
        losers, _reason = cabrero_losers(points, tricks, sang, tute, mano, tiebreak)
        return {"losers": losers}
    if q == "settle":
        if not has_settle(variant.key):
            raise QueryError("'settle' is a query of the bidding tutes: remate, codillo, bato")
        return settle(variant.key, query)
    raise QueryError(f"unknown query {q!r}: use legal, trick, losers or settle")


def run(lines: Iterable[str], out: IO[str]) -> None:
    """Answer each non-blank line of ``lines`` on ``out``."""
    for line in lines:
        if not line.strip():
            continue
        try:
            query = json.loads(line)
        except json.JSONDecodeError as exc:
            result: dict[str, Any] = {"error": f"malformed JSON: {exc.msg}"}
        else:
            result = answer(query)
        out.write(json.dumps(result) + "\n")
        out.flush()


def main() -> int:
    """Entry point: standard input to standard output."""
    try:
        run(sys.stdin, sys.stdout)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read input: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
