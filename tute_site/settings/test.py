"""What the test suite runs with (pytest sets it in pyproject.toml).

Like ``local``: PostgreSQL when ``DATABASE_URL`` is set (CI), SQLite otherwise; the Redis
channel layer when ``REDIS_URL`` is set. Celery tasks always run eagerly in tests.
"""

import os

from .base import *  # noqa: F403
from .base import BASE_DIR, DATABASE_URL, REDIS_URL
from .env import IN_MEMORY_CHANNEL_LAYERS, database_config, redis_channel_layers

DEBUG = False
SECRET_KEY = "tests-only-key-not-used-anywhere-else-0123456789-abcdefghijklmnop"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

DATABASES = {
    "default": database_config(DATABASE_URL or f"sqlite:///{BASE_DIR / 'var' / 'test.sqlite3'}")
}

_worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
CHANNEL_LAYERS = (
    redis_channel_layers(REDIS_URL, prefix=f"test-{_worker}")
    if REDIS_URL
    else IN_MEMORY_CHANNEL_LAYERS
)

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = True

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
ACCOUNT_RATE_LIMITS = False
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"handlers": [], "level": "WARNING"},
}
# Socket rate limits (games/live/ratelimit.py): each test worker its own Redis buckets.
TUTE_SOCKET_LIMIT_PREFIX = f"tute-test-{_worker}:socket-rate"
# Hand analysis at the end of each hand (games/services/analysis.py): off in tests (a test that
# checks it turns it on); the search would otherwise run after every hand of every test.
TUTE_ANALYSIS_AUTO = False
