"""One render per table revision and language for every viewer who sees only the public table.

After a move every socket of the table re-renders its board. A spectator (nobody's seat, not
the table's creator) sees exactly what every other spectator sees: the public observation, no
hand, no buttons of his own. So the first spectator socket of a revision renders the frame and
the others reuse that frame's text (:func:`shared_frame_text`). A seated player or the creator
(who may manage the seats) always gets a render of his own: nothing of a seat's private view
is ever in a shared one, and a shared one is rendered for no seat (``user=None``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from games.snapshots import Snapshot

#: Shared frames kept (table, its seed, revision, version, language); old ones go first.
MAX_FRAMES = 2048

_lock = threading.Lock()
_frames: OrderedDict[tuple[int, int, int, int, str], str] = OrderedDict()
_renders = 0


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


def shared_frame_text(
    snapshot: Snapshot, language: str, render: Callable[[], dict[str, Any]]
) -> tuple[str, int]:
    """The JSON text of the public ``state`` frame of ``snapshot`` in ``language`` and its
    revision; ``render()`` (a render for no seat) runs only for the first caller."""
    global _renders
    table = snapshot.table
    key = (int(table.pk), int(table.seed), int(table.revision), int(table.version), language)
    with _lock:
        text = _frames.get(key)
    if text is not None:
        return text, int(table.revision)
    frame = render()
    text = json.dumps(frame)
    with _lock:
        _renders += 1
        _frames[key] = text
        _frames.move_to_end(key)
        while len(_frames) > MAX_FRAMES:
            _frames.popitem(last=False)
    return text, int(frame["revision"])


def renders() -> int:
    """How many shared frames this process rendered (for tests and the benchmark)."""
    with _lock:
        return _renders


def clear() -> None:
    """Forget the shared frames (tests; a restart)."""
    with _lock:
        _frames.clear()
