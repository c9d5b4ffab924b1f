"""Receivers of games' calls to a player (``games.signals``; sent after commit).

``player_arrived``  a seated person's first socket connected to an open or playing table: each
                    seated person not connected (``waiting_for``) is told that he is waited
                    for, once per table and arrival (a reconnection tells no one again).
``turn_started``    the seat to act is a person's on a correspondence table: he is told (and
                    mailed, unless he turned it off), once per turn (its deadline).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.urls import reverse

from games.signals import player_arrived, turn_started
from league.clubs.models import User

from .kinds import Kind
from .services import notify

logger = logging.getLogger(__name__)


def table_url(table_id: int) -> str:
    return reverse("games:table_detail", args=[table_id])


def on_player_arrived(
    sender: Any, *, table_id: int, user_id: int, waiting_for: list[int], **kwargs: Any
) -> None:
    arrived = User.objects.filter(pk=user_id).select_related("profile").first()
    if arrived is None:
        return
    waiting = User.objects.filter(pk__in=[i for i in waiting_for if i != user_id], is_active=True)
    for user in waiting:
        notify(
            user=user,
            kind=Kind.OPPONENT_WAITING,
            params={"name": arrived.public_name, "table": table_id},
            url=table_url(table_id),
            key=f"arrived:{table_id}:{user_id}",
        )


def on_turn_started(
    sender: Any,
    *,
    table_id: int,
    user_id: int,
    deadline: datetime | None = None,
    **kwargs: Any,
) -> None:
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return
    # Once per turn: a turn is known by its deadline (none: no key, each signal tells).
    key = f"turn:{table_id}:{deadline.isoformat()}"[:80] if deadline is not None else ""
    notify(
        user=user,
        kind=Kind.YOUR_TURN,
        params={"table": table_id},
        url=table_url(table_id),
        key=key,
    )


def connect() -> None:
    player_arrived.connect(on_player_arrived, dispatch_uid="notifications.player_arrived")
    turn_started.connect(on_turn_started, dispatch_uid="notifications.turn_started")
