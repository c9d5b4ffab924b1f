"""Demo data of competitions (``manage.py seed_demo``, after the league app's players and club).

In the demo club, events to join: a Swiss tournament of Tute for two open for registration
(ana, bruno and carmen are in; diego can register; bruno, the organiser, pairs round 1), and a
league of Tute for two whose first season is in play (everyone can press "play now" on his first
fixture).

And a played history, so that rankings, statistics, rating charts and replays have something
to show on the first run: a finished, rated Swiss tournament (three rounds) and a finished,
rated league season (a double round robin), both of Tute for two between the four demo players,
and a duplicate Cabrero evening with two guests (:mod:`.demo_duplicate`).
Every match is really played: the tables are opened by competitions' services, every move goes
through ``games.services.table_act`` for the person whose turn it is, chosen by the heuristic
bot's policy from that seat's observation (:func:`games.engine.bots.choose_action`); results,
standings, hand records, replays and ratings follow through the usual signals. The history is
played on a *demo clock* (:func:`_demo_clock`): while it plays, ``django.utils.timezone.now``
answers the clock's time, which starts :data:`HISTORY_DAYS` ago and moves on with every move,
so every stamp (tables, hands, matches, ratings, rounds, fixtures, notifications) lies in the
past weeks, in the order things happened. Turn timers are not scheduled meanwhile (the
``immediate`` table scheduler: nobody is waiting for a timer in a history already played), nor
mails sent (the notifications are stored, dated in the past, but not mailed).

Idempotent: an event of that name in the demo club is left as it is; a history interrupted
half-way is played on to its end by the next run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.db import transaction
from django.test.utils import override_settings
from django.utils import timezone

from games import selectors as games_selectors
from games import services as games_services
from games import table_state
from games.engine import parse_action
from games.engine.bots import choose_action
from league.clubs.demo import DEMO_CLUB, demo_users
from league.clubs.models import Club, User

from . import demo_duplicate, demo_rounds, services
from .models import Fixture, League, Season, Tournament

DEMO_TOURNAMENT = "Torneo de demostración"
DEMO_LEAGUE = "Liga del club"
#: The played history: a finished tournament and a league whose first season is closed.
PAST_TOURNAMENT = "Torneo de otoño"
PAST_LEAGUE = "Liga de verano"
PLAYERS = ("ana", "bruno", "carmen", "diego")
#: How long ago the history starts (the tournament), and when its league season starts.
HISTORY_DAYS = 30
LEAGUE_STARTS_DAYS = 26
#: Six rounds (a double round robin of four), one every four days: the last a few days ago.
LEAGUE_WINDOW_DAYS = 4
#: The bot policy that chooses the demo players' moves (fast, and plays like a person).
BOT_LEVEL = "heuristic"
#: The demo clock's step per move (a person thinks a little).
MOVE_SECONDS = 9
#: Nobody is mailed about the tables of a history already played.
NO_MAIL = "django.core.mail.backends.dummy.EmailBackend"


def seed(*, log: Callable[[str], None] = print) -> None:
    club = Club.objects.filter(name=DEMO_CLUB).first()
    users = demo_users()
    if club is None or not set(PLAYERS) <= set(users):
        log("no demo club: competitions skipped")
        return
    _seed_open_events(club, users, log)
    _seed_history(club, users, log)


@transaction.atomic
def _seed_open_events(club: Club, users: dict[str, User], log: Callable[[str], None]) -> None:
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
        for name in PLAYERS:
            services.season_register(season=season, user=users[name])
        services.season_start(season=season, by=organiser, starts_at=now)
        log(f"demo league {DEMO_LEAGUE}")


# -- the played history -----------------------------------------------------------------------


class _Clock:
    """The demo clock: a time that moves on only when told."""

    def __init__(self, start: datetime) -> None:
        self.at = start

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)

    def at_least(self, when: datetime) -> None:
        self.at = max(self.at, when)


@contextmanager
def _demo_clock(start: datetime) -> Iterator[_Clock]:
    """Play with ``timezone.now`` answering the clock's time, and no turn timers scheduled."""
    clock = _Clock(start)
    real_now = timezone.now
    timezone.now = clock
    try:
        # No hand analysis at each hand's end (games/services/analysis.py): with the immediate
        # scheduler it would be computed inline, hand after hand; the replays offer the button.
        with override_settings(
            TUTE_TABLE_SCHEDULER="immediate", TUTE_ANALYSIS_AUTO=False, EMAIL_BACKEND=NO_MAIL
        ):
            yield clock
    finally:
        timezone.now = real_now


