"""Matches of private tables: stored as private, counted in the figures and ratings, but listed
and shown only to the people who sat at them and to staff (pages and selectors). The
migration's back-fill marks the matches of private tables stored before the field existed."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone

from games.models import Table
from league.rankings import selectors, services
from league.rankings.backfill import mark_private_matches
from league.rankings.models import FinishedMatch, MatchParticipant, RatingHistory
from tests.rankings.support import announce, engine_outcome, private_and_public

pytestmark = pytest.mark.django_db

#: Who sees the private match: its players and staff; not a stranger, nor anybody anonymous.
SEES = {"ana": True, "fede": True, "sam": True, "eva": False, "diego": False, None: False}


@pytest.fixture
def tables(django_capture_on_commit_callbacks) -> dict:
    return private_and_public(django_capture_on_commit_callbacks)


def viewer(tables: dict, name: str | None):
    return tables[name] if name else AnonymousUser()


def client(tables: dict, name: str | None) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.cookies["django_language"] = "en"
    if name:
        c.force_login(tables[name])
    return c


def test_the_match_of_a_private_table_is_stored_as_private(tables) -> None:
    private = FinishedMatch.objects.get(table_id=tables["private"])
    public = FinishedMatch.objects.get(table_id=tables["public"])
    assert private.private and not public.private
    assert set(private.participants.values_list("private", flat=True)) == {True}
    assert set(public.participants.values_list("private", flat=True)) == {False}


def test_the_outcome_says_whether_the_table_was_private(
    players, django_capture_on_commit_callbacks
):
    ids = [p.pk for p in players[:4]]
    outcome = engine_outcome("cabrero", ids, seed=3, table_id=777, private=True)
    announce(outcome, django_capture_on_commit_callbacks)
    assert FinishedMatch.objects.get(table_id=777).private
    outcome = engine_outcome("cabrero", ids, seed=4, table_id=778)
    announce(outcome, django_capture_on_commit_callbacks)
    assert not FinishedMatch.objects.get(table_id=778).private


def test_a_private_rated_match_is_rated_and_counted(tables) -> None:
    match = FinishedMatch.objects.get(table_id=tables["private"])
    assert match.rating_status == FinishedMatch.RatingStatus.APPLIED
    assert RatingHistory.objects.filter(match=match).count() == 4
    stats = {s.variant: s for s in selectors.player_stats(user=tables["ana"])}
    assert stats["cabrero"].games == 2 and stats["cabrero"].rating.games == 2
    club = selectors.club_statistics(club=tables["club"])
    assert club.per_variant[0]["matches"] == 2


@pytest.mark.parametrize("name", list(SEES))
def test_lists_of_matches_show_the_private_one_to_its_players_and_staff(tables, name) -> None:
    who = viewer(tables, name)
    private, public = tables["private"], tables["public"]
    expected = [private, public] if SEES[name] else [public]
    listed = [m.table_id for m in selectors.finished_matches(viewer=who)]
    assert listed == expected
    recent = selectors.recent_matches(user=tables["ana"], viewer=who)
    assert [m.table_id for m in recent] == expected
    bruno = selectors.recent_matches(user=tables["bruno"], variant="cabrero", viewer=who)
    assert [m.table_id for m in bruno] == expected
    club = selectors.club_statistics(club=tables["club"], viewer=who)
    assert [m.table_id for m in club.matches] == expected
    assert (selectors.match_get(table_id=private, viewer=who) is not None) is SEES[name]
    assert selectors.match_get(table_id=public, viewer=who) is not None


@pytest.mark.parametrize("name", list(SEES))
def test_head_to_head_counts_a_private_match_only_for_who_may_see_it(tables, name) -> None:
    rows = selectors.head_to_head(user=tables["ana"], viewer=viewer(tables, name))
    by_name = {r.opponent.username: r.games for r in rows}
    if SEES[name]:
        assert by_name == {"bruno": 2, "carmen": 2, "diego": 1, "fede": 1}
    else:
        assert by_name == {"bruno": 1, "carmen": 1, "diego": 1}


def test_a_player_always_sees_his_own_private_matches(tables) -> None:
    fede = tables["fede"]
    assert [m.table_id for m in selectors.recent_matches(user=fede, viewer=fede)] == [
        tables["private"]
    ]
    assert selectors.recent_matches(user=fede, viewer=tables["eva"]) == []
    assert selectors.head_to_head(user=fede, viewer=None) == []
    # Diego sat at the public table only: on Ana's page he sees the private one no more
    # than a stranger does
    diego = tables["diego"]
    rows = selectors.head_to_head(user=tables["ana"], viewer=diego)
    assert "fede" not in {r.opponent.username for r in rows}


@pytest.mark.parametrize("name", list(SEES))
def test_rating_changes_hide_the_table_of_a_private_match(tables, name) -> None:
    rows = list(selectors.rating_changes(user=tables["ana"], viewer=viewer(tables, name)))
    assert len(rows) == 2  # the rating change itself is public
    listed = [r.listed_table_id for r in rows]
    assert listed == [tables["public"], tables["private"] if SEES[name] else None]


def test_source_statistics_list_only_what_the_viewer_may_see(players) -> None:
    ids = [p.pk for p in players[:4]]
    for table_id, private in ((51, False), (52, True)):
        services.match_store(
            table_id=table_id,
            variant="dos",
            seat_users=ids[:2],
            places=[1, 2],
            rated=False,
            finished_at=timezone.now() - timedelta(minutes=table_id),
            source_kind="tournament_round",
            source_id=9,
            private=private,
        )
    for who, expected in ((None, [51]), (players[0], [51, 52]), (players[5], [51])):
        stats = selectors.source_statistics(
            source_kind="tournament_round", source_ids=[9], viewer=who
        )
        assert [m.table_id for m in stats.matches] == expected
        assert stats.per_variant[0]["matches"] == 2


# --- pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(SEES))
def test_player_page(tables, name) -> None:
    response = client(tables, name).get("/rankings/players/ana/?variant=cabrero")
    assert response.status_code == 200
    html = response.content.decode()
    main = html.split("<main")[1]
    assert f'href="/tables/{tables["public"]}/"' in main
    assert (f'href="/tables/{tables["private"]}/"' in main) is SEES[name]
    assert ('href="/rankings/players/fede/"' in main) is SEES[name]  # seat and head-to-head
    assert "Diego" in main


@pytest.mark.parametrize("name", list(SEES))
def test_club_page(tables, name) -> None:
    html = client(tables, name).get(f"/rankings/clubs/{tables['club'].slug}/").content.decode()
    main = html.split("<main")[1]
    assert f'href="/tables/{tables["public"]}/"' in main
    assert (f'href="/tables/{tables["private"]}/"' in main) is SEES[name]


def test_the_player_page_of_a_stranger_runs_a_bounded_number_of_queries(
    tables, django_assert_max_num_queries
) -> None:
    """Looking at somebody else's page adds a subquery, not a query per match."""
    c = client(tables, "fede")
    with django_assert_max_num_queries(30) as captured:
        assert c.get("/rankings/players/ana/").status_code == 200
    count = len(captured)
    ids = [tables[n].pk for n in ("ana", "bruno", "carmen", "diego", "fede")]
    rng = random.Random(5)
    now = timezone.now()
    for table_id in range(1000, 1060):
        services.match_store(
            table_id=table_id,
            variant="cabrero",
            seat_users=rng.sample(ids, 4),
            places=[1, 2, 3, 4],
            rated=True,
            finished_at=now - timedelta(minutes=table_id),
            private=table_id % 2 == 0,
        )
    services.ratings_apply_pending()
    for name in ("fede", "eva", None):
        c = client(tables, name)
        with django_assert_max_num_queries(count):
            assert c.get("/rankings/players/ana/").status_code == 200


