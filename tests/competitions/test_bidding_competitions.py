"""Swiss tournaments and a league of the bidding tutes (RULES.md §9), played to the end through
the real services.

Every move goes through :func:`games.services.table_act` (the engine's random bot choosing for
a present player, auction included) or, for an absent player, a turn timer that runs out
(``table_advance``) after which the table's bot plays his seat; every result reaches the event
through ``match_finished``. The checks are worked out again from each finished table's own
result: the places (by the ledger in remate and bato, by game points in codillo), the match
points by place, the tantos (the ledger balance where the variant ranks by stakes, the hand
points in codillo), the standings, the stored matches' auction figures and the ratings.
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from django.urls import reverse

from games.engine import get_variant
from games.engine.variant import Ranking
from games.models import Table
from league.competitions import selectors, services
from league.competitions.models import (
    Board,
    BoardSeat,
    Fixture,
    FixtureSeat,
    Round,
    Season,
    Tournament,
)
from league.rankings import services as rank_services
from league.rankings.models import FinishedMatch, MatchParticipant, Rating
from tests.competitions.helpers import play_table, play_tables
from tests.competitions.test_views import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SCHEME = {3: (3, 1, 0), 4: (4, 2, 1, 0), 5: (5, 3, 2, 1, 0), 6: (6, 4, 3, 2, 1, 0)}


def _places_by(score: list[int]) -> list[int]:
    """Places from a score per seat, highest first, equal scores sharing a place."""
    return [1 + sum(1 for other in score if other > mine) for mine in score]


def _match_points(places: list[int]) -> list[Decimal]:
    """Each seat's match points by hand: entries tied on a place share the places they cover,
    stored to the cent (three tied on 6+4+3 get 4.33 each)."""
    row = SCHEME[len(places)]
    out = []
    for place in places:
        shared = places.count(place)
        share = Decimal(sum(row[place - 1 : place - 1 + shared])) / shared
        out.append(share.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return out


def _check_table(variant: str, table_id: int, seats: list[Any]) -> dict[str, Any]:
    """Check one decided board or fixture against its table's result; return the result."""
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.FINISHED
    result = table.result
    extra = result["extra"]
    if get_variant(variant).ranking is Ranking.STAKES:
        score = extra["ledger"]
        tantos = list(score)
    else:  # codillo: game points rank; the tantos are the hand points over the match
        score = extra["game_points"]
        assert max(score) >= extra["target"]
        hands = table.hand_records.order_by("number").values_list("result", flat=True)
        tantos = [sum(hand["points"][s] for hand in hands) for s in range(len(seats))]
    places = _places_by(list(score))
    assert result["places"] == places
    assert [s.place for s in seats] == places
    assert [s.points for s in seats] == _match_points(places)
    assert [s.tantos for s in seats] == tantos
    return result


def _check_standings(lines: list[Any], seats: list[Any]) -> None:
    """Each line's score, tables won and tantos are the sums of its seats; the lines are in
    score order and places follow it. A table won is a first place that somebody at the table
    did not share: a table where every seat shares the first place is a draw for all."""
    score: dict[int, Decimal] = defaultdict(Decimal)
    won: dict[int, int] = defaultdict(int)
    tantos: dict[int, int] = defaultdict(int)
    places: dict[tuple[Any, Any], list[int]] = defaultdict(list)
    for seat in seats:
        places[_table_of(seat)].append(seat.place)
    for seat in seats:
        score[seat.entry_id] += seat.points
        if getattr(getattr(seat, "board", None), "is_bye", False):
            continue
        won[seat.entry_id] += seat.place == 1 and any(p != 1 for p in places[_table_of(seat)])
        tantos[seat.entry_id] += seat.tantos
    assert {line.entry.pk for line in lines} == set(score)
    for line in lines:
        assert Decimal(str(line.score)) == score[line.entry.pk]
        assert line.won == won[line.entry.pk]
        assert line.tantos == tantos[line.entry.pk]
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    assert lines[0].place == 1


def _table_of(seat: Any) -> tuple[Any, Any]:
    """The board or fixture of a seat row."""
    return (getattr(seat, "board_id", None), getattr(seat, "fixture_id", None))


