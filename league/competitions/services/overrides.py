"""An organiser's corrections, each with a reason kept in the change log.

:func:`pairing_change` swaps two entries of an unfinished round; :func:`result_override` and
:func:`fixture_result_override` set the places of a board or a fixture (a match that never
finishes can be stopped for it: its live table is abandoned). Later pairings stay; the
standings, computed on read, follow.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from league.clubs.models import User
from league.notifications import events as notification_events

from .. import errors
from ..models import (
    Board,
    BoardSeat,
    ChangeLog,
    Fixture,
    FixtureSeat,
    League,
    ResultSource,
    Round,
    Season,
    Tournament,
    TournamentEntry,
)
from .common import (
    clean_reason,
    current_time,
    locked_tournament,
    log_change,
    require_organiser,
    scheme_of,
)
from .results import apply_places
from .rounds import finish_round_if_done, open_board
from .tables import abandon_table


@transaction.atomic
def pairing_change(
    *,
    round: Round,
    entry: TournamentEntry,
    other: TournamentEntry,
    by: User,
    reason: str,
    now: datetime | None = None,
) -> Round:
    """Swap two entries of an unfinished round (between tables, or with a bye); logged.

    A table whose match is over cannot change (change its result instead). A table already in
    play is abandoned (``games.services.table_abandon``: its game stops, without a result) and
    the board gets a new live table with its new players.
    """
    tournament = round.tournament
    require_organiser(tournament.club, by)
    reason = clean_reason(reason)
    tournament = locked_tournament(tournament)
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status == Round.Status.FINISHED:
        raise errors.PairingChangeError(
            _("Round %(n)s is finished: change its results instead.") % {"n": rnd.number}
        )
    seats = {
        s.entry_id: s
        for s in BoardSeat.objects.select_for_update()
        .filter(board__round=rnd, entry__in=[entry.pk, other.pk])
        .select_related("board", "entry")
    }
    for who in (entry, other):
        if who.pk not in seats:
            raise errors.PairingChangeError(
                _("%(name)s is not paired in round %(n)s.") % {"name": who.name, "n": rnd.number}
            )
    first, second = seats[entry.pk], seats[other.pk]
    if first.board_id == second.board_id:
        raise errors.PairingChangeError(_("They already sit at the same table."))
    for seat in (first, second):
        if seat.board.is_finished and not seat.board.is_bye:
            raise errors.PairingChangeError(
                _("The match at table %(n)s is over: change its result instead.")
                % {"n": seat.board.number}
            )
    before = {
        "boards": {
            str(first.entry_id): first.board.number,
            str(second.entry_id): second.board.number,
        },
        "tables": {
            str(first.board.number): first.board.table_id,
            str(second.board.number): second.board.table_id,
        },
    }
    first.entry_id, second.entry_id = second.entry_id, first.entry_id
    first.save(update_fields=["entry"])
    second.save(update_fields=["entry"])
    for board in (first.board, second.board):
        if board.status == Board.Status.PLAYING:
            if board.table_id:
                abandon_table(
                    board.table_id,
                    _("An organiser changed the pairing: this game is replaced by a new table."),
                    errors.PairingChangeError(
                        _("The match at table %(n)s is over: change its result instead.")
                        % {"n": board.number}
                    ),
                )
            open_board(board, tournament)
    after = {
        "boards": {
            str(first.entry_id): first.board.number,
            str(second.entry_id): second.board.number,
        },
        "tables": {
            str(first.board.number): first.board.table_id,
            str(second.board.number): second.board.table_id,
        },
    }
    log_change(
        kind=ChangeLog.Kind.PAIRING,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(
            _("Round %(n)s: %(a)s and %(b)s swapped places (tables %(x)s and %(y)s).")
            % {
                "n": rnd.number,
                "a": entry.name,
                "b": other.name,
                "x": first.board.number,
                "y": second.board.number,
            }
        ),
        before=before,
        after=after,
    )
    return rnd


def _clean_places(
    seats: Sequence[BoardSeat | FixtureSeat], places: Mapping[int, int | None]
) -> list[int | None]:
    """Places given per entry id, in the seats' order; None is a forfeit."""
    ids = [s.entry_id for s in seats]
    if set(places) != set(ids):
        raise errors.ResultError(_("Give a place, or a forfeit, for every player at the table."))
    out: list[int | None] = []
    for entry_id in ids:
        place = places[entry_id]
        if place is not None and (isinstance(place, bool) or not 1 <= int(place) <= len(ids)):
            raise errors.ResultError(_("Places go from 1 to %(n)s.") % {"n": len(ids)})
        out.append(None if place is None else int(place))
    return out


def _seat_state(seats: Iterable[BoardSeat | FixtureSeat]) -> list[dict[str, Any]]:
    return [
        {
            "entry": s.entry_id,
            "place": s.place,
            "points": None if s.points is None else str(s.points),
            "forfeit": s.forfeit,
        }
        for s in seats
    ]


