"""Template tags other league pages use to show competitions' facts without importing them
(the rankings app is imported by competitions, so it cannot import competitions back)."""

from __future__ import annotations

from typing import Any

from django import template

from league.competitions.selectors.absences import player_absence_counts

register = template.Library()


@register.inclusion_tag("competitions/_player_absences.html")
def player_absences(player: Any) -> dict[str, Any]:
    """The player's forfeits, wins by forfeit and results a bot played, if he has any."""
    counts = player_absence_counts(user=player)
    return {"line": counts, "lines": [counts]}