def _check_stored(variant: str, table_ids: list[int]) -> None:
    """Every table was stored by the rankings with its seats' auction figures: one contract
    per hand that was not void, kept when the jugador is among the hand's winners; bids and
    batidos only where the variant's hands carry them."""
    matches = FinishedMatch.objects.filter(table_id__in=table_ids)
    assert matches.count() == len(table_ids)
    for match in matches:
        seats = list(match.participants.order_by("seat"))
        taken = [h for h in match.hands if h["extra"]["jugador"] is not None]
        assert sum(s.contracts for s in seats) == len(taken)
        assert sum(s.contracts_made for s in seats) == sum(
            h["extra"]["jugador"] in h["winners"] for h in taken
        )
        for seat in seats:
            mine = [h for h in taken if h["extra"]["jugador"] == seat.seat]
            assert seat.contracts == len(mine)
            if variant == "remate":
                assert seat.bid_total == sum(h["extra"]["bid"] for h in mine)
            else:
                assert seat.bid_total is None
            if variant == "bato":
                assert seat.batidos == sum(seat.seat in h["extra"]["batidos"] for h in match.hands)
            else:
                assert seat.batidos is None


def _play_tournament(
    commit: Any,
    club: Any,
    organiser: Any,
    members: list[Any],
    soon: Any,
    *,
    variant: str,
    options: dict[str, Any],
    absent: frozenset[int] = frozenset(),
    **extra: Any,
) -> Tournament:
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name=f"Copa {variant}",
        variant=variant,
        options=options,
        rounds=3,
        rated=True,
        registration_closes=soon,
        **extra,
    )
    for member in members:
        services.tournament_register(tournament=tournament, user=member)
    commit(services.round_pair, tournament=tournament, by=organiser)
    for number in range(1, 4):
        rnd = Round.objects.get(tournament=tournament, number=number)
        assert rnd.status == Round.Status.PLAYING
        boards = Board.objects.filter(round=rnd, is_bye=False).order_by("number")
        play_tables(commit, [b.table_id for b in boards], absent=absent)
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.FINISHED, f"round {number} did not finish"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def _check_tournament(tournament: Tournament, sizes: set[int]) -> list[int]:
    """Check every board and the standings; the tables' ids."""
    variant = tournament.variant
    table_ids = []
    for board in Board.objects.filter(round__tournament=tournament, is_bye=False):
        seats = list(board.seats.order_by("position"))
        assert len(seats) in sizes
        table = Table.objects.get(pk=board.table_id)
        assert (table.variant, table.players) == (variant, len(seats))
        assert list(table.seats.order_by("position").values_list("user_id", flat=True)) == [
            s.entry.player_id for s in seats
        ]
        _check_table(variant, board.table_id, seats)
        table_ids.append(board.table_id)
    seats = list(
        BoardSeat.objects.filter(board__round__tournament=tournament).select_related("board")
    )
    _check_standings(selectors.tournament_standings(tournament=tournament), seats)
    _check_stored(variant, table_ids)
    return table_ids


def _check_ratings(variant: str, members: list[Any]) -> None:
    """The tables were rated by their places: every player has a rating in the variant with
    one rated game per table played, and a win for each table he finished first (a table
    where every seat shares the first place is a draw)."""
    rank_services.ratings_apply_pending()
    for member in members:
        seats = MatchParticipant.objects.filter(user=member, variant=variant)
        rating = Rating.objects.get(user=member, variant=variant)
        assert rating.games == seats.count() > 0
        firsts = [s for s in seats if s.place == 1]
        assert rating.wins == sum(s.outcome == MatchParticipant.Outcome.WIN for s in firsts)
        assert all(s.outcome != MatchParticipant.Outcome.WIN for s in seats if s.place > 1)


