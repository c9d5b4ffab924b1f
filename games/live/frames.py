"""Reading a client's WebSocket frame without trusting it: every socket's first step.

A frame is a JSON object of a few flat fields. Before ``json.loads`` sees it, its size and its
nesting are checked (a 4 KB frame of 2,000 opening brackets made the decoder recurse until
``RecursionError`` and dropped the socket); after, its type, its fields and each field's kind
(see :class:`Field`). Anything else raises :class:`FrameError` with a specific message in the
active language, which the socket sends back as an ``error`` frame (code ``bad_frame``, as
before): the socket stays open and nothing was done.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.errors import BadFrameError

#: The longest text frame read (characters). The ASGI server refuses larger frames before
#: reading them (``--ws-max-size``, docs/deploy.md); this is the protocol's own limit.
MAX_FRAME = 4096
#: What the ASGI server reads of one WebSocket frame at most, in bytes (``uvicorn
#: --ws-max-size`` in the Makefile, the Procfile, the test and bench launchers): 4096
#: characters of up to four bytes each. A larger frame is refused from its header, unread.
WS_MAX_SIZE = 16384
#: Frames are one object of scalars; 3 leaves room for a small list or object inside.
MAX_DEPTH = 3
#: Integers beyond this are no version, no position, no id: refused rather than carried.
MAX_INT = 2**31 - 1


class FrameError(BadFrameError):
    """A frame refused before it was acted on; ``message`` says what was wrong with it."""


@dataclass(frozen=True)
class Field:
    """One field of a frame: ``kind`` is ``"int"`` or ``"str"``; ``optional`` fields may be
    absent or null; ``max_length`` bounds a string (longer ones are refused here)."""

    kind: str
    optional: bool = False
    max_length: int = 64


#: A socket's protocol: frame type -> its fields (besides ``"type"``).
Protocol = dict[str, dict[str, Field]]


def _reject_constant(name: str) -> Any:
    raise FrameError(_("A number in the message is out of range."))


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 10:
        raise FrameError(_("A number in the message is out of range."))
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 32:
        raise FrameError(_("A number in the message is out of range."))
    return value


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays or objects deeper than ``limit`` (brackets
    inside strings do not count). Cheap for the usual frame: a text with at most ``limit``
    brackets cannot be deeper, and is not scanned."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def _clean_string(value: str) -> bool:
    """No NUL (PostgreSQL refuses it in text) and no lone surrogate (not encodable)."""
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_field(name: str, field: Field, value: Any) -> None:
    if value is None:
        if not field.optional:
            raise FrameError(_("The field “%(field)s” is missing.") % {"field": name})
        return
    if field.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise FrameError(_("The field “%(field)s” has the wrong type.") % {"field": name})
        if abs(value) > MAX_INT:
            raise FrameError(_("A number in the message is out of range."))
        return
    if not isinstance(value, str):
        raise FrameError(_("The field “%(field)s” has the wrong type.") % {"field": name})
    if len(value) > field.max_length:
        raise FrameError(_("The field “%(field)s” is too long.") % {"field": name})
    if not _clean_string(value):
        raise FrameError(_("The message contains characters that are not allowed."))


def parse(text_data: str | None, bytes_data: bytes | None, protocol: Protocol) -> dict[str, Any]:
    """The frame as a dict whose ``type`` is one of ``protocol``'s and whose fields are the
    ones its type declares, each of its kind; else :class:`FrameError` (translated: call it
    in the socket's language)."""
    if text_data is None:
        raise FrameError(_("This socket only takes text messages."))
    if len(text_data) > MAX_FRAME:
        raise FrameError(_("The message is too long."))
    if too_deep(text_data):
        raise FrameError(_("The message is nested too deeply."))
    try:
        frame = json.loads(
            text_data,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except FrameError:
        raise
    except (ValueError, RecursionError):
        raise FrameError(_("The message is not valid JSON.")) from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise FrameError(_("The message must be a JSON object with a “type”."))
    fields = protocol.get(frame["type"])
    if fields is None:
        raise FrameError(_("This socket does not know that kind of message."))
    for name in frame:
        if name != "type" and name not in fields:
            raise FrameError(_("The message has a field this socket does not know."))
    for name, field in fields.items():
        _check_field(name, field, frame.get(name))
    return frame
