"""A player's results decided by absence, over every tournament and league he played: the
forfeits (he did not appear), the wins by forfeit (his opponents did not) and the results a bot
played for him (absent under the "a bot plays" rule). The player's statistics page shows them
(:mod:`league.competitions.templatetags.competition_tags`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from ..models import BoardSeat, FixtureSeat


@dataclass(frozen=True)
class AbsenceCounts:
    forfeits: int = 0
    forfeit_wins: int = 0
    bot_played: int = 0

    @property
    def any(self) -> bool:
        return bool(self.forfeits or self.forfeit_wins or self.bot_played)


def player_absence_counts(*, user: Any) -> AbsenceCounts:
    """Forfeits, wins by forfeit and results a bot played of ``user``'s decided seats."""
    mine = Q(entry__player=user) | Q(entry__partner=user)
    forfeits = wins = bots = 0
    for model, table in ((BoardSeat, "board"), (FixtureSeat, "fixture")):
        seats = model.objects.filter(mine, points__isnull=False)
        if model is BoardSeat:
            seats = seats.filter(board__is_bye=False)
        forfeits += seats.filter(forfeit=True).count()
        bots += seats.filter(no_show=True, forfeit=False).count()
        forfeited = model.objects.filter(forfeit=True).values(table)
        wins += seats.filter(forfeit=False, **{f"{table}__in": forfeited}).count()
    return AbsenceCounts(forfeits=forfeits, forfeit_wins=wins, bot_played=bots)
