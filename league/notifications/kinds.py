"""The kinds of notification, the text of each and which ones may be mailed.

A notification stores its kind and the plain values its text is made of (``params``: names,
numbers); the text is rendered when it is read, in the reader's language, so a player who
switches language reads his old notifications in the new one. Texts never hold a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    TABLE_OPEN = "table_open", _("Your table is open")
    WINDOW_OPEN = "window_open", _("A league play window opened")
    WINDOW_CLOSING = "window_closing", _("A league play window closes soon")
    OPPONENT_WAITING = "opponent_waiting", _("An opponent is waiting at your table")
    YOUR_TURN = "your_turn", _("Your turn in a correspondence game")
    RESULT_CHANGED = "result_changed", _("A result recorded or changed by an organiser")
    CLUB_REQUEST = "club_request", _("A request to join your club")
    CLUB_JOINED = "club_joined", _("A player joined your club with its invitation link")
    SEAT_FORFEITED = "seat_forfeited", _("Your seat was forfeited for absence")


#: The kinds that matter when the player is away: mailed unless he turned them off.
EMAIL_KINDS: tuple[Kind, ...] = (
    Kind.TABLE_OPEN,
    Kind.WINDOW_CLOSING,
    Kind.RESULT_CHANGED,
    Kind.YOUR_TURN,
    Kind.SEAT_FORFEITED,
)

#: The kinds that call the player to a table now (the browser notification of the sockets).
CALL_KINDS: tuple[Kind, ...] = (Kind.TABLE_OPEN, Kind.OPPONENT_WAITING, Kind.YOUR_TURN)

_TEXTS: dict[str, Any] = {
    Kind.TABLE_OPEN: _("%(event)s, round %(round)s: your table is open. Go and play!"),
    Kind.WINDOW_OPEN: _("%(event)s, round %(round)s: you may play against %(opponents)s now."),
    Kind.WINDOW_CLOSING: _(
        "%(event)s, round %(round)s: play against %(opponents)s before %(closes)s."
    ),
    Kind.OPPONENT_WAITING: _("%(name)s is waiting for you at table %(table)s."),
    Kind.YOUR_TURN: _("Your turn at table %(table)s."),
    Kind.RESULT_CHANGED: _(
        "%(event)s, round %(round)s: an organiser set the result of your match."
    ),
    Kind.CLUB_REQUEST: _("%(name)s asks to join %(club)s."),
    Kind.CLUB_JOINED: _("%(name)s joined %(club)s with the invitation link."),
    Kind.SEAT_FORFEITED: _(
        "%(event)s, round %(round)s: you did not appear at your table in time, so your seat "
        "was forfeited."
    ),
}


def render(kind: str, params: Mapping[str, Any]) -> str:
    """The text of a notification in the active language: in English,
    ``render("your_turn", {"table": 7})`` is ``"Your turn at table 7."``; an unknown kind gives
    ``""``, and missing values the kind's label."""
    template = _TEXTS.get(kind)
    if template is None:
        return ""
    try:
        return gettext(str(template)) % dict(params)
    except (KeyError, TypeError, ValueError):
        return str(Kind(kind).label) if kind in Kind.values else ""
