from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tute_site.navigation import NavItem


class RankingsConfig(AppConfig):
    """Ratings, leaderboards and statistics (see the package docstring)."""

    name = "league.rankings"
    label = "rankings"
    verbose_name = _("Rankings")
    default_auto_field = "django.db.models.BigAutoField"
    nav_items = (
        NavItem("rankings:leaderboard", _("Rankings"), order=40),
        NavItem("rankings:bot_ladder", _("Bot ladder"), order=45),
    )
    api_routes = (("bot-ladders", "league.rankings.api.BotLadderViewSet", "bot-ladder"),)

    def ready(self) -> None:
        from django.conf import settings

        from . import receivers

        receivers.connect()
        # A safety net for rating tasks lost on the way (broker restarts): beat queues one now
        # and then; with nothing pending it returns at once.
        schedule = getattr(settings, "CELERY_BEAT_SCHEDULE", None)
        if isinstance(schedule, dict):
            schedule.setdefault(
                "rankings-rate-pending",
                {"task": "rankings.rate_pending_matches", "schedule": 300.0},
            )
