"""A small bounded memo for the public pieces of a table's view (the match so far, how the last
hand ended): every viewer of a table gets them alike, after every move, in his language.

A piece is remembered under its inputs by value (their ``repr``: plain JSON-like values from
the engine's observation, the seats' names) and the active language, so a viewer gets a
remembered piece only if his own inputs were the very same. The pieces are read-only
dataclasses once built (nothing mutates a view's tally or summary after it is filled).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from games.render_language import active_language

T = TypeVar("T")

#: Pieces kept, the least recently used go first (two per busy table and language).
MAX_PIECES = 4096

_lock = threading.Lock()
_pieces: OrderedDict[tuple[Any, ...], Any] = OrderedDict()


def remembered(kind: str, inputs: tuple[Any, ...], build: Callable[[], T]) -> T:
    """``build()``, or what it gave before for equal ``inputs`` in the active language."""
    key = (kind, active_language(), repr(inputs))
    with _lock:
        if key in _pieces:
            _pieces.move_to_end(key)
            return _pieces[key]  # type: ignore[no-any-return]
    value = build()
    with _lock:
        _pieces[key] = value
        while len(_pieces) > MAX_PIECES:
            _pieces.popitem(last=False)
    return value


def clear() -> None:
    with _lock:
        _pieces.clear()
