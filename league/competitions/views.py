"""Pages of competitions: tournaments, leagues, "my matches", CSV exports (the pages that
create a tournament or a league are in :mod:`.create_views`).

Thin adapters: parse the request, call a service, show the outcome. A
:class:`~league.competitions.errors.CompetitionError` becomes a message on the page and nothing
changes; a permission error (someone who is not an organiser of the club) is a 403. Actions
are POSTs (``@require_POST``) answered with a redirect to the page they came from.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.clubs.models import Club, Membership, User
from league.view_actions import perform as _perform
from league.view_actions import perform_and_redirect

from . import errors, selectors, services
from .forms import ResultForm
from .models import (
    BoardSeat,
    Fixture,
    FixtureSeat,
    Round,
    Season,
    Tournament,
    TournamentEntry,
)


def _require_organiser(club: Club, user: object) -> None:
    if not selectors.may_organise(club=club, user=user):
        raise PermissionDenied(_("Only the club's organisers and admins can do that."))


def _tournament_or_404(pk: int) -> Tournament:
    tournament = selectors.tournament_get(pk=pk)
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    return tournament


def _season_or_404(pk: int) -> Season:
    season = selectors.season_get(pk=pk)
    if season is None:
        raise Http404(_("There is no such season."))
    return season


def _back(request: HttpRequest, default: object) -> HttpResponse:
    """Back to the page the form was on (``next``, on this site only), else ``default``."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return redirect(default)


def _csv_response(content: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _club_members(club: Club) -> list[User]:
    return [
        m.user
        for m in Membership.objects.filter(club=club, status=Membership.Status.ACTIVE)
        .select_related("user__profile")
        .order_by("user__username")
    ]


def _partners(request: HttpRequest, club: Club, shape: str) -> dict[str, list[User]]:
    """The club members a player may name as his partner (pair variants only)."""
    if shape != "pairs" or not request.user.is_authenticated:
        return {}
    return {"partners": [u for u in _club_members(club) if u.pk != request.user.pk]}


def _register(
    request: HttpRequest,
    event: Tournament | Season,
    shape: str,
    register: Callable[[User | None], object],
    success: str,
) -> HttpResponse:
    """Register for a tournament or a season; pair variants name the partner."""
    partner = None
    if shape == "pairs":
        partner = selectors.user_named(request.POST.get("partner", ""))
        if partner is None:
            messages.error(request, _("There is no player with that user name."))
            return redirect(event)
    return perform_and_redirect(request, lambda: register(partner), success, event)


def _result_form(
    request: HttpRequest,
    *,
    seats: list[BoardSeat] | list[FixtureSeat],
    override: Callable[..., object],
    done_url: str,
    context: dict[str, object],
    in_play: bool = False,
) -> HttpResponse:
    """An organiser sets a finished board's or fixture's result (places, forfeits, reason), or
    the result of one in play, stopping its table (``in_play``: the form asks to confirm)."""
    form = ResultForm(request.POST or None, seats=seats, in_play=in_play)
    if request.method == "POST" and form.is_valid():
        done = _perform(
            request,
            lambda: override(
                places=form.places(),
                by=request.user,
                reason=form.cleaned_data["reason"],
                abandon=bool(form.cleaned_data.get("abandon")),
            ),
            _("The result is changed."),
        )
        if done:
            return redirect(done_url)
    return render(
        request,
        "competitions/result_form.html",
        {"form": form, "back": done_url, **context},
    )


# ----------------------------------------------------------------------------- lists


def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "competitions/index.html",
        {
            "tournaments": selectors.tournament_list()[:50],
            "leagues": selectors.league_list()[:50],
            "organised_clubs": selectors.organised_clubs(user=request.user),
        },
    )


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "competitions/my_matches.html",
        {"matches": selectors.my_matches(user=request.user)},
    )


# ----------------------------------------------------------------------------- tournaments


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    can_organise = selectors.may_organise(club=tournament.club, user=request.user)
    rounds = selectors.tournament_rounds(tournament=tournament)
    current = next((r for r in rounds if r.status != Round.Status.FINISHED), None)
    context = {
        "tournament": tournament,
        "can_organise": can_organise,
        # The organiser's panel has buttons until the tournament ends, and nothing after.
        "organiser_panel": can_organise and tournament.status != Tournament.Status.FINISHED,
        "my_entry": selectors.entry_of(tournament=tournament, user=request.user),
        "entries": selectors.tournament_field(tournament=tournament),
        "rounds": rounds,
        "current_round": current,
        "standings": selectors.tournament_standings(tournament=tournament),
        "tiebreak_names": [
            selectors.tiebreak_label(n, tournament.variant) for n in tournament.tiebreaks
        ],
        "tiebreak_columns": selectors.tiebreak_columns(tournament.tiebreaks, tournament.variant),
        "registration_open": selectors.registration_is_open(tournament=tournament),
        "changes": selectors.tournament_changes(tournament=tournament)[:50],
        "now": timezone.now(),
    }
    context.update(_partners(request, tournament.club, tournament.shape))
    if can_organise and current is not None:
        context["round_entries"] = [
            seat.entry for board in current.boards.all() for seat in board.seats.all()
        ]
    return render(request, "competitions/tournament_detail.html", context)


