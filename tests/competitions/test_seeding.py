"""Round 1 of a Swiss tournament is seeded by rating (``league.competitions.seeding``): rated
entries by the rating of the tournament's game, highest first, ties and the unrated (last) in
entry order; seeds are kept, late entries are seeded after, and the page lists the field by
seed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from league.competitions import seeding, selectors, services
from league.competitions.models import Board, Tournament, TournamentEntry
from league.rankings.models import Rating
from tests.competitions.helpers import make_tournament, play_tables
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def _rate(user: Any, shown: int, variant: str = "dos") -> Rating:
    return Rating.objects.create(
        user=user,
        variant=variant,
        mu=shown / 60,
        sigma=2.0,
        shown=shown,
        games=30,
        last_played_at=timezone.now(),
    )


def _round_tables(tournament: Tournament, number: int) -> list[tuple[frozenset[Any], bool]]:
    """Each board of a round, top table first: the set of its players, and whether a bye."""
    boards = Board.objects.filter(round__tournament=tournament, round__number=number).order_by(
        "number"
    )
    return [
        (
            frozenset(s.entry.player.username for s in b.seats.select_related("entry__player")),
            b.is_bye,
        )
        for b in boards
    ]


def _names(users: list[Any], *indices: int) -> frozenset[str]:
    return frozenset(users[i].username for i in indices)


def test_round_one_pairs_by_rating_ties_in_entry_order_unrated_last(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    users = make_members(7)
    # entry order 0..6; ratings: 0 unrated, 1 1500, 2 1700, 3 1500, 4 unrated, 5 1600, 6 900
    for index, shown in {1: 1500, 2: 1700, 3: 1500, 5: 1600, 6: 900}.items():
        _rate(users[index], shown)
    _rate(users[0], 2400, variant="cabrero")  # another game's rating does not count
    for user in users:
        services.tournament_register(tournament=tournament, user=user)

    commit(services.round_pair, tournament=tournament, by=organiser)

    entries = {e.player_id: e for e in TournamentEntry.objects.filter(tournament=tournament)}
    seeds = [(entries[u.pk].seed, entries[u.pk].seed_rating) for u in users]
    assert seeds == [(6, None), (3, 1500), (1, 1700), (4, 1500), (7, None), (2, 1600), (5, 900)]
    # rank neighbours meet in round 1: seeds 1-2, 3-4, 5-6; seed 7 (the last) has the bye
    assert _round_tables(tournament, 1) == [
        (_names(users, 2, 5), False),
        (_names(users, 1, 3), False),
        (_names(users, 6, 0), False),
        (_names(users, 4), True),
    ]


def test_unrated_field_keeps_the_entry_order(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    users = make_members(4)
    for user in reversed(users):  # registration order is the entry order, not the user order
        services.tournament_register(tournament=tournament, user=user)
    commit(services.round_pair, tournament=tournament, by=organiser)
    by_seed = TournamentEntry.objects.filter(tournament=tournament).order_by("seed")
    assert [e.player for e in by_seed] == list(reversed(users))
    assert all(e.seed_rating is None for e in by_seed)
    assert _round_tables(tournament, 1) == [
        (_names(users, 3, 2), False),
        (_names(users, 1, 0), False),
    ]


def test_tables_of_four_take_the_seeds_top_down(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, variant="cabrero", options={})
    users = make_members(8)
    for index, user in enumerate(users):
        _rate(user, 1000 + 100 * index, variant="cabrero")  # the last registered is the best
        services.tournament_register(tournament=tournament, user=user)
    commit(services.round_pair, tournament=tournament, by=organiser)
    assert _round_tables(tournament, 1) == [
        (_names(users, 7, 6, 5, 4), False),
        (_names(users, 3, 2, 1, 0), False),
    ]


def test_a_partnership_is_seeded_by_the_mean_of_its_rated_players(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, variant="parejas", options={})
    users = make_members(8)
    ratings = {0: 1200, 1: 1200, 2: 1900, 3: 1000, 5: 1500, 6: 1300, 7: 1300}  # 4 unrated
    for index, shown in ratings.items():
        _rate(users[index], shown, variant="parejas")
    for player, partner in ((0, 1), (2, 3), (4, 5), (6, 7)):
        services.tournament_register(
            tournament=tournament, user=users[player], partner=users[partner]
        )
    commit(services.round_pair, tournament=tournament, by=organiser)
    entries = TournamentEntry.objects.filter(tournament=tournament).order_by("seed")
    # 2&3: (1900 + 1000) / 2 = 1450; 4&5: only 5 is rated, 1500; 6&7: 1300; 0&1: 1200
    assert [(e.player_id, e.seed, e.seed_rating) for e in entries] == [
        (users[4].pk, 1, 1500),
        (users[2].pk, 2, 1450),
        (users[6].pk, 3, 1300),
        (users[0].pk, 4, 1200),
    ]


def test_seeds_stay_when_ratings_change_and_a_late_entry_is_seeded_after(
    club: Any, organiser: Any, make_members: Any, soon: Any, commit: Any
) -> None:
    tournament = make_tournament(club, organiser, soon, rounds=4)
    users = make_members(5)
    for index, user in enumerate(users[:4]):
        _rate(user, 1500 - 100 * index)
        services.tournament_register(tournament=tournament, user=user)
    commit(services.round_pair, tournament=tournament, by=organiser)
    Rating.objects.filter(user=users[3]).update(shown=2000)  # he has improved since
    _rate(users[4], 2500)
    late = services.tournament_register(tournament=tournament, user=users[4])
    # before round 2 the page shows the late entry's seed to come, after the others
    field = selectors.tournament_field(tournament=tournament)
    assert [(s.entry.player_id, s.seed, s.rating) for s in field] == [
        (users[0].pk, 1, 1500),
        (users[1].pk, 2, 1400),
        (users[2].pk, 3, 1300),
        (users[3].pk, 4, 1200),
        (users[4].pk, 5, 2500),
    ]
    play_tables(commit, Board.objects.filter(round__number=1).values_list("table_id", flat=True))
    late.refresh_from_db()
    assert (late.seed, late.seed_rating) == (5, 2500)  # round 2 was paired automatically
    assert TournamentEntry.objects.get(player=users[3], tournament=tournament).seed == 4


def test_the_page_lists_the_field_by_seed(
    club: Any, organiser: Any, make_members: Any, soon: Any
) -> None:
    tournament = make_tournament(club, organiser, soon)
    users = make_members(4)
    _rate(users[2], 1800)
    _rate(users[1], 1600)
    for user in users:
        services.tournament_register(tournament=tournament, user=user)
    services.tournament_withdraw(tournament=tournament, user=users[3])
    client = Client()
    assert client.login(username=users[0].username, password=PASSWORD)
    response = client.get(tournament.get_absolute_url())
    assert response.status_code == 200
    field = response.context["entries"]
    assert [(s.entry.player_id, s.seed, s.rating) for s in field] == [
        (users[2].pk, 1, 1800),
        (users[1].pk, 2, 1600),
        (users[0].pk, 3, None),
        (users[3].pk, None, None),  # withdrawn: no seed
    ]
    html = response.content.decode()
    html = html[html.index('id="entries-title"') :]
    order = [html.index(users[i].public_name) for i in (2, 1, 0, 3)]
    assert order == sorted(order)
    assert "1800" in html and "1600" in html


def test_entry_rating_and_seed_order_are_pure() -> None:
    class E:
        def __init__(self, pk: int, users: list[int]) -> None:
            self.pk = pk
            self.users = users

    entries = [E(1, [10]), E(2, [11, 12]), E(3, [13]), E(4, [14])]
    ratings = {e.pk: seeding.entry_rating(e.users, {11: 1600, 12: 1400, 13: 1500}) for e in entries}
    assert ratings == {1: None, 2: 1500, 3: 1500, 4: None}
    assert [e.pk for e in seeding.seed_order(entries, ratings)] == [2, 3, 1, 4]
