"""The ``state`` frame of a table for one viewer: built from a snapshot, in parts.

A frame's table is the list of parts of :mod:`games.live.parts`. A client that asked for
parts in its ``hello`` gets them whole in the first frame (``"parts": [...]``) and then only
those that changed (``"changed": [[index, text], ...]``, :func:`frame_text`); any other
client gets them joined, as ``"html"``, in every frame.
"""

from __future__ import annotations

import json
import json.encoder
from typing import Any

from django.utils import translation

from games import presenters, snapshots
from games.live.parts import changed_parts, live_parts
from games.render_language import rendering_in


def live_template(table: Any) -> str:
    """The partial that shows a table: the game (or its waiting room), or, once the table
    was abandoned, the notice that it was (with the reason): the last frame its sockets get."""
    if table.status == "abandoned":
        return "games/_abandoned.html"
    return "games/_live.html"


def render_state(
    snapshot: snapshots.Snapshot, *, user: Any, language: str
) -> tuple[dict[str, Any], list[str]]:
    """The ``state`` frame of ``snapshot`` for ``user`` without its table, and the table's
    parts, rendered in ``language``. Reads nothing from the database."""
    with rendering_in(language):
        view = presenters.table_view(snapshot=snapshot, user=user)
        parts = live_parts(view)
    frame: dict[str, Any] = {
        "type": "state",
        "version": view.version,
        "revision": view.revision,
        "seat": view.your_seat,
        "status": snapshot.table.status,
        "your_turn": view.your_turn,
        "legal": view.legal,
    }
    return frame, parts


def render_state_frame(
    snapshot: snapshots.Snapshot, *, user: Any, language: str, missed: list[str] | None = None
) -> dict[str, Any]:
    """The whole ``state`` frame of ``snapshot`` for ``user`` (its table as ``html``)."""
    frame, parts = render_state(snapshot, user=user, language=language)
    frame["html"] = "".join(parts)
    if missed:
        frame["missed"] = missed
    return frame


def frame_text(
    frame: dict[str, Any],
    parts: list[str],
    *,
    sent: list[str] | None,
    as_parts: bool,
    missed: list[str] | None = None,
) -> str:
    """The JSON text of ``frame`` with its table: joined as ``html``; or, for a client of the
    parts protocol that holds the parts ``sent``, only the ones that changed (all of them when
    it holds none).

    The text is ``json.dumps`` of the frame with those keys added, to the byte; the parts'
    texts are encoded through :func:`encoded`, so a part that every viewer shares (the corner,
    the panel's sections...) is escaped once per process, not once per socket."""
    if not frame or not _ADDED.isdisjoint(frame):
        raise ValueError(f"a state frame without {sorted(_ADDED)} is needed, got {sorted(frame)}")
    out = [json.dumps(frame)[:-1]]
    if not as_parts:
        out.append(', "html": "')
        out.extend(encoded(text)[1:-1] for text in parts)
        out.append('"')
    else:
        changed = changed_parts(sent, parts)
        if changed is None:
            out.append(', "parts": [')
            out.append(", ".join(encoded(text) for text in parts))
            out.append("]")
        else:
            out.append(', "changed": [')
            out.append(", ".join(f"[{int(i)}, {encoded(text)}]" for i, text in changed))
            out.append("]")
    if missed:
        out.append(', "missed": ')
        out.append(json.dumps(missed))
    out.append("}")
    return "".join(out)


#: The keys :func:`frame_text` adds after the frame's own.
_ADDED = frozenset(("html", "parts", "changed", "missed"))


#: Encoded part texts kept (all forgotten at once when full): a busy process shares a few
#: hundred alive at a time (each table's shared parts of its last revisions).
MAX_ENCODED = 2048
_encoded: dict[str, str] = {}


def encoded(text: str) -> str:
    """``json.dumps(text)``, remembered: the part texts a process renders once are the same
    string objects for every viewer (:mod:`games.live.fragments`), so after the first socket
    the lookup costs the string's cached hash and one comparison of identical objects."""
    value = _encoded.get(text)
    if value is None:
        value = _encode(text)
        if len(_encoded) >= MAX_ENCODED:
            _encoded.clear()
        _encoded[text] = value
    return value


#: What ``json.dumps`` uses for a string (``ensure_ascii``, the default): the C escaper.
_encode = json.encoder.encode_basestring_ascii  # type: ignore[attr-defined]


def load_state(
    *, table_id: int, language: str, missed_since: int | None = None, revision: int | None = None
) -> tuple[snapshots.Snapshot, list[str] | None]:
    """The snapshot to render (at ``revision`` or later; None: as the database has it now)
    and, for a reconnecting client, what it missed since ``missed_since``, in words."""
    snapshot = snapshots.table_snapshot(table_id=table_id, revision=revision)
    missed = None
    if missed_since is not None and missed_since < snapshot.table.version:
        with translation.override(language):
            missed = presenters.missed_lines(snapshot=snapshot, since=missed_since)
    return snapshot, missed


def build_state_frame(
    *,
    table_id: int,
    user: Any,
    language: str,
    missed_since: int | None = None,
    revision: int | None = None,
) -> dict[str, Any]:
    """The ``state`` frame for ``user`` (synchronous: load and render)."""
    snapshot, missed = load_state(
        table_id=table_id, language=language, missed_since=missed_since, revision=revision
    )
    return render_state_frame(snapshot, user=user, language=language, missed=missed)
