"""Read-side queries of competitions: pages, CSV exports, "my matches". Nothing here writes.

Standings are computed on read from the seat rows through :mod:`.adapter` (a few hundred rows
for a big tournament): there is no stored copy to fall out of step with an organiser's change.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Club, Membership, User

from . import adapter, seeding, services
from .models import (
    Board,
    BoardSeat,
    ChangeLog,
    Division,
    Fixture,
    FixtureSeat,
    League,
    Round,
    Season,
    SeasonEntry,
    Tournament,
    TournamentEntry,
)

ENTRY_RELATED = ("player__profile", "partner__profile")


def tiebreak_label(name: str) -> str:
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


def tiebreak_columns(names: list[str]) -> list[str]:
    """Labels of the standings table's tiebreak columns: every tiebreak but those that
    would repeat a column already there (the "Wins" tiebreak is the "Wins" column)."""
    return [tiebreak_label(name) for name in names if name not in SHOWN_IN_STANDINGS]


def tiebreak_choices() -> list[tuple[str, str]]:
    from league.pairing import TIEBREAKS

    return [(name, tiebreak_label(name)) for name in TIEBREAKS]


def may_organise(*, club: Club, user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    membership = Membership.objects.filter(club=club, user=user).first()
    return membership is not None and membership.can_organise


def organised_clubs(*, user: Any) -> QuerySet[Club]:
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(
        memberships__user=user,
        memberships__status=Membership.Status.ACTIVE,
        memberships__role__in=[Membership.Role.ORGANISER, Membership.Role.ADMIN],
    ).order_by("name")


def club_for_slug(*, slug: str) -> Club | None:
    return Club.objects.filter(slug=slug).first()


# ----------------------------------------------------------------------------- tournaments


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


def user_named(name: str) -> User | None:
    """The user with this user name (any case), e.g. the partner a player names."""
    name = name.strip()
    return User.objects.filter(username__iexact=name).first() if name else None


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


def tournament_standings(*, tournament: Tournament) -> list[adapter.StandingLine]:
    entries = list(
        TournamentEntry.objects.filter(tournament=tournament).select_related(*ENTRY_RELATED)
    )
    seats = list(
        BoardSeat.objects.filter(board__round__tournament=tournament).select_related("board__round")
    )
    lines = adapter.standing_lines(
        entries, seats, tournament.tiebreaks, round_of=lambda seat: seat.board.round.number
    )
    # Entries that never played (withdrawn before round 1) are left out.
    played = {s.entry_id for s in seats}
    return [line for line in lines if line.entry.pk in played or line.entry.is_active]


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


# ----------------------------------------------------------------------------- leagues


def league_list(*, club: Club | None = None) -> QuerySet[League]:
    qs = League.objects.select_related("club")
    if club is not None:
        qs = qs.filter(club=club)
    return qs.order_by("club__name", "name")


def league_get(*, pk: int) -> League | None:
    return League.objects.select_related("club").filter(pk=pk).first()


def league_seasons(*, league: League) -> QuerySet[Season]:
    return Season.objects.filter(league=league).order_by("-number")


def season_get(*, pk: int) -> Season | None:
    return Season.objects.select_related("league__club").filter(pk=pk).first()


def season_current(*, league: League) -> Season | None:
    """The season in play, else the one open for registration, else the last one."""
    seasons = list(league.seasons.order_by("-number"))
    for status in (Season.Status.RUNNING, Season.Status.DRAFT):
        for season in seasons:
            if season.status == status:
                return season
    return seasons[0] if seasons else None


def season_entry_of(*, season: Season, user: Any) -> SeasonEntry | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        SeasonEntry.objects.filter(season=season).filter(Q(player=user) | Q(partner=user)).first()
    )


def season_entry_get(*, season: Season, pk: int) -> SeasonEntry | None:
    return SeasonEntry.objects.filter(season=season, pk=pk).select_related(*ENTRY_RELATED).first()


@dataclass
class DivisionView:
    division: Division
    entries: list[SeasonEntry]
    standings: list[adapter.StandingLine]
    rounds: list[tuple[int, list[Fixture]]] = field(default_factory=list)


def _fixture_seats() -> Prefetch:
    return Prefetch(
        "seats",
        queryset=FixtureSeat.objects.select_related(
            *(f"entry__{r}" for r in ENTRY_RELATED)
        ).order_by("position"),
    )


def season_divisions(*, season: Season) -> list[DivisionView]:
    views = []
    for division in season.divisions.order_by("level"):
        entries = list(division.entries.select_related(*ENTRY_RELATED))
        fixtures = list(
            division.fixtures.prefetch_related(_fixture_seats()).order_by("round", "number")
        )
        rounds: dict[int, list[Fixture]] = {}
        for fixture in fixtures:
            rounds.setdefault(fixture.round, []).append(fixture)
        views.append(
            DivisionView(
                division=division,
                entries=entries,
                standings=services.division_standings(division) if fixtures else [],
                rounds=sorted(rounds.items()),
            )
        )
    return views


def season_changes(*, season: Season) -> QuerySet[ChangeLog]:
    return ChangeLog.objects.filter(season=season).select_related("by__profile")


def fixture_get(*, pk: int) -> Fixture | None:
    return (
        Fixture.objects.select_related("season__league__club", "division")
        .prefetch_related(_fixture_seats())
        .filter(pk=pk)
        .first()
    )


def fixture_waiting_for(*, fixture: Fixture, now: datetime | None = None) -> list[str]:
    """Names of the players of a fixture who have not pressed "play now" lately."""
    since = (now or timezone.now()) - timedelta(minutes=services.READY_MINUTES)
    names = []
    for seat in fixture.seats.all():
        entry = seat.entry
        if seat.ready_at is None or seat.ready_at < since:
            names.append(entry.player.public_name)
        if entry.partner_id and (seat.partner_ready_at is None or seat.partner_ready_at < since):
            names.append(entry.partner.public_name)
    return names


# ----------------------------------------------------------------------------- my matches


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
    points = _number(seat.points)
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


# ----------------------------------------------------------------------------- CSV


def _csv(rows: Iterable[Iterable[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow(row)
    return buffer.getvalue()


def _number(value: Any) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text or "0"


def tournament_standings_csv(*, tournament: Tournament) -> str:
    lines = tournament_standings(tournament=tournament)
    header = [_("Place"), _("Player"), _("Partner"), _("Points"), _("Played"), _("Byes")]
    header += [tiebreak_label(name) for name in tournament.tiebreaks]
    header += [_("Status")]
    rows: list[list[Any]] = [header]
    for line in lines:
        entry = line.entry
        rows.append(
            [
                line.place,
                entry.player.public_name,
                entry.partner.public_name if entry.partner_id else "",
                _number(line.score),
                line.played,
                line.byes,
                *[_number(value) for _name, value in line.tiebreaks],
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
    seats = (
        BoardSeat.objects.filter(board__round__tournament=tournament)
        .select_related("board__round", *(f"entry__{r}" for r in ENTRY_RELATED))
        .order_by("board__round__number", "board__number", "position")
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
                "" if seat.points is None else _number(seat.points),
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
    header += [tiebreak_label(name) for name in tiebreaks]
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
                    _number(line.score),
                    line.played,
                    line.won,
                    *[_number(value) for _name, value in line.tiebreaks],
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
                "" if seat.points is None else _number(seat.points),
                seat.tantos if fixture.is_decided else "",
                result,
                fixture.table_id or "",
            ]
        )
    return _csv(rows)
