"""Token buckets for client frames: one per socket, one per user across all his sockets.

A bucket holds up to ``burst`` tokens and gains ``rate`` a second; each frame takes one, and a
frame finding the bucket empty is refused. The socket's bucket lives in the consumer; the
user's in Redis when ``REDIS_URL`` is set (one bucket for his sockets in every server process,
updated atomically by a Lua script on Redis's own clock), else in this process. If Redis
cannot be reached the process's own bucket stands in, so that a Redis outage never locks
players out.

A process takes the user's tokens from Redis a few at a time (:data:`LEASE` of them, or what
the bucket holds), keeps the ones it did not use yet for :data:`LEASE_SECONDS`, and asks
Redis again only when they are spent or stale: one round trip for every few frames instead of
one per frame (the round trip was a twentieth of a saturated server's event loop, and a tenth
of a millisecond of Redis's time). A leased token is taken from the shared bucket when it is
leased, so across all his processes a user gets at most the bucket's burst and one lease per
process at once; the tokens a process leased and did not use in time are lost, which only
makes the limit a little stricter.

The limits are ``settings.TUTE_SOCKET_LIMITS`` (defaults: :data:`DEFAULT_LIMITS`), far above
what a person, a reconnecting page or a scripted client playing as fast as the table lets it
sends (docs/platform.md, "Socket limits").
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

#: (rate per second, burst) of each bucket. ``strikes``: refused frames a socket may send
#: (refilling at that rate) before it is closed with :data:`CLOSE_TOO_MANY`.
DEFAULT_LIMITS: dict[str, tuple[float, float]] = {
    "socket": (20.0, 60.0),
    "user": (60.0, 200.0),
    "strikes": (0.2, 10.0),
}
CLOSE_TOO_MANY = 4429

_SCRIPT = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local granted = math.min(tonumber(ARGV[3]), math.floor(tokens))
if granted < 0 then
  granted = 0
end
tokens = tokens - granted
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
return granted
"""
#: Tokens a process takes from a user's shared bucket at once, and how long it may keep those
#: it has not used (see the module).
LEASE = 8
LEASE_SECONDS = 10.0


def limits(name: str) -> tuple[float, float]:
    configured = getattr(settings, "TUTE_SOCKET_LIMITS", None) or {}
    rate, burst = configured.get(name, DEFAULT_LIMITS[name])
    return float(rate), float(burst)


@dataclass
class Bucket:
    """A token bucket on the monotonic clock of this process."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = 0.0

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


_local_users: dict[int, Bucket] = {}
#: Per user: the tokens this process leased from Redis and has not used, and until when.
_leases: dict[int, tuple[int, float]] = {}
_redis_clients: dict[int, tuple[Any, Any]] = {}
_redis_broken_until = 0.0


def _local_user_take(user_id: int) -> bool:
    rate, burst = limits("user")
    bucket = _local_users.get(user_id)
    if bucket is None or (bucket.rate, bucket.burst) != (rate, burst):
        if len(_local_users) > 10_000:  # forget idle users (their buckets are full anyway)
            now = time.monotonic()
            for key in [k for k, b in _local_users.items() if now - b.at > burst / rate]:
                del _local_users[key]
        bucket = _local_users[user_id] = Bucket(rate, burst)
    return bucket.take()


def _redis_script() -> Any:
    """The bucket's script on an asyncio Redis client for the running event loop (a client is
    bound to its loop); sent by its digest (``EVALSHA``), loaded again if Redis lost it."""
    import redis.asyncio as aioredis

    loop = asyncio.get_running_loop()
    kept = _redis_clients.get(id(loop))
    if kept is None:
        client = aioredis.from_url(settings.REDIS_URL, socket_timeout=0.5)
        _redis_clients.clear()  # one server process runs one loop; tests run many in turn
        kept = _redis_clients[id(loop)] = (client, client.register_script(_SCRIPT))
    return kept[1]


def user_key(user_id: int) -> str:
    prefix = getattr(settings, "TUTE_SOCKET_LIMIT_PREFIX", "tute:socket-rate")
    return f"{prefix}:user:{user_id}"


async def user_take(user_id: int) -> bool:
    """One token from ``user_id``'s bucket, shared by all his sockets (see the module)."""
    global _redis_broken_until
    if not getattr(settings, "REDIS_URL", None) or time.monotonic() < _redis_broken_until:
        return _local_user_take(user_id)
    now = time.monotonic()
    held, until = _leases.pop(user_id, (0, 0.0))
    if held > 0 and now < until:
        if held > 1:
            _leases[user_id] = (held - 1, until)
        return True
    rate, burst = limits("user")
    try:
        granted = int(await _redis_script()(keys=[user_key(user_id)], args=[rate, burst, LEASE]))
    except Exception:  # Redis down or slow: this process's bucket, and retry in a while
        logger.warning("socket rate limit: Redis unavailable, counting in-process")
        _redis_broken_until = time.monotonic() + 10
        return _local_user_take(user_id)
    if granted > 1:
        if len(_leases) > 10_000:  # forget the stale leases (their tokens are lost anyway)
            for key in [k for k, (_, t) in _leases.items() if t <= now]:
                del _leases[key]
        _leases[user_id] = (granted - 1, now + LEASE_SECONDS)
    return granted > 0
