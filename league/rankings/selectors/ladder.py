"""The bot ladder's reads: a variant's levels in rating order, with their win rates and each
pair's games, shaped once for the page and the API.

A level's *rating* is the players' shown rating (``league.skill.shown_rating``: conservative,
``mu - 3 sigma`` on the Elo-like scale), its *win rate* the share of its seats that won, with a
Wilson 95% interval (``games.engine.bots.arena.wilson``, the arena's). A pair's *score* is the
first level's games ahead plus half the draws, over the pair's games, with a Wilson interval.
At most three queries, whatever the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.engine.bots.arena import wilson
from league.skill import Skill, shown_rating

from ..models import BotLadder, BotLevelRating
from ..variants import variant_keys


@dataclass(frozen=True)
class LadderLevel:
    level: str
    rating: int
    mu: float
    sigma: float
    games: int
    seats: int
    seat_wins: int
    win_rate: float
    win_low: float
    win_high: float


@dataclass(frozen=True)
class LadderPair:
    """Two levels' games, ``first`` the higher-rated one."""

    first: str
    second: str
    games: int
    first_ahead: int
    second_ahead: int
    draws: int
    score: float
    score_low: float
    score_high: float


@dataclass(frozen=True)
class LadderBoard:
    variant: str
    deals: int
    games: int
    iterations: int
    refreshed_at: datetime | None
    levels: list[LadderLevel]
    pairs: list[LadderPair]


def ladder_variants() -> list[str]:
    """The variants whose ladder has games, in the engine's order."""
    have = set(BotLadder.objects.filter(games__gt=0).values_list("variant", flat=True))
    return [v for v in variant_keys() if v in have]


def _level(row: BotLevelRating) -> LadderLevel:
    mu, sigma = row.mu, row.sigma
    seats, wins = row.seats, row.seat_wins
    low, high = wilson(wins, seats)
    return LadderLevel(
        level=row.level,
        rating=shown_rating(Skill(mu, sigma)),
        mu=mu,
        sigma=sigma,
        games=row.games,
        seats=seats,
        seat_wins=wins,
        win_rate=wins / seats if seats else 0.0,
        win_low=low,
        win_high=high,
    )


def _pair(first: str, second: str, games: int, ahead: int, behind: int) -> LadderPair:
    draws = games - ahead - behind
    points = ahead + draws / 2
    low, high = wilson(points, games)
    return LadderPair(
        first=first,
        second=second,
        games=games,
        first_ahead=ahead,
        second_ahead=behind,
        draws=draws,
        score=points / games if games else 0.0,
        score_low=low,
        score_high=high,
    )


def _board(ladder: BotLadder) -> LadderBoard:
    rows = sorted(ladder.levels.all(), key=lambda r: (-(r.mu - 3 * r.sigma), -r.mu, r.level))
    order = {r.level: i for i, r in enumerate(rows)}
    pairs = []
    for p in ladder.pairs.all():
        if order.get(p.first, 0) <= order.get(p.second, 0):
            pairs.append(_pair(p.first, p.second, p.games, p.first_ahead, p.second_ahead))
        else:
            pairs.append(_pair(p.second, p.first, p.games, p.second_ahead, p.first_ahead))
    pairs.sort(key=lambda p: (order.get(p.first, 0), order.get(p.second, 0)))
    return LadderBoard(
        variant=ladder.variant,
        deals=ladder.deals,
        games=ladder.games,
        iterations=ladder.iterations,
        refreshed_at=ladder.refreshed_at,
        levels=[_level(r) for r in rows],
        pairs=pairs,
    )


def ladder_boards() -> list[LadderBoard]:
    """Every variant's ladder that has games, in the engine's order (three queries)."""
    order = {v: i for i, v in enumerate(variant_keys())}
    ladders = BotLadder.objects.filter(games__gt=0, variant__in=order).prefetch_related(
        "levels", "pairs"
    )
    return [_board(ladder) for ladder in sorted(ladders, key=lambda lad: order[lad.variant])]


def ladder_board(*, variant: str) -> LadderBoard | None:
    """The ladder of ``variant``, levels best first, or None if it has no games yet (three
    queries)."""
    ladder = (
        BotLadder.objects.filter(variant=variant, games__gt=0)
        .prefetch_related("levels", "pairs")
        .first()
    )
    return None if ladder is None else _board(ladder)
