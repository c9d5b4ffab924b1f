"""A duplicate tournament's results: standings and per-board comparisons, computed on read.

Only finished rounds are shown: while a table of a round still plays, a result of another
table would tell something of the cards it holds.

From the stored :class:`~league.competitions.models.DealResult` rows (one per entry, board
and finished table), every result is compared with the others who held the same cards: the
same round, board (hand number), deal fingerprint and position
(:func:`league.competitions.duplicate.compare`). The standings add them up
(:func:`league.competitions.duplicate.standings`). One query for the rows, one for the
entries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from .. import duplicate, formats
from ..models import DealResult, Round, Tournament, TournamentEntry


@dataclass(frozen=True)
class DealCell:
    """One entry's result on one board, compared with the others who held its cards."""

    table: int  # the board's table number in the round
    table_id: int
    entry: TournamentEntry
    score: Decimal
    hand_points: int
    matchpoints: int
    top: int
    percent: Decimal | None
    field_average: Decimal | None
    difference: Decimal | None
    replay_url: str

    @property
    def entry_id(self) -> int:
        return int(self.entry.pk)


@dataclass
class PositionGroup:
    """The results of those who held one position's cards on one board."""

    position: int
    label: str
    other_deal: bool  # a second deal of the same board (dealt differently at some tables)
    results: list[DealCell] = field(default_factory=list)


@dataclass
class BoardDeals:
    number: int
    groups: list[PositionGroup] = field(default_factory=list)


@dataclass
class RoundDeals:
    number: int
    boards: list[BoardDeals] = field(default_factory=list)


@dataclass(frozen=True)
class DuplicateStanding:
    place: int
    entry: TournamentEntry
    matchpoints: int
    top: int
    percent: Decimal | None
    difference: Decimal
    boards: int


@dataclass
class DuplicateResults:
    unit: str
    standings: list[DuplicateStanding]
    rounds: list[RoundDeals]

    @property
    def compared(self) -> bool:
        """Whether any board has been compared yet."""
        return any(row.boards for row in self.standings)


def position_label(shape: str, position: int, entries: int) -> str:
    seats = formats.entry_seats(shape, position, entries)
    if len(seats) == 2:
        return _("Seats %(a)s and %(b)s") % {"a": seats[0] + 1, "b": seats[1] + 1}
    return _("Seat %(n)s") % {"n": seats[0] + 1}


def unit_label(tournament: Tournament) -> str:
    """What a board's score counts in this tournament's game."""
    from games.engine import REGISTRY
    from games.engine.variant import Ranking

    variant = REGISTRY.get(tournament.variant)
    if variant is not None and variant.ranking is Ranking.SURVIVAL:
        return _("hands lost (as a negative number)")
    if tournament.shape == formats.PAIRS:
        return _("the pair's hand points")
    return _("hand points")


def duplicate_results(*, tournament: Tournament) -> DuplicateResults:
    rows = list(
        DealResult.objects.filter(
            board__round__tournament=tournament, board__round__status=Round.Status.FINISHED
        )
        .select_related("board__round")
        .order_by("board__round__number", "number", "position", "board__number")
    )
    entries = {
        e.pk: e
        for e in TournamentEntry.objects.filter(tournament=tournament).select_related(
            "player", "partner"
        )
    }
    seed_order = sorted(entries, key=lambda pk: (entries[pk].seed or 10**6, pk))
    held = [
        duplicate.Held(
            key=(r.board.round.number, r.number, r.deal, r.position),
            table=r.board.number,
            entry=r.entry_id,
            score=r.score,
        )
        for r in rows
    ]
    compared = duplicate.compare(held)
    table_size = tournament.table_size
    rounds: dict[int, RoundDeals] = {}
    boards: dict[tuple[int, int], BoardDeals] = {}
    groups: dict[Any, PositionGroup] = {}
    deals_seen: dict[tuple[int, int, int], list[str]] = defaultdict(list)
    for row, result in zip(rows, compared, strict=True):
        number = row.board.round.number
        rnd = rounds.setdefault(number, RoundDeals(number))
        board = boards.get((number, row.number))
        if board is None:
            board = boards[(number, row.number)] = BoardDeals(row.number)
            rnd.boards.append(board)
        group = groups.get(result.key)
        if group is None:
            seen = deals_seen[(number, row.number, row.position)]
            seen.append(row.deal)
            group = groups[result.key] = PositionGroup(
                position=row.position,
                label=position_label(tournament.shape, row.position, table_size),
                other_deal=len(seen) > 1,
            )
            board.groups.append(group)
        group.results.append(
            DealCell(
                table=row.board.number,
                table_id=row.table_id,
                entry=entries[row.entry_id],
                score=formats.tidy(row.score),
                hand_points=row.hand_points,
                matchpoints=result.matchpoints,
                top=result.top,
                percent=result.percent,
                field_average=result.field_average,
                difference=result.difference,
                replay_url=reverse("games:hand_replay", args=[row.table_id, row.number]),
            )
        )
    for board in boards.values():
        board.groups.sort(key=lambda g: (g.position, g.other_deal))
    totals = duplicate.standings(compared, seed_order)
    standings = []
    for i, total in enumerate(totals):
        standings.append(
            DuplicateStanding(
                place=i + 1,
                entry=entries[total.entry],
                matchpoints=total.matchpoints,
                top=total.top,
                percent=total.percent,
                difference=total.difference,
                boards=total.boards,
            )
        )
    return DuplicateResults(
        unit=unit_label(tournament),
        standings=standings,
        rounds=[rounds[n] for n in sorted(rounds)],
    )
