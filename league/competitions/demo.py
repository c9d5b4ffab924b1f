"""Demo data of competitions (``manage.py seed_demo``, after the league app's players and club).

In the demo club: a Swiss tournament of Tute for two open for registration (ana, bruno and
carmen are in; diego can register; bruno, the organiser, pairs round 1), and a league of Tute
for two whose first season is in play (everyone can press "play now" on his first fixture).
Idempotent: a tournament or league of that name in the demo club is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from league.clubs.demo import DEMO_CLUB, demo_users
from league.clubs.models import Club

from . import services
from .models import League, Tournament

DEMO_TOURNAMENT = "Torneo de demostración"
DEMO_LEAGUE = "Liga del club"


@transaction.atomic
def seed(*, log: Callable[[str], None] = print) -> None:
    club = Club.objects.filter(name=DEMO_CLUB).first()
    users = demo_users()
    if club is None or not {"ana", "bruno", "carmen", "diego"} <= set(users):
        log("no demo club: competitions skipped")
        return
    organiser = users["bruno"]
    now = timezone.now()
    if not Tournament.objects.filter(club=club, name=DEMO_TOURNAMENT).exists():
        tournament = services.tournament_create(
            club=club,
            organiser=organiser,
            name=DEMO_TOURNAMENT,
            variant="dos",
            options={"games": 1},
            rounds=3,
            registration_closes=now + timedelta(days=30),
            turn_seconds=60,
        )
        for name in ("ana", "bruno", "carmen"):
            services.tournament_register(tournament=tournament, user=users[name])
        log(f"demo tournament {DEMO_TOURNAMENT}")
    if not League.objects.filter(club=club, name=DEMO_LEAGUE).exists():
        league = services.league_create(
            club=club,
            organiser=organiser,
            name=DEMO_LEAGUE,
            variant="dos",
            options={"games": 1},
            window_days=7,
            turn_seconds=60,
        )
        season = league.seasons.get()
        for name in ("ana", "bruno", "carmen", "diego"):
            services.season_register(season=season, user=users[name])
        services.season_start(season=season, by=organiser, starts_at=now)
        log(f"demo league {DEMO_LEAGUE}")
