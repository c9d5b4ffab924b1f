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
#: The key of each piece kept, by the piece's identity (the piece is kept alive by ``_pieces``).
_keys: dict[int, tuple[Any, ...]] = {}
#: The classes of the pieces ever kept: a value of another class is no remembered piece.
remembered_kinds: set[type] = set()


def remembered(kind: str, inputs: tuple[Any, ...], build: Callable[[], T]) -> T:
    """``build()``, or what it gave before for equal ``inputs`` in the active language."""
    key = (kind, active_language(), repr(inputs))
    with _lock:
        if key in _pieces:
            _pieces.move_to_end(key)
            return _pieces[key]  # type: ignore[no-any-return]
    value = build()
    with _lock:
        if key in _pieces:  # built meanwhile by another thread: keep one piece per key
            return _pieces[key]  # type: ignore[no-any-return]
        _pieces[key] = value
        if value is not None:
            _keys[id(value)] = key
            remembered_kinds.add(type(value))
        while len(_pieces) > MAX_PIECES:
            _, old = _pieces.popitem(last=False)
            _keys.pop(id(old), None)
    return value


def remembered_key(value: Any) -> tuple[Any, ...] | None:
    """The key ``value`` is remembered under, if it is a remembered piece (else None).

    A piece is a function of its key (its inputs by value and the language), so the key can
    stand for the piece wherever equal pieces must be told from different ones (the live
    parts' fingerprints). Read under the lock: a piece forgotten meanwhile is no longer kept,
    so its identity cannot have been taken by another object while it is looked up here."""
    with _lock:
        key = _keys.get(id(value))
        if key is not None and _pieces.get(key) is value:
            return key
    return None


def clear() -> None:
    with _lock:
        _pieces.clear()
        _keys.clear()
