"""The demo's duplicate Cabrero evening (``manage.py seed_demo``, part of the played history of
:mod:`league.competitions.demo`): six players (the four demo players and two guests, Elena and
Fermín, made here) at two tables of three, one round of four boards, played to the end, so
that the duplicate results page (standings, per-board comparisons) has something to show. Each
person's moves are chosen by a bot policy of his own (:data:`STYLES`): with the same cards the
same policy plays the same way, and every board would be a tie. Rated, like the rest of the
history. One round only, to keep the seed short: its two Cabrero matches are about 600 moves,
as many as the rest of the history; a second round would show the seats turning, and double
that.

Idempotent: the evening is made once; one interrupted is played on by the next run.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from games import selectors as games_selectors
from games import services as games_services
from games import table_state
from games.engine import parse_action
from games.engine.bots import choose_action
from league.clubs import services as club_services
from league.clubs.models import Club, User

from . import demo_rounds, services
from .models import Format, Tournament

DUPLICATE_EVENING = "Noche de Cabrero duplicado"
#: The demo players who are not in the demo club's list (a duplicate round needs two tables).
GUESTS = (("elena", "Elena Martín", "ES"), ("fermin", "Fermín Díaz", "AR"))
PLAYERS = ("ana", "bruno", "carmen", "diego", "elena", "fermin")
#: The bot policy that plays each person's moves (the others: the heuristic one).
STYLES = {"bruno": "random", "diego": "random", "fermin": "random"}


def is_done(club: Club) -> bool:
    return Tournament.objects.filter(
        club=club, name=DUPLICATE_EVENING, status=Tournament.Status.FINISHED
    ).exists()


def _guests() -> dict[str, User]:
    users = {u.username: u for u in User.objects.filter(username__in=[g[0] for g in GUESTS])}
    for username, name, country in GUESTS:
        if username not in users:
            users[username] = club_services.user_create(
                username=username,
                email=f"{username}@example.com",
                password=settings.TUTE_DEMO_PASSWORD,
                display_name=name,
                country=country,
            )
    return users


def _play_table(table_id: int, clock: Any) -> None:
    """Play the table to its end, each person's move chosen by his own policy from his seat's
    observation, through ``games.services.table_act`` (in one transaction, as the demo's
    other tables: see :func:`league.competitions.demo._play_table`)."""
    with transaction.atomic():
        table = games_selectors.table_get(table_id=table_id)
        if table is None or not table.is_playing:
            return
        users = [seat.user for seat in games_selectors.table_seats(table=table)]
        match = table_state.match_at(table)
        version = table.version
        while not match.is_terminal():
            seat = match.current_player()
            level = STYLES.get(users[seat].username, "heuristic")
            action = choose_action(
                level, match.observe(seat, memory=True), seed=f"demo/{table_id}/{version}"
            )
            clock.advance(seconds=9)
            version = games_services.table_act(
                table_id=table_id, user=users[seat], action=action, version=version
            ).version
            match.apply_action(parse_action(action), seat)


def play_evening(
    club: Club, users: dict[str, User], clock: Any, log: Callable[[str], None]
) -> None:
    """Create (once) and play the evening on the demo clock."""
    organiser = users["bruno"]
    tournament = Tournament.objects.filter(club=club, name=DUPLICATE_EVENING).first()
    if tournament is None:
        everyone = {**users, **_guests()}
        tournament = services.tournament_create(
            club=club,
            organiser=organiser,
            name=DUPLICATE_EVENING,
            variant="cabrero",
            options={},
            table_size=3,
            rounds=1,
            format=Format.DUPLICATE,
            registration_closes=clock() + timedelta(hours=2),
            members_only=False,
            turn_seconds=60,
            rated=True,
        )
        for name in PLAYERS:
            clock.advance(minutes=5)
            services.tournament_register(tournament=tournament, user=everyone[name])
        clock.advance(hours=2)
    demo_rounds.play_out(tournament, organiser, clock, _play_table)
    log(f"demo history: duplicate evening {DUPLICATE_EVENING} played")
