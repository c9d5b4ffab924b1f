"""A played history with a player whose account is then deactivated, for the rankings and API
tests of deactivated accounts.

Five players play rated duels (``dos``) in the last hours: Zoe beats Ana three times and
Bruno twice, Ana beats Bruno and Carmen twice each, Bruno beats Carmen once; one unrated
Cabrero match (table 20) seats Zoe, Ana, Bruno and a bot, Zoe first. Zoe, Ana and Bruno are
members of a club (Ana its admin); Carmen is not. ``deactivate(zoe)`` closes Zoe's account as
staff would in the admin.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from league.clubs.models import User
from league.rankings import services
from tests.factories import UserFactory, club_with

#: (table, winner, loser) of the rated duels.
DUELS = [
    (1, "zoe", "ana"),
    (2, "zoe", "ana"),
    (3, "zoe", "ana"),
    (4, "zoe", "bruno"),
    (5, "zoe", "bruno"),
    (6, "ana", "bruno"),
    (7, "ana", "bruno"),
    (8, "ana", "carmen"),
    (9, "ana", "carmen"),
    (10, "bruno", "carmen"),
]
CABRERO_TABLE = 20


def played_with_zoe() -> dict[str, Any]:
    names = ["ana", "bruno", "carmen", "zoe"]
    users: dict[str, Any] = {n: UserFactory(username=n, display_name=n.capitalize()) for n in names}
    now = timezone.now()
    for table_id, winner, loser in DUELS:
        services.match_store(
            table_id=table_id,
            variant="dos",
            seat_users=[users[winner].pk, users[loser].pk],
            places=[1, 2],
            rated=True,
            finished_at=now - timedelta(hours=30 - table_id),
        )
    services.match_store(
        table_id=CABRERO_TABLE,
        variant="cabrero",
        seat_users=[users["zoe"].pk, users["ana"].pk, users["bruno"].pk, None],
        places=[1, 2, 3, 4],
        rated=False,
        finished_at=now - timedelta(hours=1),
        bot_levels={3: "random"},
    )
    services.ratings_apply_pending()
    users["club"] = club_with(admin=users["ana"], members=[users["zoe"], users["bruno"]])
    return users


def deactivate(user: User) -> None:
    user.is_active = False
    user.save(update_fields=["is_active"])