def tournament_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    """A duplicate tournament's standings and, board by board, who held which cards where."""
    tournament = _tournament_or_404(pk)
    if not tournament.is_duplicate:
        raise Http404(_("This tournament is not a duplicate one."))
    results = selectors.duplicate_results(tournament=tournament)
    mine = selectors.entry_of(tournament=tournament, user=request.user)
    my_entry_id = mine.pk if mine else None
    # Duplicate tables are private (games opens their replays to their own players only).
    my_tables = {
        cell.table_id
        for rnd in results.rounds
        for board in rnd.boards
        for group in board.groups
        for cell in group.results
        if cell.entry_id == my_entry_id
    }
    return render(
        request,
        "competitions/duplicate.html",
        {
            "tournament": tournament,
            "results": results,
            "my_entry_id": my_entry_id,
            "my_tables": my_tables,
            "replay_all": bool(getattr(request.user, "is_staff", False)),
        },
    )


@login_required
@require_POST
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    return _register(
        request,
        tournament,
        tournament.shape,
        lambda partner: services.tournament_register(
            tournament=tournament, user=request.user, partner=partner
        ),
        _("You are registered. Good luck!"),
    )


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    return perform_and_redirect(
        request,
        lambda: services.tournament_withdraw(tournament=tournament, user=request.user),
        _("You have withdrawn from the tournament."),
        tournament,
    )


@login_required
@require_POST
def tournament_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    return perform_and_redirect(
        request,
        lambda: services.tournament_check_in(tournament=tournament, user=request.user),
        _("You have checked in."),
        tournament,
    )


