from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tute_site.navigation import NavItem


class LeagueConfig(AppConfig):
    """Players, clubs and (later) leagues, tournaments, ratings and statistics."""

    name = "league"
    verbose_name = _("League")
    nav_items = (
        NavItem("league:home", _("Home"), order=10),
        NavItem("league:club_list", _("Clubs"), order=20),
    )

    def ready(self) -> None:
        from . import signals  # noqa: F401
