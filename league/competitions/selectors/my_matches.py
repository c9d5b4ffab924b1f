"""A player's competition matches ("my matches"): tournament boards and league fixtures, to
play now, upcoming and finished."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import BoardSeat, Fixture, FixtureSeat
from .common import ENTRY_RELATED, number_text


@dataclass
class MyMatch:
    """One of a player's competition matches, for "my matches"."""

    kind: str  # "board" or "fixture"
    title: str
    url: str
    event_url: str
    opponents: list[str]
    status: str
    status_label: str
    table_url: str = ""
    window_opens: datetime | None = None
    window_closes: datetime | None = None
    fixture_id: int | None = None
    result: str = ""
    playable: bool = False


def _result_of(seat: BoardSeat | FixtureSeat) -> str:
    if seat.points is None:
        return ""
    points = number_text(seat.points)
    if seat.forfeit:
        return _("forfeit, %(points)s pts") % {"points": points}
    if seat.place is None:
        return _("%(points)s pts") % {"points": points}
    return _("%(place)sº, %(points)s pts") % {"place": seat.place, "points": points}


def my_matches(
    *, user: Any, now: datetime | None = None, limit: int = 30
) -> dict[str, list[MyMatch]]:
    """The player's tournament boards and league fixtures: ``current`` (to play now or in
    play), ``upcoming`` (league windows not yet open) and ``finished`` (newest first)."""
    now = now or timezone.now()
    mine = Q(entry__player=user) | Q(entry__partner=user)
    out: dict[str, list[MyMatch]] = {"current": [], "upcoming": [], "finished": []}
    board_seats = (
        BoardSeat.objects.filter(mine, board__is_bye=False)
        .select_related("board__round__tournament", "entry")
        .order_by("-board__round__tournament__pk", "-board__round__number")[: limit * 2]
    )
    for seat in board_seats:
        board = seat.board
        tournament = board.round.tournament
        others = [
            s.entry.name
            for s in board.seats.select_related(*(f"entry__{r}" for r in ENTRY_RELATED))
            if s.pk != seat.pk
        ]
        item = MyMatch(
            kind="board",
            title=_("%(event)s · round %(n)s, table %(t)s")
            % {"event": tournament.name, "n": board.round.number, "t": board.number},
            url=tournament.get_absolute_url(),
            event_url=tournament.get_absolute_url(),
            opponents=others,
            status=board.status,
            status_label=board.get_status_display(),
            table_url=board.table_url,
            result=_result_of(seat),
        )
        out["finished" if board.is_finished else "current"].append(item)
    fixture_seats = (
        FixtureSeat.objects.filter(mine)
        .select_related("fixture__season__league", "fixture__division", "entry")
        .order_by("fixture__window_opens", "fixture__pk")
    )
    for seat in fixture_seats:
        fixture = seat.fixture
        league = fixture.season.league
        others = [
            s.entry.name
            for s in fixture.seats.select_related(*(f"entry__{r}" for r in ENTRY_RELATED))
            if s.pk != seat.pk
        ]
        item = MyMatch(
            kind="fixture",
            title=_("%(event)s · %(division)s, round %(n)s")
            % {"event": league.name, "division": fixture.division.label, "n": fixture.round},
            url=fixture.season.get_absolute_url(),
            event_url=league.get_absolute_url(),
            opponents=others,
            status=fixture.status,
            status_label=fixture.get_status_display(),
            table_url=fixture.table_url,
            window_opens=fixture.window_opens,
            window_closes=fixture.window_closes,
            fixture_id=fixture.pk,
            result=_result_of(seat),
            playable=fixture.status == Fixture.Status.SCHEDULED
            and fixture.window_opens <= now < fixture.window_closes,
        )
        if fixture.is_decided:
            out["finished"].append(item)
        elif fixture.status == Fixture.Status.SCHEDULED and now < fixture.window_opens:
            out["upcoming"].append(item)
        elif fixture.status == Fixture.Status.PLAYING or item.playable:
            out["current"].append(item)
    out["upcoming"] = out["upcoming"][:limit]
    out["finished"] = out["finished"][:limit]
    return out
