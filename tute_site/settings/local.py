"""Embedded mode: ``make run`` on one machine with nothing else installed.

SQLite in ``var/``, the in-memory channel layer and tasks run in-process, unless
``DATABASE_URL`` or ``REDIS_URL`` are set, in which case PostgreSQL, the Redis channel layer
and a Celery broker are used instead (the production-like services, with local conveniences).
"""

from .base import *  # noqa: F403
from .base import BASE_DIR, DATABASE_URL, REDIS_URL, VAR_DIR
from .env import (
    IN_MEMORY_CHANNEL_LAYERS,
    database_config,
    env_bool,
    env_list,
    env_str,
    local_secret_key,
    redis_channel_layers,
)

DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = env_str("DJANGO_SECRET_KEY") or local_secret_key(VAR_DIR)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])

VAR_DIR.mkdir(exist_ok=True)
DATABASES = {
    "default": database_config(DATABASE_URL or f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}")
}

CHANNEL_LAYERS = redis_channel_layers(REDIS_URL) if REDIS_URL else IN_MEMORY_CHANNEL_LAYERS

if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True  # embedded mode: tasks run in-process

EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# Static files straight from the source folders, no collectstatic needed.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

TUTE_DEMO_MODE = True
