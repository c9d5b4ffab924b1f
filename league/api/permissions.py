"""Object permissions of the API. Roles themselves are checked by the services (a
``NotAllowedError`` becomes 403); these classes refuse early what needs no service."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import permissions
from rest_framework.request import Request

from league.clubs.models import Club, Membership


def membership_of(user: Any, club: Club) -> Membership | None:
    if not user or not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


class IsClubAdminOrReadOnly(permissions.BasePermission):
    """Anyone reads a club; only its active admins change it."""

    message = _("Only the club's admins can do that.")

    def has_object_permission(self, request: Request, view: Any, obj: Club) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        membership = membership_of(request.user, obj)
        return membership is not None and membership.is_admin


class IsClubOrganiser(permissions.BasePermission):
    """The club's active organisers and admins (join requests, organiser actions)."""

    message = _("Only the club's organisers and admins can do that.")

    def has_object_permission(self, request: Request, view: Any, obj: Club) -> bool:
        membership = membership_of(request.user, obj)
        return membership is not None and membership.can_organise
