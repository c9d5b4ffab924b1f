"""``manage.py bench_rankings``: the rankings at scale, with times and query counts.

Stores ``--matches`` synthetic finished rated matches (default 100,000) among ``--players``
players (default 10,000), over every variant, first a tenth of them and then the rest. At each
size it recomputes every rating from scratch (matches per second: the rate must not fall as the
history grows) and times the leaderboard and a player page, as a visitor and logged in, and
counts their queries (the counts must not grow). At full size it also times one more match
rated incrementally and a late match (finished a day ago: the matches rated after it are
rewound and rated again).

Like with like: the pages are those of one *regular* player, who sits at every
``--regular-every``-th table (5% of them by default, so a heavy player: about 5,000 matches at
full size) and has enough recent Cabrero games to be ranked at both sizes, so the logged-in
leaderboard runs the same queries (his rank) at both; the bench says so, or says that the
states differ instead of comparing the counts.

Each page is called once to warm up (templates, translations), then ``--repeat`` times; the
median and the best time are printed. The tables are ANALYZEd after storing, as autovacuum
would have done on a live site (``--no-analyze`` shows the plans without statistics).
Everything runs in a transaction that is rolled back at the end (``--keep`` keeps the data).
Use PostgreSQL (``DATABASE_URL``) for figures that mean something.
"""

from __future__ import annotations

import random
import statistics
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test.client import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.engine.variant import variants
from league.clubs.models import Profile, User
from league.rankings import selectors, services, views
from league.rankings.models import FinishedMatch, MatchParticipant
from league.rankings.tally import side_of
from league.rankings.variants import sides_of

#: The smallest and the largest table of each variant, as the engine plays them.
SEATS = {v.key: (min(v.players), max(v.players)) for v in variants()}
TABLES = (
    "rankings_finishedmatch",
    "rankings_matchparticipant",
    "rankings_rating",
    "rankings_ratinghistory",
    "league_user",
    "league_profile",
)


class _Rollback(Exception):
    pass


