"""Fixtures of the competition tests.

Live tables run with the ``manual`` scheduler (no timer fires on its own; the helpers play the
moves) and no pacing. Services run in English, so that tests can match their messages (the page
tests ask for Spanish through the request). Services announce finished matches in
``transaction.on_commit``; the ``commit`` fixture runs a call and then its commit callbacks
(``match_finished`` and what it sets off), as a real commit would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone, translation

from games import table_state
from games.live import notify, scheduler
from league.clubs.models import Membership
from tests.factories import ClubFactory, MembershipFactory, UserFactory


@pytest.fixture(autouse=True)
def table_settings(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    settings.TUTE_BOT_DELAY = 0
    settings.TUTE_TRICK_PAUSE = 0
    settings.TUTE_HAND_PAUSE = 0
    # No socket listens in these tests: skip the channel-layer message after each move.
    monkeypatch.setattr(notify, "notify_table", lambda table_id, **kwargs: None)
    table_state.clear()
    scheduler.MANUAL_QUEUE.clear()
    with translation.override("en"):  # messages are matched in English; pages test Spanish
        yield
    table_state.clear()
    scheduler.MANUAL_QUEUE.clear()


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Callable[..., Any]:
    """``commit(fn, **kwargs)``: call ``fn`` and run what it left for after the commit."""

    def run(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return fn(*args, **kwargs)

    return run


@pytest.fixture
def club(db: None) -> Any:
    return ClubFactory()


@pytest.fixture
def organiser(club: Any) -> Any:
    user = UserFactory()
    MembershipFactory(club=club, user=user, role=Membership.Role.ORGANISER)
    return user


@pytest.fixture
def make_members(club: Any) -> Callable[[int], list[Any]]:
    def make(n: int) -> list[Any]:
        users = [UserFactory() for _ in range(n)]
        for user in users:
            MembershipFactory(club=club, user=user)
        return users

    return make


@pytest.fixture
def now() -> Any:
    return timezone.now()


@pytest.fixture
def soon(now: Any) -> Any:
    return now + timedelta(days=1)
