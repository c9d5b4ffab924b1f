"""Pages of the rankings: leaderboards, a player's page, a club's figures.

Thin: parse the query string, ask the selectors, draw the charts, render. Unknown variants,
players and clubs are 404s with a message. Matches of private tables are listed only to the
people who sat at them and to staff (the selectors take the viewer).
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from games import messages
from league import selectors as league_selectors
from league.models import Club, User

from . import charts, conf, labels, selectors
from .variants import variant_keys

PAGE_SIZE = 50


def _variant(request: HttpRequest, default: str = "cabrero") -> str:
    variant = request.GET.get("variant") or default
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


def _variant_tabs(current: str) -> list[dict[str, object]]:
    return [
        {"key": key, "name": messages.variant_name(key), "current": key == current}
        for key in variant_keys()
    ]


def replay_url(table_id: int) -> str | None:
    """The table's page in ``games`` (its finished hands can be replayed from there)."""
    try:
        return reverse("games:table_detail", args=[table_id])
    except NoReverseMatch:
        return None


def _decorate(matches: list) -> list:
    for match in matches:
        match.replay_url = replay_url(match.table_id)
        match.variant_name = messages.variant_name(match.variant)
    return matches


def leaderboard(request: HttpRequest) -> HttpResponse:
    variant = _variant(request)
    club = _club(request.GET.get("club"))
    position = selectors.leaderboard_position(variant=variant, user=request.user, club=club)
    paginator = Paginator(selectors.leaderboard(variant=variant, club=club), PAGE_SIZE)
    paginator.count = position.total  # the same eligible ratings, counted once
    page = paginator.get_page(request.GET.get("page"))
    offset = (page.number - 1) * PAGE_SIZE
    rows = [(offset + i + 1, rating) for i, rating in enumerate(page.object_list)]
    absence = ""
    if request.user.is_authenticated and position.rank is None:
        absence = labels.absence_reason(
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
            "tabs": _variant_tabs(variant),
            "club": club,
            "my_clubs": my_clubs,
            "page": page,
            "rows": rows,
            "position": position,
            "absence": absence,
            "min_games": conf.leaderboard_min_games(),
            "active_days": conf.active_days(),
        },
    )


def _rating_chart(curve: selectors.RatingCurve | None, variant_name: str):
    if curve is None:
        return ""
    return charts.line_chart_points(
        curve.points,
        count=curve.games,
        low=curve.low,
        high=curve.best,
        title=_("Rating in %(variant)s") % {"variant": variant_name},
        description=_("%(games)s rated games, from %(first)s to %(last)s; highest %(best)s.")
        % {"games": curve.games, "first": curve.first, "last": curve.last, "best": curve.best},
        x_label=_("rated games"),
    )


def _points_chart(bins: list[selectors.Bin], variant_name: str):
    labels_ = [f"{b.low}–{b.high - 1}" if b.high is not None else f"{b.low}+" for b in bins]
    counts = [b.count for b in bins]
    return charts.bar_chart(
        labels_,
        counts,
        title=_("Points per hand in %(variant)s") % {"variant": variant_name},
        description=_("How many hands ended with each band of points: %(bands)s.")
        % {"bands": ", ".join(f"{lab}: {c}" for lab, c in zip(labels_, counts, strict=True) if c)},
    )


def player(request: HttpRequest, username: str) -> HttpResponse:
    user = User.objects.select_related("profile").filter(username=username, is_active=True).first()
    if user is None:
        raise Http404(_("There is no such player."))
    stats = selectors.player_stats(user=user)
    played = [s.variant for s in stats]
    default = played[0] if played else "cabrero"
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
            "tabs": [t for t in _variant_tabs(variant) if t["key"] in played or t["current"]],
            "rating_chart": _rating_chart(curve, variant_name),
            "points_chart": _points_chart(
                selectors.points_distribution(user=user, variant=variant), variant_name
            ),
            "head_to_head": selectors.head_to_head(user=user, variant=variant, viewer=request.user),
            "recent": _decorate(
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
            "recent": _decorate(stats.matches),
        },
    )
