"""The notification pages: the list (all or unread; mark one or all read), the mail
preferences (the fieldset on the profile page posts here) and the unsubscribe link of a mail
(a GET that asks, a POST that turns that kind of mail off; it works logged out)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs.models import User
from league.errors import UserError
from league.view_actions import perform

from . import selectors, services
from .emails import read_unsubscribe_token
from .kinds import EMAIL_KINDS, Kind

PAGE_SIZE = 25


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    unread_only = request.GET.get("show") == "unread"
    qs = selectors.notifications_of(user=request.user, unread=True if unread_only else None)
    page = Paginator(qs, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "notifications/list.html",
        {
            "page": page,
            "unread_only": unread_only,
            "unread": selectors.unread_count(user_id=request.user.pk),
        },
    )


def _next_or_list(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return redirect("notifications:list")


@login_required
@require_POST
def notification_read(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark one read; with ``next`` (its link), go there."""
    try:
        services.notification_mark_read(user=request.user, notification_id=pk)
    except UserError as error:
        raise Http404(error.message) from error
    return _next_or_list(request)


@login_required
@require_POST
def notification_read_all(request: HttpRequest) -> HttpResponse:
    perform(
        request,
        lambda: services.notifications_mark_all_read(user=request.user),
        _("Every notification is marked read."),
    )
    return redirect("notifications:list")


@login_required
@require_POST
def preferences_update(request: HttpRequest) -> HttpResponse:
    """The profile's fieldset: a checkbox per mailed kind (checked: mailed)."""
    chosen = set(request.POST.getlist("email"))

    def save() -> None:
        for kind in EMAIL_KINDS:
            services.preference_set(user=request.user, kind=kind, email=kind.value in chosen)

    perform(request, save, _("Your notification settings are saved."))
    return redirect("league:profile")


def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = read_unsubscribe_token(token)
    user = User.objects.filter(pk=found[0]).first() if found else None
    if found is None or user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    kind = Kind(found[1])
    done = False
    if request.method == "POST":
        services.preference_set(user=user, kind=kind, email=False)
        done = True
    return render(
        request,
        "notifications/unsubscribe.html",
        {"kind_label": kind.label, "done": done, "token": token},
    )
