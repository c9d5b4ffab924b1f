"""URLs of competitions (namespace ``competitions``), mounted at /competitions/."""

from django.urls import path

from . import create_views, views

app_name = "competitions"

urlpatterns = [
    path("", views.index, name="index"),
    path("mine/", views.my_matches, name="my_matches"),
    # tournaments
    path(
        "clubs/<slug:slug>/tournaments/new/",
        create_views.tournament_create,
        name="tournament_create",
    ),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
    path(
        "tournaments/<int:pk>/duplicate/", views.tournament_duplicate, name="tournament_duplicate"
    ),
    path("tournaments/<int:pk>/register/", views.tournament_register, name="tournament_register"),
    path("tournaments/<int:pk>/withdraw/", views.tournament_withdraw, name="tournament_withdraw"),
    path("tournaments/<int:pk>/check-in/", views.tournament_check_in, name="tournament_check_in"),
    path("tournaments/<int:pk>/rounds/pair/", views.round_pair, name="round_pair"),
    path("tournaments/<int:pk>/rounds/<int:number>/start/", views.round_start, name="round_start"),
    path("tournaments/<int:pk>/pairing/", views.pairing_change, name="pairing_change"),
    path(
        "tournaments/<int:pk>/boards/<int:board_id>/result/",
        views.board_result,
        name="board_result",
    ),
    path("tournaments/<int:pk>/entries/<int:entry_id>/drop/", views.entry_drop, name="entry_drop"),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/reinstate/",
        views.entry_reinstate,
        name="entry_reinstate",
    ),
    path(
        "tournaments/<int:pk>/standings.csv",
        views.tournament_standings_csv,
        name="tournament_standings_csv",
    ),
    path(
        "tournaments/<int:pk>/results.csv",
        views.tournament_results_csv,
        name="tournament_results_csv",
    ),
    # leagues
    path("clubs/<slug:slug>/leagues/new/", create_views.league_create, name="league_create"),
    path("leagues/<int:pk>/", views.league_detail, name="league_detail"),
    path("seasons/<int:pk>/", views.season_detail, name="season_detail"),
    path("seasons/<int:pk>/register/", views.season_register, name="season_register"),
    path("seasons/<int:pk>/withdraw/", views.season_withdraw, name="season_withdraw"),
    path("seasons/<int:pk>/start/", views.season_start, name="season_start"),
    path("seasons/<int:pk>/close/", views.season_close, name="season_close"),
    path(
        "seasons/<int:pk>/entries/<int:entry_id>/division/",
        views.season_assign,
        name="season_assign",
    ),
    path("seasons/<int:pk>/standings.csv", views.season_standings_csv, name="season_standings_csv"),
    path("seasons/<int:pk>/results.csv", views.season_results_csv, name="season_results_csv"),
    path("fixtures/<int:pk>/play/", views.fixture_play_now, name="fixture_play_now"),
    path("fixtures/<int:pk>/result/", views.fixture_result, name="fixture_result"),
]
