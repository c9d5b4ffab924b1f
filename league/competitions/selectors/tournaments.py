"""Reads of Swiss tournaments for the pages: the list, the field with its seeds, rounds,
boards, the change log, whether registration is open."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from league.clubs.models import Club

from .. import seeding
from ..models import Board, BoardSeat, ChangeLog, Round, Tournament, TournamentEntry
from .common import ENTRY_RELATED


def tournament_list(*, club: Club | None = None) -> QuerySet[Tournament]:
    qs = Tournament.objects.select_related("club")
    if club is not None:
        qs = qs.filter(club=club)
    return qs.order_by("status", "-registration_closes", "-pk")


def tournament_get(*, pk: int) -> Tournament | None:
    return Tournament.objects.select_related("club").filter(pk=pk).first()


def tournament_entries(*, tournament: Tournament) -> QuerySet[TournamentEntry]:
    return (
        TournamentEntry.objects.filter(tournament=tournament)
        .select_related(*ENTRY_RELATED)
        .order_by("status", "registered_at", "pk")
    )


def tournament_field(*, tournament: Tournament) -> list[seeding.Seeded]:
    """The entries with their seeds, for the tournament page: playing entries by seed, then
    the withdrawn ones (registration order).

    A paired entry shows the seed it was given and the rating it was given by; one not paired
    yet (every entry before round 1, a late entry) the seed its current rating would give it.
    """
    entries = list(tournament_entries(tournament=tournament).order_by("registered_at", "pk"))
    seeded = sorted((e for e in entries if e.is_active and e.seed), key=lambda e: e.seed)
    waiting = [e for e in entries if e.is_active and not e.seed]
    last = max((e.seed or 0 for e in entries), default=0)
    return [
        *(seeding.Seeded(e, e.seed, e.seed_rating) for e in seeded),
        *seeding.projected(variant=tournament.variant, entries=waiting, first=last + 1),
        *(seeding.Seeded(e, e.seed, e.seed_rating) for e in entries if not e.is_active),
    ]


def entry_of(*, tournament: Tournament, user: Any) -> TournamentEntry | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        TournamentEntry.objects.filter(tournament=tournament)
        .filter(Q(player=user) | Q(partner=user))
        .order_by("status")
        .first()
    )


def entry_get(*, tournament: Tournament, pk: int) -> TournamentEntry | None:
    return (
        TournamentEntry.objects.filter(tournament=tournament, pk=pk)
        .select_related(*ENTRY_RELATED)
        .first()
    )


def tournament_rounds(*, tournament: Tournament) -> list[Round]:
    """Rounds, newest first, with boards and seats (entries' names) prefetched."""
    seats = BoardSeat.objects.select_related(*(f"entry__{r}" for r in ENTRY_RELATED)).order_by(
        "position"
    )
    boards = Board.objects.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    return list(
        Round.objects.filter(tournament=tournament)
        .prefetch_related(Prefetch("boards", queryset=boards))
        .order_by("-number")
    )


def round_get(*, tournament: Tournament, number: int) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=number).first()


def board_get(*, tournament: Tournament, pk: int) -> Board | None:
    return (
        Board.objects.select_related("round__tournament__club")
        .filter(round__tournament=tournament, pk=pk)
        .first()
    )


def board_seats(*, board: Board) -> list[BoardSeat]:
    return list(
        board.seats.select_related(*(f"entry__{r}" for r in ENTRY_RELATED)).order_by("position")
    )


def tournament_changes(*, tournament: Tournament) -> QuerySet[ChangeLog]:
    return ChangeLog.objects.filter(tournament=tournament).select_related("by__profile")


def round_is_open(*, tournament: Tournament) -> Round | None:
    """The round in play or paired, if any."""
    return (
        Round.objects.filter(tournament=tournament)
        .exclude(status=Round.Status.FINISHED)
        .order_by("-number")
        .first()
    )


def registration_is_open(*, tournament: Tournament, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    if tournament.status == Tournament.Status.FINISHED:
        return False
    if not tournament.registration_opens <= now < tournament.registration_closes:
        return False
    return Round.objects.filter(tournament=tournament).count() <= tournament.late_entry_rounds
