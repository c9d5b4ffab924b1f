"""Results of played matches: a finished live table's places on its board or fixture.

When a table's match ends, ``games`` sends ``match_finished`` with the table's
:class:`~games.outcome.TableOutcome` (places, seats with their absences, hands in table seats);
:mod:`league.competitions.receivers` passes it to :func:`match_result_record`, which reads
nothing else of ``games``: it applies the event's no-show rule (an absent entry forfeits, or
its result counts with "a bot played"; see :mod:`.absence`), scores the places
(:func:`apply_places`, match points by place from :mod:`league.competitions.formats`) and, when
a round's last board is in, finishes the round. :func:`results_collect` (the beat task) asks
``games`` for the outcome of the tables in play and records those whose announcement was lost.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from games.engine import REGISTRY
from games.outcome import TableOutcome
from games.selectors.outcomes import table_outcome

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
from .duplicate import record_deals
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


def _entry_results(
    event: Tournament | League, outcome: TableOutcome, entries: int
) -> tuple[list[int], list[int], list[bool]]:
    """Per entry: place, tantos (hand points over the hands every seat played, a playoff hand
    adding nothing; in a variant ranked by stakes, the balance of the match's ledger) and
    absent (a seat of the entry whose player never played a move himself after a turn timer
    ran out on him)."""
    places = adapter.entry_places(event.shape, list(outcome.places), entries)
    ledger = ((outcome.result or {}).get("extra") or {}).get("ledger")
    if formats.tantos_are_stakes(REGISTRY.get(outcome.variant)) and isinstance(ledger, list):
        tantos = adapter.entry_balances(event.shape, ledger, entries)
    else:
        hands = [hand.result for hand in outcome.full_hands]
        tantos = adapter.entry_tantos(event.shape, hands, entries, outcome.players)
    absent_seats = outcome.absent_seats
    absent = [
        any(s in absent_seats for s in formats.entry_seats(event.shape, position, entries))
        for position in range(entries)
    ]
    return places, tantos, absent


@transaction.atomic
def match_result_record(
    *, table_id: int, outcome: TableOutcome | None = None, now: datetime | None = None
) -> Board | Fixture | None:
    """Record the result of a finished live table on its board or fixture.

    ``outcome`` is the table's :class:`~games.outcome.TableOutcome` as ``match_finished``
    carries it; without it, it is asked of ``games``
    (:func:`games.selectors.outcomes.table_outcome`). Called by the ``match_finished`` receiver
    (and by the sweep of :func:`results_collect`). Idempotent: a result already recorded, or a
    table that a pairing change replaced, is left alone. Raises
    :class:`~league.competitions.errors.MatchNotOverError` for a table still in play.
    """
    now = current_time(now)
    if outcome is None:
        outcome = table_outcome(table_id)
    if outcome is None:  # a table still open or in play (or none with that id)
        return _refuse_unfinished(table_id)
    if outcome.source_id is None:
        return None
    if outcome.source_kind == BOARD_SOURCE:
        return _record_board(outcome, now)
    if outcome.source_kind == FIXTURE_SOURCE:
        return _record_fixture(outcome, now)
    return None


def _not_over(table_id: int) -> errors.MatchNotOverError:
    return errors.MatchNotOverError(
        _("The match at table %(n)s is not over yet: its result cannot be set.") % {"n": table_id}
    )


def _refuse_unfinished(table_id: int) -> Board | Fixture | None:
    """A table with no outcome yet: an error if it is the live table of a board or fixture
    still waiting for its result; otherwise that board or fixture (or None) is left alone."""
    board = Board.objects.filter(table_id=table_id).first()
    if board is not None:
        if board.status != Board.Status.FINISHED:
            raise _not_over(table_id)
        return board
    fixture = Fixture.objects.filter(table_id=table_id).first()
    if fixture is not None and not fixture.is_decided:
        raise _not_over(table_id)
    return fixture


def _record_board(outcome: TableOutcome, now: datetime) -> Board | None:
    board = Board.objects.select_related("round__tournament").filter(pk=outcome.source_id).first()
    if board is None:
        return None
    # The tournament row first (as every tournament service does): two boards of a round
    # finishing at once are recorded one after the other, so the second sees the round complete
    # (tests/competitions/test_concurrency.py).
    tournament = locked_tournament(board.round.tournament)
    board = Board.objects.select_for_update().select_related("round").get(pk=board.pk)
    if board.table_id != outcome.table_id or board.status == Board.Status.FINISHED:
        return board
    if not outcome.is_finished:
        raise _not_over(outcome.table_id)
    seats = list(board.seats.select_related("entry").order_by("position"))
    places, tantos, absent = _entry_results(tournament, outcome, len(seats))
    forfeit = tournament.no_show_rule == NoShowRule.FORFEIT
    final: list[int | None] = [
        None if forfeit and absent[i] else places[i] for i in range(len(seats))
    ]
    for i, seat in enumerate(seats):
        seat.no_show = absent[i]
        seat.save(update_fields=["no_show"])
    apply_places(seats, final, scheme_of(tournament), tantos)
    if tournament.is_duplicate:
        record_deals(tournament, board, seats, outcome)
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


def _record_fixture(outcome: TableOutcome, now: datetime) -> Fixture | None:
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("season__league")
        .filter(pk=outcome.source_id)
        .first()
    )
    if fixture is None or fixture.table_id != outcome.table_id or fixture.is_decided:
        return fixture
    if not outcome.is_finished:
        raise _not_over(outcome.table_id)
    league = fixture.season.league
    seats = list(fixture.seats.select_related("entry").order_by("position"))
    places, tantos, absent = _entry_results(league, outcome, len(seats))
    forfeit = league.no_show_rule == NoShowRule.FORFEIT
    final: list[int | None] = [
        None if forfeit and absent[i] else places[i] for i in range(len(seats))
    ]
    for i, seat in enumerate(seats):
        seat.no_show = absent[i]
        seat.save(update_fields=["no_show"])
    apply_places(seats, final, scheme_of(league), tantos)
    fixture.status = Fixture.Status.PLAYED
    fixture.result_source = ResultSource.MATCH
    fixture.finished_at = now
    fixture.save(update_fields=["status", "result_source", "finished_at"])
    return fixture


def results_collect(*, now: datetime | None = None) -> int:
    """Record the results of finished tables whose announcement was lost (a safety net): the
    live table of every board and fixture in play is asked of ``games``
    (:func:`games.selectors.outcomes.table_outcome`); those that finished are recorded."""
    table_ids = list(
        Board.objects.filter(status=Board.Status.PLAYING, table_id__isnull=False).values_list(
            "table_id", flat=True
        )
    ) + list(
        Fixture.objects.filter(status=Fixture.Status.PLAYING, table_id__isnull=False).values_list(
            "table_id", flat=True
        )
    )
    done = 0
    for table_id in table_ids:
        try:
            outcome = table_outcome(table_id)
            if outcome is None or not outcome.is_finished:
                continue
            if match_result_record(table_id=table_id, outcome=outcome, now=now) is not None:
                done += 1
        except Exception:  # one broken table must not stop the others
            logger.exception("Recording the result of table %s failed", table_id)
    return done
