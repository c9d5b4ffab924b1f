"""Live tables' pages, mounted under /tables/ (namespace ``games``)."""

from django.urls import path

from games import analysis_views, correspondence_views, views

app_name = "games"

urlpatterns = [
    path("", views.table_list, name="table_list"),
    path("new/", views.table_create, name="table_create"),
    path("play-now/", views.play_now, name="play_now"),
    path("correspondence/", correspondence_views.my_correspondence, name="my_correspondence"),
    path("invite/<str:token>/", views.table_invite, name="table_invite"),
    path("<int:table_id>/", views.table_detail, name="table_detail"),
    path("<int:table_id>/live/", views.table_live, name="table_live"),
    path("<int:table_id>/sit/", views.table_sit, name="table_sit"),
    path("<int:table_id>/leave/", views.table_leave, name="table_leave"),
    path("<int:table_id>/bots/add/", views.table_add_bot, name="table_add_bot"),
    path("<int:table_id>/bots/fill/", views.table_fill_bots, name="table_fill_bots"),
    path("<int:table_id>/bots/remove/", views.table_remove_bot, name="table_remove_bot"),
    path("<int:table_id>/cancel/", views.table_cancel, name="table_cancel"),
    path("<int:table_id>/abandon/", views.table_abandon, name="table_abandon"),
    path("<int:table_id>/act/", views.table_act, name="table_act"),
    path("<int:table_id>/back/", views.table_take_back, name="table_take_back"),
    path("<int:table_id>/again/", views.table_rematch, name="table_rematch"),
    path("<int:table_id>/hands/<int:number>/", views.hand_replay, name="hand_replay"),
    path(
        "<int:table_id>/hands/<int:number>/analyse/",
        analysis_views.hand_analyse,
        name="hand_analyse",
    ),
    path("<int:table_id>/record.json", views.table_record, name="table_record"),
]
