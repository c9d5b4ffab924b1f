"""The language a live render is in, read quickly.

A live table's render asks for the active language some seventy times per move (the cache keys
of its parts, each seat's badges, each card), and Django's ``get_language()`` reads it from an
asgiref ``Local``: about a tenth of the render's CPU time. :func:`rendering_in` activates a
language (``translation.override``) and also puts it in a context variable, which
:func:`active_language` reads in a fraction of that time. Outside such a block it answers as
``get_language()`` does, so the template tags and parts work in any page render too.

A render inside the block must not switch language itself (nothing under
:func:`games.live.states.render_state` does): the variable would then name the outer one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils import translation

_ACTIVE: ContextVar[str | None] = ContextVar("tute_render_language", default=None)


def active_language() -> str | None:
    """The active language, as ``translation.get_language()`` gives it."""
    return _ACTIVE.get() or translation.get_language()


@contextmanager
def rendering_in(language: str) -> Iterator[None]:
    """``translation.override(language)``, with the language kept for :func:`active_language`."""
    with translation.override(language):
        token = _ACTIVE.set(translation.get_language())
        try:
            yield
        finally:
            _ACTIVE.reset(token)
