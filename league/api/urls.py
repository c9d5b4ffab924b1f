"""URLs of the API under /api/ (namespace ``api``): the router, tokens, the schema and docs.

The router is shared: every installed app may list ``api_routes`` on its ``AppConfig``
(``(prefix, "dotted.path.ViewSet", basename)`` triples) and they are registered here, so the
competitions' leagues, seasons, fixtures, tournaments, rounds, pairings and standings plug in
without touching this file.
"""

from __future__ import annotations

from csp.decorators import csp_update
from django.apps import apps
from django.urls import path
from django.utils.module_loading import import_string
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.routers import DefaultRouter

from . import account, views

app_name = "api"

# The docs pages run Swagger UI and Redoc from drf-spectacular-sidecar's static files. The
# Swagger view is the "split" one (its start-up script is a file of its own, not inline); both
# pages keep a small inline <style> block and the libraries add <style> elements, so their
# policy (and theirs only) allows inline styles; Redoc also starts a worker from a blob: URL
# and shows its maker's logo from cdn.redoc.ly (built into the bundle; nothing else is fetched).
DOCS_CSP = {"style-src": ["'unsafe-inline'"], "worker-src": ["'self'", "blob:"]}
REDOC_CSP = {**DOCS_CSP, "img-src": ["https://cdn.redoc.ly"]}

router = DefaultRouter()
router.register("players", views.PlayerViewSet, basename="player")
router.register("clubs", views.ClubViewSet, basename="club")
router.register(
    r"clubs/(?P<club_slug>[-a-zA-Z0-9_]{1,90})/memberships",
    views.MembershipActionsViewSet,
    basename="club-membership",
)
router.register("ratings", views.RatingViewSet, basename="rating")
router.register("leaderboards", views.LeaderboardViewSet, basename="leaderboard")
router.register("matches", views.MatchViewSet, basename="match")
router.register("variants", views.VariantViewSet, basename="variant")

for config in apps.get_app_configs():
    for prefix, viewset, basename in getattr(config, "api_routes", ()):
        router.register(prefix, import_string(viewset), basename=basename)

urlpatterns = [
    path("auth/token/", account.TokenView.as_view(), name="token"),
    path("me/", views.MeView.as_view(), name="me"),
    path("me/export/", account.ExportView.as_view(), name="me-export"),
    path("me/delete/", account.DeleteAccountView.as_view(), name="me-delete"),
    path("schema/", SpectacularAPIView.as_view(urlconf=None), name="schema"),
    path(
        "docs/",
        csp_update(DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
        name="docs",
    ),
    path(
        "redoc/",
        csp_update(REDOC_CSP)(SpectacularRedocView.as_view(url_name="api:schema")),
        name="redoc",
    ),
    *router.urls,
]
