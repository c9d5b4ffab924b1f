"""The bidding tutes' statistics (RULES.md §9) on hand-made results, worked out by hand, and
their ratings from places: remate's bids made, failed and their average, codillo's games taken
on as jugador and won, bato's times batido; matches played by the engines stored with the same
figures; the player page and the API show them only where the game has them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from games.engine import get_variant
from games.engine.variant import Ranking
from league.rankings import presenters, selectors, services
from league.rankings.models import MatchParticipant, Rating, RatingHistory
from league.rankings.tally import tally_match
from league.skill import DEFAULT_SKILL, rate_match, shown_rating
from tests.rankings.support import BASE_TIME, announce, engine_outcome

pytestmark = pytest.mark.django_db


def hand(
    points: list[int],
    winners: list[int],
    losers: list[int],
    extra: dict[str, Any],
    *,
    code: str = "made",
) -> dict[str, Any]:
    return {
        "points": points,
        "card_points": points,
        "tricks": [1] * len(points),
        "cantos": [],
        "winners": winners,
        "losers": losers,
        "reason_code": code,
        "capote": None,
        "tute": None,
        "extra": extra,
    }


def remate(jugador: int | None, bid: int | None, made: bool, n: int = 3) -> dict[str, Any]:
    """A remate hand as the engine reports it: the jugador alone against the contra."""
    if jugador is None:
        return hand([0] * n, [], [], {"void": True, "jugador": None, "bid": None}, code="void")
    contra = [s for s in range(n) if s != jugador]
    winners, losers = ([jugador], contra) if made else (contra, [jugador])
    extra = {"void": False, "jugador": jugador, "bid": bid, "made": made}
    return hand([40] * n, winners, losers, extra, code="made" if made else "failed")


def codillo(jugador: int | None, partner: int, made: bool) -> dict[str, Any]:
    """A codillo hand: the jugador and the holder of the called card against the other two."""
    if jugador is None:
        return hand([0] * 4, [], [], {"void": True, "jugador": None, "score": [0] * 4}, code="void")
    ours = sorted((jugador, partner))
    theirs = [s for s in range(4) if s not in ours]
    winners, losers = (ours, theirs) if made else (theirs, ours)
    extra = {"void": False, "jugador": jugador, "partner": partner, "made": made}
    return hand([30] * 4, winners, losers, extra, code="made" if made else "lost")


def bato(
    jugador: int | None, companions: list[int], batidos: list[int], n: int = 4
) -> dict[str, Any]:
    """A bato hand: no ``made`` key; the jugador made it when he was not batido."""
    playing = [] if jugador is None else [jugador, *companions]
    winners = [s for s in playing if s not in batidos]
    extra = {"jugador": jugador, "companions": companions, "playing": playing, "batidos": batidos}
    return hand([0] * n, sorted(winners), sorted(batidos), extra)


# ----------------------------------------------------------------------------- the tally


def auction_rows(players: int, hands: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    rows = tally_match(players=players, places=[1] * players, hands=hands)
    return [(r.contracts, r.contracts_made, r.bid_total, r.batidos) for r in rows]


def test_remate_bids_made_and_failed_with_their_values() -> None:
    hands = [
        remate(0, 80, made=True),
        remate(1, 100, made=False),
        remate(None, None, made=False),  # everybody passed: nobody's contract
        remate(0, 65, made=False),
    ]
    # seat 0: two bids won (80 made, 65 failed); seat 1: one (100 failed); seat 2: none
    assert auction_rows(3, hands) == [(2, 1, 145, None), (1, 0, 100, None), (0, 0, 0, None)]


def test_remate_at_four_the_dealer_who_sits_out_has_no_contract() -> None:
    hands = [remate(1, 70, made=True, n=4), remate(2, 90, made=True, n=4)]
    hands[0]["winners"], hands[0]["losers"] = [1], [2, 3]  # seat 0 dealt and sat it out
    rows = tally_match(players=4, places=[4, 1, 2, 3], hands=hands)
    assert [(r.contracts, r.contracts_made, r.bid_total) for r in rows] == [
        (0, 0, 0),
        (1, 1, 70),
        (1, 1, 90),
        (0, 0, 0),
    ]
    assert rows[0].hands == 1  # he played only the second hand


def test_codillo_games_as_jugador_and_won_have_no_bid_value() -> None:
    hands = [
        codillo(2, partner=0, made=True),
        codillo(2, partner=3, made=False),
        codillo(1, partner=2, made=True),  # seat 2 won as the partner: not his contract
        codillo(None, partner=0, made=False),
    ]
    assert auction_rows(4, hands) == [
        (0, 0, None, None),
        (1, 1, None, None),
        (2, 1, None, None),
        (0, 0, None, None),
    ]


def test_bato_times_batido_and_the_jugador_kept_when_not_batido() -> None:
    hands = [
        bato(0, [1, 2], batidos=[1]),  # the jugador made it, a companion was batido
        bato(0, [3], batidos=[0, 3]),  # the jugador and his companion batidos
        bato(2, [], batidos=[]),  # nobody accompanied: he takes the pot, kept
        bato(None, [], batidos=[]),  # nobody said juego
    ]
    assert auction_rows(4, hands) == [
        (2, 1, None, 1),
        (0, 0, None, 1),
        (1, 1, None, 0),
        (0, 0, None, 1),
    ]


def test_games_without_an_auction_have_no_auction_figures() -> None:
    plain = hand([60, 40, 30], [0], [1, 2], {})
    del plain["extra"]
    assert auction_rows(3, [plain]) == [(None, None, None, None)] * 3
    assert auction_rows(3, []) == [(None, None, None, None)] * 3


# ----------------------------------------------------------------------------- per player


def store(
    table_id: int,
    variant: str,
    users: list[int | None],
    places: list[int],
    hands: list[dict[str, Any]],
) -> None:
    services.match_store(
        table_id=table_id,
        variant=variant,
        seat_users=users,
        places=places,
        rated=True,
        finished_at=BASE_TIME + timedelta(minutes=table_id),
        hands=hands,
        result={"places": places},
    )


@pytest.fixture
def history(players: list[Any]) -> list[Any]:
    """Ana, Bruno, Carmen and Diego (and a bot) play two remate matches, a codillo match, a
    bato match and a duel.

    Remate 1 (Ana, Bruno, Carmen): Ana bids 80 and makes it, Bruno bids 100 and fails, a void
    hand. Remate 2 (Carmen, Ana, a bot): Ana (seat 1) bids 75 and fails, the bot bids 60.
    Codillo (Ana, Bruno, Carmen, Diego): Ana takes two games on and wins one; Bruno one, lost.
    Bato (Ana, Bruno, Carmen, Diego): Ana jugador twice, batido once; Bruno batido once.
    Dos (Ana, Bruno): no auction.
    """
    a, b, c, d = (p.pk for p in players[:4])
    store(
        1,
        "remate",
        [a, b, c],
        [1, 3, 2],
        [remate(0, 80, True), remate(1, 100, False), remate(None, None, False)],
    )
    store(2, "remate", [c, a, None], [1, 3, 2], [remate(1, 75, False), remate(2, 60, True)])
    store(
        3,
        "codillo",
        [a, b, c, d],
        [1, 3, 2, 4],
        [codillo(0, 2, True), codillo(0, 1, False), codillo(1, 3, False)],
    )
    store(
        4,
        "bato",
        [a, b, c, d],
        [2, 4, 1, 3],
        [bato(0, [1], batidos=[1]), bato(0, [2, 3], batidos=[0]), bato(None, [], batidos=[])],
    )
    store(5, "dos", [a, b], [1, 2], [hand([70, 50], [0], [1], {})])
    return players


def test_player_figures_per_variant(history: list[Any]) -> None:
    ana, bruno = history[:2]
    stats = {s.variant: s for s in selectors.player_stats(user=ana)}
    rem = stats["remate"]
    assert (rem.games, rem.contracts, rem.contracts_made, rem.contracts_failed) == (2, 2, 1, 1)
    assert (rem.bid_total, rem.average_bid, rem.contracts_made_percent) == (155, 77.5, 50)
    assert rem.batidos is None
    cod = stats["codillo"]
    assert (cod.contracts, cod.contracts_made, cod.contracts_failed) == (2, 1, 1)
    assert cod.average_bid is None and cod.bid_total is None and cod.batidos is None
    bat = stats["bato"]
    assert (bat.contracts, bat.contracts_made, bat.batidos) == (2, 1, 1)
    duel = stats["dos"]
    assert (duel.contracts, duel.contracts_failed, duel.average_bid, duel.batidos) == (
        None,
        None,
        None,
        None,
    )
    bruno_stats = {s.variant: s for s in selectors.player_stats(user=bruno)}
    assert (bruno_stats["remate"].contracts, bruno_stats["remate"].average_bid) == (1, 100.0)
    assert (bruno_stats["codillo"].contracts, bruno_stats["codillo"].contracts_made) == (1, 0)
    assert (bruno_stats["bato"].contracts, bruno_stats["bato"].batidos) == (0, 1)
    # the bot's bid of 60 is his: nobody's figures
    assert MatchParticipant.objects.get(match__table_id=2, seat=2).bid_total == 60


def test_the_figures_shown_follow_the_game(history: list[Any]) -> None:
    stats = {s.variant: s for s in selectors.player_stats(user=history[0])}

    def shown(variant: str) -> dict[str, Any]:
        with translation.override("en"):
            rows = presenters.auction_figures(stats[variant])
            return {str(row["label"]): row["value"] for row in rows}

    assert shown("remate") == {
        "Bids won at auction": 2,
        "Bids made": 1,
        "Bids failed": 1,
        "Average bid": 77.5,
        "Contracts kept": "50%",
    }
    assert shown("codillo") == {
        "Hands as jugador": 2,
        "Won as jugador": 1,
        "Lost as jugador": 1,
        "Contracts kept": "50%",
    }
    assert shown("bato")["Times batido"] == 1 and "Average bid" not in shown("bato")
    assert shown("dos") == {}
    assert presenters.auction_figures(None) == []


def page(path: str, language: str = "en") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["django_language"] = language
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def test_player_page_shows_the_auction_only_in_bidding_games(history: list[Any]) -> None:
    html = page("/rankings/players/ana/?variant=remate")
    section = html.split('id="auction-title"')[1].split("</section>")[0]
    assert "Bids made" in section and "Average bid" in section and "77.5" in section
    html = page("/rankings/players/ana/?variant=codillo")
    assert "Won as jugador" in html and "Average bid" not in html
    html = page("/rankings/players/ana/?variant=bato")
    assert "Times batido" in html
    html = page("/rankings/players/ana/?variant=dos")
    assert 'id="auction-title"' not in html


def test_api_stats_carry_the_auction_figures(history: list[Any]) -> None:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    rows = {r["variant"]: r for r in api.get("/api/players/ana/stats/").json()}
    rem = rows["remate"]
    assert (rem["contracts"], rem["contracts_made"], rem["contracts_failed"]) == (2, 1, 1)
    assert (rem["average_bid"], rem["batidos"]) == (77.5, None)
    assert (rows["codillo"]["contracts_made"], rows["codillo"]["average_bid"]) == (1, None)
    assert rows["bato"]["batidos"] == 1
    assert {rows["dos"][k] for k in ("contracts", "average_bid", "batidos")} == {None}


# ----------------------------------------------------------------------------- engines


@pytest.mark.parametrize(
    ("variant", "count", "options"),
    [
        ("remate", 3, {"hands": 6}),
        ("remate", 4, {"hands": 4}),
        ("codillo", 4, {"target": 4}),
        ("bato", 5, {"hands": 6}),
    ],
)
def test_engine_matches_stored_with_auction_figures_and_rated_by_places(
    players: list[Any],
    django_capture_on_commit_callbacks: Any,
    variant: str,
    count: int,
    options: dict[str, Any],
) -> None:
    users = [p.pk for p in players[:count]]
    outcome = engine_outcome(variant, users, seed=5, table_id=1, options=options)
    announce(outcome, django_capture_on_commit_callbacks)
    result = outcome.result or {}
    extra = result["extra"]
    # the places are the engine's, made of the ledger (stakes) or of the game points
    score = (
        extra["ledger"] if get_variant(variant).ranking is Ranking.STAKES else extra["game_points"]
    )
    assert list(outcome.places) == [1 + sum(o > s for o in score) for s in score]
    seats = list(MatchParticipant.objects.filter(match__table_id=1).order_by("seat"))
    assert [s.place for s in seats] == list(outcome.places)
    hands = [h.result for h in outcome.hands]
    taken = [h for h in hands if h["extra"].get("jugador") is not None]
    assert taken, "the seeded match has at least one hand that was not void"
    for seat in seats:
        mine = [h for h in taken if h["extra"]["jugador"] == seat.seat]
        assert seat.contracts == len(mine)
        assert seat.contracts_made == sum(seat.seat in h["winners"] for h in mine)
        bids = [h["extra"]["bid"] for h in mine] if variant == "remate" else None
        assert seat.bid_total == (sum(bids) if bids is not None else None)
        batidos = [seat.seat in h["extra"]["batidos"] for h in hands] if variant == "bato" else None
        assert seat.batidos == (sum(batidos) if batidos is not None else None)
    # rated by places, everyone for himself: the skill model on the same places and sides
    expected = rate_match(
        sides=get_variant(variant).side_seats(count),
        places=list(outcome.places),
        players=users,
        prior={},
    )
    assert RatingHistory.objects.filter(match__table_id=1).count() == count
    for position, user in enumerate(users):
        rating = Rating.objects.get(user_id=user, variant=variant)
        assert (rating.mu, rating.sigma) == pytest.approx((expected[user].mu, expected[user].sigma))
        assert rating.shown == shown_rating(expected[user])
        assert rating.wins == (outcome.places[position] == 1)


def test_ratings_follow_the_places_of_the_ledger(
    players: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    """Two remate matches with hand-made places: the one first by the ledger gains, the last
    loses; a bot seat counts as an opponent of unknown strength and is not rated; equal
    balances share a place and move alike."""
    a, b, c = (p.pk for p in players[:3])
    store(1, "remate", [a, b, c], [1, 2, 3], [remate(0, 80, True)])
    store(2, "remate", [b, c, None], [1, 1, 3], [remate(0, 80, True)])
    services.ratings_apply_pending()
    ratings = {r.user_id: r for r in Rating.objects.filter(variant="remate")}
    start = shown_rating(DEFAULT_SKILL)
    assert ratings[a].shown > start and ratings[a].games == 1 and ratings[a].wins == 1
    first = rate_match(sides=[[0], [1], [2]], places=[1, 2, 3], players=[a, b, c], prior={})
    second = rate_match(sides=[[0], [1], [2]], places=[1, 1, 3], players=[b, c, None], prior=first)
    for user in (a, b, c):
        final = second.get(user, first[user])
        assert (ratings[user].mu, ratings[user].sigma) == pytest.approx((final.mu, final.sigma))
    assert ratings[c].games == 2 and ratings[c].wins == 1  # shared first place in match 2
    assert not Rating.objects.filter(user__isnull=True).exists()


def test_leaderboard_of_a_bidding_tute(
    players: list[Any], settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Bidding tutes have their leaderboard tab and board like every rated variant."""
    settings.RANKINGS_LEADERBOARD_MIN_GAMES = 1
    users = [p.pk for p in players[:4]]
    outcome = engine_outcome(
        "codillo", users, seed=2, table_id=1, options={"target": 3}, finished_at=timezone.now()
    )
    announce(outcome, django_capture_on_commit_callbacks)
    board = list(selectors.leaderboard(variant="codillo"))
    assert {r.user_id for r in board} == set(users)
    assert [r.shown for r in board] == sorted((r.shown for r in board), reverse=True)
    html = page("/rankings/?variant=codillo")
    assert 'href="/rankings/players/ana/?variant=codillo"' in html
    assert {t["key"] for t in presenters.variant_tabs("codillo")} >= {"remate", "codillo", "bato"}
