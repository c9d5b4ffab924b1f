"""What a table was opened for, in words and a link: a registry other apps fill.

``games`` never imports ``league`` (ARCHITECTURE.md), yet a table opened by a competition names
its ``source_kind`` and ``source_id`` (a tournament board, a league fixture). The app that owns
a source kind registers a *describer* for it, in its ``AppConfig.ready``::

    sources.register("competitions.board", describe_board)

A describer takes the ``source_id`` and returns a :class:`TableSource` (a label in the active
language and the URL of the page it names) or None. The table page asks :func:`describe`; a
source kind nobody registered (a table opened in the lobby, the demo) has no description, and
a describer that fails is logged and ignored: the table page never breaks for it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableSource:
    """What a table was opened for: ``label`` ("Round 2 of Copa") and ``url`` (its page)."""

    label: str
    url: str


Describer = Callable[[int | None], TableSource | None]

_DESCRIBERS: dict[str, Describer] = {}


def register(source_kind: str, describer: Describer) -> None:
    """Describe the tables of ``source_kind`` with ``describer`` (the last one registered)."""
    _DESCRIBERS[source_kind] = describer


def describe(*, source_kind: str, source_id: int | None) -> TableSource | None:
    """The source of a table, if its kind has a describer and the describer knows it."""
    describer = _DESCRIBERS.get(source_kind) if source_kind else None
    if describer is None:
        return None
    try:
        return describer(source_id)
    except Exception:
        logger.exception("Describing the source %s %s of a table failed", source_kind, source_id)
        return None
