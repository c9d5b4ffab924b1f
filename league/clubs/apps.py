"""The accounts and clubs app: players (the user model, profiles) and clubs with their roles.

Its Django label stays ``league`` (``AUTH_USER_MODEL = "league.User"``, tables ``league_*``,
the migration history and the ``league:`` URL namespace), as it was when the code lived at the
top of the ``league`` package: renaming a label that the user model and every other app's
migrations name would move data for no gain. In code it is ``league.clubs``.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tute_site.navigation import NavItem


class ClubsConfig(AppConfig):
    """Players, profiles, clubs, memberships, join requests and invitations."""

    name = "league.clubs"
    label = "league"
    verbose_name = _("Clubs")
    nav_items = (
        NavItem("league:home", _("Home"), order=10),
        NavItem("league:club_list", _("Clubs"), order=20),
    )

    def ready(self) -> None:
        from . import signals  # noqa: F401
