"""The notification page (read and unread, mark one or all read), the header's badge, the
profile's mail fieldset, and the "ready to play" panel on the home page and the lobby."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import services as games_services
from league.notifications import selectors, services
from league.notifications.kinds import Kind
from league.notifications.models import Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _notify(user: Any, table: int) -> Notification:
    n = services.notify(
        user=user, kind=Kind.YOUR_TURN, params={"table": table}, url=f"/tables/{table}/"
    )
    assert n is not None
    return n


def test_the_page_lists_mine_marks_read_and_filters_unread(client: Client) -> None:
    ana, bruno = UserFactory(), UserFactory()
    first, second = _notify(ana, 11), _notify(ana, 12)
    _notify(bruno, 99)
    client.force_login(ana)
    page = client.get("/notifications/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "Your turn at table 11." in html and "Your turn at table 12." in html
    assert "table 99" not in html
    response = client.post(f"/notifications/{first.pk}/read/", {"next": "/tables/11/"})
    assert response.status_code == 302 and response["Location"] == "/tables/11/"
    unread = client.get("/notifications/?show=unread").content.decode()
    assert '"/tables/12/"' in unread and '"/tables/11/"' not in unread
    assert client.post(f"/notifications/{_notify(bruno, 5).pk}/read/").status_code == 404
    client.post("/notifications/read-all/")
    assert selectors.unread_count(user_id=ana.pk) == 0
    second.refresh_from_db()
    assert second.is_read


def test_the_header_shows_the_unread_count(client: Client) -> None:
    ana = UserFactory()
    _notify(ana, 1)
    _notify(ana, 2)
    client.force_login(ana)
    html = client.get("/").content.decode()
    assert 'id="notif-badge"' in html
    assert 'data-count="2"' in html
    assert "notifications/notifications.js" in html and "notifications/turn.js" in html
    client.logout()
    assert 'id="notif-badge"' not in client.get("/").content.decode()


def test_the_profile_fieldset_switches_mails(client: Client) -> None:
    ana = UserFactory()
    client.force_login(ana)
    html = client.get("/profile/").content.decode()
    assert 'id="notification-mail"' in html and 'value="table_open" checked' in html
    client.post("/notifications/preferences/", {"email": ["table_open"]})
    assert selectors.email_wanted(user=ana, kind=Kind.TABLE_OPEN)
    assert not selectors.email_wanted(user=ana, kind=Kind.YOUR_TURN)
    html = client.get("/profile/").content.decode()
    assert 'value="your_turn">' in html  # unchecked now


def test_the_ready_panel_shows_tables_waiting_on_home_and_lobby(client: Client) -> None:
    ana = UserFactory()
    table = games_services.table_create(creator=ana, variant="dos", players=2)
    client.force_login(ana)
    for path in ("/", "/tables/"):
        html = client.get(path).content.decode()
        assert 'id="ready-panel"' in html, path
        assert (
            f'href="/tables/{table.pk}/"'
            in html.split('id="ready-panel"')[1].split("</section>")[0]
        )
