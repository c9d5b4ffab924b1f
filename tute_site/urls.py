"""Root URLs. Each app keeps its own ``urls.py`` with an ``app_name`` namespace."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("league.clubs.urls")),
    path("tables/", include("games.urls")),
    path("competitions/", include("league.competitions.urls")),
    path("rankings/", include("league.rankings.urls")),
    path("notifications/", include("league.notifications.urls")),
    path("api/", include("league.api.urls")),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
