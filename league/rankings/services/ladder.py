"""The bot ladder's writes: a refresh plays new deals and adds their games to the stored ones.

A refresh of one variant runs in three steps, so the slow part holds no lock: it reserves the
next deals under the :class:`BotLadder` row's lock (a refresh running at the same time gets
the deals after them), plays them (``ladder.play``: seconds, outside any transaction), then,
under the lock again, loads the levels' and pairs' figures, adds the games
(``ladder.tally.accumulate``) and saves them. Ratings depend on the order games are added in;
two refreshes overlapping add theirs one after the other, in whichever order they finish.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from league.skill import Skill

from .. import conf
from ..ladder.play import LEVELS, Duel, play_slice
from ..ladder.tally import LevelTally, PairTally, accumulate
from ..models import BotLadder, BotLevelRating, BotPairing
from ..variants import variant_keys


def _locked(variant: str) -> BotLadder:
    ladder = BotLadder.objects.select_for_update().filter(variant=variant).first()
    if ladder is None:
        try:
            with transaction.atomic():
                BotLadder.objects.create(variant=variant)
        except IntegrityError:  # created meanwhile by another refresh
            pass
        ladder = BotLadder.objects.select_for_update().get(variant=variant)
    return ladder


def _reserve(variant: str, deals: int) -> int:
    with transaction.atomic():
        ladder = _locked(variant)
        first = ladder.deals
        ladder.deals = first + deals
        ladder.save(update_fields=["deals"])
    return first


@transaction.atomic
def _add(variant: str, duels: list[Duel], iterations: int) -> None:
    ladder = _locked(variant)
    rows = {r.level: r for r in ladder.levels.all()}
    pair_rows = {(p.first, p.second): p for p in ladder.pairs.all()}
    levels = {
        r.level: LevelTally(r.level, Skill(r.mu, r.sigma), r.games, r.seats, r.seat_wins)
        for r in rows.values()
    }
    pairs = {
        key: PairTally(p.first, p.second, p.games, p.first_ahead, p.second_ahead)
        for key, p in pair_rows.items()
    }
    accumulate(levels, pairs, duels)
    for t in levels.values():
        row = rows.get(t.level) or BotLevelRating(ladder=ladder, level=t.level)
        row.mu, row.sigma = t.skill.mu, t.skill.sigma
        row.games, row.seats, row.seat_wins = t.games, t.seats, t.seat_wins
        row.save()
    for key, pt in pairs.items():
        prow = pair_rows.get(key) or BotPairing(ladder=ladder, first=pt.first, second=pt.second)
        prow.games, prow.first_ahead, prow.second_ahead = pt.games, pt.first_ahead, pt.second_ahead
        prow.save()
    ladder.games += len(duels)
    ladder.iterations = iterations
    ladder.refreshed_at = timezone.now()
    ladder.save(update_fields=["games", "iterations", "refreshed_at"])


def ladder_refresh(*, variant: str, deals: int | None = None, iterations: int | None = None) -> int:
    """Play ``deals`` new duplicate deals of ``variant`` between every pair of bot levels and
    add the games to its ladder; return the number of games added.

    ``deals`` and ``iterations`` (the strong bot's deals per decision) default to the settings
    ``RANKINGS_LADDER_DEALS`` and ``RANKINGS_LADDER_ITERATIONS``.
    """
    if variant not in variant_keys():
        raise ValueError(f"Unknown variant {variant!r}.")
    deals = conf.ladder_deals() if deals is None else deals
    iterations = conf.ladder_iterations() if iterations is None else iterations
    if deals < 1 or iterations < 1:
        raise ValueError("deals and iterations must be positive.")
    first = _reserve(variant, deals)
    duels = play_slice(variant, first_deal=first, deals=deals, iterations=iterations, levels=LEVELS)
    _add(variant, duels, iterations)
    return len(duels)


def ladder_refresh_all(*, deals: int | None = None, iterations: int | None = None) -> int:
    """:func:`ladder_refresh` every variant in turn; the games added in all."""
    return sum(
        ladder_refresh(variant=v, deals=deals, iterations=iterations) for v in variant_keys()
    )
