"""Who is connected at a table: a count of sockets per (table, user) in Django's cache.

The cache is the store every server process shares whatever the channel layer: the local
memory cache in embedded mode (one process), Redis in production (many). Each socket of a
seated person adds one to its key when it connects (:func:`socket_opened`) and takes one off
when it closes (:func:`socket_closed`); a key lives :data:`PRESENCE_TTL` seconds and every
open socket refreshes it each :data:`PRESENCE_REFRESH` seconds (:func:`socket_alive`). A server
process that is killed never takes its sockets off, but stops refreshing them: its counts
expire, so nobody stays "connected" for longer than the expiry after his last socket died.

Only user ids and counts are kept: nothing about the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache

#: Seconds a count lives without a refresh.
PRESENCE_TTL = 90
#: Seconds between two refreshes by an open socket (well within the expiry).
PRESENCE_REFRESH = 30


def presence_key(table_id: int, user_id: int) -> str:
    return f"tute:presence:{table_id}:{user_id}"


def socket_opened(table_id: int, user_id: int) -> int:
    """Count one more socket of ``user_id`` at ``table_id``; return the count (1: his first)."""
    key = presence_key(table_id, user_id)
    if cache.add(key, 1, PRESENCE_TTL):
        return 1
    try:
        count = int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, PRESENCE_TTL)
        return 1
    cache.touch(key, PRESENCE_TTL)
    return count


def socket_closed(table_id: int, user_id: int) -> int:
    """Count one socket fewer; return how many are left (0: he is gone)."""
    key = presence_key(table_id, user_id)
    try:
        count = int(cache.decr(key))
    except ValueError:  # expired already
        return 0
    if count <= 0:
        cache.delete(key)
        return 0
    return count


def socket_alive(table_id: int, user_id: int) -> None:
    """Refresh the expiry of ``user_id``'s count (an open socket calls it now and then); a
    count that expired meanwhile comes back as one socket."""
    key = presence_key(table_id, user_id)
    if not cache.touch(key, PRESENCE_TTL):
        cache.add(key, 1, PRESENCE_TTL)


def connected_users(table_id: int, user_ids: Iterable[int]) -> set[int]:
    """Which of ``user_ids`` have a socket open at ``table_id`` now.

    >>> from django.core.cache import cache
    >>> cache.clear()
    >>> socket_opened(7, 1), socket_opened(7, 1), socket_opened(7, 2)
    (1, 2, 1)
    >>> socket_closed(7, 2), sorted(connected_users(7, [1, 2, 3]))
    (0, [1])
    """
    ids = [int(u) for u in user_ids]
    keys = {presence_key(table_id, u): u for u in ids}
    found = cache.get_many(list(keys))
    return {keys[key] for key, count in found.items() if count and int(count) > 0}
