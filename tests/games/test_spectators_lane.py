"""The spectators' lane (games/live/shared_frames.py): after a move a crowd of spectators is
served one at a time, each after the event loop has run what else was ready, so the players'
frames do not wait behind the whole crowd."""

from __future__ import annotations

import asyncio

from games.live.shared_frames import spectators_lane


async def _spectator(log: list[str]) -> None:
    async with spectators_lane():
        log.append("spectator")


async def _player(log: list[str]) -> None:
    log.append("player")


def test_players_ready_with_a_crowd_go_before_it() -> None:
    async def scene() -> list[str]:
        log: list[str] = []
        # the crowd's handlers were woken first, as when they come first in the group
        tasks = [asyncio.create_task(_spectator(log)) for _ in range(50)]
        tasks += [asyncio.create_task(_player(log)) for _ in range(4)]
        await asyncio.gather(*tasks)
        return log

    log = asyncio.run(scene())
    assert log[:4] == ["player"] * 4
    assert log.count("spectator") == 50


def test_a_player_arriving_while_the_crowd_is_served_waits_for_one_spectator_at_most() -> None:
    async def scene() -> list[str]:
        log: list[str] = []
        tasks = [asyncio.create_task(_spectator(log)) for _ in range(50)]
        while log.count("spectator") < 10:
            await asyncio.sleep(0)
        tasks.append(asyncio.create_task(_player(log)))  # a move of another table arrives
        await asyncio.gather(*tasks)
        return log

    log = asyncio.run(scene())
    arrived = 10
    assert log.index("player") <= arrived + 1
    assert log.count("spectator") == 50


def test_without_the_lane_the_crowd_would_go_first() -> None:
    """The same scene with plain handlers: the property above is the lane's, not asyncio's."""

    async def plain(log: list[str]) -> None:
        log.append("spectator")

    async def scene() -> list[str]:
        log: list[str] = []
        tasks = [asyncio.create_task(plain(log)) for _ in range(50)]
        tasks += [asyncio.create_task(_player(log)) for _ in range(4)]
        await asyncio.gather(*tasks)
        return log

    assert asyncio.run(scene())[:50] == ["spectator"] * 50
