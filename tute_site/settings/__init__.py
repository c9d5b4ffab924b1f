"""Settings split by purpose.

- ``base``: everything shared; no database, channel layer or secrets chosen here.
- ``local``: embedded mode (the default of ``manage.py`` and ``asgi.py``): SQLite, in-memory
  channel layer and in-process tasks unless ``DATABASE_URL`` / ``REDIS_URL`` say otherwise.
- ``test``: what pytest uses; like ``local`` but fast and quiet.
- ``production``: everything from the environment; refuses to start without it.
"""
