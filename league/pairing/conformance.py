"""The pairing's black-box interface: ``python -m league.pairing`` (see CONFORMANCE.md).

JSON Lines in, one JSON answer per line out, in order, flushed line by line. A query::

    {"q": "pair", "table_size": 4, "min_table_size": 3,
     "players": [{"id": "a", "score": 3, "rating": 1500, "opponents": ["b", "c"], "byes": 0}]}

gets ``{"tables": [["a", "d", "f", "k"], ...], "byes": ["x"]}``. A line that is not JSON, not a
``pair`` query, or holds a bad value gets ``{"error": "<message>"}``, and the next line is read.
Blank lines are skipped. The exit status is 0 unless standard input cannot be read at all.

Fields: ``table_size`` (required, 2..6); ``min_table_size`` (optional, 2..table_size, default
2 for one against one and 3 otherwise). Per player: ``id`` (required, a string or an integer,
unique), ``score`` (number, default 0), ``rating`` (number or null, default 0), ``opponents``
(ids, one per earlier meeting, default none), ``byes`` (integer >= 0, default 0), ``seats``
(optional: how often the player held each seat, mano first, to balance seats; default none).
Unknown fields (such as the vectors' ``expect`` and ``note``) are ignored.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable
from typing import IO, Any

from league.pairing.generator import pair
from league.pairing.types import Entry, PairingError, PlayerId


class QueryError(ValueError):
    """A query line the interface cannot answer; its message goes into ``{"error": ...}``."""


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _is_id(value: object) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise QueryError(f"{what} must be a whole number >= 0, not {json.dumps(value)}")
    return value


def _entry(raw: object, at: int) -> Entry:
    """One player of the query as an :class:`Entry`."""
    if not isinstance(raw, dict):
        raise QueryError(f"players[{at}] must be an object")
    if "id" not in raw:
        raise QueryError(f"players[{at}] has no id")
    player_id = raw["id"]
    if not _is_id(player_id):
        raise QueryError(f"players[{at}].id must be a string or an integer")
    name = json.dumps(player_id)
    score = raw.get("score", 0)
    if not _is_number(score):
        raise QueryError(f"the score of {name} must be a number")
    rating = raw.get("rating", 0)
    if rating is None:
        rating = 0
    if not _is_number(rating):
        raise QueryError(f"the rating of {name} must be a number")
    opponents = raw.get("opponents", [])
    if opponents is None:
        opponents = []
    if not isinstance(opponents, list) or not all(_is_id(o) for o in opponents):
        raise QueryError(f"the opponents of {name} must be a list of ids")
    byes_given = raw.get("byes")
    byes = 0 if byes_given is None else _count(byes_given, f"the byes of {name}")
    seats = raw.get("seats", [])
    if seats is None:
        seats = []
    if not isinstance(seats, list):
        raise QueryError(f"the seats of {name} must be a list of counts")
    seat_counts = tuple(_count(s, f"a seat count of {name}") for s in seats)
    ids: tuple[PlayerId, ...] = tuple(opponents)
    return Entry(
        id=player_id,
        score=score,
        rating=rating,
        opponents=ids,
        byes=byes,
        seat_counts=seat_counts,
    )


def _size(query: dict[str, Any], key: str) -> int:
    value = query[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise QueryError(f"{key} must be a whole number, not {json.dumps(value)}")
    return value


def answer(query: object) -> dict[str, Any]:
    """The answer to one decoded query (an error answer if it is not a good ``pair`` query).

    >>> answer({"q": "pair", "table_size": 2, "players": [{"id": "a"}, {"id": "b"}]})
    {'tables': [['a', 'b']], 'byes': []}
    >>> answer({"q": "pair", "table_size": 7, "players": []})
    {'error': 'table_size must be between 2 and 6, not 7'}
    """
    try:
        if not isinstance(query, dict):
            raise QueryError("a query must be a JSON object")
        if query.get("q") != "pair":
            kind = json.dumps(query.get("q"))
            raise QueryError(f'unknown query {kind}: this interface answers "pair"')
        if "table_size" not in query:
            raise QueryError("table_size is missing")
        table_size = _size(query, "table_size")
        min_table_size = None
        if query.get("min_table_size") is not None:
            min_table_size = _size(query, "min_table_size")
        players = query.get("players")
        if not isinstance(players, list):
            raise QueryError("players must be a list")
        entries = [_entry(raw, at) for at, raw in enumerate(players)]
        pairing = pair(entries, table_size=table_size, min_table_size=min_table_size)
    except (QueryError, PairingError) as error:
        return {"error": str(error)}
    return dict(pairing.as_json())


def answer_line(line: str) -> dict[str, Any]:
    """The answer to one line of JSON text.

    >>> answer_line("{not json")
    {'error': 'not JSON: Expecting property name enclosed in double quotes (line 1 column 2)'}
    """
    try:
        query = json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        message = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        where = (
            f" (line {error.lineno} column {error.colno})"
            if isinstance(error, json.JSONDecodeError)
            else ""
        )
        return {"error": f"not JSON: {message}{where}"}
    return answer(query)


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


def run(lines: Iterable[bytes], out: IO[str]) -> None:
    """Answer every non-blank line of ``lines``, one JSON answer per line on ``out``."""
    for raw in lines:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            result: dict[str, Any] = {"error": "the line is not UTF-8 text"}
        else:
            if not line.strip():
                continue
            try:
                result = answer_line(line)
            except Exception as error:  # a bug must not cost the answers to later lines
                result = {"error": f"internal error: {type(error).__name__}: {error}"}
        out.write(json.dumps(result) + "\n")
        out.flush()


def main() -> int:
    """Read queries from standard input until its end; 0, or 1 if it cannot be read."""
    try:
        run(sys.stdin.buffer, sys.stdout)
    except OSError as error:
        print(f"cannot read standard input: {error}", file=sys.stderr)
        return 1
    return 0
