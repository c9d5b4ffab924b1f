"""URLs of the league app (namespace ``league``), mounted at the site root."""

from django.urls import path

from . import account_views, views

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("language/", views.language_switch, name="language"),
    path("profile/", views.profile_edit, name="profile"),
    path("profile/token/", account_views.token_create, name="token_create"),
    path("profile/token/revoke/", account_views.token_revoke, name="token_revoke"),
    path("profile/my-data.json", account_views.data_export, name="data_export"),
    path("profile/delete/", account_views.account_delete, name="account_delete"),
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/edit/", views.club_edit, name="club_edit"),
    path("clubs/<slug:slug>/join/", views.club_join_request, name="club_join_request"),
    path("clubs/<slug:slug>/leave/", views.club_leave, name="club_leave"),
    path("clubs/<slug:slug>/invite/rotate/", views.club_invite_rotate, name="club_invite_rotate"),
    path(
        "clubs/<slug:slug>/members/<int:membership_id>/approve/",
        views.membership_approve,
        name="membership_approve",
    ),
    path(
        "clubs/<slug:slug>/members/<int:membership_id>/reject/",
        views.membership_reject,
        name="membership_reject",
    ),
    path(
        "clubs/<slug:slug>/members/<int:membership_id>/role/",
        views.membership_role,
        name="membership_role",
    ),
    path(
        "clubs/<slug:slug>/members/<int:membership_id>/remove/",
        views.membership_remove,
        name="membership_remove",
    ),
    path("invite/<str:token>/", views.club_invite, name="club_invite"),
]
