"""The renders of one held snapshot share one copy of it (``Snapshot.render_copy``), which
gives every seat the frame its own copy gave, and leaves the held snapshot untouched."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games import services, snapshots
from games.live.states import render_state


@pytest.mark.parametrize("variant", ["cabrero", "dos"])
def test_renders_from_the_shared_copy_equal_renders_from_own_copies(
    variant: str, make_user: Callable[..., Any]
) -> None:
    players = 2 if variant == "dos" else 4
    users = [make_user(f"rc-{variant}-{i}") for i in range(players)]
    table = services.table_create(
        creator=users[0], variant=variant, players=players, turn_seconds=0, seed=11
    )
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    rng = random.Random(3)
    for _ in range(30):
        held = snapshots.table_snapshot(table_id=table.pk)
        if held.match is None or held.match.is_terminal():
            break
        shared = held.render_copy()
        assert held.render_copy() is shared  # made once
        assert shared.match is not held.match and shared.table is held.table
        log_before = list(held.match.log)
        viewers = [*users, None]
        rng.shuffle(viewers)  # any order of sockets
        for user in viewers:
            for language in ("es", "en"):
                assert render_state(shared, user=user, language=language) == render_state(
                    held.copy(), user=user, language=language
                )
        assert held.match.log == log_before  # the held snapshot did not move
        seat = held.match.current_player()
        frame, _ = render_state(held.copy(), user=users[seat], language="es")
        if not frame["legal"]:
            break
        services.table_act(
            table_id=table.pk,
            user=users[seat],
            action=rng.choice(frame["legal"]),
            version=frame["version"],
        )
    assert held.table.version >= 10
