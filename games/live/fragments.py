"""Parts of the table rendered once for every viewer who would see them alike.

A part of the live table (the corner, a seat's badges, the hand, the side panel...) is a small
template rendered from a few values of the viewer's :class:`~games.presenters.TableView`. This
module renders it **from those values only** and remembers the result under a fingerprint of
them (and the language): the next viewer whose values are equal gets the same text, whatever
his seat, without a render. The viewers of one table see the corner, the other seats, the
panel alike, so after a move each of those is rendered once for all of them; a player's hand
is rendered again only when it changed.

Why no viewer can get what he may not see: the part's template is given nothing but the
values in its fingerprint (:class:`Only` refuses any other attribute, loudly), so its text is
a function of them; two viewers share a text only if their own views hold equal values, so
each would have rendered that very text for himself. Values are fingerprinted whole and
strictly (:func:`fingerprint`: plain values and dataclasses, nothing else), so no part can be
keyed by less than it shows.
"""

from __future__ import annotations

import dataclasses
import datetime
import operator
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from html import escape as html_escape
from typing import Any

from django.template.loader import get_template
from django.utils.functional import Promise
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from games.presenters.memo import remembered_key, remembered_kinds
from games.render_language import active_language

#: Parts kept, the first made go first (see :func:`_remembered`). A busy table keeps about 60
#: alive (its seats' badges both ways, hands, card buttons, trick cards): room for about 250
#: tables in play. An entry is under 1 KB but a hand (about 9 KB with its drawings): some 25 MB
#: at most.
MAX_PARTS = 16384

_lock = threading.Lock()
_parts: OrderedDict[tuple[Any, ...], SafeString] = OrderedDict()
_stats = {"renders": 0, "hits": 0}
_PLAIN = (str, int, float, bool, type(None), datetime.datetime, datetime.date)


class PartFieldError(RuntimeError):
    """A part's template read a value its fingerprint does not hold (a bug in the part's
    field list: raised, not rendered as empty)."""


def fingerprint(value: Any) -> Any:
    """A hashable value equal for equal inputs and different for any difference a template
    could show: plain values as they are, lists and tuples item by item, dataclasses field by
    field (with their class). Anything else (a model instance...) raises ``TypeError``."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if isinstance(value, (str, Promise)):  # safe or lazy text: the kind shows in the render
        return (kind.__name__, str(value))
    if kind is list or kind is tuple:
        return (kind.__name__, *(fingerprint(v) for v in value))
    if kind is dict:
        return ("dict", *sorted((str(k), fingerprint(v)) for k, v in value.items()))
    memo = remembered_key(value) if kind in remembered_kinds else None
    if memo is not None:
        # A remembered piece of the view (the match so far, the last hand's summary) is a
        # function of its inputs and language, so its key tells it apart as well as its
        # fields would, without walking them for every viewer after every move.
        return ("remembered", memo)
    getter = _GETTERS.get(kind)
    if getter is None:
        getter = _GETTERS[kind] = _field_getter(kind)
    values = getter(value)
    for v in values:
        if type(v) not in _PLAIN:
            return (kind.__qualname__, *(fingerprint(v) for v in values))
    # Plain values only (the case of a card, a button, a seat's counts): they are their own
    # fingerprints, with the class to tell apart two classes with equal fields.
    return (kind, values)


_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _field_getter(kind: type) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of every field of the dataclass ``kind``, as a tuple."""
    if not dataclasses.is_dataclass(kind):
        raise TypeError(f"a live part cannot be keyed by a {kind.__name__}")
    names = tuple(f.name for f in dataclasses.fields(kind))
    if not names:
        return lambda value: ()
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return operator.attrgetter(*names)


@dataclasses.dataclass(frozen=True)
class TableFacts:
    """What the live parts read of the table row itself."""

    pk: int
    seed: int
    status: str
    is_private: bool
    turn_seconds: int | None


def table_facts(table: Any) -> TableFacts:
    return TableFacts(
        pk=int(table.pk),
        seed=int(table.seed),
        status=str(table.status),
        is_private=bool(table.is_private),
        turn_seconds=table.turn_seconds,
    )


def _facts_of(view: Any) -> TableFacts:
    """``view.table`` as :class:`TableFacts`, made once per view (each of its parts reads it)."""
    kept = getattr(view, "__dict__", {}).get("_table_facts")
    if kept is not None and kept[0] is view.table:
        return kept[1]  # type: ignore[no-any-return]
    facts = table_facts(view.table)
    if hasattr(view, "__dict__"):
        view.__dict__["_table_facts"] = (view.table, facts)
    return facts


#: How a part may narrow one of the view's values to the few attributes its template reads:
#: the attribute's name, and a function of the view giving the narrowed value.
Narrowing = dict[str, Callable[[Any], Any]]


