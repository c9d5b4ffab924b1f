from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tute_site.navigation import NavItem


class CompetitionsConfig(AppConfig):
    """Swiss tournaments and club leagues (see the package docstring)."""

    name = "league.competitions"
    label = "competitions"
    verbose_name = _("Competitions")
    default_auto_field = "django.db.models.BigAutoField"
    nav_items = (
        NavItem("competitions:index", _("Competitions"), order=25),
        NavItem("competitions:my_matches", _("My matches"), order=26, login_required=True),
    )
    #: Registered on the shared router of ``/api/`` (see league/api/urls.py).
    api_routes = (
        ("tournaments", "league.competitions.api.TournamentViewSet", "tournament"),
        ("leagues", "league.competitions.api.LeagueViewSet", "league"),
        ("seasons", "league.competitions.api.SeasonViewSet", "season"),
        (
            "tournament-entries",
            "league.competitions.api.TournamentEntryViewSet",
            "tournament-entry",
        ),
        ("season-entries", "league.competitions.api.SeasonEntryViewSet", "season-entry"),
    )

    def ready(self) -> None:
        from django.conf import settings

        from games.live import scheduler

        from . import receivers, services, table_sources

        receivers.connect()
        table_sources.connect()
        # The absence rule: every minute under Celery beat; in embedded mode (no beat) after
        # each run of the tables' in-process watchdog.
        schedule = getattr(settings, "CELERY_BEAT_SCHEDULE", None)
        if isinstance(schedule, dict):
            schedule.setdefault(
                "competitions-absences", {"task": "competitions.absences", "schedule": 60.0}
            )
        scheduler.register_periodic("competitions.absences", services.absences_apply)
