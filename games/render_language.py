"""The language a live render is in, read quickly.

A live table's render asks for the active language some seventy times per move (the cache keys
of its parts, each seat's badges, each card), and Django's ``get_language()`` reads it from an
asgiref ``Local``: about a tenth of the render's CPU time. :func:`rendering_in` activates a
language (``translation.override``) and also puts it in a context variable, which
:func:`active_language` reads in a fraction of that time. Outside such a block it answers as
``get_language()`` does, so the template tags and parts work in any page render too.

A render inside the block must not switch language itself (nothing under
:func:`games.live.states.render_state` does): the variable would then name the outer one.

:func:`translated` and :func:`translated_in_context` are ``gettext`` and ``pgettext`` for the
words a live render repeats after every move (a seat's badges, "You", the hand's hint, the
suits' names), remembered per language inside such a block: Django's own lookup goes through
the same ``Local`` on every call. The catalogues do not change while a process runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils import translation

_ACTIVE: ContextVar[str | None] = ContextVar("tute_render_language", default=None)
_TRANSLATED: dict[tuple[str, str, str], str] = {}
MAX_TRANSLATED = 4096


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


def translated(message: str) -> str:
    """``gettext(message)``, remembered per language inside :func:`rendering_in`."""
    return translated_in_context("", message)


def translated_in_context(context: str, message: str) -> str:
    """``pgettext(context, message)`` (``gettext`` with no ``context``), remembered per
    language inside :func:`rendering_in`; outside it, Django's lookup as it is."""
    language = _ACTIVE.get()
    if language is None:
        return _lookup(context, message)
    key = (language, context, message)
    text = _TRANSLATED.get(key)
    if text is None:
        if len(_TRANSLATED) >= MAX_TRANSLATED:
            _TRANSLATED.clear()
        text = _TRANSLATED[key] = _lookup(context, message)
    return text


def _lookup(context: str, message: str) -> str:
    if context:
        return str(translation.pgettext(context, message))
    return str(translation.gettext(message))
