"""The live tables of competitions name and link their competition.

``games`` offers a registry of describers (:mod:`games.sources`); :func:`connect` (called in
the app's ``ready``) registers one for the tables of tournament boards ("Round 2 of Copa",
linking the tournament) and one for those of league fixtures ("Liga · season 1 · fixture",
linking the season).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import sources

from .models import Board, Fixture
from .services.common import BOARD_SOURCE, FIXTURE_SOURCE


def describe_board(board_id: int | None) -> sources.TableSource | None:
    board = (
        Board.objects.select_related("round__tournament").filter(pk=board_id).first()
        if board_id
        else None
    )
    if board is None:
        return None
    tournament = board.round.tournament
    return sources.TableSource(
        label=_("Round %(round)s of %(tournament)s")
        % {"round": board.round.number, "tournament": tournament.name},
        url=tournament.get_absolute_url(),
    )


def describe_fixture(fixture_id: int | None) -> sources.TableSource | None:
    fixture = (
        Fixture.objects.select_related("season__league").filter(pk=fixture_id).first()
        if fixture_id
        else None
    )
    if fixture is None:
        return None
    season = fixture.season
    return sources.TableSource(
        label=_("%(league)s · season %(season)s · fixture")
        % {"league": season.league.name, "season": season.number},
        url=season.get_absolute_url(),
    )


def connect() -> None:
    sources.register(BOARD_SOURCE, describe_board)
    sources.register(FIXTURE_SOURCE, describe_fixture)
