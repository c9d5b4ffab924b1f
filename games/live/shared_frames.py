"""One render per table revision and language for every viewer who sees only the public table.

After a move every socket of the table re-renders its board. A spectator (nobody's seat, not
the table's creator) sees exactly what every other spectator sees: the public observation, no
hand, no buttons of his own. So the first spectator socket of a revision renders the state
(its frame and its parts, :func:`shared_state`) and the others reuse it: the frame's JSON text
as it is for a client of the whole-``html`` protocol, or the parts that changed for a client
of the parts protocol. A seated player or the creator (who may manage the seats) always gets a
render of his own (whose common parts are shared in their turn, :mod:`games.live.fragments`):
nothing of a seat's private view is ever in a shared state, which is rendered for no seat
(``user=None``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from games.live.states import frame_text
from games.snapshots import Snapshot

#: Shared states kept (table, its seed, revision, version, language); old ones go first.
MAX_FRAMES = 2048

_lock = threading.Lock()
_states: OrderedDict[tuple[int, int, int, int, str], SharedState] = OrderedDict()
_renders = 0


class SharedState:
    """A revision's public state: the frame (without its table), the table's parts and, made
    once when first asked for, the whole frame's JSON text with the table as ``html``."""

    __slots__ = ("_changes", "_text", "frame", "key", "parts")

    def __init__(self, frame: dict[str, Any], parts: list[str], key: tuple[Any, ...] = ()) -> None:
        self.frame = frame
        self.parts = parts
        self.key = key
        self._text: str | None = None
        self._changes: dict[tuple[Any, ...], str] = {}

    def changes_text(self, before: SharedState) -> str:
        """The frame's JSON text for a parts client that holds ``before``'s parts: only the
        parts that changed, encoded once for every spectator socket coming from ``before``."""
        text = self._changes.get(before.key)
        if text is None:
            text = frame_text(self.frame, self.parts, sent=before.parts, as_parts=True)
            if len(self._changes) < 8:
                self._changes[before.key] = text
        return text

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps({**self.frame, "html": "".join(self.parts)})
        return self._text


def sees_public_table(snapshot: Snapshot, user: Any) -> bool:
    """Whether ``user`` sees nothing but the public table (no seat, not the creator)."""
    if snapshot.seat_of(user) is not None:
        return False
    created_by = snapshot.table.created_by_id
    is_creator = (
        user is not None
        and getattr(user, "is_authenticated", False)
        and created_by is not None
        and created_by == user.pk
    )
    return not is_creator


def shared_state(
    snapshot: Snapshot,
    language: str,
    render: Callable[[], tuple[dict[str, Any], list[str]]],
) -> SharedState:
    """The public state of ``snapshot`` in ``language``; ``render()`` (a render for no seat:
    the frame and the parts) runs only for the first caller."""
    global _renders
    table = snapshot.table
    key = (int(table.pk), int(table.seed), int(table.revision), int(table.version), language)
    with _lock:
        state = _states.get(key)
    if state is not None:
        return state
    frame, parts = render()
    state = SharedState(frame, parts, key)
    with _lock:
        _renders += 1
        _states[key] = state
        _states.move_to_end(key)
        while len(_states) > MAX_FRAMES:
            _states.popitem(last=False)
    return state


def shared_frame_text(
    snapshot: Snapshot, language: str, render: Callable[[], dict[str, Any]]
) -> tuple[str, int]:
    """The JSON text of the public ``state`` frame (table as ``html``) and its revision;
    ``render()`` (a whole frame for no seat) runs only for the first caller."""

    def split() -> tuple[dict[str, Any], list[str]]:
        frame = dict(render())
        return frame, [frame.pop("html")]

    state = shared_state(snapshot, language, split)
    return state.text, int(state.frame["revision"])


def renders() -> int:
    """How many shared states this process rendered (for tests and the benchmark)."""
    with _lock:
        return _renders


def clear() -> None:
    """Forget the shared states (tests; a restart)."""
    with _lock:
        _states.clear()
