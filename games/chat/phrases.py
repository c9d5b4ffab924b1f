"""The quick phrases: a fixed list of keys, each shown in the reader's language.

A phrase is stored as its key (``ChatMessage.phrase_key``) and translated when it is shown, so
a Spanish and an Italian player each read "good luck" in their own language.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: Key → text, in the order the buttons show them.
PHRASES: dict[str, Promise] = {
    "hello": _("Hello!"),
    "good_luck": _("Good luck!"),
    "well_played": _("Well played!"),
    "thanks": _("Thanks!"),
    "nice_hand": _("Nice hand!"),
    "oops": _("Oops!"),
    "sorry": _("Sorry!"),
    "one_moment": _("One moment, please."),
    "good_game": _("Good game!"),
    "bye": _("Bye!"),
}


def phrase_text(key: str) -> str:
    """The phrase ``key`` in the active language ("" for an unknown key).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     phrase_text("good_luck")
    'Good luck!'
    """
    text = PHRASES.get(key)
    return str(text) if text is not None else ""


def phrase_choices() -> list[tuple[str, str]]:
    """``(key, text)`` for every phrase, in the active language."""
    return [(key, str(text)) for key, text in PHRASES.items()]
