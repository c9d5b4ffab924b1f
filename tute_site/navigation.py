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
    links = []
    for url, item in _entries():
        if item.login_required and not logged_in:
            continue
        active = request.path == url if url == "/" else request.path.startswith(url)
        links.append(NavLink(url=url, label=item.label, active=active))
    return links