class Only:
    """The named attributes of a view and nothing else (``table`` as :class:`TableFacts`;
    a name in ``narrow`` as what its function gives: a value holding only the attributes the
    part's template reads of it, so that viewers who differ elsewhere in it share the part)."""

    __slots__ = ("_values",)

    def __init__(self, view: Any, names: tuple[str, ...], narrow: Narrowing | None = None) -> None:
        values = {}
        for name in names:
            if name == "table":
                values[name] = _facts_of(view)
            elif narrow is not None and name in narrow:
                values[name] = narrow[name](view)
            else:
                values[name] = getattr(view, name)
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise PartFieldError(f"this live part does not hold {name!r}") from None

    def key(self) -> Any:
        return tuple((n, fingerprint(v)) for n, v in self._values.items())


def fields_of(spec: str) -> tuple[str, ...]:
    return tuple(spec.split())


def render_part(
    template_name: str,
    name: str,
    value: Any,
    fields: tuple[str, ...] = (),
    narrow: Narrowing | None = None,
) -> str:
    """The template ``template_name`` rendered with ``{name: value}`` alone in the active
    language; with ``fields``, ``value`` is cut down to those attributes (:class:`Only`, with
    ``narrow``). Rendered once per distinct fingerprint and language, then remembered."""
    if fields:
        value = Only(value, fields, narrow)
        return _render(template_name, {name: value}, (name, value.key()))
    return _render(template_name, {name: value}, (name, fingerprint(value)))


def render_part_with(template_name: str, values: dict[str, Any]) -> str:
    """The template rendered with ``values`` alone (each fingerprinted whole), remembered."""
    return _render(template_name, values, tuple((n, fingerprint(v)) for n, v in values.items()))


def render_built(
    name: str, build: Callable[[Any], str], value: Any, fields: tuple[str, ...]
) -> str:
    """Like :func:`render_part`, for a part built by a Python function instead of a template:
    ``build`` gets ``value`` cut down to ``fields`` (:class:`Only`) and nothing else."""
    only = Only(value, fields)
    return _remembered((name, active_language(), (name, only.key())), lambda: build(only))


def _render(template_name: str, context: dict[str, Any], key_value: Any) -> str:
    return _remembered(
        (template_name, active_language(), key_value),
        lambda: _template(template_name).render(context),
    )


#: A run of white space that holds a line break: the templates' indentation and the blank
#: lines of their ``{% if %}`` blocks.
_INDENTED = re.compile(r"[ \t\r\f\v]*\n\s*")


def esc(value: Any) -> str:
    """``str(conditional_escape(value))`` (what a template does to a value), quicker for a plain
    ``str``: Django's ``escape`` is ``html.escape`` behind a lazy-text wrapper that looks at
    every argument, and the live parts escape a few dozen short texts per move."""
    if type(value) is str:
        return html_escape(value)
    return str(conditional_escape(value))


def squeeze(html: str) -> str:
    """``html`` with each run of white space that holds a line break made one line break:
    the same page to a browser (the parts hold no ``<pre>``, no ``<textarea>`` and no
    ``white-space: pre`` text), a third fewer bytes in every frame.

    What ``_INDENTED.sub("\\n", html)`` gives, line by line: that regular expression, with
    no fixed character to look for first, is tried at every position of the text (57-68 µs for
    a hand's 4 KB, already squeezed or not); this takes 9-16 µs. A line's trailing
    ``[ \t\r\f\v]`` go, the next lines' leading white space (``str.isspace``, as the
    expression's ``\\s``) and the lines that hold nothing else go, and one line break
    stands for them (``tests/games/test_render_parts.py`` holds the two to each other)."""
    lines = html.split("\n")
    if len(lines) == 1:
        return html
    out = [lines[0].rstrip(_HORIZONTAL)]
    last = len(lines) - 1
    for i in range(1, len(lines)):
        text = lines[i].lstrip()
        if text:
            out.append("\n")
            out.append(text if i == last else text.rstrip(_HORIZONTAL))
    if not text:  # the text ends in white space that holds a line break
        out.append("\n")
    return "".join(out)


_HORIZONTAL = " \t\r\f\v"


def _remembered(key: tuple[Any, ...], make: Callable[[], str]) -> str:
    # A hit is one hash and one comparison of the key (a deep tuple): the parts go in the
    # order they were made, not the order they were last used (moving a hit to the end
    # would hash and compare it again, on every part of every viewer's frame).
    with _lock:
        text = _parts.get(key)
        if text is not None:
            _stats["hits"] += 1
            return text
    text = mark_safe(squeeze(make()))
    with _lock:
        _stats["renders"] += 1
        _parts[key] = text
        while len(_parts) > MAX_PARTS:
            _parts.popitem(last=False)
    return text


@lru_cache(maxsize=256)
def _template(name: str) -> Any:
    """The compiled template (what Django's cached loader keeps, without its lookup per
    render; :func:`clear` forgets them with the parts)."""
    return get_template(name)


def stats() -> dict[str, int]:
    """Renders and reuses so far in this process (tests, the benchmark)."""
    with _lock:
        return dict(_stats)


def clear() -> None:
    with _lock:
        _parts.clear()
    _template.cache_clear()
