"""The ASGI entry point: HTTP goes to Django, WebSockets to the apps' consumers.

WebSocket routes are listed in ``games.live.routing.websocket_urlpatterns`` (tables, lobby)
and ``league.notifications.routing`` (a user's notifications). Connections are
accepted only from the site's own origin, scheme, host and port (:mod:`tute_site.origins`),
and carry the logged-in user (``scope["user"]``).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tute_site.settings.local")

# Django must be set up before anything imports models (consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402
from league.notifications.routing import (  # noqa: E402
    websocket_urlpatterns as notification_urlpatterns,
)
from tute_site.origins import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns + notification_urlpatterns))
        ),
    }
)
