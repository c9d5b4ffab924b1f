"""Tags that keep the table's re-renders cheap (``{% load table_cards %}``).

``{% table_card "12B" size="small" state="legal" %}``: the card artwork of
:mod:`games.templatetags.cards`, memoised. A card's drawing depends only on its notation,
size, state and the active language (its accessible name), and a table re-renders the same
few cards for every socket after every move, so the drawings are kept in a bounded cache.

``{% hand_card card view.your_turn act_url %}``: a card of the viewer's hand, as its button.

``{% table_url 'games:table_act' view.table.pk as act_url %}``: ``{% url %}``, remembered.

``{% shared ... %}...{% endshared %}``: a part every viewer of one table revision sees alike
(the last hand's summary, the match so far), rendered once per language, not once per socket.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.render_language import active_language
from games.templatetags.cards import card_svg

register = template.Library()


@lru_cache(maxsize=4096)
def _drawing(notation: str, size: str, state: str, language: str | None) -> SafeString:
    return mark_safe(card_svg(notation, size=size, state=state))


@register.simple_tag(name="table_card")
def table_card(notation: str, size: str = "", state: str = "") -> SafeString:
    return _drawing(str(notation), size or "", state or "", active_language())


@register.simple_tag(name="hand_card")
def hand_card(card: Any, your_turn: bool, act_url: str) -> SafeString:
    """``{% hand_card card view.your_turn act_url %}``: one card of the viewer's hand as the
    button that plays it (``li > button.card-button``), raised when legal, dimmed when not on
    his turn. Built from the card's values alone and remembered under them and the language
    (a hand re-renders its same few cards after every move)."""
    return _hand_card(
        active_language(),
        str(card.notation),
        bool(card.legal),
        str(card.action or ""),
        bool(card.marked),
        bool(your_turn),
        str(act_url),
    )


@lru_cache(maxsize=8192)
def _hand_card(
    language: str | None,
    notation: str,
    legal: bool,
    action: str,
    marked: bool,
    your_turn: bool,
    act_url: str,
) -> SafeString:
    classes = "card-button"
    if legal:
        classes += " is-legal"
    elif your_turn:
        classes += " is-illegal"
    if marked:
        classes += " is-marked"
    pressed = f' aria-pressed="{"true" if marked else "false"}"' if action else ""
    disabled = "" if your_turn else ' aria-disabled="true"'
    if marked:
        face = _drawing(notation, "", "selected", language) + _hidden(gettext("marked to change"))
    elif legal and action:
        face = _drawing(notation, "", "", language)
    elif legal:
        face = _drawing(notation, "", "legal", language)
    elif your_turn:
        face = _drawing(notation, "", "illegal", language) + _hidden(
            gettext("cannot be played now")
        )
    else:
        face = _drawing(notation, "", "", language)
    return mark_safe(
        f'            <li><button type="submit" class="{classes}" name="action" '
        f'value="{escape(action or notation)}"{pressed} data-ws="act" '
        f'formaction="{escape(act_url)}"{disabled}>{face}</button></li>\n'
    )


def _hidden(text: str) -> str:
    return f'<span class="visually-hidden">{escape(text)}</span>'


@register.simple_tag(name="table_url")
def table_url(name: str, *args: object) -> str:
    """``{% hand_card card view.your_turn act_url %}``: a card of the viewer's hand, as its button.

    ``{% table_url 'games:table_act' view.table.pk as act_url %}``: ``{% url %}``
        remembered (the live table's parts name the same few addresses after every move)."""
    return _reversed(name, tuple(str(a) for a in args), get_script_prefix(), get_urlconf())


@lru_cache(maxsize=4096)
def _reversed(name: str, args: tuple[str, ...], prefix: str, urlconf: str | None) -> str:
    return reverse(name, args=args, urlconf=urlconf)


# ----------------------------------------------------------------------------- shared fragments

_fragments: OrderedDict[tuple[object, ...], SafeString] = OrderedDict()
_fragments_lock = threading.Lock()
MAX_FRAGMENTS = 2048


class SharedFragmentNode(template.Node):
    def __init__(self, nodelist: template.NodeList, keys: list[template.base.FilterExpression]):
        self.nodelist = nodelist
        self.keys = keys

    def render(self, context: template.Context) -> str:
        key = (*(k.resolve(context) for k in self.keys), active_language())
        with _fragments_lock:
            cached = _fragments.get(key)
        if cached is not None:
            return cached
        html = mark_safe(self.nodelist.render(context))
        with _fragments_lock:
            _fragments[key] = html
            while len(_fragments) > MAX_FRAGMENTS:
                _fragments.popitem(last=False)
        return html


@register.tag(name="shared")
def shared_fragment(parser: template.base.Parser, token: template.base.Token) -> SharedFragmentNode:
    """``{% shared "summary" table.pk revision %}...{% endshared %}``: a part of the table that
    every viewer of one revision sees alike, rendered once per language for all of them.

    The keys must name everything the part shows (a table and its revision do); nothing
    that depends on the viewer may go inside.
    """
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("{% shared %} needs keys, e.g. a name and a revision.")
    nodelist = parser.parse(("endshared",))
    parser.delete_first_token()
    return SharedFragmentNode(nodelist, [parser.compile_filter(b) for b in bits])


def clear_fragments() -> None:
    with _fragments_lock:
        _fragments.clear()
