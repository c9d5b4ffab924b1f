"""Live tables' pages, mounted under /tables/."""

from django.urls import URLPattern

app_name = "games"

urlpatterns: list[URLPattern] = []
