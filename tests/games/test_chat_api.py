"""The table chat's API: /api/tables/<id>/chat/ (list, post), /mutes/ and /reports/, their
4xx with messages, and their place in the OpenAPI schema."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.chat import services as chat
from games.chat.models import ChatMute, ChatReport
from games.models import Table

from .helpers import people_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ana: Any, bruno: Any) -> Table:
    return people_table(ana, bruno)


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    client.credentials(HTTP_ACCEPT_LANGUAGE="en")
    return client


def url(table: Table, tail: str = "") -> str:
    return f"/api/tables/{table.pk}/chat/{tail}"


def test_a_player_posts_and_the_other_reads(table: Table, ana: Any, bruno: Any) -> None:
    response = client_for(ana).post(url(table), {"phrase": "well_played"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["words"] == "Well played!"
    client_for(ana).post(url(table), {"text": "<i>gg</i>"}, format="json")
    data = client_for(bruno).get(url(table)).json()
    assert data["channel"] == "players" and data["enabled"] is True
    assert [m["words"] for m in data["messages"]] == ["Well played!", "<i>gg</i>"]
    assert data["messages"][0]["author"] == "ana" and not data["messages"][0]["mine"]


def test_a_spectator_reads_only_the_spectators(table: Table, ana: Any, make_user: Any) -> None:
    carla = make_user("carla")
    chat.chat_post(table_id=table.pk, user=ana, text="players only")
    response = client_for(carla).post(url(table), {"text": "hi all"}, format="json")
    assert response.status_code == 201
    data = client_for(carla).get(url(table)).json()
    assert data["channel"] == "spectators"
    assert [m["words"] for m in data["messages"]] == ["hi all"]


def test_bad_input_is_a_4xx_with_a_message(table: Table, ana: Any, make_user: Any) -> None:
    client = client_for(ana)
    too_long = client.post(url(table), {"text": "x" * 201}, format="json")
    assert too_long.status_code == 400
    assert too_long.json()["code"] == "chat_too_long" and "200" in too_long.json()["detail"]
    assert client.post(url(table), {}, format="json").status_code == 400
    assert client.post(url(table), {"phrase": "nope"}, format="json").status_code == 400
    both = client.post(url(table), {"phrase": "hello", "text": "x"}, format="json")
    assert both.status_code == 400
    missing = client.get("/api/tables/999999/chat/")
    assert missing.status_code == 404 and missing.json()["detail"]
    Table.objects.filter(pk=table.pk).update(chat_enabled=False)
    off = client.post(url(table), {"phrase": "hello"}, format="json")
    assert off.status_code == 400 and off.json()["code"] == "chat_off"
    assert APIClient().get(url(table)).status_code in (401, 403)


def test_a_private_table_is_not_found_by_outsiders(ana: Any, bruno: Any, make_user: Any) -> None:
    table = people_table(ana, bruno, is_private=True)
    outsider = client_for(make_user("carla"))
    assert outsider.get(url(table)).status_code == 404
    assert outsider.post(url(table), {"text": "hi"}, format="json").status_code == 404


def test_mute_and_report(table: Table, ana: Any, bruno: Any) -> None:
    message = chat.chat_post(table_id=table.pk, user=bruno, text="rude")
    client = client_for(ana)
    assert (
        client.post(url(table, "reports/"), {"message": message.pk}, format="json").status_code
        == 201
    )
    assert ChatReport.objects.filter(message=message, reporter=ana).exists()
    assert client.post(url(table, "mutes/"), {"user": bruno.pk}, format="json").status_code == 200
    assert ChatMute.objects.filter(user=ana, muted_user=bruno).exists()
    assert client.get(url(table)).json()["messages"] == []
    unmute = client.post(url(table, "mutes/"), {"user": bruno.pk, "muted": False}, format="json")
    assert unmute.status_code == 200 and not ChatMute.objects.exists()
    own = client_for(bruno).post(url(table, "reports/"), {"message": message.pk}, format="json")
    assert own.status_code == 400 and own.json()["detail"]


def test_the_chat_is_in_the_openapi_schema(ana: Any) -> None:
    schema = client_for(ana).get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    assert "/api/tables/{table_id}/chat/" in paths
    assert {"get", "post"} <= set(paths["/api/tables/{table_id}/chat/"])
    assert "/api/tables/{table_id}/chat/reports/" in paths
    components = schema["components"]["schemas"]
    assert {"ChatLine", "ChatList", "ChatPostRequest"} <= set(components)
