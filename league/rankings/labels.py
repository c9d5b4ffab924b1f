"""Why a player is not on a leaderboard, as the page says it (variant names are
``games.messages.variant_name``)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def absence_reason(reason: str, *, games: int = 0, needed: int = 0, days: int = 0) -> str:
    if reason == "provisional":
        return _(
            "Your rating is provisional: %(games)s of the %(needed)s rated games needed to "
            "appear here."
        ) % {"games": games, "needed": needed}
    if reason == "inactive":
        return _("You have played no rated game here in the last %(days)s days.") % {"days": days}
    if reason == "not_member":
        return _("You are not an active member of this club.")
    return _("You have no rating in this variant yet: play a rated game.")
