"""Pages of the league app: home, profile and clubs.

Thin adapters: parse the request, call a service, show the outcome. A ``UserError`` becomes a
message on the page; a ``NotAllowedError`` a 403. Member management answers htmx
requests with the ``members`` partial of the club page and ordinary posts with a redirect.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from league.clubs.errors import ClubNameTakenError, NotAllowedError, UserError
from league.view_actions import perform as _perform
from league.view_actions import perform_and_redirect

from . import selectors, services
from .account_views import profile_context
from .forms import ClubForm, ProfileForm
from .middleware import remember_language
from .models import Club, Language, Membership


def home(request: HttpRequest) -> HttpResponse:
    context: dict[str, object] = {}
    if request.user.is_authenticated:
        context["memberships"] = selectors.memberships_for_user(user=request.user)
        context["pending_count"] = selectors.pending_requests_for_organiser(user=request.user)
    return render(request, "home.html", context)


@require_POST
def language_switch(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language``; a logged-in player's choice is also kept on his profile."""
    response = set_language(request)
    code = request.POST.get("language", "")
    if request.user.is_authenticated and code in Language.values:
        services.profile_set_language(user=request.user, language=code)
    return response


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    profile = services.profile_ensure(user=request.user)
    form = ProfileForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        try:
            profile = services.profile_update(user=request.user, **form.cleaned_data)
        except UserError as error:
            form.add_error(None, error.message)
        else:
            remember_language(request, profile.preferred_language)
            messages.success(request, _("Your profile is saved."))
            return redirect("league:profile")
    context = profile_context(request, form=form, profile=profile)
    return render(request, "league/profile_form.html", context)


# --- clubs ----------------------------------------------------------------------------------


def _club_or_404(slug: str) -> Club:
    club = selectors.club_get(slug=slug)
    if club is None:
        raise Http404(_("There is no such club."))
    return club


def _membership_or_404(club: Club, membership_id: int) -> Membership:
    membership = selectors.membership_get_by_id(club=club, membership_id=membership_id)
    if membership is None:
        raise Http404(_("There is no such member."))
    return membership


def club_list(request: HttpRequest) -> HttpResponse:
    return render(request, "league/club_list.html", {"clubs": selectors.club_list()})


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(owner=request.user, **form.cleaned_data)
        except ClubNameTakenError as error:
            form.add_error("name", error.message)
        except UserError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Your club is ready. Share the invitation link with your players."),
            )
            return redirect(club)
    return render(request, "league/club_form.html", {"form": form})


@login_required
def club_edit(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_or_404(slug)
    membership = selectors.membership_get(club=club, user=request.user)
    if membership is None or not membership.is_admin:
        raise PermissionDenied(_("Only the club's admins can do that."))
    initial = {"name": club.name, "description": club.description}
    form = ClubForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_update(club=club, actor=request.user, **form.cleaned_data)
        except NotAllowedError as error:
            raise PermissionDenied(error.message) from error
        except ClubNameTakenError as error:
            form.add_error("name", error.message)
        except UserError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The club is saved."))
            return redirect(club)
    return render(request, "league/club_form.html", {"form": form, "club": club})


def _club_page_context(request: HttpRequest, club: Club) -> dict[str, object]:
    membership = selectors.membership_get(club=club, user=request.user)
    context: dict[str, object] = {
        "club": club,
        "membership": membership,
        "members": selectors.club_members(club=club),
        "roles": Membership.Role.choices,
    }
    if membership is not None and membership.can_organise:
        context["pending"] = selectors.club_pending_requests(club=club)
        context["invite_url"] = request.build_absolute_uri(club.get_invite_path())
    return context


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_or_404(slug)
    return render(request, "league/club_detail.html", _club_page_context(request, club))


def _after_member_action(request: HttpRequest, club: Club) -> HttpResponse:
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "league/club_detail.html#members", _club_page_context(request, club))
    return redirect(club)


@login_required
@require_POST
def club_join_request(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_or_404(slug)
    return perform_and_redirect(
        request,
        lambda: services.club_request_join(club=club, user=request.user),
        _("Your request has been sent. An organiser of the club will answer it."),
        club,
    )


@login_required
@require_POST
def club_leave(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_or_404(slug)
    left = _perform(
        request,
        lambda: services.club_leave(club=club, user=request.user),
        _("You are no longer in %(club)s.") % {"club": club.name},
    )
    return redirect("league:club_list" if left else club)


@login_required
def club_invite(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation link: shows the club and a button to join it."""
    club = selectors.club_get_by_invite(token=token)
    if club is None:
        messages.error(
            request, _("This invitation link is no longer valid. Ask the club for a new one.")
        )
        return render(request, "league/club_invite.html", {"club": None}, status=404)
    membership = selectors.membership_get(club=club, user=request.user)
    if membership is not None and membership.is_active:
        messages.info(request, _("You are already a member of %(club)s.") % {"club": club.name})
        return redirect(club)
    if request.method == "POST":
        joined = _perform(
            request,
            lambda: services.club_join_by_invite(token=token, user=request.user),
            _("Welcome to %(club)s!") % {"club": club.name},
        )
        if joined:
            return redirect(club)
    return render(request, "league/club_invite.html", {"club": club})


@login_required
@require_POST
def club_invite_rotate(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_or_404(slug)
    return perform_and_redirect(
        request,
        lambda: services.club_rotate_invite(club=club, actor=request.user),
        _("There is a new invitation link. The old one no longer works."),
        club,
    )


@login_required
@require_POST
def membership_approve(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    club = _club_or_404(slug)
    membership = _membership_or_404(club, membership_id)
    _perform(
        request,
        lambda: services.membership_approve(membership=membership, actor=request.user),
        _("%(name)s is now a member.") % {"name": membership.user.public_name},
    )
    return _after_member_action(request, club)


@login_required
@require_POST
def membership_reject(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    club = _club_or_404(slug)
    membership = _membership_or_404(club, membership_id)
    _perform(
        request,
        lambda: services.membership_reject(membership=membership, actor=request.user),
        _("The request of %(name)s was declined.") % {"name": membership.user.public_name},
    )
    return _after_member_action(request, club)


@login_required
@require_POST
def membership_role(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    club = _club_or_404(slug)
    membership = _membership_or_404(club, membership_id)
    role = request.POST.get("role", "")
    _perform(
        request,
        lambda: services.membership_set_role(membership=membership, role=role, actor=request.user),
        _("The role of %(name)s is saved.") % {"name": membership.user.public_name},
    )
    return _after_member_action(request, club)


@login_required
@require_POST
def membership_remove(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    club = _club_or_404(slug)
    membership = _membership_or_404(club, membership_id)
    _perform(
        request,
        lambda: services.membership_remove(membership=membership, actor=request.user),
        _("%(name)s is no longer in the club.") % {"name": membership.user.public_name},
    )
    return _after_member_action(request, club)
