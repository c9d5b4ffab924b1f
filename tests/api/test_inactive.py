"""The API and deactivated accounts: no record, no rating, no place on a leaderboard (the ranks
close up), no membership; their past matches stay, their seats and head-to-head rows say
``{"username": null, "name": "Former player"}``; the same number of queries."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.rankings.inactive_support import CABRERO_TABLE, deactivate, played_with_zoe

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("few_games"),
]

FORMER = {"username": None, "name": "Former player"}


@pytest.fixture
def few_games():
    with override_settings(RANKINGS_LEADERBOARD_MIN_GAMES=2):
        yield


@pytest.fixture
def played(db):
    return played_with_zoe()


def usernames(rows, key="player"):
    return [r[key]["username"] for r in rows]


def test_no_record_and_no_ratings(played, api) -> None:
    deactivate(played["zoe"])
    assert api.get("/api/players/zoe/").status_code == 404
    assert api.get("/api/players/zoe/ratings/").status_code == 404
    assert "zoe" not in [p["username"] for p in api.get("/api/players/").json()["results"]]
    ratings = api.get("/api/ratings/?variant=dos").json()
    assert usernames(ratings["results"]) == ["ana", "bruno", "carmen"]
    assert ratings["count"] == 3
    assert api.get("/api/ratings/?player=zoe").json()["count"] == 0


def test_leaderboard_ranks_close_up(played, api_as) -> None:
    before = api_as(played["bruno"]).get("/api/leaderboards/dos/").json()
    assert usernames(before["results"]) == ["zoe", "ana", "bruno", "carmen"]
    assert (before["me"]["rank"], before["me"]["total"]) == (3, 4)
    deactivate(played["zoe"])
    body = api_as(played["bruno"]).get("/api/leaderboards/dos/").json()
    assert body["count"] == 3
    assert [(r["rank"], r["player"]["username"]) for r in body["results"]] == [
        (1, "ana"),
        (2, "bruno"),
        (3, "carmen"),
    ]
    assert (body["me"]["rank"], body["me"]["total"], body["me"]["reason"]) == (2, 3, "")
    assert body["me"]["rating"] == before["me"]["rating"]  # nobody's rating moved
    page2 = api_as(played["bruno"]).get("/api/leaderboards/dos/?page=2&page_size=2").json()
    assert [(r["rank"], r["player"]["username"]) for r in page2["results"]] == [(3, "carmen")]
    club = played["club"]
    body = api_as(played["bruno"]).get(f"/api/leaderboards/dos/?club={club.slug}").json()
    assert usernames(body["results"]) == ["ana", "bruno"]
    assert (body["me"]["rank"], body["me"]["total"]) == (2, 2)


def test_the_active_players_figures(played, api) -> None:
    before_stats = api.get("/api/players/ana/stats/").json()
    before_h2h = api.get("/api/players/ana/head-to-head/?variant=dos").json()
    deactivate(played["zoe"])
    assert api.get("/api/players/ana/stats/").json() == before_stats
    h2h = api.get("/api/players/ana/head-to-head/?variant=dos").json()
    assert len(h2h) == len(before_h2h) == 3
    former = [r for r in h2h if r["opponent"] == FORMER]
    assert [(r["games"], r["wins"], r["losses"]) for r in former] == [(3, 0, 3)]
    assert {r["opponent"]["username"] for r in h2h} == {None, "bruno", "carmen"}
    history = api.get("/api/players/ana/rating-history/?variant=dos").json()
    assert history["count"] == 7  # her rated duels, three of them against Zoe


def test_match_list_and_detail(played, api) -> None:
    before = api.get(f"/api/matches/{CABRERO_TABLE}/").json()
    deactivate(played["zoe"])
    detail = api.get(f"/api/matches/{CABRERO_TABLE}/").json()
    players = [s["player"] for s in detail["seats"]]
    assert players == [
        FORMER,
        {"username": "ana", "name": "Ana"},
        {"username": "bruno", "name": "Bruno"},
        None,
    ]
    assert detail["seats"][3]["bot_level"] == "random"
    # the result does not change: places, outcomes and figures are those stored
    for key in ("places", "result", "hands", "record"):
        assert detail[key] == before[key]
    assert [(s["place"], s["outcome"], s["hand_points"]) for s in detail["seats"]] == [
        (s["place"], s["outcome"], s["hand_points"]) for s in before["seats"]
    ]
    listed = api.get("/api/matches/?variant=dos").json()
    assert listed["count"] == 10  # every duel stays, Zoe's too
    duel = next(m for m in listed["results"] if m["table_id"] == 1)
    assert [s["player"] for s in duel["seats"]] == [FORMER, {"username": "ana", "name": "Ana"}]
    # looked up by her user name she played nothing (she has no public record)
    assert api.get("/api/matches/?player=zoe").json()["count"] == 0
    assert api.get("/api/matches/?player=ana").json()["count"] == 8
    assert "zoe" not in str(api.get("/api/matches/").json())


def test_club(played, api) -> None:
    club = played["club"]
    before = api.get(f"/api/clubs/{club.slug}/statistics/").json()
    deactivate(played["zoe"])
    assert api.get(f"/api/clubs/{club.slug}/").json()["member_count"] == 2
    members = api.get(f"/api/clubs/{club.slug}/members/").json()
    assert usernames(members["results"]) == ["ana", "bruno"]
    listed = api.get(f"/api/players/?club={club.slug}").json()["results"]
    assert [p["username"] for p in listed] == ["ana", "bruno"]
    stats = api.get(f"/api/clubs/{club.slug}/statistics/").json()
    assert set(usernames(before["players"])) == {"zoe", "ana", "bruno"}
    assert set(usernames(stats["players"])) == {"ana", "bruno"}
    ana = next(r for r in stats["players"] if r["player"]["username"] == "ana")
    assert (ana["games"], ana["wins"]) == (8, 4)
    seats = [s["player"] for m in stats["matches"] for s in m["seats"]]
    assert FORMER in seats and all(p is None or p["username"] != "zoe" for p in seats)
    assert api.get(f"/api/matches/?club={club.slug}").json()["count"] == 11


def test_same_number_of_queries(played, api_as, django_assert_max_num_queries) -> None:
    c = api_as(played["bruno"])
    urls = (
        "/api/leaderboards/dos/",
        "/api/ratings/",
        "/api/matches/",
        f"/api/matches/{CABRERO_TABLE}/",
        "/api/players/ana/head-to-head/",
        f"/api/clubs/{played['club'].slug}/statistics/",
    )
    counts = {}
    for url in urls:
        with django_assert_max_num_queries(20) as captured:
            assert c.get(url).status_code == 200
        counts[url] = len(captured)
    deactivate(played["zoe"])
    for url, count in counts.items():
        with django_assert_max_num_queries(count):
            assert c.get(url).status_code == 200
