"""WebSocket routes of the notification centre, mounted by ``tute_site.asgi``."""

from django.urls import URLPattern, path

from .consumers import NotificationConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
]
