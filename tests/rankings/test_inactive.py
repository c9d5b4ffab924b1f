"""Deactivated accounts (``is_active`` False): off the leaderboards, with the ranks counted
over the players shown; their past matches and the other players' figures unchanged; shown
as "Former player", without a link, where they sat; no longer a club's member; the same
number of queries."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from league.clubs import selectors as league_selectors
from league.rankings import selectors
from league.rankings.models import FinishedMatch, MatchParticipant, Rating
from tests.rankings.inactive_support import CABRERO_TABLE, deactivate, played_with_zoe

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(db, settings):
    settings.RANKINGS_LEADERBOARD_MIN_GAMES = 2
    return played_with_zoe()


def client(user=None) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.cookies["django_language"] = "en"
    if user is not None:
        c.force_login(user)
    return c


def board_names(**kwargs) -> list[str]:
    return [r.user.username for r in selectors.leaderboard(variant="dos", **kwargs)]


def test_leaves_the_leaderboard_and_the_ranks_close_up(played) -> None:
    assert board_names() == ["zoe", "ana", "bruno", "carmen"]
    before = {
        n: selectors.leaderboard_position(variant="dos", user=played[n])
        for n in ("ana", "bruno", "carmen")
    }
    assert [(p.rank, p.total) for p in before.values()] == [(2, 4), (3, 4), (4, 4)]
    deactivate(played["zoe"])
    assert board_names() == ["ana", "bruno", "carmen"]
    after = {
        n: selectors.leaderboard_position(variant="dos", user=played[n])
        for n in ("ana", "bruno", "carmen")
    }
    assert [(p.rank, p.total, p.reason) for p in after.values()] == [
        (1, 3, ""),
        (2, 3, ""),
        (3, 3, ""),
    ]
    # the ratings themselves do not move: results do not change
    assert [after[n].rating.shown for n in after] == [before[n].rating.shown for n in before]


def test_leaves_the_club_leaderboard_and_the_club(played) -> None:
    club = played["club"]
    assert board_names(club=club) == ["zoe", "ana", "bruno"]
    deactivate(played["zoe"])
    assert board_names(club=club) == ["ana", "bruno"]
    ana = selectors.leaderboard_position(variant="dos", user=played["ana"], club=club)
    assert (ana.rank, ana.total) == (1, 2)
    members = [m.user.username for m in league_selectors.club_members(club=club)]
    assert members == ["ana", "bruno"]
    counted = league_selectors.club_list().get(pk=club.pk)
    assert counted.member_count == 2


def test_a_reactivated_account_comes_back(played) -> None:
    zoe = played["zoe"]
    deactivate(zoe)
    zoe.is_active = True
    zoe.save(update_fields=["is_active"])
    assert board_names() == ["zoe", "ana", "bruno", "carmen"]
    assert selectors.leaderboard_position(variant="dos", user=played["ana"]).rank == 2


def test_past_matches_and_the_others_figures_stay(played) -> None:
    ana = played["ana"]

    def figures():
        stats = {s.variant: (s.games, s.wins, s.losses) for s in selectors.player_stats(user=ana)}
        h2h = {
            r.opponent.username: (r.games, r.wins, r.losses)
            for r in selectors.head_to_head(user=ana, variant="dos")
        }
        places = list(
            MatchParticipant.objects.order_by("match__table_id", "seat").values_list(
                "match__table_id", "user_id", "place", "outcome"
            )
        )
        return stats, h2h, places, FinishedMatch.objects.count(), Rating.objects.count()

    before = figures()
    deactivate(played["zoe"])
    after = figures()
    assert after == before
    stats, h2h, *_ = after
    assert stats["dos"] == (7, 4, 3)
    assert h2h["zoe"] == (3, 0, 3)  # three duels lost to Zoe, still counted


def test_the_active_players_page(played) -> None:
    deactivate(played["zoe"])
    response = client().get("/rankings/players/ana/?variant=dos")
    assert response.status_code == 200
    html = response.content.decode()
    # head-to-head: Zoe's row is there, as a former player, without a link or her name
    assert "Former player" in html
    assert "/rankings/players/zoe/" not in html
    assert "Zoe" not in html
    assert 'href="/rankings/players/bruno/?variant=dos"' in html
    rows = re.findall(r"<tr>\s*<td>(.*?)</td>\s*<td class=\"num\">(\d+)</td>", html, re.S)
    former = [games for name, games in rows if "Former player" in name]
    assert former == ["3"]
    # her own page is gone
    assert client().get("/rankings/players/zoe/").status_code == 404


def test_match_seats_show_a_former_player(played) -> None:
    deactivate(played["zoe"])
    html = client().get("/rankings/players/ana/?variant=cabrero").content.decode()
    seats = re.findall(r'<span class="place">(\d)\.</span>\s*(.*?)\s*</li>', html, re.S)
    assert [place for place, _who in seats] == ["1", "2", "3", "4"]
    first, second, third, bot = (who for _place, who in seats)
    assert "Former player" in first and "href" not in first
    assert 'href="/rankings/players/ana/"' in second
    assert 'href="/rankings/players/bruno/"' in third
    assert bot == "Bot"


def test_leaderboard_page(played) -> None:
    deactivate(played["zoe"])
    html = client(played["ana"]).get("/rankings/?variant=dos").content.decode()
    assert "Zoe" not in html and "/rankings/players/zoe/" not in html
    ranks = re.findall(r"<tr[^>]*>\s*<td>(\d+)</td>", html)
    assert ranks == ["1", "2", "3"]
    assert "You are number 1 of 3" in html
    club = played["club"]
    html = client(played["bruno"]).get(f"/rankings/?variant=dos&club={club.slug}").content.decode()
    assert "Zoe" not in html and "You are number 2 of 2" in html


def test_club_statistics(played) -> None:
    club = played["club"]
    before = selectors.club_statistics(club=club)
    assert {r["user"].username for r in before.players} == {"zoe", "ana", "bruno"}
    deactivate(played["zoe"])
    stats = selectors.club_statistics(club=club)
    assert {r["user"].username for r in stats.players} == {"ana", "bruno"}
    ana = next(r for r in stats.players if r["user"].username == "ana")
    assert (ana["games"], ana["wins"]) == (8, 4)  # her matches against Zoe still count
    # the matches of the remaining members stay listed (the last ten), Zoe's seats included
    assert [m.table_id for m in stats.matches] == [CABRERO_TABLE, *range(10, 1, -1)]
    html = client().get(f"/rankings/clubs/{club.slug}/").content.decode()
    assert "Zoe" not in html and "/rankings/players/zoe/" not in html
    assert "Former player" in html  # her seats in the recent matches


def test_source_statistics_lists_active_players(played) -> None:
    FinishedMatch.objects.filter(table_id__in=[1, 2]).update(source_kind="cup", source_id=7)
    deactivate(played["zoe"])
    stats = selectors.source_statistics(source_kind="cup", source_ids=[7])
    assert [r["user"].username for r in stats.players] == ["ana"]
    assert stats.per_variant[0]["people"] == 2  # the figures still count her seats


def test_same_number_of_queries(played, django_assert_max_num_queries) -> None:
    urls = (
        "/rankings/?variant=dos",
        "/rankings/players/ana/?variant=dos",
        "/rankings/players/ana/?variant=cabrero",
        f"/rankings/clubs/{played['club'].slug}/",
    )
    c = client(played["bruno"])
    counts = {}
    for url in urls:
        with django_assert_max_num_queries(40) as captured:
            assert c.get(url).status_code == 200
        counts[url] = len(captured)
    deactivate(played["zoe"])
    for url, count in counts.items():
        with django_assert_max_num_queries(count):
            assert c.get(url).status_code == 200