@login_required
@require_POST
def round_pair(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    return perform_and_redirect(
        request,
        lambda: services.round_pair(tournament=tournament, by=request.user),
        _("The round is paired."),
        tournament,
    )


@login_required
@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    rnd = selectors.round_get(tournament=tournament, number=number)
    if rnd is None:
        raise Http404(_("There is no such round."))
    return perform_and_redirect(
        request,
        lambda: services.round_start(round=rnd, by=request.user),
        _("The tables are open."),
        tournament,
    )


@login_required
@require_POST
def pairing_change(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    _require_organiser(tournament.club, request.user)
    rnd = selectors.round_is_open(tournament=tournament)
    try:
        entry = selectors.entry_get(tournament=tournament, pk=int(request.POST.get("entry", "")))
        other = selectors.entry_get(tournament=tournament, pk=int(request.POST.get("other", "")))
    except ValueError:
        entry = other = None
    if rnd is None or entry is None or other is None:
        messages.error(request, _("Choose two players of the round in play."))
        return redirect(tournament)
    return perform_and_redirect(
        request,
        lambda: services.pairing_change(
            round=rnd,
            entry=entry,
            other=other,
            by=request.user,
            reason=request.POST.get("reason", ""),
        ),
        _("The pairing is changed."),
        tournament,
    )


@login_required
@require_POST
def entry_drop(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    return _entry_change(request, pk, entry_id, services.entry_drop, _("%(name)s is withdrawn."))


@login_required
@require_POST
def entry_reinstate(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    return _entry_change(
        request, pk, entry_id, services.entry_reinstate, _("%(name)s is playing again.")
    )


def _entry_change(
    request: HttpRequest,
    pk: int,
    entry_id: int,
    change: Callable[..., TournamentEntry],
    success: str,
) -> HttpResponse:
    """An organiser withdraws an entry or brings it back, with a reason (``success`` names it)."""
    tournament = _tournament_or_404(pk)
    entry = selectors.entry_get(tournament=tournament, pk=entry_id)
    if entry is None:
        raise Http404(_("There is no such player in this tournament."))
    return perform_and_redirect(
        request,
        lambda: change(entry=entry, by=request.user, reason=request.POST.get("reason", "")),
        success % {"name": entry.name},
        tournament,
    )


@login_required
def board_result(request: HttpRequest, pk: int, board_id: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    _require_organiser(tournament.club, request.user)
    board = selectors.board_get(tournament=tournament, pk=board_id)
    if board is None or board.is_bye:
        raise Http404(_("There is no such table."))
    return _result_form(
        request,
        seats=selectors.board_seats(board=board),
        override=partial(services.result_override, board=board),
        done_url=tournament.get_absolute_url(),
        context={"event": tournament, "board": board},
        in_play=board.status == board.Status.PLAYING and bool(board.table_id),
    )


def tournament_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    content = selectors.tournament_standings_csv(tournament=tournament)
    return _csv_response(content, f"{slugify(tournament.name) or 'tournament'}-standings.csv")


def tournament_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    content = selectors.tournament_results_csv(tournament=tournament)
    return _csv_response(content, f"{slugify(tournament.name) or 'tournament'}-results.csv")


# ----------------------------------------------------------------------------- leagues


def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk=pk)
    if league is None:
        raise Http404(_("There is no such league."))
    season = selectors.season_current(league=league)
    if season is None:
        raise Http404(_("There is no such season."))
    return redirect(season)


def season_detail(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    league = season.league
    can_organise = selectors.may_organise(club=league.club, user=request.user)
    my_entry = selectors.season_entry_of(season=season, user=request.user)
    context = {
        "season": season,
        "league": league,
        "can_organise": can_organise,
        "my_entry": my_entry,
        "divisions": selectors.season_divisions(season=season),
        "seasons": selectors.league_seasons(league=league),
        "tiebreak_names": [selectors.tiebreak_label(n, league.variant) for n in league.tiebreaks],
        "tiebreak_columns": selectors.tiebreak_columns(league.tiebreaks, league.variant),
        "changes": selectors.season_changes(season=season)[:50],
        "undecided_fixtures": selectors.season_undecided_fixtures(season=season)
        if can_organise and season.status == Season.Status.RUNNING
        else 0,
        "now": timezone.now(),
        "is_member": request.user.is_authenticated
        and Membership.objects.filter(
            club=league.club, user=request.user, status=Membership.Status.ACTIVE
        ).exists(),
    }
    context.update(_partners(request, league.club, league.shape))
    return render(request, "competitions/season_detail.html", context)


@login_required
@require_POST
def season_register(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    return _register(
        request,
        season,
        season.league.shape,
        lambda partner: services.season_register(season=season, user=request.user, partner=partner),
        _("You are in this season's league."),
    )


@login_required
@require_POST
def season_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    return perform_and_redirect(
        request,
        lambda: services.season_withdraw(season=season, user=request.user),
        _("You have left this season."),
        season,
    )


@login_required
@require_POST
def season_assign(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    season = _season_or_404(pk)
    _require_organiser(season.league.club, request.user)
    entry = selectors.season_entry_get(season=season, pk=entry_id)
    division = season.divisions.filter(pk=request.POST.get("division") or 0).first()
    if entry is None or division is None:
        raise Http404(_("There is no such division."))
    return perform_and_redirect(
        request,
        lambda: services.season_assign(entry=entry, division=division, by=request.user),
        _("%(name)s plays in %(division)s.") % {"name": entry.name, "division": division.label},
        season,
    )


@login_required
@require_POST
def season_start(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    return perform_and_redirect(
        request,
        lambda: services.season_start(season=season, by=request.user),
        _("The season has started: the fixtures are out."),
        season,
    )


@login_required
@require_POST
def season_close(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    result: dict[str, Season] = {}

    def close() -> None:
        result["next"] = services.season_close(season=season, by=request.user)

    if _perform(request, close, _("The season is closed. The next one is open for registration.")):
        return redirect(result["next"])
    return redirect(season)


@login_required
@require_POST
def fixture_play_now(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = selectors.fixture_get(pk=pk)
    if fixture is None:
        raise Http404(_("There is no such fixture."))
    result: dict[str, Fixture] = {}

    def play() -> None:
        result["fixture"] = services.fixture_play_now(fixture=fixture, user=request.user)

    try:
        play()
    except errors.CompetitionPermissionError as error:
        raise PermissionDenied(error.message) from error
    except errors.CompetitionError as error:
        messages.error(request, error.message)
        return _back(request, fixture.season)
    fixture = result["fixture"]
    if fixture.table_id:
        return redirect("games:table_detail", fixture.table_id)
    refreshed = selectors.fixture_get(pk=fixture.pk)
    waiting = selectors.fixture_waiting_for(fixture=refreshed) if refreshed else []
    messages.info(
        request,
        ngettext(
            "You are ready. The table opens when %(names)s presses “Play now” too (within "
            "%(minutes)s minutes).",
            "You are ready. The table opens when %(names)s press “Play now” too (within "
            "%(minutes)s minutes).",
            len(waiting),
        )
        % {"names": ", ".join(waiting), "minutes": services.READY_MINUTES},
    )
    return _back(request, fixture.season)


@login_required
def fixture_result(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = selectors.fixture_get(pk=pk)
    if fixture is None:
        raise Http404(_("There is no such fixture."))
    season = fixture.season
    _require_organiser(season.league.club, request.user)
    return _result_form(
        request,
        seats=list(fixture.seats.all()),
        override=partial(services.fixture_result_override, fixture=fixture),
        done_url=season.get_absolute_url(),
        context={"event": season.league, "fixture": fixture},
        in_play=fixture.status == fixture.Status.PLAYING and bool(fixture.table_id),
    )


def season_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    name = slugify(season.league.name) or "league"
    return _csv_response(
        selectors.season_standings_csv(season=season), f"{name}-{season.number}-standings.csv"
    )


def season_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season_or_404(pk)
    name = slugify(season.league.name) or "league"
    return _csv_response(
        selectors.season_results_csv(season=season), f"{name}-{season.number}-results.csv"
    )
