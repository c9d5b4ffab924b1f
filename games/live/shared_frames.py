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

import asyncio
import contextlib
import json
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
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
    if user is None or not getattr(user, "is_authenticated", False):
        return True  # nobody's seat, nobody's table
    pk = user.pk
    if pk == snapshot.table.created_by_id:
        return False
    return all(seat.user_id != pk for seat in snapshot.seats)


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


#: The spectators' lane of each event loop (one process serves its sockets from one loop).
_lanes: dict[int, asyncio.Lock] = {}


@contextlib.asynccontextmanager
async def spectators_lane() -> AsyncIterator[None]:
    """Serve one spectator socket at a time, each after the event loop has run whatever else
    was ready.

    After a move every socket of the table gets its frame. With a hundred spectators
    watching, their hundred sends (a shared render, then a tenth of a millisecond each) would
    all be ready at once and run back to back, ahead of the players of this table and of
    every other table whose frames arrive meanwhile: the players would wait for the whole
    crowd. In the lane each spectator waits for the one before and then lets the loop go
    round once (``sleep(0)``), so a player's frame waits for one spectator's send at most,
    and the crowd is served in the loop's spare time, a few milliseconds later."""
    loop = asyncio.get_running_loop()
    lane = _lanes.get(id(loop))
    if lane is None:
        _lanes.clear()  # a process runs one loop; tests run many in turn
        lane = _lanes[id(loop)] = asyncio.Lock()
    async with lane:
        await asyncio.sleep(0)
        yield
