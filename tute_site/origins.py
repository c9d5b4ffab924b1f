"""The WebSocket origin check: a socket is opened only from the site's own pages.

Channels' ``AllowedHostsOriginValidator`` compared only the origin's host with
``ALLOWED_HOSTS``, so a page on any port or scheme of an allowed host (another service on
``http://example.com:8080``, a plain-HTTP page of an HTTPS site) could open a socket with the
visitor's session. Here the origin must be the socket's own, all three parts:

* scheme: ``https`` for a ``wss`` socket (uvicorn's ``--proxy-headers`` make a socket behind a
  TLS proxy ``wss``), ``http`` for ``ws``;
* host and port: those of the ``Host`` header the browser sent with the handshake (a default
  port written or not is the same port), which must itself be an allowed host; without a
  ``Host`` header, an allowed host on the scheme's default port.

Origins listed in ``CSRF_TRUSTED_ORIGINS`` (full ``scheme://host[:port]``) are accepted too:
the one escape for a proxy that rewrites the ``Host`` header. Anything else, or no ``Origin``
at all, is refused at the handshake (HTTP 403), before any consumer runs.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _allowed_hosts() -> list[str]:
    allowed = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return allowed


def _origin(value: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an origin, the port made explicit; None if malformed."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin1")
    return None


def expected_origin(scope: dict[str, Any], origin_host: str) -> tuple[str, str, int] | None:
    """The origin a page of this site has for this socket (see the module), or None when the
    socket's own host is not an allowed one."""
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    host_header = _header(scope, b"host")
    if host_header is None:
        host, port = origin_host, DEFAULT_PORTS[scheme]
    else:
        domain, port_text = split_domain_port(host_header)
        if not domain or (port_text and not port_text.isdigit()):
            return None
        host = domain.strip("[]")
        port = int(port_text) if port_text else DEFAULT_PORTS[scheme]
    if not validate_host(host if ":" not in host else f"[{host}]", _allowed_hosts()):
        return None
    return scheme, host.lower(), port


def origin_allowed(scope: dict[str, Any]) -> bool:
    value = _header(scope, b"origin")
    origin = _origin(value) if value else None
    if origin is None:
        return False
    trusted = {_origin(o) for o in getattr(settings, "CSRF_TRUSTED_ORIGINS", [])}
    if origin in trusted:
        return True
    return origin == expected_origin(scope, origin[1])


class SameOriginValidator:
    """ASGI middleware for the ``websocket`` router: the handshake goes on only from the
    socket's own origin (:func:`origin_allowed`)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket" or not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
