"""Throttles of the API: DRF's scoped throttle, with its rates read when a request comes.

Only views that name a ``throttle_scope`` are throttled (the scopes and their rates are in
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``): ``token`` (getting a token with a password) and
``account`` (exporting or deleting one's account). DRF's own class reads the rates once, when
it is imported; this one reads them on each request, so a changed setting takes effect (tests
change it). Over the rate the answer is a 429 whose ``detail`` says when to try again.

The count is kept in Django's default cache: per process with the local-memory cache, shared
by every web process with the Redis cache of production.
"""

from __future__ import annotations

from typing import Any

from rest_framework import throttling
from rest_framework.settings import api_settings


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    @property
    def THROTTLE_RATES(self) -> dict[str, Any]:
        return dict(api_settings.DEFAULT_THROTTLE_RATES)
