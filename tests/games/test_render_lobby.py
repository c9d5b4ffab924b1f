"""The lobby's sockets share one render of the public tables per change: each socket renders
only its own user's tables around it, and a private table never enters the shared part."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games.live import lobby

from .test_lobby_live import create, next_lobby, open_lobby, table_link

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]


async def test_one_public_render_per_change_for_every_lobby_socket(
    ana: Any, bruno: Any, make_user: Any
) -> None:
    users = [ana, bruno] + [await sync_to_async(make_user)() for _ in range(4)]
    sockets = [await open_lobby(user) for user in users]
    before = lobby.public_renders()
    table = await sync_to_async(create)(bruno)  # a public table: every lobby shows it
    pages = [await next_lobby(comm) for comm in sockets]
    assert all(table_link(table) in page for page in pages)
    # One render for the six sockets; a loaded machine may split the change's burst in two
    # (a socket re-renders at most every 0.5 s), never one render per socket.
    assert 1 <= lobby.public_renders() - before <= 2 < len(sockets)
    # Bruno's own tables are his: the shared part lists the table, "Your tables" only his page
    assert 'id="mine-title"' in pages[1] and 'id="mine-title"' not in pages[0]
    secret = await sync_to_async(create)(ana, is_private=True)
    assert table_link(secret) in await next_lobby(sockets[0])
    shared = await sync_to_async(lobby.public_lobby)("en")
    assert table_link(secret) not in shared and table_link(table) in shared
    for comm in sockets:
        await comm.disconnect()
