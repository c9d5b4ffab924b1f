"""Settings selection: embedded mode, production-like mode, and what production requires."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from tests.league.test_security import PRODUCTION_ENV, ROOT, clean_env

PROBE = """
import json, django
django.setup()
from django.conf import settings
from tute_site import celery_app
db = settings.DATABASES["default"]
print(json.dumps({
    "engine": db["ENGINE"], "name": str(db["NAME"]), "host": db.get("HOST", ""),
    "layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "eager": celery_app.conf.task_always_eager, "broker": celery_app.conf.broker_url,
    "debug": settings.DEBUG, "hosts": settings.ALLOWED_HOSTS,
    "cache": settings.CACHES["default"]["BACKEND"],
    "email": settings.EMAIL_BACKEND,
}))
"""


def probe(settings_module: str, **env: str) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=clean_env(**{**env, "DJANGO_SETTINGS_MODULE": settings_module}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_manage_py_and_asgi_default_to_embedded_mode() -> None:
    for path in ("manage.py", "tute_site/asgi.py", "tute_site/celery.py"):
        text = (ROOT / path).read_text()
        assert '"DJANGO_SETTINGS_MODULE", "tute_site.settings.local"' in text, path


@pytest.mark.slow
def test_embedded_mode_needs_no_services() -> None:
    found = probe("tute_site.settings.local")
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"] == str(ROOT / "var" / "db.sqlite3")
    assert found["layer"] == "channels.layers.InMemoryChannelLayer"
    assert found["eager"] is True
    assert found["debug"] is True
    assert found["email"] == "django.core.mail.backends.console.EmailBackend"


@pytest.mark.slow
def test_local_mode_uses_the_services_when_told() -> None:
    found = probe(
        "tute_site.settings.local",
        DATABASE_URL="postgres://someone@127.0.0.1:5432/tute",
        REDIS_URL="redis://127.0.0.1:6379/3",
    )
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "tute"
    assert found["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert found["eager"] is False
    assert found["broker"] == "redis://127.0.0.1:6379/3"


@pytest.mark.slow
def test_production_mode_reads_everything_from_the_environment() -> None:
    found = probe("tute_site.settings.production", **PRODUCTION_ENV)
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["host"] == "db.internal"
    assert found["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert found["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert found["eager"] is False
    assert found["debug"] is False
    assert found["hosts"] == ["tute.example.org"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "missing", ["DJANGO_SECRET_KEY", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS"]
)
def test_production_refuses_to_start_without_its_variables(missing: str) -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert f"The environment variable {missing} must be set." in result.stderr


def test_test_settings_follow_the_environment() -> None:
    engine = settings.DATABASES["default"]["ENGINE"]
    if os.environ.get("DATABASE_URL"):
        assert engine == "django.db.backends.postgresql"
    else:
        assert engine == "django.db.backends.sqlite3"
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    expected = "RedisPubSubChannelLayer" if os.environ.get("REDIS_URL") else "InMemoryChannelLayer"
    assert layer.endswith(expected)
    assert settings.CELERY_TASK_ALWAYS_EAGER is True


async def test_websockets_from_foreign_origins_are_refused() -> None:
    from tute_site.asgi import application

    communicator = WebsocketCommunicator(
        application, "/ws/anything/", headers=[(b"origin", b"https://evil.example.com")]
    )
    connected, _ = await communicator.connect()
    assert connected is False


async def test_websockets_from_the_site_reach_the_router() -> None:
    from tute_site.asgi import application

    communicator = WebsocketCommunicator(
        application, "/ws/no-such-route/", headers=[(b"origin", b"http://testserver")]
    )
    # The origin passes; the (still empty) router then finds no route for the path.
    with pytest.raises(ValueError, match="No route found"):
        await communicator.connect()


async def test_channel_layer_round_trip() -> None:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "hello", "text": "hola"})
    assert (await layer.receive(channel))["text"] == "hola"


@pytest.mark.redis
async def test_redis_channel_layer_round_trip() -> None:
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisPubSubChannelLayer"
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "hello", "text": "hola"})
    assert (await layer.receive(channel))["text"] == "hola"
    group = f"settings-test-{uuid.uuid4().hex}"  # private: other tests share this Redis
    await layer.group_add(group, channel)
    await layer.group_send(group, {"type": "hello", "text": "a todos"})
    assert (await layer.receive(channel))["text"] == "a todos"
    # No layer.flush(): the layer is shared by the worker's tests and flush() closes the
    # connection pools of every event loop, including other tests' loops.
    await layer.group_discard(group, channel)


@pytest.mark.redis
async def test_celery_broker_answers() -> None:
    from tute_site import celery_app

    def ping() -> bool:
        with celery_app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=1)
            return bool(connection.connected)

    assert await sync_to_async(ping)()
