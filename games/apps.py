from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """Live tables; the rules engine is the pure package ``games.engine``."""

    name = "games"
    verbose_name = _("Games")
    # Navigation entries, e.g. (NavItem("games:table_list", _("Tables"), order=30),)
    # with NavItem from tute_site.navigation.
    nav_items: tuple[object, ...] = ()
