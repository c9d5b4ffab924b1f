"""The socket side of presence: what a table socket's opening or closing changes, run in a
sync thread (the cache and the database), and the table's presence as its frames carry it
(positions of the people's seats and of those connected; no user id)."""

from __future__ import annotations

from games import presence, selectors
from games.services import presence as presence_services


def presence_arrive(*, table_id: int, user_id: int) -> tuple[bool, bool, dict[str, list[int]]]:
    """A socket of ``user_id`` opened at ``table_id``: whether he sits there, whether it is
    his first socket there now, and the table's presence (synchronous)."""
    seated = presence_services.table_seen(table_id=table_id, user_id=user_id)
    first = False
    if seated:
        first = presence.socket_opened(table_id, user_id) == 1
        if first:
            presence_services.table_arrival(table_id=table_id, user_id=user_id)
    return seated, first, presence_read(table_id=table_id)


def presence_read(*, table_id: int) -> dict[str, list[int]]:
    """The table's presence: the positions of the people's seats and of those whose person
    has a socket open now (synchronous)."""
    people = selectors.table_people(table_id=table_id)
    connected = presence.connected_users(table_id, [user for _, user in people])
    return {
        "people": [position for position, _ in people],
        "connected": [position for position, user in people if user in connected],
    }


def presence_leave(*, table_id: int, user_id: int) -> dict[str, list[int]] | None:
    """A seated user's socket closed: the table's presence if it was his last one there
    (None if he still has another)."""
    if presence.socket_closed(table_id, user_id) > 0:
        return None
    return presence_read(table_id=table_id)
