"""What the rankings pages show, built from what the selectors return: the variant tabs, the
matches of a list with their replay link and variant name, the rating and points charts
(:mod:`.charts`), why a player is not on a leaderboard, the auction figures of the
bidding tutes, and the bot ladder's tabs and level names. Views call these; no query here.
"""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games import messages

from . import charts
from .selectors.history import RatingCurve
from .selectors.ladder import LadderBoard
from .selectors.players import VariantStats
from .selectors.points import Bin
from .variants import variant_keys


def variant_tabs(current: str) -> list[dict[str, object]]:
    """A tab per rated variant, in the engine's order; ``current`` is marked."""
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


def decorate_matches(matches: list) -> list:
    """Each match with its ``replay_url`` and its ``variant_name`` in the reader's language."""
    for match in matches:
        match.replay_url = replay_url(match.table_id)
        match.variant_name = messages.variant_name(match.variant)
    return matches


def rating_chart(curve: RatingCurve | None, variant_name: str) -> SafeString | str:
    """The player's rating over his rated games (an SVG line), or "" without one."""
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


def points_chart(bins: list[Bin], variant_name: str) -> SafeString:
    """How many hands ended with each band of points (an SVG bar chart)."""
    labels_ = [f"{b.low}–{b.high - 1}" if b.high is not None else f"{b.low}+" for b in bins]
    counts = [b.count for b in bins]
    return charts.bar_chart(
        labels_,
        counts,
        title=_("Points per hand in %(variant)s") % {"variant": variant_name},
        description=_("How many hands ended with each band of points: %(bands)s.")
        % {"bands": ", ".join(f"{lab}: {c}" for lab, c in zip(labels_, counts, strict=True) if c)},
    )


def absence_reason(reason: str, *, games: int = 0, needed: int = 0, days: int = 0) -> str:
    """Why the player is not on the leaderboard (a ``Position.reason``), as the page says it."""
    if reason == "provisional":
        return _(
            "Your rating is provisional: %(games)s of the %(needed)s rated games needed to "
            "appear here."
        ) % {"games": games, "needed": needed}
    if reason == "inactive":
        return _("You have played no rated game here in the last %(days)s days.") % {"days": days}
    if reason == "not_member":
        return _("You are not an active member of this club.")
    return _("You have no rating in this variant yet: play a rated game.")


def auction_figures(stats: VariantStats | None) -> list[dict[str, object]]:
    """The auction figures of a player's statistics in one variant, as (label, value) rows;
    none for a variant whose hands report no auction (:mod:`.auction`).

    Where bids have a value (remate) the jugador's hands are his bids won at the auction,
    made or failed, with their average; otherwise (codillo's and bato's "juego") the hands he
    played as jugador, won or lost. Bato adds the times he was batido.
    """
    if stats is None or stats.contracts is None:
        return []
    if stats.bid_total is not None:
        rows = [
            (_("Bids won at auction"), stats.contracts),
            (_("Bids made"), stats.contracts_made),
            (_("Bids failed"), stats.contracts_failed),
            (_("Average bid"), stats.average_bid),
        ]
    else:
        rows = [
            (_("Hands as jugador"), stats.contracts),
            (_("Won as jugador"), stats.contracts_made),
            (_("Lost as jugador"), stats.contracts_failed),
        ]
    if stats.contracts_made_percent is not None:
        rows.append((_("Contracts kept"), f"{stats.contracts_made_percent}%"))
    if stats.batidos is not None:
        rows.append((_("Times batido"), stats.batidos))
    return [{"label": label, "value": "–" if value is None else value} for label, value in rows]


def ladder_tabs(current: str, keys: list[str]) -> list[dict[str, object]]:
    """A tab per variant that has a bot ladder, in the engine's order; ``current`` is marked."""
    return [t for t in variant_tabs(current) if t["key"] in keys]


def _pct(value: float, low: float, high: float) -> dict[str, int]:
    return {"value": round(100 * value), "low": round(100 * low), "high": round(100 * high)}


def ladder_rows(board: LadderBoard) -> dict[str, list[dict[str, object]]]:
    """The board's levels (with their rank and name in the reader's language: "strong", ...)
    and its pairs (with both names), for the page."""
    name = messages.bot_level_name
    return {
        "levels": [
            {
                "rank": i,
                "name": name(lv.level),
                "row": lv,
                "pct": _pct(lv.win_rate, lv.win_low, lv.win_high),
            }
            for i, lv in enumerate(board.levels, start=1)
        ],
        "pairs": [
            {
                "first": name(p.first),
                "second": name(p.second),
                "row": p,
                "pct": _pct(p.score, p.score_low, p.score_high),
            }
            for p in board.pairs
        ],
    }
