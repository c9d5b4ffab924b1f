"""The site's navigation, contributed by the apps.

An app lists its entries on its ``AppConfig``::

    nav_items = (NavItem("games:table_list", _("Tables"), order=30),)

Entries are sorted by ``order`` (league uses 10 and 20); an entry whose URL does not resolve
yet is left out; ``login_required=True`` hides it from visitors.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.apps import apps
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise


@dataclass(frozen=True)
class NavItem:
    url_name: str
    label: str | Promise
    order: int = 50
    login_required: bool = False


@dataclass(frozen=True)
class NavLink:
    url: str
    label: str | Promise
    active: bool


@lru_cache(maxsize=1)
def _entries() -> tuple[tuple[str, NavItem], ...]:
    entries: list[tuple[str, NavItem]] = []
    for config in apps.get_app_configs():
        for item in getattr(config, "nav_items", ()):
            try:
                entries.append((reverse(item.url_name), item))
            except NoReverseMatch:
                continue
    entries.sort(key=lambda entry: entry[1].order)
    return tuple(entries)


def nav_links(request: HttpRequest) -> list[NavLink]:
    logged_in = request.user.is_authenticated
    shown = [(url, item) for url, item in _entries() if logged_in or not item.login_required]
    # The entry whose URL is the longest prefix of the path is the active one (the bot ladder,
    # /rankings/bots/, is not also the rankings, /rankings/).
    matching = [
        url
        for url, _item in shown
        if request.path == url or (url != "/" and request.path.startswith(url))
    ]
    current = max(matching, key=len, default=None)
    return [NavLink(url=url, label=item.label, active=url == current) for url, item in shown]
