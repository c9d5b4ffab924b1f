"""The page "My correspondence games" (``/tables/correspondence/``): a thin view over
:mod:`games.presenters.correspondence`."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.presenters.correspondence import correspondence_rows


@login_required
def my_correspondence(request: HttpRequest) -> HttpResponse:
    rows = correspondence_rows(user=request.user)
    return render(request, "games/correspondence.html", {"rows": rows})
