"""Standings of a tournament and of a league division, and the names of their tiebreaks.

Standings are computed on read from the seat rows through :mod:`league.competitions.adapter`
(a few hundred rows for a big tournament): there is no stored copy to fall out of step with an
organiser's change.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engine.variant import REGISTRY

from .. import adapter, formats
from ..models import BoardSeat, Division, FixtureSeat, Round, Tournament, TournamentEntry
from .common import ENTRY_RELATED


def tiebreak_label(name: str, variant: str | None = None) -> str:
    """The name of a tiebreak; for ``tantos`` it says what they are in ``variant``: the balance
    of the stakes where the game plays for them (:func:`formats.tantos_are_stakes`), else the
    points scored."""
    if name == "tantos" and formats.tantos_are_stakes(REGISTRY.get(variant or "")):
        return _("Stakes balance (tantos)")
    labels = {
        "buchholz": _("Buchholz"),
        "median_buchholz": _("Median-Buchholz"),
        "sonneborn_berger": _("Sonneborn-Berger"),
        "wins": _("Wins"),
        "tantos": _("Points scored (tantos)"),
        "head_to_head": _("Head-to-head"),
    }
    return str(labels.get(name, name))


#: Tiebreaks the standings table already shows in a column of their own.
SHOWN_IN_STANDINGS = frozenset({"wins"})


def tiebreak_columns(names: list[str], variant: str | None = None) -> list[str]:
    """Labels of the standings table's tiebreak columns: every tiebreak but those that
    would repeat a column already there (the "Wins" tiebreak is the "Wins" column)."""
    return [tiebreak_label(name, variant) for name in names if name not in SHOWN_IN_STANDINGS]


def tiebreak_choices() -> list[tuple[str, str]]:
    from league.pairing import TIEBREAKS

    return [(name, tiebreak_label(name)) for name in TIEBREAKS]


def tournament_standings(*, tournament: Tournament) -> list[adapter.StandingLine]:
    entries = list(
        TournamentEntry.objects.filter(tournament=tournament).select_related(*ENTRY_RELATED)
    )
    seats_qs = BoardSeat.objects.filter(board__round__tournament=tournament)
    if tournament.is_duplicate:  # a round counts once its last table is over (see .duplicate)
        seats_qs = seats_qs.filter(board__round__status=Round.Status.FINISHED)
    seats = list(seats_qs.select_related("board__round"))
    lines = adapter.standing_lines(
        entries, seats, tournament.tiebreaks, round_of=lambda seat: seat.board.round.number
    )
    # Entries that never played (withdrawn before round 1) are left out.
    played = {s.entry_id for s in seats}
    return [line for line in lines if line.entry.pk in played or line.entry.is_active]


def division_standings(division: Division) -> list[adapter.StandingLine]:
    """The standings of a division (read by :func:`season_close` and the selectors)."""
    league = division.season.league
    entries = list(division.entries.select_related("player", "partner"))
    seats = FixtureSeat.objects.filter(fixture__division=division).select_related("fixture")
    return adapter.standing_lines(
        entries, seats, league.tiebreaks, round_of=lambda seat: seat.fixture.round
    )
