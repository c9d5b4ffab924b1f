"""WebSocket routes, mounted by ``tute_site.asgi`` behind the origin check and the session
authentication (``scope["user"]``)."""

from django.urls import URLPattern, path

from games.live.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