def _play_table(table_id: int, clock: _Clock) -> None:
    """Play the table to its end: each person's move chosen by the bot policy from his seat's
    observation and made through ``games.services.table_act``.

    In one transaction (each move a savepoint of it): a commit per move would make the seed
    slow on SQLite. What each move does after its commit (the table's sockets, the finished
    match's signal, hence the result, the next round and the rating) runs, in order, once the
    whole table has been played."""
    with transaction.atomic():
        _play_moves(table_id, clock)


def _play_moves(table_id: int, clock: _Clock) -> None:
    table = games_selectors.table_get(table_id=table_id)
    if table is None or not table.is_playing:
        return
    users = [seat.user for seat in games_selectors.table_seats(table=table)]
    match = table_state.match_at(table)
    version = table.version
    while not match.is_terminal():
        seat = match.current_player()
        action = choose_action(
            BOT_LEVEL, match.observe(seat, memory=True), seed=f"demo/{table_id}/{version}"
        )
        clock.advance(seconds=MOVE_SECONDS)
        version = games_services.table_act(
            table_id=table_id, user=users[seat], action=action, version=version
        ).version
        match.apply_action(parse_action(action), seat)


def _seed_history(club: Club, users: dict[str, User], log: Callable[[str], None]) -> None:
    if transaction.get_connection().in_atomic_block:
        # A match's result, the next round and the rating follow its table's commit.
        log("demo history skipped: it cannot be played inside a transaction")
        return
    tournament = Tournament.objects.filter(club=club, name=PAST_TOURNAMENT).first()
    league = League.objects.filter(club=club, name=PAST_LEAGUE).first()
    if (
        tournament is not None
        and tournament.status == Tournament.Status.FINISHED
        and league is not None
        and not league.seasons.filter(status=Season.Status.RUNNING).exists()
        and league.seasons.filter(status=Season.Status.CLOSED).exists()
        and demo_duplicate.is_done(club)
    ):
        return
    # The tournament on an evening, the league's fixtures on the afternoons of the weeks after.
    base = (timezone.now() - timedelta(days=HISTORY_DAYS)).replace(
        hour=17, minute=0, second=0, microsecond=0
    )
    with _demo_clock(base) as clock:
        _play_tournament(club, users, clock, log)
        clock.at_least(base + timedelta(days=2))
        demo_duplicate.play_evening(club, users, clock, log)
        clock.at_least(base + timedelta(days=HISTORY_DAYS - LEAGUE_STARTS_DAYS, hours=-8))
        _play_league(club, users, clock, log)


def _play_tournament(
    club: Club, users: dict[str, User], clock: _Clock, log: Callable[[str], None]
) -> None:
    organiser = users["bruno"]
    tournament = Tournament.objects.filter(club=club, name=PAST_TOURNAMENT).first()
    if tournament is None:
        tournament = services.tournament_create(
            club=club,
            organiser=organiser,
            name=PAST_TOURNAMENT,
            variant="dos",
            options={"games": 1},
            rounds=3,
            registration_closes=clock() + timedelta(days=1),
            turn_seconds=60,
            rated=True,
        )
        for name in PLAYERS:
            clock.advance(minutes=20)
            services.tournament_register(tournament=tournament, user=users[name])
        clock.advance(days=1)
    demo_rounds.play_out(tournament, organiser, clock, _play_table)
    log(f"demo history: tournament {PAST_TOURNAMENT} played")


def _play_league(
    club: Club, users: dict[str, User], clock: _Clock, log: Callable[[str], None]
) -> None:
    organiser = users["bruno"]
    league = League.objects.filter(club=club, name=PAST_LEAGUE).first()
    if league is None:
        league = services.league_create(
            club=club,
            organiser=organiser,
            name=PAST_LEAGUE,
            variant="dos",
            options={"games": 1},
            window_days=LEAGUE_WINDOW_DAYS,
            double_round_robin=True,
            turn_seconds=60,
            rated=True,
        )
    season = league.seasons.order_by("number").first()
    assert season is not None
    if season.status == Season.Status.DRAFT:
        for name in PLAYERS:
            services.season_register(season=season, user=users[name])
        services.season_start(season=season, by=organiser, starts_at=clock())
        season.refresh_from_db()
    if season.status != Season.Status.RUNNING:
        return
    for fixture in season.fixtures.order_by("round", "number"):
        if fixture.is_decided:
            continue
        clock.at_least(fixture.window_opens + timedelta(days=fixture.number, hours=8))
        if fixture.status == Fixture.Status.SCHEDULED:
            for seat in fixture.seats.select_related("entry__player").order_by("position"):
                clock.advance(minutes=3)
                fixture = services.fixture_play_now(fixture=fixture, user=seat.entry.player)
        if fixture.table_id:
            _play_table(fixture.table_id, clock)
    clock.advance(days=1)
    services.season_close(season=season, by=organiser)
    log(f"demo history: league {PAST_LEAGUE}, season {season.number} played")
