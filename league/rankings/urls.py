"""Pages of the rankings, mounted under /rankings/ (namespace ``rankings``)."""

from django.urls import path

from . import views

app_name = "rankings"

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("bots/", views.ladder, name="bot_ladder"),
    path("players/<str:username>/", views.player, name="player"),
    path("clubs/<slug:slug>/", views.club, name="club"),
]
