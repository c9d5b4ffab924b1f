"""The pages that create a tournament or a league (organisers and admins of the club).

One form holds the game and the fields that depend on it. Changing the game re-renders those
fields: in the browser htmx posts the form with ``choose_game`` when the game's select
changes and swaps the form in place; without JavaScript the "Choose this game" button posts the
same. Either way nothing is created, and what was typed in the fields every game shares is
kept.

A form submitted to create with a game other than the one its fields were built for (the page
says which, in ``built_for``) is never saved with the other game's options: the page comes
back with a fresh form for the chosen game, its options at their defaults, and a message
asking to check them before creating (always, even when nothing of the game was changed: a
second press creates).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from . import errors, selectors, services
from .forms import CHOOSE_GAME, LeagueForm, TournamentForm, main_fields
from .models import League, Tournament
from .views import _require_organiser


def _event_create(
    request: HttpRequest,
    slug: str,
    *,
    kind: str,
    form_class: type[TournamentForm] | type[LeagueForm],
    create: Callable[..., Tournament | League],
    success: str,
) -> HttpResponse:
    club = selectors.club_for_slug(slug=slug)
    if club is None:
        raise Http404(_("There is no such club."))
    _require_organiser(club, request.user)
    notice = ""
    if request.method != "POST":
        form = form_class(initial=request.GET.dict())
    else:
        form = form_class(request.POST)
        if CHOOSE_GAME in request.POST or form.game_changed:
            if CHOOSE_GAME not in request.POST:
                notice = _(
                    "You changed the game: the options below are now those of %(game)s, at "
                    "their defaults. Check them, then create again."
                ) % {"game": form.game_label()}
            form = form_class(initial=form.carried_over())
        elif form.is_valid():
            try:
                event = create(club=club, organiser=request.user, **form.service_kwargs())
            except errors.CompetitionPermissionError as error:
                raise PermissionDenied(error.message) from error
            except errors.CompetitionError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, success)
                return redirect(event)
    return render(
        request,
        "competitions/event_form.html",
        {
            "form": form,
            "club": club,
            "kind": kind,
            "main_fields": main_fields(form),
            "notice": notice,
            "choose_game": CHOOSE_GAME,
        },
    )


@login_required
def tournament_create(request: HttpRequest, slug: str) -> HttpResponse:
    return _event_create(
        request,
        slug,
        kind="tournament",
        form_class=TournamentForm,
        create=services.tournament_create,
        success=_("The tournament is ready: players can register."),
    )


@login_required
def league_create(request: HttpRequest, slug: str) -> HttpResponse:
    return _event_create(
        request,
        slug,
        kind="league",
        form_class=LeagueForm,
        create=services.league_create,
        success=_("The league is ready: players can join its first season."),
    )