# --- the migration's back-fill --------------------------------------------------------------


def test_back_fill_marks_the_matches_of_private_tables(players) -> None:
    ids = [p.pk for p in players[:4]]
    private = Table.objects.create(variant="dos", players=2, is_private=True)
    public = Table.objects.create(variant="dos", players=2)
    gone = Table.objects.create(variant="dos", players=2, is_private=True)
    for table in (private, public, gone):
        services.match_store(  # stored as before the field existed: public
            table_id=table.pk,
            variant="dos",
            seat_users=ids[:2],
            places=[1, 2],
            rated=False,
            finished_at=timezone.now(),
        )
    gone_id = gone.pk
    gone.delete()
    models = {
        "match_model": FinishedMatch,
        "participant_model": MatchParticipant,
        "table_model": Table,
    }
    assert mark_private_matches(**models) == 1
    flags = dict(FinishedMatch.objects.values_list("table_id", "private"))
    assert flags == {private.pk: True, public.pk: False, gone_id: False}
    seats = MatchParticipant.objects.filter(private=True).values_list("match__table_id", flat=True)
    assert set(seats) == {private.pk}
    assert MatchParticipant.objects.filter(private=True).count() == 2
    assert mark_private_matches(**models) == 0  # twice: nothing more


@pytest.mark.django_db(transaction=True)
def test_migration_0003_back_fills_existing_rows(players) -> None:
    """Run the real migration: rows stored under 0002 come out of 0003 marked."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("rankings", "0002_indexes_for_pages_and_rating")]
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(before)
        games_leaf = [node for node in leaves if node[0] == "games"]
        apps = executor.loader.project_state(before + games_leaf).apps
        OldTable = apps.get_model("games", "Table")
        OldMatch = apps.get_model("rankings", "FinishedMatch")
        OldSeat = apps.get_model("rankings", "MatchParticipant")
        now = timezone.now()
        table_ids = []
        for is_private in (True, False):
            table = OldTable.objects.create(variant="dos", players=2, is_private=is_private)
            table_ids.append(table.pk)
            match = OldMatch.objects.create(
                table_id=table.pk,
                variant="dos",
                players=2,
                finished_at=now,
                rating_status="unrated",
            )
            for seat in (0, 1):
                OldSeat.objects.create(
                    match=match,
                    seat=seat,
                    user_id=players[seat].pk,
                    variant="dos",
                    finished_at=now,
                    side=seat,
                    place=seat + 1,
                    outcome="W" if seat == 0 else "L",
                )
        executor = MigrationExecutor(connection)
        after = [("rankings", "0003_finished_match_private")]
        executor.migrate(after)
        # read with the models of 0003 (later migrations add columns not there yet)
        apps = executor.loader.project_state(after + games_leaf).apps
        NewMatch = apps.get_model("rankings", "FinishedMatch")
        NewSeat = apps.get_model("rankings", "MatchParticipant")
        private_id, public_id = table_ids
        assert NewMatch.objects.get(table_id=private_id).private
        assert not NewMatch.objects.get(table_id=public_id).private
        seats = NewSeat.objects.filter(match__table_id=private_id).order_by("seat")
        assert [s.private for s in seats] == [True, True]
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(leaves)
