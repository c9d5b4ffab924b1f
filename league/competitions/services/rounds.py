"""The rounds of a Swiss tournament: pairing, opening the tables, finishing.

:func:`round_pair` maps the field to :mod:`league.pairing` through
:mod:`league.competitions.adapter` (seeding entries paired for the first time by their rating,
:mod:`league.competitions.seeding`), stores the boards and byes, and opens a live table per
board unless the organiser reviews pairings first (:func:`round_start` opens them then). When a
round's last board has its result, :func:`finish_round_if_done` finishes the round (and the
tournament after its last round) and, with ``auto_advance``, pairs the next one.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from league.clubs.models import User
from league.notifications import events as notification_events
from league.pairing import PairingError, pair

from .. import adapter, errors, seeding
from ..models import Board, BoardSeat, ResultSource, Round, Tournament, TournamentEntry
from . import duplicate
from .common import BOARD_SOURCE, current_time, locked_tournament, require_organiser
from .tables import open_table

logger = logging.getLogger(__name__)


def _tournament_seats(tournament: Tournament) -> list[BoardSeat]:
    return list(
        BoardSeat.objects.filter(board__round__tournament=tournament).select_related(
            "board", "board__round"
        )
    )


def _seed_new_entries(tournament: Tournament, entries: Sequence[TournamentEntry]) -> None:
    """Seed the entries (in entry order) about to be paired for the first time, after those
    already seeded, by their current rating (:mod:`.seeding`)."""
    new = [e for e in entries if e.seed is None]
    if not new:
        return
    last = tournament.entries.aggregate(last=Max("seed"))["last"] or 0
    for seeded in seeding.projected(variant=tournament.variant, entries=new, first=last + 1):
        seeded.entry.seed = seeded.seed
        seeded.entry.seed_rating = seeded.rating
    TournamentEntry.objects.bulk_update(new, ["seed", "seed_rating"])


def _pair_next_round(tournament: Tournament, now: datetime) -> Round:
    tournament = locked_tournament(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise errors.RoundError(_("This tournament has finished."))
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status != Round.Status.FINISHED:
        raise errors.RoundError(
            _(
                "Round %(n)s is not finished yet: every table needs its result before the next "
                "round is paired."
            )
            % {"n": last.number}
        )
    number = (last.number if last else 0) + 1
    if number > tournament.rounds:
        raise errors.RoundError(_("All %(n)s rounds have been played.") % {"n": tournament.rounds})
    entries_qs = TournamentEntry.objects.filter(tournament=tournament)
    if number == 1 and tournament.checkin_required:
        entries_qs.filter(status=TournamentEntry.Status.ACTIVE, checked_in_at__isnull=True).update(
            status=TournamentEntry.Status.WITHDRAWN, reason=TournamentEntry.Reason.NO_CHECKIN
        )
    entries = list(
        entries_qs.filter(status=TournamentEntry.Status.ACTIVE, joined_round__lte=number)
        .select_related("player", "partner")
        .order_by("registered_at", "pk")
    )
    if len(entries) < tournament.min_table_size:
        raise errors.RoundError(
            _("Not enough players to pair a round: at least %(n)s are needed.")
            % {"n": tournament.min_table_size}
        )
    if tournament.is_duplicate:
        duplicate.check_round_field(tournament, len(entries))
    _seed_new_entries(tournament, entries)
    field = adapter.pairing_entries(
        entries,
        _tournament_seats(tournament),
        ratings={e.pk: seeding.pairing_rating(e.seed) for e in entries if e.seed is not None},
    )
    try:
        pairing = pair(
            field, table_size=tournament.table_size, min_table_size=tournament.min_table_size
        )
    except PairingError:
        logger.exception("Tournament %s: pairing round %s failed", tournament.pk, number)
        raise errors.RoundError(_("The round could not be paired.")) from None
    if number == 1:
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now
        tournament.save(update_fields=["status", "started_at"])
    rnd = Round.objects.create(tournament=tournament, number=number, repeats=pairing.repeats)
    plans = adapter.board_plans(pairing)
    if tournament.is_duplicate:
        duplicate.prepare_round(rnd, tournament)
        plans = duplicate.rotated_plans(plans, _tournament_seats(tournament), number)
    for plan in plans:
        board = Board.objects.create(round=rnd, number=plan.number, is_bye=plan.is_bye)
        if plan.is_bye:
            board.status = Board.Status.FINISHED
            board.result_source = ResultSource.BYE
            board.finished_at = now
            board.save(update_fields=["status", "result_source", "finished_at"])
        BoardSeat.objects.bulk_create(
            BoardSeat(
                board=board,
                entry_id=entry_id,
                position=position,
                points=tournament.bye_points if plan.is_bye else None,
            )
            for position, entry_id in enumerate(plan.entries)
        )
    if not tournament.review_pairings:
        _open_round(rnd, tournament, now)
    return rnd


@transaction.atomic
def round_pair(*, tournament: Tournament, by: User, now: datetime | None = None) -> Round:
    """Pair the next round (organisers); its tables open at once unless pairings are reviewed.

    Refused while the previous round has a table without its result.
    """
    require_organiser(tournament.club, by)
    return _pair_next_round(tournament, current_time(now))


@transaction.atomic
def round_start(*, round: Round, by: User, now: datetime | None = None) -> Round:
    """Open the live tables of a paired round (when the organiser reviews pairings first)."""
    tournament = round.tournament
    require_organiser(tournament.club, by)
    tournament = locked_tournament(tournament)
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status != Round.Status.PAIRED:
        raise errors.RoundError(_("The tables of this round are already open."))
    _open_round(rnd, tournament, current_time(now))
    return rnd


def _open_round(rnd: Round, tournament: Tournament, now: datetime) -> None:
    rnd.status = Round.Status.PLAYING
    rnd.started_at = now
    rnd.save(update_fields=["status", "started_at"])
    for board in rnd.boards.filter(is_bye=False, status=Board.Status.PENDING):
        open_board(board, tournament)
    finish_round_if_done(rnd, tournament, now)


def open_board(board: Board, tournament: Tournament) -> None:
    seats = list(board.seats.select_related("entry__player", "entry__partner").order_by("position"))
    rnd = board.round
    board.table_id = open_table(
        tournament,
        [s.entry for s in seats],
        BOARD_SOURCE,
        board.pk,
        deal=(rnd.deal_seed, rnd.first_dealer) if rnd.deal_seed is not None else None,
    )
    board.status = Board.Status.PLAYING
    board.save(update_fields=["table_id", "status"])
    notification_events.board_table_opened(board=board)


def finish_round_if_done(rnd: Round, tournament: Tournament, now: datetime) -> None:
    if rnd.status == Round.Status.FINISHED:
        return
    if rnd.boards.exclude(status=Board.Status.FINISHED).exists():
        return
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = now
    rnd.save(update_fields=["status", "finished_at"])
    if rnd.number >= tournament.rounds:
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        return
    if tournament.auto_advance:
        try:
            with transaction.atomic():
                _pair_next_round(tournament, now)
        except errors.CompetitionError as error:
            logger.info(
                "Tournament %s: round %s not paired: %s", tournament.pk, rnd.number + 1, error
            )
