"""The bot ladder: arena games of the bot levels added to their ratings, the page, the API,
the task and the command (league/rankings/ladder, services/ladder.py, selectors/ladder.py)."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.rankings import selectors, services, tasks
from league.rankings.ladder.play import Duel, play_slice, seatings
from league.rankings.ladder.tally import accumulate
from league.rankings.models import BotLadder, BotLevelRating, BotPairing
from league.skill import DEFAULT_SKILL

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
#: Four-seat team game: two seatings a deal, so 3 pairs x 2 games a deal.
VARIANT = "parejas"


# --- arithmetic on hand-made games ------------------------------------------------------------


def test_duel_winner_compares_the_shares_of_seats_won() -> None:
    assert Duel("strong", "random", 2, 2, 2, 0).winner == "strong"
    assert Duel("strong", "random", 2, 1, 1, 1).winner == "random"  # half against all
    assert Duel("strong", "random", 2, 1, 2, 1).winner is None
    assert Duel("strong", "random", 2, 2, 1, 1).winner is None  # all against all
    assert Duel("strong", "random", 2, 0, 1, 0).winner is None


def test_accumulate_counts_games_seats_and_pairs() -> None:
    levels: dict = {}
    pairs: dict = {}
    accumulate(
        levels,
        pairs,
        [
            Duel("heuristic", "strong", 2, 0, 2, 2),
            Duel("heuristic", "strong", 2, 1, 2, 1),
            Duel("random", "strong", 1, 0, 2, 1),
        ],
    )
    strong = levels["strong"]
    assert (strong.games, strong.seats, strong.seat_wins) == (3, 6, 4)
    assert (levels["heuristic"].games, levels["heuristic"].seat_wins) == (2, 1)
    pair = pairs["heuristic", "strong"]
    assert (pair.games, pair.first_ahead, pair.second_ahead, pair.draws) == (2, 0, 1, 1)
    assert pairs["random", "strong"].second_ahead == 1
    # Two wins and a draw for strong: above the start; the two losers below it.
    assert strong.skill.mu > DEFAULT_SKILL.mu
    assert levels["random"].skill.mu < DEFAULT_SKILL.mu
    assert levels["heuristic"].skill.mu < DEFAULT_SKILL.mu
    assert strong.skill.sigma < DEFAULT_SKILL.sigma


def test_accumulating_in_two_refreshes_equals_one_run() -> None:
    duels = [
        Duel("random", "strong", 1, 0, 1, 1),
        Duel("random", "strong", 1, 1, 1, 0),
        Duel("heuristic", "strong", 1, 0, 1, 1),
        Duel("heuristic", "random", 1, 1, 1, 0),
    ]
    once: tuple[dict, dict] = ({}, {})
    accumulate(*once, duels)
    twice: tuple[dict, dict] = ({}, {})
    accumulate(*twice, duels[:2])
    accumulate(*twice, duels[2:])
    assert once == twice


def test_a_draw_keeps_equal_means_and_pulls_unequal_ones_together() -> None:
    levels: dict = {}
    accumulate(levels, {}, [Duel("a", "b", 1, 0, 1, 0)])
    assert levels["a"].skill.mu == pytest.approx(DEFAULT_SKILL.mu)
    assert levels["b"].skill.mu == pytest.approx(DEFAULT_SKILL.mu)
    assert levels["a"].skill.sigma < DEFAULT_SKILL.sigma
    accumulate(levels, {}, [Duel("a", "b", 1, 1, 1, 0)] * 3)
    gap = levels["a"].skill.mu - levels["b"].skill.mu
    accumulate(levels, {}, [Duel("a", "b", 1, 1, 1, 1)])
    assert 0 < levels["a"].skill.mu - levels["b"].skill.mu < gap


def test_a_draw_is_the_mean_of_the_two_decisive_updates() -> None:
    # The ladder used to average a win and a loss by hand, because Plackett-Luce raised both
    # means of a tie; the players' model (Bradley-Terry) rates a draw as exactly that mean now.
    from league.skill import Skill, rate_match

    prior = {"a": Skill(30.0, 4.0), "b": Skill(22.0, 6.0)}
    sides = [[0], [1]]
    results = [
        rate_match(sides=sides, places=places, players=["a", "b"], prior=prior)
        for places in ([1, 2], [2, 1], [1, 1])
    ]
    won, lost, drawn = results
    for k in "ab":
        assert drawn[k].mu == pytest.approx((won[k].mu + lost[k].mu) / 2, abs=1e-12)
        assert drawn[k].sigma == won[k].sigma == lost[k].sigma
    levels: dict = {}
    accumulate(levels, {}, [Duel("a", "b", 1, 0, 1, 0)])
    assert levels["a"].skill == rate_match(sides=sides, places=[1, 1], players="ab", prior={})["a"]


def test_seatings_turn_both_levels_round_every_seat() -> None:
    for n in (2, 3, 4):
        rows = seatings(n)
        assert all({who[s] for who in rows} == {0, 1} for s in range(n))


def test_a_slice_is_the_same_twice_and_new_deals_differ() -> None:
    first = play_slice("dos_ar", first_deal=0, deals=2, iterations=4)
    assert first == play_slice("dos_ar", first_deal=0, deals=2, iterations=4)
    assert len(first) == 3 * 2 * 2  # three pairs, two deals, two seatings
    later = play_slice("dos_ar", first_deal=2, deals=2, iterations=4)
    assert [d.winner for d in later] != [d.winner for d in first]


# --- the database side --------------------------------------------------------------------------


@pytest.mark.django_db
def test_refresh_accumulates_and_strong_ends_above_random() -> None:
    added = services.ladder_refresh(variant=VARIANT, deals=3, iterations=8)
    assert added == 3 * 3 * 2
    ladder = BotLadder.objects.get(variant=VARIANT)
    assert (ladder.deals, ladder.games, ladder.iterations) == (3, added, 8)
    before = {r.level: (r.mu, r.sigma, r.games) for r in ladder.levels.all()}
    assert all(games == 2 * 3 * 2 for _mu, _sigma, games in before.values())

    services.ladder_refresh(variant=VARIANT, deals=3, iterations=8)
    ladder.refresh_from_db()
    assert (ladder.deals, ladder.games) == (6, 2 * added)
    after = {r.level: (r.mu, r.sigma, r.games) for r in ladder.levels.all()}
    for level, (mu, sigma, games) in after.items():
        assert games == 2 * before[level][2]
        assert sigma < before[level][1]  # more games, less doubt
        assert mu != before[level][0]
    board = selectors.ladder_board(variant=VARIANT)
    assert board is not None
    order = [lv.level for lv in board.levels]
    assert order.index("strong") < order.index("random")
    rating = {lv.level: lv.rating for lv in board.levels}
    assert rating["strong"] > rating["random"]
    pair = next(p for p in board.pairs if {p.first, p.second} == {"strong", "random"})
    assert pair.first == "strong" and pair.games == 12
    assert pair.first_ahead > pair.second_ahead
    assert pair.first_ahead + pair.second_ahead + pair.draws == pair.games
    assert sum(BotPairing.objects.values_list("games", flat=True)) == ladder.games


@pytest.mark.django_db
def test_the_task_and_the_command_add_games() -> None:
    assert tasks.refresh_bot_ladder.delay(variant="dos_ar", deals=1).get() == 6
    out = StringIO()
    call_command("bot_ladder", "dos_ar", "--deals", "1", "--iterations", "4", stdout=out)
    assert "dos_ar: 6 games" in out.getvalue()
    ladder = BotLadder.objects.get(variant="dos_ar")
    assert (ladder.deals, ladder.games, ladder.iterations) == (2, 12, 4)
    assert ladder.refreshed_at is not None


def test_the_beat_schedule_runs_the_refresh(settings) -> None:
    tasks_run = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "rankings.refresh_bot_ladder" in tasks_run


# --- page and API on a hand-made ladder -------------------------------------------------------


@pytest.fixture
def ladder(db: None) -> BotLadder:
    ladder = BotLadder.objects.create(
        variant="dos", deals=10, games=60, iterations=24, refreshed_at=timezone.now()
    )
    # Stored in another order than the rating's.
    for level, mu, wins in (("random", 18.0, 5), ("strong", 31.0, 30), ("heuristic", 26.0, 25)):
        BotLevelRating.objects.create(
            ladder=ladder, level=level, mu=mu, sigma=2.0, games=40, seats=40, seat_wins=wins
        )
    for first, second, a, b in (
        ("random", "heuristic", 2, 17),
        ("random", "strong", 1, 19),
        ("heuristic", "strong", 6, 13),
    ):
        BotPairing.objects.create(
            ladder=ladder, first=first, second=second, games=20, first_ahead=a, second_ahead=b
        )
    return ladder


def test_the_page_is_public_in_english_and_lists_the_levels_in_rating_order(ladder) -> None:
    response = Client().get(reverse("rankings:bot_ladder"), **EN)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Bot ladder" in html
    rows = re.findall(r'<tr data-level="(\w+)">', html)
    assert rows == ["strong", "heuristic", "random"]
    table = html[html.index('data-level="strong"') :]
    assert table.index("strong") < table.index("club player") < table.index("beginner")
    assert "75%" in html  # strong: 30 of 40 seats
    # Head to head, the higher-rated first: strong against beginner, 19 ahead, 1 behind.
    assert "strong against beginner" in html
    assert "Last refreshed" in html


def test_the_page_without_games_says_so(db: None) -> None:
    response = Client().get(reverse("rankings:bot_ladder"), {"variant": "dos"}, **EN)
    assert response.status_code == 200
    assert "no games of this variant" in response.content.decode()
    assert Client().get(reverse("rankings:bot_ladder"), {"variant": "poker"}).status_code == 404


def test_the_navigation_links_the_ladder_for_visitors(db: None) -> None:
    url = reverse("rankings:bot_ladder")
    html = Client().get("/", **EN).content.decode()
    assert f'href="{url}"' in html
    # On the ladder, its link is the current one, not the rankings' (a prefix of its URL).
    html = Client().get(url, **EN).content.decode()
    assert re.findall(r'<a href="([^"]+)" aria-current="page">', html) == [url]


def test_the_api_lists_and_shows_a_ladder_to_anyone(ladder, django_assert_max_num_queries) -> None:
    client = Client()
    with django_assert_max_num_queries(3):
        assert len(selectors.ladder_boards()) == 1
    listed = client.get("/api/bot-ladders/", **EN)
    assert listed.status_code == 200
    assert [b["variant"] for b in listed.json()] == ["dos"]
    one = client.get("/api/bot-ladders/dos/", **EN).json()
    assert [lv["level"] for lv in one["levels"]] == ["strong", "heuristic", "random"]
    assert one["levels"][0]["name"] == "strong"
    assert one["levels"][0]["win_rate"] == pytest.approx(0.75)
    assert one["levels"][0]["win_low"] < 0.75 < one["levels"][0]["win_high"]
    top = one["pairs"][0]
    assert (top["first"], top["second"], top["first_ahead"], top["draws"]) == (
        "strong",
        "heuristic",
        13,
        1,
    )
    assert top["score"] == pytest.approx(13.5 / 20)
    assert client.get("/api/bot-ladders/vtt/").status_code == 404
    paths = client.get("/api/schema/?format=json").json()["paths"]
    assert {"/api/bot-ladders/", "/api/bot-ladders/{variant}/"} <= set(paths)


@pytest.mark.django_db
def test_the_demo_seed_loads_a_ladder_once() -> None:
    from league.rankings import demo

    demo.seed(log=lambda line: None)
    assert selectors.ladder_variants()
    board = selectors.ladder_board(variant=selectors.ladder_variants()[0])
    assert board is not None and len(board.levels) == 3
    BotLadder.objects.filter(variant=board.variant).update(games=999)
    demo.seed(log=lambda line: None)
    assert BotLadder.objects.get(variant=board.variant).games == 999
