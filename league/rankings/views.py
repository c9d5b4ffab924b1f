"""Pages of the rankings: leaderboards, a player's page, a club's figures, the bot ladder.

Thin: parse the query string, ask the selectors (:mod:`.selectors`), shape what they return
for the page (:mod:`.presenters`: tabs, match lists, charts), render. Unknown variants,
players and clubs are 404s with a message. Matches of private tables are listed only to the
people who sat at them and to staff (the selectors take the viewer).
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games import messages
from league.clubs import selectors as league_selectors
from league.clubs.models import Club, User
from league.skill import PROVISIONAL_GAMES

from . import charts, conf, presenters, selectors
from .variants import variant_keys

PAGE_SIZE = 50


def _variant(request: HttpRequest, default: str | None = None) -> str:
    variant = request.GET.get("variant") or default or variant_keys()[0]
    if variant not in variant_keys():
        raise Http404(_("There is no such variant."))
    return variant


def _club(slug: str | None) -> Club | None:
    if not slug:
        return None
    club = league_selectors.club_get(slug=slug)
    if club is None:
        raise Http404(_("There is no such club."))
    return club


def leaderboard(request: HttpRequest) -> HttpResponse:
    variant = _variant(request, selectors.busiest_variant(variants=variant_keys()))
    club = _club(request.GET.get("club"))
    position = selectors.leaderboard_position(variant=variant, user=request.user, club=club)
    paginator = Paginator(selectors.leaderboard(variant=variant, club=club), PAGE_SIZE)
    paginator.count = position.total  # the same eligible ratings, counted once
    page = paginator.get_page(request.GET.get("page"))
    offset = (page.number - 1) * PAGE_SIZE
    rows = [(offset + i + 1, rating) for i, rating in enumerate(page.object_list)]
    absence = ""
    if request.user.is_authenticated and position.rank is None:
        absence = presenters.absence_reason(
            position.reason,
            games=position.rating.games if position.rating else 0,
            needed=conf.leaderboard_min_games(),
            days=conf.active_days(),
        )
    my_clubs = []
    if request.user.is_authenticated:
        my_clubs = [
            m.club for m in league_selectors.memberships_for_user(user=request.user) if m.is_active
        ]
    return render(
        request,
        "rankings/leaderboard.html",
        {
            "variant": variant,
            "variant_name": messages.variant_name(variant),
            "tabs": presenters.variant_tabs(variant),
            "club": club,
            "my_clubs": my_clubs,
            "page": page,
            "rows": rows,
            "position": position,
            "absence": absence,
            "min_games": conf.leaderboard_min_games(),
            "active_days": conf.active_days(),
            "provisional_games": PROVISIONAL_GAMES,
            "any_provisional": any(rating.provisional for _rank, rating in rows),
        },
    )


def player(request: HttpRequest, username: str) -> HttpResponse:
    user = User.objects.select_related("profile").filter(username=username, is_active=True).first()
    if user is None:
        raise Http404(_("There is no such player."))
    stats = selectors.player_stats(user=user)
    played = [s.variant for s in stats]
    default = played[0] if played else None
    variant = _variant(request, default)
    current = next((s for s in stats if s.variant == variant), None)
    for s in stats:
        s.name = messages.variant_name(s.variant)  # type: ignore[attr-defined]
    variant_name = messages.variant_name(variant)
    curve = selectors.rating_curve(user=user, variant=variant, limit=charts.MAX_POINTS)
    return render(
        request,
        "rankings/player.html",
        {
            "player": user,
            "stats": stats,
            "current": current,
            "variant": variant,
            "variant_name": variant_name,
            "tabs": [
                t for t in presenters.variant_tabs(variant) if t["key"] in played or t["current"]
            ],
            "auction_figures": presenters.auction_figures(current),
            "rating_chart": presenters.rating_chart(curve, variant_name),
            "points_chart": presenters.points_chart(
                selectors.points_distribution(user=user, variant=variant), variant_name
            ),
            "head_to_head": selectors.head_to_head(user=user, variant=variant, viewer=request.user),
            "recent": presenters.decorate_matches(
                selectors.recent_matches(user=user, variant=variant, viewer=request.user)
            ),
            "is_me": request.user.is_authenticated and request.user.pk == user.pk,
        },
    )


def club(request: HttpRequest, slug: str) -> HttpResponse:
    club_ = _club(slug)
    assert club_ is not None
    stats = selectors.club_statistics(club=club_, viewer=request.user)
    for row in stats.per_variant:
        row["name"] = messages.variant_name(row["variant"])
    boards = []
    for key in variant_keys():
        top = list(selectors.leaderboard(variant=key, club=club_)[:5])
        if top:
            boards.append({"key": key, "name": messages.variant_name(key), "top": top})
    return render(
        request,
        "rankings/club.html",
        {
            "club": club_,
            "stats": stats,
            "boards": boards,
            "provisional_games": PROVISIONAL_GAMES,
            "any_provisional": any(r.provisional for b in boards for r in b["top"]),
            "recent": presenters.decorate_matches(stats.matches),
        },
    )


def ladder(request: HttpRequest) -> HttpResponse:
    """The bot ladder: the bot levels' ratings from arena games, per variant (public)."""
    keys = selectors.ladder_variants()
    variant = request.GET.get("variant") or (keys[0] if keys else variant_keys()[0])
    if variant not in variant_keys():
        raise Http404(_("There is no such variant."))
    board = selectors.ladder_board(variant=variant)
    return render(
        request,
        "rankings/ladder.html",
        {
            "variant": variant,
            "variant_name": messages.variant_name(variant),
            "tabs": presenters.ladder_tabs(variant, keys),
            "board": board,
            "rows": presenters.ladder_rows(board) if board else None,
        },
    )
