"""WebSocket routes, mounted by ``tute_site.asgi`` behind the origin check and the session
authentication (``scope["user"]``).

A table's socket has two addresses served alike: ``/ws/tables/<id>/``, which the page gives its
players and creator, and ``/ws/watch/<id>/``, which it gives the spectators, so that a proxy can
send the spectators to processes of their own (``docs/deploy.md``, "Spectators on processes of
their own"): a crowd watching a table then costs its players' processes nothing. The consumer
decides what a socket sees from its user alone, whichever address it came by.
"""

from django.urls import URLPattern, path

from games.live.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/watch/<int:table_id>/", TableConsumer.as_asgi()),
]
