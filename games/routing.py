"""WebSocket routes, mounted by ``tute_site.asgi`` behind the origin check and the session
authentication (``scope["user"]``). Add ``path("ws/…", Consumer.as_asgi())`` entries here."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
