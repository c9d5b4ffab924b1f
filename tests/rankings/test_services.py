"""Storing finished matches and rating them: idempotent, ordered, equal to a recomputation."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core.management import call_command

from league.rankings import services, tasks
from league.rankings.models import FinishedMatch, MatchParticipant, Rating, RatingHistory
from league.skill import DEFAULT_SKILL, Skill, rate_match, shown_rating
from tests.rankings.support import BASE_TIME, announce, engine_outcome, simple_outcome

pytestmark = pytest.mark.django_db

Status = FinishedMatch.RatingStatus


def snapshot() -> dict[tuple[int, str], tuple[float, float, int, int, int]]:
    return {
        (r.user_id, r.variant): (r.mu, r.sigma, r.games, r.wins, r.shown)
        for r in Rating.objects.all()
    }


def history() -> list[tuple[int, int, str, float, float]]:
    return sorted(
        RatingHistory.objects.values_list("table_id", "user_id", "variant", "mu", "sigma")
    )


def test_an_announced_match_is_stored_with_its_seats_and_rated(
    players, django_capture_on_commit_callbacks
) -> None:
    ids = [p.pk for p in players[:4]]
    outcome = engine_outcome("cabrero", ids, seed=11, table_id=1)
    announce(outcome, django_capture_on_commit_callbacks)
    match = FinishedMatch.objects.get(table_id=1)
    assert match.rating_status == Status.APPLIED
    assert match.hands_played == outcome.result["hands_played"] == len(match.hands)
    seats = list(match.participants.order_by("seat"))
    assert [s.user_id for s in seats] == ids
    assert [s.place for s in seats] == list(outcome.places)
    assert all(s.hands > 0 and len(s.points_per_hand) == s.hands for s in seats)
    assert Rating.objects.filter(variant="cabrero").count() == 4
    assert RatingHistory.objects.filter(match=match).count() == 4


def test_announcing_twice_stores_and_rates_once(players, django_capture_on_commit_callbacks):
    outcome = engine_outcome("dos", [players[0].pk, players[1].pk], seed=3, table_id=7)
    announce(outcome, django_capture_on_commit_callbacks)
    before = snapshot()
    announce(outcome, django_capture_on_commit_callbacks)
    assert FinishedMatch.objects.count() == 1
    assert MatchParticipant.objects.count() == 2
    assert snapshot() == before
    assert RatingHistory.objects.count() == 2


def test_the_task_is_idempotent(players) -> None:
    ids = [p.pk for p in players[:3]]
    services.match_store(
        table_id=1,
        variant="cabrero",
        seat_users=ids,
        places=[1, 2, 3],
        rated=True,
        finished_at=BASE_TIME,
    )
    assert tasks.rate_pending_matches() == 1
    once = snapshot()
    assert tasks.rate_pending_matches() == 0
    assert services.ratings_apply_pending() == 0
    assert snapshot() == once
    assert Rating.objects.get(user=players[0], variant="cabrero").games == 1


def test_unrated_and_bot_only_matches_are_stored_but_not_rated(
    players, django_capture_on_commit_callbacks
) -> None:
    a, b = players[0].pk, players[1].pk
    announce(
        engine_outcome("dos", [a, b], seed=1, table_id=1, rated=False),
        django_capture_on_commit_callbacks,
    )
    announce(
        engine_outcome("dos", [a, None], seed=2, table_id=2, rated=True),
        django_capture_on_commit_callbacks,
    )
    assert FinishedMatch.objects.get(table_id=1).rating_status == Status.UNRATED
    assert FinishedMatch.objects.get(table_id=2).rating_status == Status.VOID
    assert not Rating.objects.exists()
    assert MatchParticipant.objects.filter(user_id=a).count() == 2


def test_the_outcomes_hands_are_stored_the_playoff_in_table_seats(
    players, django_capture_on_commit_callbacks
) -> None:
    ids = [p.pk for p in players[:3]]
    outcome = engine_outcome("cabrero", ids, seed=5, table_id=9, options={"playoff": True})
    assert any(hand.playoff for hand in outcome.hands)
    announce(outcome, django_capture_on_commit_callbacks)
    match = FinishedMatch.objects.get(table_id=9)
    assert len(match.hands) == outcome.result["hands_played"]
    for hand in match.hands:  # every hand in table seats (3), the playoff's too
        assert len(hand["points"]) == 3


def test_a_late_match_is_rated_in_its_place(players) -> None:
    """Rated out of order (a match that finished earlier arrives last), the ratings are those
    of the finishing order: the later ones are rewound and rated again."""
    a, b, c = (p.pk for p in players[:3])
    games = [
        (1, [a, b], [1, 2]),
        (2, [b, c], [1, 2]),
        (3, [a, c], [2, 1]),
    ]
    for table_id, users, places in (games[0], games[2]):
        services.match_store(
            table_id=table_id,
            variant="dos",
            seat_users=users,
            places=places,
            rated=True,
            finished_at=BASE_TIME + timedelta(minutes=table_id),
        )
        services.ratings_apply_pending()
    table_id, users, places = games[1]
    services.match_store(
        table_id=table_id,
        variant="dos",
        seat_users=users,
        places=places,
        rated=True,
        finished_at=BASE_TIME + timedelta(minutes=table_id),
    )
    services.ratings_apply_pending()
    incremental, hist = snapshot(), history()
    assert [t for t, *_ in hist] == [1, 1, 2, 2, 3, 3]

    skills: dict[int, Skill] = {}
    for _t, users, places in games:
        skills.update(rate_match(sides=[[0], [1]], places=places, players=users, prior=skills))
    for user_id, skill in skills.items():
        mu, sigma, *_ = incremental[(user_id, "dos")]
        assert (mu, sigma) == (skill.mu, skill.sigma)

    services.ratings_recompute()
    assert snapshot() == incremental and history() == hist


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_incremental_ratings_equal_recomputed_ones_whatever_the_arrival_order(
    players, django_capture_on_commit_callbacks, seed: int
) -> None:
    rng = random.Random(seed)
    ids = [p.pk for p in players]
    outcomes = []
    variants = [("cabrero", 4), ("dos_ar", 2), ("parejas", 4), ("arrastrado", 3), ("chancho", 5)]
    for table_id in range(1, 31):
        variant, n = rng.choice(variants)
        users: list[int | None] = rng.sample(ids, n)
        places = sorted(rng.randint(1, n) for _ in range(n))
        rng.shuffle(places)
        if variant == "parejas":
            top = rng.choice([0, 1])
            places = [1 if s % 2 == top else 2 for s in range(4)]
        minute = rng.randint(0, 10)  # equal finishing times: the table id decides
        outcomes.append(
            simple_outcome(
                variant,
                users,
                places,
                table_id=table_id,
                finished_at=BASE_TIME + timedelta(minutes=minute),
            )
        )
    rng.shuffle(outcomes)  # arrival order differs from finishing order
    for outcome in outcomes:
        announce(outcome, django_capture_on_commit_callbacks)
    assert not FinishedMatch.objects.filter(rating_status=Status.PENDING).exists()
    incremental, hist = snapshot(), history()
    assert len(hist) == sum(o.players for o in outcomes)

    call_command("recompute_ratings", "--check")  # fails if anything differs
    services.ratings_recompute()
    recomputed = snapshot()
    assert recomputed.keys() == incremental.keys()
    assert recomputed == incremental
    assert history() == hist

    # and both equal the pure functions applied in (finished_at, table_id) order
    skills: dict[tuple[int, str], Skill] = {}
    for o in sorted(outcomes, key=lambda o: (o.finished_at, o.table_id)):
        users = o.seat_users
        prior = {u: skills.get((u, o.variant), DEFAULT_SKILL) for u in users}
        for u, skill in rate_match(
            sides=o.sides, places=o.places, players=users, prior=prior
        ).items():
            skills[(u, o.variant)] = skill
    assert {k: (v[0], v[1]) for k, v in recomputed.items()} == {
        k: (s.mu, s.sigma) for k, s in skills.items()
    }


def test_recompute_command_reports(players, capsys) -> None:
    services.match_store(
        table_id=1,
        variant="dos",
        seat_users=[players[0].pk, players[1].pk],
        places=[1, 2],
        rated=True,
        finished_at=BASE_TIME,
    )
    services.ratings_apply_pending()
    call_command("recompute_ratings")
    out = capsys.readouterr().out
    assert "1 matches rated" in out and "0 ratings differ" in out
    Rating.objects.filter(user=players[0]).update(mu=40)
    with pytest.raises(Exception, match="differ"):
        call_command("recompute_ratings", "--check")
    assert Rating.objects.get(user=players[0]).mu == 40  # --check changed nothing


def test_wins_and_games_on_the_rating(players) -> None:
    a, b = players[0].pk, players[1].pk
    for t, places in enumerate([[1, 2], [1, 2], [2, 1]], start=1):
        services.match_store(
            table_id=t,
            variant="dos",
            seat_users=[a, b],
            places=places,
            rated=True,
            finished_at=BASE_TIME + timedelta(minutes=t),
        )
    services.ratings_apply_pending()
    r = Rating.objects.get(user_id=a, variant="dos")
    assert (r.games, r.wins, r.provisional) == (3, 2, True)
    assert r.shown == shown_rating(Skill(r.mu, r.sigma))
    assert r.last_played_at == BASE_TIME + timedelta(minutes=3)
