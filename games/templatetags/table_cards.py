"""``{% load table_cards %}{% table_card "12B" size="small" state="legal" %}``: the card
artwork of :mod:`games.templatetags.cards`, memoised.

A card's drawing depends only on its notation, size, state and the active language (its
accessible name), and a table re-renders the same few cards for every socket after every move,
so the drawings are kept in a bounded cache.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.templatetags.cards import card_svg

register = template.Library()


@lru_cache(maxsize=4096)
def _drawing(notation: str, size: str, state: str, language: str | None) -> SafeString:
    return mark_safe(card_svg(notation, size=size, state=state))


@register.simple_tag(name="table_card")
def table_card(notation: str, size: str = "", state: str = "") -> SafeString:
    return _drawing(str(notation), size or "", state or "", get_language())