def test_remate_swiss_at_tables_of_three(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    members = make_members(7)
    tournament = _play_tournament(
        commit,
        club,
        organiser,
        members,
        soon,
        variant="remate",
        options={"hands": 3},
        table_size=3,
        min_table_size=3,
    )
    # 7 players at tables of three: two tables and a bye every round, never twice to one
    for rnd in Round.objects.filter(tournament=tournament):
        assert sorted(b.seats.count() for b in rnd.boards.filter(is_bye=False)) == [3, 3]
        assert rnd.boards.filter(is_bye=True).count() == 1
    byes = BoardSeat.objects.filter(board__round__tournament=tournament, board__is_bye=True)
    assert len({s.entry_id for s in byes}) == 3
    tables = _check_tournament(tournament, {3})
    # the ledger of a remate match sums to zero: so do the tantos of its table
    for table_id in tables:
        board = Board.objects.get(table_id=table_id)
        assert sum(s.tantos for s in board.seats.all()) == 0
    _check_ratings("remate", members)


def test_codillo_swiss_at_tables_of_four(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    members = make_members(8)
    tournament = _play_tournament(
        commit, club, organiser, members, soon, variant="codillo", options={"target": 3}
    )
    assert (tournament.table_size, tournament.min_table_size) == (4, 4)
    for rnd in Round.objects.filter(tournament=tournament):
        assert sorted(b.seats.count() for b in rnd.boards.all()) == [4, 4]
    _check_tournament(tournament, {4})
    _check_ratings("codillo", members)


def test_bato_swiss_at_tables_of_three_to_six_with_a_bot_for_an_absent_player(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    members = make_members(11)
    absent = members[0]
    tournament = _play_tournament(
        commit,
        club,
        organiser,
        members,
        soon,
        variant="bato",
        options={"hands": 3},
        table_size=6,
        min_table_size=5,
        no_show_rule="bot",
        absent=frozenset({absent.pk}),
    )
    for rnd in Round.objects.filter(tournament=tournament):
        assert sorted(b.seats.count() for b in rnd.boards.all()) == [5, 6]
    _check_tournament(tournament, {5, 6})
    # the absent player's seat was played by the table's bot every round; his results count
    mine = BoardSeat.objects.filter(board__round__tournament=tournament, entry__player=absent)
    assert mine.count() == 3
    assert all(s.no_show and not s.forfeit and s.place is not None for s in mine)
    _check_ratings("bato", members)


def test_remate_league_at_a_table_of_four_with_the_dealer_out(
    club: Any, organiser: Any, make_members: Any, now: Any, commit: Any
) -> None:
    league = services.league_create(
        club=club,
        organiser=organiser,
        name="Liga de remate",
        variant="remate",
        options={"hands": 4},
        table_size=4,
        min_table_size=4,
        rounds=2,
        rated=True,
    )
    season = league.seasons.get(status=Season.Status.DRAFT)
    members = make_members(4)
    for member in members:
        services.season_register(season=season, user=member)
    services.season_start(season=season, by=organiser, starts_at=now)
    fixtures = list(Fixture.objects.filter(season=season).order_by("round", "pk"))
    assert [f.round for f in fixtures] == [1, 2]
    table_ids = []
    for fixture in fixtures:
        for seat in fixture.seats.select_related("entry__player"):
            player = UserFactory._meta.model.objects.get(pk=seat.entry.player_id)
            fixture = commit(
                services.fixture_play_now, fixture=fixture, user=player, now=fixture.window_opens
            )
        assert fixture.status == Fixture.Status.PLAYING
        table_ids.append(fixture.table_id)
        play_table(commit, fixture.table_id, seed=fixture.pk)
        fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.PLAYED
        seats = list(fixture.seats.order_by("position"))
        result = _check_table("remate", fixture.table_id, seats)
        # four at the table: each hand one seat, the dealer, sits out and neither pays nor
        # collects
        for stakes, hand in zip(
            result["extra"]["stakes"],
            Table.objects.get(pk=fixture.table_id).hand_records.order_by("number"),
            strict=True,
        ):
            out = hand.result["extra"]["sitting_out"]
            assert out is not None and stakes[out] == 0 and sum(stakes) == 0
    division = season.divisions.get()
    seats = list(FixtureSeat.objects.filter(fixture__season=season))
    _check_standings(selectors.season_divisions(season=season)[0].standings, seats)
    assert division.entries.count() == 4
    _check_stored("remate", table_ids)
    _check_ratings("remate", members)


@pytest.mark.parametrize(
    ("variant", "sizes", "option"),
    [
        ("remate", ["3", "4"], "opt_min_bid"),
        ("codillo", ["4"], "opt_target"),
        ("bato", ["3", "4", "5", "6"], "opt_hands"),
    ],
)
def test_the_event_form_offers_the_tables_and_options_of_each_game(
    club: Any, organiser: Any, variant: str, sizes: list[str], option: str
) -> None:
    html = (
        client_for(organiser)
        .get(reverse("competitions:tournament_create", args=[club.slug]) + f"?variant={variant}")
        .content.decode()
    )
    select = re.search(r'<select name="table_size".*?</select>', html, re.S)
    assert select is not None
    assert re.findall(r'<option value="([^"]*)"', select.group(0)) == sizes
    assert f'name="{option}"' in html
    assert [f"points_{n}" for n in sizes] == sorted(set(re.findall(r'name="(points_\d)"', html)))


def test_a_remate_tournament_created_through_the_form(club: Any, organiser: Any, soon: Any) -> None:
    url = reverse("competitions:tournament_create", args=[club.slug])
    response = client_for(organiser).post(
        url,
        {
            "built_for": "remate",
            "variant": "remate",
            "name": "Remate de invierno",
            "table_size": "3",
            "min_table_size": "3",
            "rounds": "3",
            "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
            "no_show_rule": "bot",
            "turn_seconds": "30",
            "points_3": "3 1 0",
            "opt_min_bid": "70",
            "opt_hands": "6",
            "tiebreak_1": "tantos",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert (tournament.variant, tournament.table_size, tournament.min_table_size) == (
        "remate",
        3,
        3,
    )
    assert tournament.options == {"min_bid": 70, "hands": 6}
    assert tournament.tiebreaks == ["tantos"]
