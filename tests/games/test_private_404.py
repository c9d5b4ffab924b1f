"""A private table is, to anyone who may not see it, exactly a table that does not exist:
the same 404 (page, live partial, replay, record, every table action, the chat API) and the
same socket close (4404), so that its id cannot be probed."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import errors
from games.chat import services as chat_services
from games.chat.models import ChatMessage
from games.live.consumers import CLOSE_NOT_FOUND
from games.models import Table

from .helpers import fresh, people_table
from .test_consumers import application, session_cookie

MISSING = 999_999
GET_VIEWS = [("games:table_detail", ()), ("games:table_live", ())]
RECORD_VIEWS = [("games:hand_replay", (1,)), ("games:table_record", ())]
POST_VIEWS = [
    ("games:table_sit", {"position": "2"}),
    ("games:table_leave", {}),
    ("games:table_add_bot", {"position": "2", "bot_level": "heuristic"}),
    ("games:table_fill_bots", {"bot_level": "heuristic"}),
    ("games:table_remove_bot", {"position": "2"}),
    ("games:table_cancel", {}),
    ("games:table_abandon", {"reason": "x"}),
    ("games:table_act", {"action": "1O", "version": "0"}),
    ("games:table_take_back", {}),
    ("games:table_rematch", {}),
]


def browser_for(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def api_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    client.credentials(HTTP_ACCEPT_LANGUAGE="en")
    return client


@pytest.fixture
def private(ana: Any, bruno: Any) -> Table:
    table = people_table(ana, bruno, is_private=True)
    chat_services.chat_post(table_id=table.pk, user=ana, text="our secret")
    return fresh(table)


def same_as_missing(
    client: Client, name: str, table: Table, args: tuple[Any, ...] = (), **post: Any
) -> tuple[Any, Any]:
    """The responses for ``table`` and for an id with no table; both must be 404s."""
    method = client.post if post.pop("_post", False) else client.get
    seen = method(reverse(name, args=[table.pk, *args]), post)
    missing = method(reverse(name, args=[MISSING, *args]), post)
    return seen, missing


@pytest.mark.django_db
def test_every_page_and_action_of_a_private_table_is_a_404_to_a_stranger(
    private: Table, make_user: Any
) -> None:
    stranger = browser_for(make_user("carla"))
    checked = 0
    for name, args in GET_VIEWS + RECORD_VIEWS:
        seen, missing = same_as_missing(stranger, name, private, args)
        assert seen.status_code == missing.status_code == 404, name
        assert b"our secret" not in seen.content
        checked += 1
    for name, data in POST_VIEWS:
        seen, missing = same_as_missing(stranger, name, private, _post=True, **data)
        assert seen.status_code == missing.status_code == 404, name
        checked += 1
    assert checked == 14
    table = fresh(private)
    assert table.version == private.version and table.status == private.status
    assert table.seats.filter(user__username="carla").count() == 0


@pytest.mark.django_db
def test_the_table_s_own_people_still_see_it(private: Table, ana: Any, bruno: Any) -> None:
    for user in (ana, bruno):
        client = browser_for(user)
        for name, _args in GET_VIEWS:
            assert client.get(reverse(name, args=[private.pk])).status_code == 200, name


@pytest.mark.django_db
def test_the_chat_api_of_a_private_table_is_a_404_to_a_stranger(
    private: Table, make_user: Any
) -> None:
    stranger = api_for(make_user("carla"))
    message = ChatMessage.objects.get(table=private)
    requests = [
        ("get", "", None),
        ("post", "", {"text": "hi"}),
        ("post", "reports/", {"message": message.pk, "reason": "x"}),
    ]
    for method, tail, body in requests:
        seen = getattr(stranger, method)(f"/api/tables/{private.pk}/chat/{tail}", body, "json")
        missing = getattr(stranger, method)(f"/api/tables/{MISSING}/chat/{tail}", body, "json")
        assert seen.status_code == missing.status_code == 404, (tail, seen.content)
        assert seen.json() == missing.json()
        assert "secret" not in seen.content.decode()
    assert ChatMessage.objects.filter(table=private).count() == 1


@pytest.mark.django_db
def test_a_stranger_posting_chat_through_the_service_meets_no_such_table(
    private: Table, make_user: Any
) -> None:
    with pytest.raises(errors.TableNotFoundError):
        chat_services.chat_post(table_id=private.pk, user=make_user("carla"), text="hola")


async def close_code(table_id: int, user: Any, route: str = "tables") -> int | None:
    cookie = await sync_to_async(session_cookie)(user)
    comm = WebsocketCommunicator(
        application(),
        f"/ws/{route}/{table_id}/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"host", b"testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, code = await comm.connect(timeout=10)
    assert not connected
    return code


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_db_threads")
async def test_a_private_table_s_socket_closes_as_a_missing_one_does(
    private: Table, make_user: Any
) -> None:
    stranger = await sync_to_async(make_user)("carla")
    for route in ("tables", "watch"):  # the spectators' address is no way in either
        assert await close_code(private.pk, stranger, route) == CLOSE_NOT_FOUND
        assert await close_code(MISSING, stranger, route) == CLOSE_NOT_FOUND
