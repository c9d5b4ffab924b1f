from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tute_site.navigation import NavItem


class GamesConfig(AppConfig):
    """Live tables; the rules engine is the pure package ``games.engine``."""

    name = "games"
    verbose_name = _("Games")
    nav_items = (NavItem("games:table_list", _("Tables"), order=30),)
    #: Registered on the shared router of ``/api/`` (see league/api/urls.py).
    api_routes = (
        (r"tables/(?P<table_id>[0-9]{1,18})/chat", "games.chat.api.TableChatViewSet", "table-chat"),
        (
            r"matches/(?P<table_id>[0-9]{1,18})/hands/(?P<number>[0-9]{1,6})/analysis",
            "games.api_analysis.HandAnalysisViewSet",
            "hand-analysis",
        ),
    )

    def ready(self) -> None:
        from django.conf import settings

        from games import conf
        from games import tasks as _tasks  # noqa: F401 (registers the deferred tasks)

        # Celery beat runs the watchdog that plays the bot moves whose tasks were lost.
        schedule = getattr(settings, "CELERY_BEAT_SCHEDULE", None)
        if isinstance(schedule, dict):
            schedule.setdefault(
                "games-tables-watchdog",
                {"task": "games.tables_watchdog", "schedule": conf.watchdog_interval()},
            )
