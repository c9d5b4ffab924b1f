"""WSGI entry point, for tools that want one; the site itself is served over ASGI."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tute_site.settings.local")

application = get_wsgi_application()