@transaction.atomic
def result_override(
    *,
    board: Board,
    places: Mapping[int, int | None],
    by: User,
    reason: str,
    now: datetime | None = None,
    abandon: bool = False,
) -> Board:
    """Change the result of a finished table: a place per entry id (None: a forfeit); logged.

    Refused for a match that is not over, unless ``abandon`` and the table is in play (a match
    that never finishes): then its live table is abandoned, the board takes the given result
    and, if it was the round's last, the round finishes as after a played result. Later
    pairings stay; the standings follow.
    """
    tournament = board.round.tournament
    require_organiser(tournament.club, by)
    reason = clean_reason(reason)
    tournament = locked_tournament(tournament)
    board = Board.objects.select_for_update().select_related("round").get(pk=board.pk)
    if board.is_bye:
        raise errors.ResultError(_("A bye has no result to change."))
    stopped = None
    if board.status != Board.Status.FINISHED:
        if not (abandon and board.status == Board.Status.PLAYING and board.table_id):
            raise errors.MatchNotOverError(
                _("The match at table %(n)s is not over yet: its result cannot be set.")
                % {"n": board.number}
            )
        stopped = _stop_for_result(board, places)
    seats, before = _override_places(board, places, tournament)
    if stopped is not None:
        board.status = Board.Status.FINISHED
        board.finished_at = current_time(now)
        board.save(update_fields=["status", "finished_at"])
        finish_round_if_done(board.round, tournament, current_time(now))
    log_change(
        kind=ChangeLog.Kind.RESULT,
        by=by,
        reason=reason,
        tournament=tournament,
        summary=str(
            _("Round %(n)s, table %(t)s: result set to %(result)s.")
            % {"n": board.round.number, "t": board.number, "result": _result_text(seats)}
        ),
        before={"board": board.pk, "seats": before, **(stopped or {})},
        after={"board": board.pk, "seats": _seat_state(seats)},
    )
    notification_events.result_set_by_organiser(played=board)
    return board


def _stop_for_result(played: Board | Fixture, places: Mapping[int, int | None]) -> dict[str, Any]:
    """Abandon the live table of a board or fixture in play before an organiser's result is
    set on it (the places are checked first). Returns what the change log keeps of it."""
    seats = list(played.seats.select_related("entry").order_by("position"))
    _clean_places(seats, places)  # bad places are refused before the table is touched
    assert played.table_id is not None
    abandon_table(
        played.table_id,
        _("An organiser stopped this game and set its result."),
        errors.ResultError(
            _("This match has just ended: its result is being recorded. Change it afterwards.")
        ),
    )
    return {"status": played.status, "abandoned_table": played.table_id}


def _override_places(
    played: Board | Fixture, places: Mapping[int, int | None], event: Tournament | League
) -> tuple[list[Any], list[dict[str, Any]]]:
    """Set an organiser's places on a board's or fixture's seats (the result is marked as set by
    an organiser). Returns the seats and their state before."""
    seats = list(
        played.seats.select_related("entry__player", "entry__partner").order_by("position")
    )
    clean = _clean_places(seats, places)
    before = _seat_state(seats)
    apply_places(seats, clean, scheme_of(event))
    played.result_source = ResultSource.OVERRIDE
    played.save(update_fields=["result_source"])
    return seats, before


def _result_text(seats: Iterable[BoardSeat | FixtureSeat]) -> str:
    parts = []
    for seat in seats:
        if seat.forfeit:
            parts.append(str(_("%(name)s forfeit") % {"name": seat.entry.name}))
        else:
            parts.append(
                str(_("%(name)s %(place)sº") % {"name": seat.entry.name, "place": seat.place})
            )
    return ", ".join(parts)


@transaction.atomic
def fixture_result_override(
    *,
    fixture: Fixture,
    places: Mapping[int, int | None],
    by: User,
    reason: str,
    abandon: bool = False,
    now: datetime | None = None,
) -> Fixture:
    """Change the result of a decided fixture: a place per entry id (None: forfeit); logged.

    Refused for a fixture not decided yet, unless ``abandon`` and its table is in play (a match
    that never finishes): then the live table is abandoned and the fixture takes the result.
    """
    season = fixture.season
    league = season.league
    require_organiser(league.club, by)
    reason = clean_reason(reason)
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    if season.status == Season.Status.CLOSED:
        raise errors.SeasonError(_("This season is closed."))
    stopped = None
    if not fixture.is_decided:
        if not (abandon and fixture.status == Fixture.Status.PLAYING and fixture.table_id):
            raise errors.MatchNotOverError(
                _("This fixture has not been decided yet: its result cannot be set.")
            )
        stopped = _stop_for_result(fixture, places)
    seats, before = _override_places(fixture, places, league)
    if stopped is not None:
        fixture.status = Fixture.Status.PLAYED
        fixture.finished_at = current_time(now)
        fixture.save(update_fields=["status", "finished_at"])
    log_change(
        kind=ChangeLog.Kind.RESULT,
        by=by,
        reason=reason,
        season=season,
        summary=str(
            _("%(division)s, round %(n)s: result set to %(result)s.")
            % {
                "division": fixture.division.label,
                "n": fixture.round,
                "result": _result_text(seats),
            }
        ),
        before={"fixture": fixture.pk, "seats": before, **(stopped or {})},
        after={"fixture": fixture.pk, "seats": _seat_state(seats)},
    )
    notification_events.result_set_by_organiser(played=fixture)
    return fixture