class Command(BaseCommand):
    help = "Benchmark: recompute the ratings of many stored matches; time the pages."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--matches", type=int, default=100_000)
        parser.add_argument("--players", type=int, default=10_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--regular-every",
            type=int,
            default=20,
            help="The regular player sits at every n-th table (default 20: 5%% of them).",
        )
        parser.add_argument("--repeat", type=int, default=5, help="Timed calls of each page.")
        parser.add_argument(
            "--no-analyze",
            action="store_true",
            help="Do not ANALYZE the tables after storing (plans without statistics).",
        )
        parser.add_argument("--keep", action="store_true", help="Keep the data (no rollback).")

    def say(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()

    def handle(
        self,
        *args: Any,
        matches: int,
        players: int,
        seed: int,
        regular_every: int,
        repeat: int,
        no_analyze: bool,
        keep: bool,
        **options: Any,
    ) -> None:
        self.repeat = max(repeat, 1)
        self.analyze = not no_analyze
        self.regular_every = max(regular_every, 1)
        try:
            with transaction.atomic():
                self.run(matches, players, seed)
                if not keep:
                    raise _Rollback
        except _Rollback:
            self.say("(rolled back)")

    def store(
        self, rng: random.Random, users: list[int], regular: int, matches: int, first_table: int
    ) -> None:
        now = timezone.now()
        start = now - timedelta(days=60)
        step = timedelta(days=60) / max(matches, 1)
        keys = list(SEATS)
        batch_m: list[FinishedMatch] = []
        batch_p: list[tuple[int, list[tuple[int, int, int, list[int]]]]] = []

        def flush() -> None:
            created = FinishedMatch.objects.bulk_create(batch_m, batch_size=2000)
            rows = []
            for match, (_i, seats) in zip(created, batch_p, strict=True):
                sides = sides_of(match.variant, match.players)
                for seat, user_id, place, pph in seats:
                    rows.append(
                        MatchParticipant(
                            match=match,
                            seat=seat,
                            user_id=user_id,
                            variant=match.variant,
                            finished_at=match.finished_at,
                            rated=True,
                            side=side_of(seat, sides),
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
            variant = rng.choice(keys)
            low, high = SEATS[variant]
            n = rng.randint(low, high)
            seated = rng.sample(users, n)
            if (first_table + i) % self.regular_every == 0 and regular not in seated:
                seated[rng.randrange(n)] = regular
            sides = sides_of(variant, n) or []
            if len(sides) == 2 and n > 2:  # two teams
                top = rng.randint(0, 1)
                places = [1 if side_of(s, sides) == top else 2 for s in range(n)]
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
        if self.analyze:
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":
                    cursor.execute(f"ANALYZE {', '.join(TABLES)}")
                else:
                    cursor.execute("ANALYZE")

    def recompute(self, label: str) -> None:
        t = time.perf_counter()
        rated = services.ratings_recompute()
        elapsed = time.perf_counter() - t
        self.say(
            f"  [{label}] recompute ratings of {rated} matches: {elapsed:.1f} s "
            f"({rated / max(elapsed, 1e-9):.0f} matches/s)"
        )

    def time_pages(self, label: str, user: User) -> tuple[dict[str, int], str]:
        factory = RequestFactory()
        position = selectors.leaderboard_position(variant="cabrero", user=user)
        state = f"rank {position.rank}" if position.rank else position.reason
        games = position.rating.games if position.rating else 0
        self.say(
            f"  [{label}] {user.username}: {user.match_participations.count()} matches, "
            f"{games} rated in cabrero, on the cabrero leaderboard: {state} of {position.total}"
        )
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
                times = []
                for attempt in range(self.repeat + 1):  # the first call warms up
                    request = factory.get(url)
                    request.user = who
                    request.htmx = False
                    # DEBUG keeps a log of at most 9,000 queries; once full, nothing is counted.
                    connection.queries_log.clear()
                    with CaptureQueriesContext(connection) as queries:
                        t = time.perf_counter()
                        response = view(request, **kwargs)
                        elapsed = time.perf_counter() - t
                    assert response.status_code == 200
                    if attempt:
                        times.append(elapsed * 1000)
                tag = f"{name} ({'logged in' if who.is_authenticated else 'visitor'})"
                counts[tag] = len(queries)
                self.say(
                    f"  [{label}] {tag}: median {statistics.median(times):.0f} ms, "
                    f"best {min(times):.0f} ms, {len(queries)} queries"
                )
        return counts, state.split()[0]

    def run(self, matches: int, players: int, seed: int) -> None:
        rng = random.Random(seed)
        self.say(
            f"bench_rankings: {matches} matches, {players} players, database {connection.vendor}"
            f"{'' if self.analyze else ' (tables not analyzed)'}"
        )
        t = time.perf_counter()
        first = (User.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
        User.objects.bulk_create(
            [User(username=f"bench{first + i}", password="!") for i in range(players)],
            batch_size=5000,
        )
        new_users = list(
            User.objects.filter(username__startswith="bench")
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        Profile.objects.bulk_create(
            [Profile(user_id=u) for u in new_users], batch_size=5000, ignore_conflicts=True
        )
        regular = User.objects.get(pk=new_users[0])
        base_table = 10**12
        tenth = max(matches // 10, 1)
        self.store(rng, new_users, regular.pk, tenth, base_table)
        self.say(f"stored {tenth} matches in {time.perf_counter() - t:.1f} s")
        self.recompute("1/10 size")
        small, small_state = self.time_pages("1/10 size", regular)

        t = time.perf_counter()
        self.store(rng, new_users, regular.pk, matches - tenth, base_table + tenth)
        self.say(f"stored {matches - tenth} more matches in {time.perf_counter() - t:.1f} s")
        self.recompute("full size")
        t = time.perf_counter()
        services.match_store(
            table_id=base_table + matches,
            variant="dos",
            seat_users=new_users[1:3],
            places=[1, 2],
            rated=True,
            finished_at=timezone.now(),
        )
        services.ratings_apply_pending()
        self.say(
            f"  one more match stored and rated incrementally: "
            f"{(time.perf_counter() - t) * 1000:.0f} ms"
        )
        t = time.perf_counter()
        late_at = timezone.now() - timedelta(days=1)
        services.match_store(
            table_id=base_table + matches + 1,
            variant="dos",
            seat_users=new_users[3:5],
            places=[2, 1],
            rated=True,
            finished_at=late_at,
        )
        rewound = FinishedMatch.objects.filter(
            finished_at__gt=late_at, rating_status=FinishedMatch.RatingStatus.APPLIED
        ).count()
        services.ratings_apply_pending()
        self.say(
            f"  a late match (finished a day ago; {rewound} matches rewound and rated again): "
            f"{(time.perf_counter() - t) * 1000:.0f} ms"
        )
        full, full_state = self.time_pages("full size", regular)
        if small_state != full_state:
            self.say(
                f"query counts not compared: {regular.username} is '{small_state}' at a tenth "
                f"and '{full_state}' at full size"
            )
            return
        grew = {k: (small[k], full[k]) for k in small if full[k] > small[k]}
        if grew:
            self.say(f"QUERY COUNTS GREW with the data: {grew}")
        else:
            self.say("query counts: the same at a tenth and at full size (no N+1)")
