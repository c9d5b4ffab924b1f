"""``manage.py bench_rankings``: the rankings at scale, with times and query counts.

Stores ``--matches`` synthetic finished rated matches (default 100,000) among ``--players``
players (default 10,000), over every variant, then times: recomputing every rating from
scratch, the leaderboard page and a player page (the most active player's) and counts their
queries, at full size and at a tenth of it (the counts must not grow). Everything runs in a
transaction that is rolled back at the end (``--keep`` keeps the data). Use PostgreSQL
(``DATABASE_URL``) for figures that mean something.
"""

from __future__ import annotations

import random
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.db.models import Count
from django.test.client import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league import ratings
from league.models import Profile, User
from league.rankings import services, views
from league.rankings.models import FinishedMatch, MatchParticipant

SEATS = {
    "cabrero": (3, 6),
    "chancho": (3, 6),
    "arrastrado": (3, 4),
    "dos": (2, 2),
    "dos_ar": (2, 2),
    "parejas": (4, 4),
    "vtt": (4, 4),
}


class _Rollback(Exception):
    pass


class Command(BaseCommand):
    help = "Benchmark: recompute the ratings of many stored matches; time the pages."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--matches", type=int, default=100_000)
        parser.add_argument("--players", type=int, default=10_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--keep", action="store_true", help="Keep the data (no rollback).")

    def say(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()

    def handle(
        self, *args: Any, matches: int, players: int, seed: int, keep: bool, **options: Any
    ) -> None:
        try:
            with transaction.atomic():
                self.run(matches, players, seed)
                if not keep:
                    raise _Rollback
        except _Rollback:
            self.say("(rolled back)")

    def store(self, rng: random.Random, users: list[int], matches: int, first_table: int) -> None:
        now = timezone.now()
        start = now - timedelta(days=60)
        step = timedelta(days=60) / max(matches, 1)
        variants = list(SEATS)
        batch_m: list[FinishedMatch] = []
        batch_p: list[tuple[int, list[tuple[int, int, int, list[int]]]]] = []

        def flush() -> None:
            created = FinishedMatch.objects.bulk_create(batch_m, batch_size=2000)
            rows = []
            for match, (_i, seats) in zip(created, batch_p, strict=True):
                teams = ratings.SHAPES[match.variant] == ratings.TEAMS
                for seat, user_id, place, pph in seats:
                    rows.append(
                        MatchParticipant(
                            match=match,
                            seat=seat,
                            user_id=user_id,
                            variant=match.variant,
                            finished_at=match.finished_at,
                            rated=True,
                            side=seat % 2 if teams else seat,
                            place=place,
                            outcome="W" if place == 1 else "L",
                            hands=len(pph),
                            hands_won=sum(1 for p in pph if p > 40),
                            hands_lost=0,
                            hand_points=sum(pph),
                            card_points=sum(pph),
                            tricks=0,
                            cantos_20=rng.random() < 0.3,
                            points_per_hand=pph,
                        )
                    )
            MatchParticipant.objects.bulk_create(rows, batch_size=5000)
            batch_m.clear()
            batch_p.clear()

        for i in range(matches):
            variant = rng.choice(variants)
            low, high = SEATS[variant]
            n = rng.randint(low, high)
            seated = rng.sample(users, n)
            if ratings.SHAPES[variant] == ratings.TEAMS:
                top = rng.randint(0, 1)
                places = [1 if s % 2 == top else 2 for s in range(n)]
            else:
                order = rng.sample(range(n), n)
                places = [order.index(s) + 1 for s in range(n)]
            batch_m.append(
                FinishedMatch(
                    table_id=first_table + i,
                    variant=variant,
                    players=n,
                    rated=True,
                    finished_at=start + step * i,
                    hands_played=4,
                    places=places,
                    rating_status=FinishedMatch.RatingStatus.PENDING,
                )
            )
            batch_p.append(
                (
                    i,
                    [
                        (s, seated[s], places[s], [rng.randint(0, 130) for _ in range(4)])
                        for s in range(n)
                    ],
                )
            )
            if len(batch_m) >= 2000:
                flush()
        if batch_m:
            flush()

    def time_pages(self, label: str) -> dict[str, int]:
        factory = RequestFactory()
        top = (
            MatchParticipant.objects.values("user_id")
            .annotate(n=Count("id"))
            .order_by("-n")
            .first()
        )
        user = User.objects.get(pk=top["user_id"]) if top else User.objects.first()
        counts = {}
        for name, url, view, kwargs in (
            ("leaderboard", "/rankings/?variant=cabrero", views.leaderboard, {}),
            (
                "player page",
                f"/rankings/players/{user.username}/",
                views.player,
                {"username": user.username},
            ),
        ):
            for who in (AnonymousUser(), user):
                request = factory.get(url)
                request.user = who
                request.htmx = False
                with CaptureQueriesContext(connection) as queries:
                    t = time.perf_counter()
                    response = view(request, **kwargs)
                    elapsed = time.perf_counter() - t
                assert response.status_code == 200
                tag = f"{name} ({'logged in' if who.is_authenticated else 'visitor'})"
                counts[tag] = len(queries)
                self.say(f"  [{label}] {tag}: {elapsed * 1000:.0f} ms, {len(queries)} queries")
        return counts

    def run(self, matches: int, players: int, seed: int) -> None:
        rng = random.Random(seed)
        self.say(
            f"bench_rankings: {matches} matches, {players} players, database {connection.vendor}"
        )
        t = time.perf_counter()
        first = (User.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
        User.objects.bulk_create(
            [User(username=f"bench{first + i}", password="!") for i in range(players)],
            batch_size=5000,
        )
        new_users = list(
            User.objects.filter(username__startswith="bench").values_list("pk", flat=True)
        )
        Profile.objects.bulk_create(
            [Profile(user_id=u) for u in new_users], batch_size=5000, ignore_conflicts=True
        )
        base_table = 10**12
        tenth = max(matches // 10, 1)
        self.store(rng, new_users, tenth, base_table)
        self.say(f"stored {tenth} matches in {time.perf_counter() - t:.1f} s")
        t = time.perf_counter()
        rated = services.ratings_recompute()
        self.say(f"recompute ratings of {rated} matches: {time.perf_counter() - t:.1f} s")
        small = self.time_pages("1/10 size")

        t = time.perf_counter()
        self.store(rng, new_users, matches - tenth, base_table + tenth)
        self.say(f"stored {matches - tenth} more matches in {time.perf_counter() - t:.1f} s")
        t = time.perf_counter()
        rated = services.ratings_recompute()
        elapsed = time.perf_counter() - t
        self.say(
            f"recompute ratings of {rated} matches: {elapsed:.1f} s "
            f"({rated / max(elapsed, 1e-9):.0f} matches/s)"
        )
        t = time.perf_counter()
        services.match_store(
            table_id=base_table + matches,
            variant="dos",
            seat_users=new_users[:2],
            places=[1, 2],
            rated=True,
            finished_at=timezone.now(),
        )
        services.ratings_apply_pending()
        self.say(
            f"one more match stored and rated incrementally: "
            f"{(time.perf_counter() - t) * 1000:.0f} ms"
        )
        full = self.time_pages("full size")
        grew = {k: (small[k], full[k]) for k in small if full[k] > small[k]}
        if grew:
            self.say(f"QUERY COUNTS GREW with the data: {grew}")
        else:
            self.say("query counts: the same at a tenth and at full size (no N+1)")
