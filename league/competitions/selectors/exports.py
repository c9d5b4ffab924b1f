"""The CSV exports of a tournament and a season: standings and every seat's result."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from .. import adapter
from ..models import BoardSeat, FixtureSeat, Round, Season, Tournament
from .common import ENTRY_RELATED, number_text
from .leagues import season_divisions
from .standings import tiebreak_label, tournament_standings


def _csv(rows: Iterable[Iterable[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow(row)
    return buffer.getvalue()


def tournament_standings_csv(*, tournament: Tournament) -> str:
    lines = tournament_standings(tournament=tournament)
    header = [_("Place"), _("Player"), _("Partner"), _("Points"), _("Played"), _("Byes")]
    header += [tiebreak_label(name, tournament.variant) for name in tournament.tiebreaks]
    header += [_("Status")]
    rows: list[list[Any]] = [header]
    for line in lines:
        entry = line.entry
        rows.append(
            [
                line.place,
                entry.player.public_name,
                entry.partner.public_name if entry.partner_id else "",
                number_text(line.score),
                line.played,
                line.byes,
                *[number_text(value) for _name, value in line.tiebreaks],
                entry.get_status_display(),
            ]
        )
    return _csv(rows)


def tournament_results_csv(*, tournament: Tournament) -> str:
    header = [
        _("Round"),
        _("Table"),
        _("Seat"),
        _("Player"),
        _("Partner"),
        _("Place"),
        _("Points"),
        _("Tantos"),
        _("Result"),
        _("Live table"),
    ]
    rows: list[list[Any]] = [header]
    seats = BoardSeat.objects.filter(board__round__tournament=tournament)
    if tournament.is_duplicate:  # a round's results once its last table is over
        seats = seats.filter(board__round__status=Round.Status.FINISHED)
    seats = seats.select_related("board__round", *(f"entry__{r}" for r in ENTRY_RELATED)).order_by(
        "board__round__number", "board__number", "position"
    )
    for seat in seats:
        board = seat.board
        if board.is_bye:
            result = _("bye")
        elif seat.forfeit:
            result = _("forfeit")
        else:
            result = board.get_result_source_display() if board.result_source else ""
        rows.append(
            [
                board.round.number,
                board.number,
                "" if board.is_bye else seat.position + 1,
                seat.entry.player.public_name,
                seat.entry.partner.public_name if seat.entry.partner_id else "",
                seat.place or "",
                "" if seat.points is None else number_text(seat.points),
                "" if board.is_bye else seat.tantos,
                result,
                board.table_id or "",
            ]
        )
    return _csv(rows)


def season_standings_csv(*, season: Season) -> str:
    tiebreaks = season.league.tiebreaks
    header = [
        _("Division"),
        _("Place"),
        _("Player"),
        _("Partner"),
        _("Points"),
        _("Played"),
        _("Wins"),
    ]
    header += [tiebreak_label(name, season.league.variant) for name in tiebreaks]
    rows: list[list[Any]] = [header]
    for view in season_divisions(season=season):
        lines = view.standings or [
            adapter.StandingLine(place=0, entry=e, score=0) for e in view.entries
        ]
        for line in lines:
            entry = line.entry
            rows.append(
                [
                    view.division.label,
                    line.place or "",
                    entry.player.public_name,
                    entry.partner.public_name if entry.partner_id else "",
                    number_text(line.score),
                    line.played,
                    line.won,
                    *[number_text(value) for _name, value in line.tiebreaks],
                ]
            )
    return _csv(rows)


def season_results_csv(*, season: Season) -> str:
    header = [
        _("Division"),
        _("Round"),
        _("Fixture"),
        _("Play by"),
        _("Seat"),
        _("Player"),
        _("Partner"),
        _("Place"),
        _("Points"),
        _("Tantos"),
        _("Result"),
        _("Live table"),
    ]
    rows: list[list[Any]] = [header]
    seats = (
        FixtureSeat.objects.filter(fixture__season=season)
        .select_related("fixture__division", *(f"entry__{r}" for r in ENTRY_RELATED))
        .order_by("fixture__division__level", "fixture__round", "fixture__number", "position")
    )
    for seat in seats:
        fixture = seat.fixture
        if not fixture.is_decided:
            result = fixture.get_status_display()
        elif seat.forfeit:
            result = _("forfeit")
        else:
            result = fixture.get_result_source_display()
        rows.append(
            [
                fixture.division.label,
                fixture.round,
                fixture.number,
                timezone.localtime(fixture.window_closes).strftime("%Y-%m-%d %H:%M"),
                seat.position + 1,
                seat.entry.player.public_name,
                seat.entry.partner.public_name if seat.entry.partner_id else "",
                seat.place or "",
                "" if seat.points is None else number_text(seat.points),
                seat.tantos if fixture.is_decided else "",
                result,
                fixture.table_id or "",
            ]
        )
    return _csv(rows)
