"""The results of the last two tables of a round recorded at the same moment, in two threads
(PostgreSQL only: its row locks are what is tested). The round must still finish and the next
one be paired: the recordings take the tournament's row lock, so the second sees the first."""

from __future__ import annotations

import os
import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games.signals import match_finished
from league.competitions import receivers, services
from league.competitions.models import Board, Round
from league.competitions.services import results as result_services
from tests.competitions.helpers import play_table
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs PostgreSQL (DATABASE_URL): concurrent row locks",
    ),
]


def _direct(fn: Any, *args: Any, **kwargs: Any) -> Any:
    return fn(*args, **kwargs)  # commits for real: on_commit callbacks run by themselves


def test_the_last_two_tables_of_a_round_are_recorded_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club = ClubFactory()
    organiser = UserFactory()
    MembershipFactory(club=club, user=organiser, role="organiser")
    players = [UserFactory() for _ in range(4)]
    for player in players:
        MembershipFactory(club=club, user=player)
    tournament = services.tournament_create(
        club=club,
        organiser=organiser,
        name="Carrera",
        variant="dos",
        options={"games": 1},
        rounds=2,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    services.round_pair(tournament=tournament, by=organiser)
    table_ids = list(Board.objects.filter(round__number=1).values_list("table_id", flat=True))
    match_finished.disconnect(dispatch_uid="competitions.match_finished")
    try:
        for table_id in table_ids:
            play_table(_direct, table_id)
    finally:
        receivers.connect()

    finish_round = result_services.finish_round_if_done

    def slow_finish(*args: Any) -> Any:  # widen the window in which the two recordings overlap
        time.sleep(0.3)
        return finish_round(*args)

    monkeypatch.setattr(result_services, "finish_round_if_done", slow_finish)
    barrier = threading.Barrier(len(table_ids))
    failures: list[BaseException] = []

    def record(table_id: int) -> None:
        try:
            barrier.wait()
            services.match_result_record(table_id=table_id)
        except BaseException as exc:  # reported below
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(t,)) for t in table_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.FINISHED
    assert Round.objects.filter(tournament=tournament, number=2).exists()
