"""The benchmark's data: bench users with sessions, their tables, the spectators' sessions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BENCH_SOURCE = "bench"
USER_PREFIX = "bench-"


@dataclass(frozen=True)
class Seated:
    table_id: int
    cookie: str
    seat: int


@dataclass(frozen=True)
class Prepared:
    people: list[Seated]
    #: one logged-in session per spectator socket (each its own user: the socket rate limits
    #: are per user, and a real crowd is many users)
    spectators: list[str]


def prepare(*, tables: int, spectators: int) -> Prepared:
    """Fresh bench users, sessions and tables of four people (the earlier bench data goes)."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from games import services
    from games.models import Table
    from games.services import SeatSpec

    User = get_user_model()
    Table.objects.filter(source_kind=BENCH_SOURCE).delete()
    User.objects.filter(username__startswith=USER_PREFIX).delete()
    count = tables * 4 + max(1, spectators)
    User.objects.bulk_create(
        User(username=f"{USER_PREFIX}{i}", email=f"{USER_PREFIX}{i}@example.com", password="!")
        for i in range(count)
    )
    users = list(User.objects.filter(username__startswith=USER_PREFIX).order_by("pk"))
    backend = settings.AUTHENTICATION_BACKENDS[0]

    def cookie_for(user: Any) -> str:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = backend
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        return str(session.session_key)

    people = []
    for t in range(tables):
        group = users[4 * t : 4 * t + 4]
        table = services.table_create(
            creator=group[0],
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[SeatSpec(user=u) for u in group],
            source_kind=BENCH_SOURCE,
            source_id=t,
        )
        people += [Seated(table.pk, cookie_for(u), i) for i, u in enumerate(group)]
    return Prepared(people=people, spectators=[cookie_for(u) for u in users[4 * tables :]])


def bot_tables(count: int, offset: int, level: str) -> list[int]:
    """Tables of four bots (played by the Celery worker)."""
    from games import services
    from games.services import SeatSpec

    out = []
    for t in range(count):
        table = services.table_create(
            creator=None,
            variant="cabrero",
            players=4,
            turn_seconds=0,
            seats=[SeatSpec(bot_level=level)] * 4,
            source_kind=BENCH_SOURCE,
            source_id=offset + t,
        )
        out.append(table.pk)
    return out


def table_versions() -> dict[int, int]:
    """The version (moves committed so far) of each of the bench's tables."""
    from games.models import Table

    rows = Table.objects.filter(source_kind=BENCH_SOURCE).values_list("pk", "version")
    return {int(pk): int(version) for pk, version in rows}
