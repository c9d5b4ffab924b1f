"""Site-wide views that belong to no app: the page shown when a form fails its CSRF check."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A forged or stale POST: a 403 that tells the player to reload and try again."""
    return render(request, "403_csrf.html", status=403)
