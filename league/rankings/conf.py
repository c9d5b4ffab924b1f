"""Settings of the rankings, with their defaults (override them in the Django settings).

``RANKINGS_LEADERBOARD_MIN_GAMES``  rated games needed to appear on a leaderboard (default 1:
                                     provisional ratings, under ``PROVISIONAL_GAMES``, are listed
                                     and marked as such)
``RANKINGS_ACTIVE_DAYS``            a leaderboard shows players with a rated game in the last
                                     this many days (default 90)
"""

from __future__ import annotations

from django.conf import settings


def leaderboard_min_games() -> int:
    return int(getattr(settings, "RANKINGS_LEADERBOARD_MIN_GAMES", 1))


def active_days() -> int:
    return int(getattr(settings, "RANKINGS_ACTIVE_DAYS", 90))
