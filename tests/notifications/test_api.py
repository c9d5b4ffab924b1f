"""/api/notifications/: mine only, paginated, the unread filter, mark read, mark all read; in
the schema."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from league.notifications import selectors, services
from league.notifications.kinds import Kind
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _notify(user: Any, table: int) -> Any:
    return services.notify(user=user, kind=Kind.YOUR_TURN, params={"table": table})


def test_lists_mine_with_the_unread_filter_and_marks_read() -> None:
    ana, bruno = UserFactory(), UserFactory()
    first, _second = _notify(ana, 1), _notify(ana, 2)
    theirs = _notify(bruno, 3)
    api = APIClient()
    assert api.get("/api/notifications/").status_code in (401, 403)
    api.force_authenticate(ana)
    body = api.get("/api/notifications/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert body["count"] == 2 and {r["kind"] for r in body["results"]} == {"your_turn"}
    assert all(r["read"] is False for r in body["results"])
    response = api.post(f"/api/notifications/{first.pk}/read/")
    assert response.status_code == 200 and response.json()["read"] is True
    unread = api.get("/api/notifications/?unread=true").json()
    assert [r["id"] for r in unread["results"]] == [_second.pk]
    read = api.get("/api/notifications/?unread=false").json()
    assert [r["id"] for r in read["results"]] == [first.pk]
    assert api.post(f"/api/notifications/{theirs.pk}/read/").status_code == 404
    assert api.post("/api/notifications/read-all/").json() == {"marked": 1}
    assert selectors.unread_count(user_id=ana.pk) == 0
    assert selectors.unread_count(user_id=bruno.pk) == 1


def test_the_endpoints_are_in_the_schema() -> None:
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in (
        "/api/notifications/",
        "/api/notifications/{id}/read/",
        "/api/notifications/read-all/",
    ):
        assert path in schema
