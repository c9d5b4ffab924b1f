"""Results of played matches: a finished live table's places on its board or fixture.

When a table's match ends, ``games`` sends ``match_finished``;
:mod:`league.competitions.receivers` calls :func:`match_result_record`, which reads the finished
table, applies the tournament's no-show rule, scores the places (:func:`apply_places`, match
points by place from :mod:`league.competitions.formats`) and, when a round's last board is in,
finishes the round. :func:`results_collect` (the beat task) records the tables whose
announcement was lost.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import HandRecord, Seat, TableAction
from games.models import Table as LiveTable

from .. import adapter, errors, formats
from ..models import (
    Board,
    BoardSeat,
    Fixture,
    FixtureSeat,
    League,
    NoShowRule,
    ResultSource,
    Tournament,
    TournamentEntry,
)
from .common import BOARD_SOURCE, FIXTURE_SOURCE, current_time, locked_tournament, scheme_of
from .rounds import finish_round_if_done

logger = logging.getLogger(__name__)


def apply_places(
    seats: Sequence[BoardSeat | FixtureSeat],
    places: Sequence[int | None],
    scheme: Mapping[int, Sequence[int]],
    tantos: Sequence[int] | None = None,
) -> None:
    points = formats.points_for_places(places, scheme)
    ranks = formats.normalise_places(places)
    for i, seat in enumerate(seats):
        seat.place = ranks[i]
        seat.points = points[i]
        seat.forfeit = places[i] is None
        if tantos is not None:
            seat.tantos = tantos[i]
        seat.save(update_fields=["place", "points", "forfeit", "tantos"])


def _finished_table(table_id: int) -> LiveTable | None:
    return LiveTable.objects.filter(pk=table_id).first()


def _absent_seats(table: LiveTable) -> set[int]:
    """Seats whose player never played a move himself after his turn timer ran out."""
    timed_out = set(
        Seat.objects.filter(table=table, timeouts__gt=0, user__isnull=False).values_list(
            "position", flat=True
        )
    )
    if not timed_out:
        return set()
    acted = set(
        TableAction.objects.filter(
            table=table, seat__in=timed_out, actor=TableAction.Actor.PLAYER
        ).values_list("seat", flat=True)
    )
    return timed_out - acted


def _table_outcome(
    event: Tournament | League, table: LiveTable, entries: int
) -> tuple[list[int], list[int], list[bool]]:
    """Per entry: place, tantos, absent (every seat-move by a bot after a timeout)."""
    result = table.result or {}
    places = adapter.entry_places(event.shape, list(result.get("places") or []), entries)
    hands = (
        HandRecord.objects.filter(table=table).order_by("number").values_list("result", flat=True)
    )
    tantos = adapter.entry_tantos(event.shape, list(hands), entries, table.players)
    absent_seats = _absent_seats(table)
    absent = [
        any(s in absent_seats for s in formats.entry_seats(event.shape, position, entries))
        for position in range(entries)
    ]
    return places, tantos, absent


@transaction.atomic
def match_result_record(*, table_id: int, now: datetime | None = None) -> Board | Fixture | None:
    """Record the result of a finished live table on its board or fixture.

    Called by the ``match_finished`` receiver (and by the sweep of :func:`results_collect`).
    Idempotent: a result already recorded, or a table that a pairing change replaced, is left
    alone. Raises :class:`~.errors.MatchNotOverError` for a table still in play.
    """
    now = current_time(now)
    table = _finished_table(table_id)
    if table is None or table.source_id is None:
        return None
    if table.source_kind == BOARD_SOURCE:
        return _record_board(table, now)
    if table.source_kind == FIXTURE_SOURCE:
        return _record_fixture(table, now)
    return None


def _not_over(table: LiveTable) -> errors.MatchNotOverError:
    return errors.MatchNotOverError(
        _("The match at table %(n)s is not over yet: its result cannot be set.") % {"n": table.pk}
    )


def _record_board(table: LiveTable, now: datetime) -> Board | None:
    board = Board.objects.select_related("round__tournament").filter(pk=table.source_id).first()
    if board is None:
        return None
    # The tournament row first (as every tournament service does): two boards of a round
    # finishing at once are recorded one after the other, so the second sees the round complete
    # (tests/competitions/test_concurrency.py).
    tournament = locked_tournament(board.round.tournament)
    board = Board.objects.select_for_update().select_related("round").get(pk=board.pk)
    if board.table_id != table.pk or board.status == Board.Status.FINISHED:
        return board
    if table.status != LiveTable.Status.FINISHED:
        raise _not_over(table)
    seats = list(board.seats.select_related("entry").order_by("position"))
    places, tantos, absent = _table_outcome(tournament, table, len(seats))
    forfeit = tournament.no_show_rule == NoShowRule.FORFEIT
    final: list[int | None] = [
        None if forfeit and absent[i] else places[i] for i in range(len(seats))
    ]
    for i, seat in enumerate(seats):
        seat.no_show = absent[i]
        seat.save(update_fields=["no_show"])
    apply_places(seats, final, scheme_of(tournament), tantos)
    board.status = Board.Status.FINISHED
    board.result_source = ResultSource.MATCH
    board.finished_at = now
    board.save(update_fields=["status", "result_source", "finished_at"])
    if forfeit:
        TournamentEntry.objects.filter(
            pk__in=[s.entry_id for i, s in enumerate(seats) if absent[i]],
            status=TournamentEntry.Status.ACTIVE,
        ).update(status=TournamentEntry.Status.WITHDRAWN, reason=TournamentEntry.Reason.NO_SHOW)
    finish_round_if_done(board.round, tournament, now)
    return board


def _record_fixture(table: LiveTable, now: datetime) -> Fixture | None:
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("season__league")
        .filter(pk=table.source_id)
        .first()
    )
    if fixture is None or fixture.table_id != table.pk or fixture.is_decided:
        return fixture
    if table.status != LiveTable.Status.FINISHED:
        raise _not_over(table)
    league = fixture.season.league
    seats = list(fixture.seats.select_related("entry").order_by("position"))
    places, tantos, _absent = _table_outcome(league, table, len(seats))
    apply_places(seats, list(places), scheme_of(league), tantos)
    fixture.status = Fixture.Status.PLAYED
    fixture.result_source = ResultSource.MATCH
    fixture.finished_at = now
    fixture.save(update_fields=["status", "result_source", "finished_at"])
    return fixture


def results_collect(*, now: datetime | None = None) -> int:
    """Record the results of finished tables whose announcement was lost (a safety net)."""
    table_ids = list(
        Board.objects.filter(status=Board.Status.PLAYING, table_id__isnull=False).values_list(
            "table_id", flat=True
        )
    ) + list(
        Fixture.objects.filter(status=Fixture.Status.PLAYING, table_id__isnull=False).values_list(
            "table_id", flat=True
        )
    )
    finished = LiveTable.objects.filter(
        pk__in=table_ids, status=LiveTable.Status.FINISHED
    ).values_list("pk", flat=True)
    done = 0
    for table_id in finished:
        try:
            if match_result_record(table_id=table_id, now=now) is not None:
                done += 1
        except Exception:  # one broken table must not stop the others
            logger.exception("Recording the result of table %s failed", table_id)
    return done
