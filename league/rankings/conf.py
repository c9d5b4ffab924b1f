"""Settings of the rankings, with their defaults (override them in the Django settings).

``RANKINGS_LEADERBOARD_MIN_GAMES``  rated games needed to appear on a leaderboard (default 1:
                                     provisional ratings, under ``PROVISIONAL_GAMES``, are listed
                                     and marked as such)
``RANKINGS_ACTIVE_DAYS``            a leaderboard shows players with a rated game in the last
                                     this many days (default 90)
``RANKINGS_LADDER_DEALS``           deals per variant a bot ladder refresh plays (default 1)
``RANKINGS_LADDER_ITERATIONS``      the strong bot's deals per decision on the ladder (default 24:
                                     a small budget, so a refresh costs seconds per variant)
"""

from __future__ import annotations

from django.conf import settings


def leaderboard_min_games() -> int:
    return int(getattr(settings, "RANKINGS_LEADERBOARD_MIN_GAMES", 1))


def active_days() -> int:
    return int(getattr(settings, "RANKINGS_ACTIVE_DAYS", 90))


def ladder_deals() -> int:
    return int(getattr(settings, "RANKINGS_LADDER_DEALS", 1))


def ladder_iterations() -> int:
    return int(getattr(settings, "RANKINGS_LADDER_ITERATIONS", 24))
