"""Small helpers that read settings from the environment.

Kept apart from ``base`` so that every settings module reads variables the same way.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return default if value is None else value


def env_required(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"The environment variable {name} must be set.")
    return value


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean (use 1/0, true/false).")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer.") from exc


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


def database_config(url: str) -> dict[str, Any]:
    """A ``DATABASES['default']`` entry from a database URL."""
    config: dict[str, Any] = dict(dj_database_url.parse(url, conn_health_checks=True))
    return config


#: Messages waiting in Redis for one server process, with ``TUTE_CHANNEL_LAYER=core`` (all
#: its sockets share one queue there); channels_redis drops, silently, what comes over it (its
#: default, 100, is a second or two of a busy process's table changes: a lost change left a
#: table's sockets waiting for good).
CHANNEL_CAPACITY = 5000


def redis_channel_layers(redis_url: str, prefix: str = "asgi") -> dict[str, Any]:
    """The Redis channel layer: channels_redis's publish/subscribe layer, or with
    ``TUTE_CHANNEL_LAYER=core`` its list-based one.

    Publish/subscribe (the default): a group message is one ``PUBLISH``; each server process
    subscribes once to each group it has sockets in and hands the message to those sockets in
    memory, with no queue in Redis to overflow. The list-based layer queues a message per
    socket in Redis, and each socket fetches its own with four commands (a cleanup script,
    ``BZPOPMIN``, a backup ``ZADD`` and ``ZPOPMIN``): sixteen round trips a move for a table of
    four, and a third of the server's CPU per move in ``bench_tables`` (docs/tables.md, Speed).
    What publish/subscribe does not do is keep a message for a process that is not connected to
    Redis at that moment (a restart of Redis, a network cut): its sockets then show the table
    as it was until its next change, or until they reconnect (every reconnection reads the
    table afresh); the list-based layer loses messages too, past its capacity or its expiry.
    """
    if os.environ.get("TUTE_CHANNEL_LAYER", "pubsub") != "core":
        return {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [redis_url], "prefix": prefix},
            }
        }
    return {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [redis_url], "prefix": prefix, "capacity": CHANNEL_CAPACITY},
        }
    }


IN_MEMORY_CHANNEL_LAYERS: dict[str, Any] = {
    "default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}
}


def local_secret_key(var_dir: Path) -> str:
    """The secret key of an embedded install, made once and kept in ``var/secret_key``.

    ``var/`` is ignored by git, so no key is ever committed.
    """
    path = var_dir / "secret_key"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        tmp = var_dir / f".secret_key.{os.getpid()}"
        tmp.write_text(secrets.token_urlsafe(50) + "\n")
        tmp.chmod(0o600)
        try:
            os.link(tmp, path)  # atomic: two processes starting at once keep one key
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()
