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

from contextvars import ContextVar, Token

from django.utils import translation

_ACTIVE: ContextVar[str | None] = ContextVar("tute_render_language", default=None)
_TRANSLATED: dict[tuple[str, str, str], str] = {}
MAX_TRANSLATED = 4096


def active_language() -> str | None:
    """The active language, as ``translation.get_language()`` gives it."""
    return _ACTIVE.get() or translation.get_language()


class rendering_in:  # a context manager, named as the function it replaced
    """``translation.override(language)``, with the language kept for :func:`active_language`.

    When ``language`` is already in force (the default language where none was activated, as
    on a socket's event loop), nothing is activated: Django's activation and its undoing each
    write an asgiref ``Local``, three of a hundredth of a saturated server's time."""

    __slots__ = ("_language", "_override", "_token")

    def __init__(self, language: str) -> None:
        self._language = language
        self._override: translation.override | None = None
        self._token: Token[str | None] | None = None

    def __enter__(self) -> None:
        current = translation.get_language()
        if current != self._language:
            self._override = translation.override(self._language)
            self._override.__enter__()
            current = translation.get_language()
        self._token = _ACTIVE.set(current)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _ACTIVE.reset(self._token)
            self._token = None
        if self._override is not None:
            override, self._override = self._override, None
            override.__exit__(None, None, None)


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
