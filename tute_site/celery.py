"""The Celery app: ``celery -A tute_site worker`` / ``celery -A tute_site beat``.

It reads every ``CELERY_*`` Django setting. In embedded mode (no ``REDIS_URL``) tasks run
eagerly, in-process; with ``REDIS_URL`` they go to the Redis broker for the workers. Tasks live
in each app's ``tasks.py`` and are found automatically.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tute_site.settings.local")

app = Celery("tute_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
