"""The ASGI entry point: HTTP goes to Django, WebSockets to the apps' consumers.

WebSocket routes are listed in ``games.live.routing.websocket_urlpatterns`` (tables, lobby)
and ``league.notifications.routing`` (a user's notifications). Connections are
accepted only from the allowed hosts' origins, and carry the logged-in user (``scope["user"]``).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tute_site.settings.local")

# Django must be set up before anything imports models (consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402
from league.notifications.routing import (  # noqa: E402
    websocket_urlpatterns as notification_urlpatterns,
)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns + notification_urlpatterns))
        ),
    }
)
