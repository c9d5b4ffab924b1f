"""The navigation is made of the entries the apps declare."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_navigation_shows_app_entries_and_marks_the_current_page() -> None:
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get("/clubs/").content.decode()
    assert '<a href="/">Home</a>' in html
    assert '<a href="/clubs/" aria-current="page">Clubs</a>' in html
    assert "/static/django_htmx/htmx.min.js" in html
    assert 'name="viewport"' in html
