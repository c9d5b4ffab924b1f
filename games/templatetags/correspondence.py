"""The clock of a correspondence table in days and hours: ``{% load correspondence %}``.

``{{ deadline|time_left }}`` is the time from now to ``deadline`` in words ("2 days 5 h",
"3 h 20 min", "12 min", "less than a minute"), for a table's long turn timer and the list of
a player's correspondence games; ``{{ seconds|duration }}`` the same for a number of seconds.
"""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()


def duration_words(seconds: float) -> str:
    """``seconds`` in days and hours (or hours and minutes below a day), in words."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        text = ngettext("%(n)s day", "%(n)s days", days) % {"n": days}
        if hours:
            text += " " + _("%(n)s h") % {"n": hours}
        return text
    if hours:
        text = _("%(n)s h") % {"n": hours}
        if minutes:
            text += " " + _("%(n)s min") % {"n": minutes}
        return text
    if minutes:
        return _("%(n)s min") % {"n": minutes}
    return _("less than a minute")


@register.filter
def duration(seconds: float | None) -> str:
    """``{{ 90000|duration }}``: ``1 day 1 h``."""
    return "" if seconds is None else duration_words(seconds)


@register.filter
def time_left(deadline: datetime | None) -> str:
    """``{{ table.deadline|time_left }}``: the time from now until ``deadline`` in words."""
    if deadline is None:
        return ""
    return duration_words((deadline - timezone.now()).total_seconds())
