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
        from . import receivers, table_sources

        receivers.connect()
        table_sources.connect()
