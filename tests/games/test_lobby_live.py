"""The lobby's WebSocket (``/ws/lobby/``) through the real ASGI application: handshakes, what
reaches whom (private tables only to those who may see them), the partial being the page's,
and the debounce of a burst of changes."""

from __future__ import annotations

import json
import re
import time
from itertools import pairwise
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import services
from games.live import consumers, lobby
from games.live.notify import LOBBY_GROUP
from games.models import Table
from tests.factories import UserFactory
from tests.games import browser
from tests.games.browser import PHONE, SMALL_TEXT_JS, db, log_in

from .test_consumers import application, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

TIMEOUT = 10

asgi_server = browser.asgi_server  # the fixture, under its name here


async def open_lobby(
    user: Any, *, origin: str = "http://testserver", lang: str = "en"
) -> WebsocketCommunicator:
    """A lobby socket of ``user``, after its hello and the lobby it is answered with."""
    cookie = await sync_to_async(session_cookie)(user)
    comm = WebsocketCommunicator(
        application(),
        "/ws/lobby/",
        headers=[
            (b"origin", origin.encode()),
            (b"host", b"testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    await comm.send_json_to({"type": "hello", "lang": lang})
    first = await next_lobby(comm)
    assert first.lstrip().startswith('<div id="lobby-tables"')
    return comm


async def next_lobby(comm: WebsocketCommunicator, timeout: float = TIMEOUT) -> str:
    frame = json.loads(await comm.receive_from(timeout=timeout))
    assert frame["type"] == "lobby"
    return str(frame["html"])


def table_link(table: Table) -> str:
    return f'href="{table.get_absolute_url()}"'


def create(user: Any, **kwargs: Any) -> Table:
    kwargs.setdefault("variant", "cabrero")
    kwargs.setdefault("players", 4)
    return services.table_create(creator=user, **kwargs)


# ----------------------------------------------------------------------------- handshakes


async def test_an_anonymous_lobby_socket_is_refused() -> None:
    comm = WebsocketCommunicator(
        application(), "/ws/lobby/", headers=[(b"origin", b"http://testserver")]
    )
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert not connected and code == consumers.CLOSE_NO_SESSION


async def test_a_lobby_socket_from_a_foreign_origin_is_refused(ana: Any) -> None:
    cookie = await sync_to_async(session_cookie)(ana)
    comm = WebsocketCommunicator(
        application(),
        "/ws/lobby/",
        headers=[
            (b"origin", b"https://evil.example"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert not connected


async def test_bad_frames_get_an_error_and_ping_a_pong(ana: Any) -> None:
    comm = await open_lobby(ana)
    await comm.send_to(text_data="not json")
    frame = json.loads(await comm.receive_from(timeout=TIMEOUT))
    assert frame["type"] == "error" and frame["code"] == "bad_frame"
    await comm.send_json_to({"type": "act", "action": "12B"})
    assert json.loads(await comm.receive_from(timeout=TIMEOUT))["type"] == "error"
    await comm.send_json_to({"type": "ping"})
    assert json.loads(await comm.receive_from(timeout=TIMEOUT)) == {"type": "pong"}
    await comm.disconnect()


# ----------------------------------------------------------------------------- pushes


async def test_a_new_public_table_reaches_an_open_lobby_socket(ana: Any, bruno: Any) -> None:
    comm = await open_lobby(ana)
    table = await sync_to_async(create)(bruno, variant="chancho")
    html = await next_lobby(comm)
    assert table_link(table) in html and "Tute Chancho" in html and "bruno" in html
    assert "Take a seat" in html
    # Bruno closes it: it leaves the list.
    await sync_to_async(services.table_cancel)(table_id=table.pk, user=bruno)
    html = await next_lobby(comm)
    assert table_link(table) not in html
    await comm.disconnect()


async def test_a_private_table_reaches_its_creator_but_not_a_stranger(ana: Any, bruno: Any) -> None:
    stranger = await open_lobby(ana)
    creator = await open_lobby(bruno)
    private = await sync_to_async(create)(bruno, is_private=True)
    mine = await next_lobby(creator)
    assert table_link(private) in mine and "Your tables" in mine
    # Nothing changed for Ana: nothing is sent to her socket ...
    assert await stranger.receive_nothing(timeout=0.8)
    # ... and when a public table opens, her lobby shows it, still without the private one.
    public = await sync_to_async(create)(bruno, variant="chancho")
    html = await next_lobby(stranger)
    assert table_link(public) in html
    assert table_link(private) not in html and f"table {private.pk}" not in html
    await stranger.disconnect()
    await creator.disconnect()


async def test_a_table_that_starts_moves_from_waiting_to_in_play(ana: Any, bruno: Any) -> None:
    comm = await open_lobby(ana)
    table = await sync_to_async(create)(bruno, players=2, variant="dos")
    html = await next_lobby(comm)
    assert "Tables waiting for players" in html and table_link(table) in html
    await sync_to_async(services.table_sit)(table_id=table.pk, user=ana)
    html = await next_lobby(comm)
    waiting, _, playing = html.partition("Games in play")
    assert table_link(table) in playing
    assert "Your tables" in waiting and table_link(table) in waiting  # Ana sits there now
    await comm.disconnect()


async def test_the_socket_sends_what_the_page_renders(ana: Any, bruno: Any) -> None:
    await sync_to_async(create)(bruno, variant="chancho")
    await sync_to_async(create)(ana, players=3)
    comm = await open_lobby(ana)
    await sync_to_async(create)(bruno, is_private=True)
    await sync_to_async(create)(bruno, variant="dos", players=2)
    pushed = await next_lobby(comm)

    def page() -> tuple[str, str]:
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(ana)
        partial = client.get(reverse("games:table_list"), HTTP_HX_REQUEST="true")
        full = client.get(reverse("games:table_list"))
        return partial.content.decode(), full.content.decode()

    partial, full = await sync_to_async(page)()
    assert pushed == partial
    assert pushed.strip() in full
    await comm.disconnect()


async def test_the_lobby_comes_in_the_language_of_the_hello(ana: Any, bruno: Any) -> None:
    await sync_to_async(create)(bruno)
    comm = await open_lobby(ana, lang="es")
    await sync_to_async(create)(bruno, variant="chancho")
    html = await next_lobby(comm)
    assert "Sentarse" in html or "Mesas" in html
    assert "Take a seat" not in html
    await comm.disconnect()


async def test_a_burst_of_changes_gives_a_couple_of_frames_a_second(
    ana: Any, bruno: Any, monkeypatch: Any
) -> None:
    """However many notices arrive, a socket renders its lobby at most once per
    ``LOBBY_MIN_INTERVAL``. Checked on the times the renders start (the consumer's own
    schedule), not on when frames arrive, which depends on the machine's load."""
    renders: list[float] = []
    render = lobby.render_lobby

    def counted(**kwargs: Any) -> str:
        renders.append(time.monotonic())
        return render(**kwargs)

    monkeypatch.setattr(lobby, "render_lobby", counted)
    comm = await open_lobby(ana)
    layer = get_channel_layer()
    tables = []
    started = time.monotonic()
    for _ in range(6):
        tables.append(await sync_to_async(create)(bruno, variant="chancho"))
        for _ in range(10):  # and a storm of notices on top
            await layer.group_send(LOBBY_GROUP, {"type": "lobby.changed"})
    last = ""
    frames = 0
    while not all(table_link(t) in last for t in tables):
        last = await next_lobby(comm, timeout=10)
        frames += 1
    assert await comm.receive_nothing(timeout=consumers.LOBBY_MIN_INTERVAL + 0.3)
    elapsed = time.monotonic() - started
    pushed = renders[1:]  # renders[0] answered the hello
    assert pushed, "the changes were not pushed"
    gaps = [b - a for a, b in pairwise(pushed)]
    assert all(gap >= consumers.LOBBY_MIN_INTERVAL - 0.01 for gap in gaps), gaps
    # 66 notices, yet no more renders than the interval allows (and frames only on change)
    assert len(pushed) <= 2 + elapsed / consumers.LOBBY_MIN_INTERVAL
    assert frames <= len(pushed)
    await comm.disconnect()


# ----------------------------------------------------------------------------- what is pushed


def test_moves_of_a_game_that_goes_on_do_not_touch_the_lobby(ana: Any) -> None:
    table = create(ana, players=4)
    assert lobby.shows_change(table)  # opened: no match
    table.status = Table.Status.PLAYING
    assert lobby.shows_change(table, match=object())  # the first deal
    table.version = 7
    assert not lobby.shows_change(table, match=object())  # a move
    table.status = Table.Status.FINISHED
    assert lobby.shows_change(table, match=object())  # the last move


def test_the_page_polls_slowly_and_loads_the_socket_script(ana: Any) -> None:
    client = Client()
    client.force_login(ana)
    html = client.get(reverse("games:table_list")).content.decode()
    assert 'data-ws-url="/ws/lobby/"' in html
    # A slow poll that lobby.js cancels (htmx:beforeRequest) while its socket is open: no
    # hx-trigger filter, which htmx would evaluate with Function() (the CSP forbids eval).
    assert 'hx-trigger="every 60s"' in html
    assert re.search(r"every \d+s\"", html) is not None
    assert "games/lobby.js" in html


async def test_a_private_table_change_costs_strangers_no_render(
    ana: Any, bruno: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    carla = await sync_to_async(make_user)("carla")
    rendered: list[int] = []
    real = lobby.render_lobby

    def counting(*, user: Any, language: str) -> str:
        rendered.append(user.pk)
        return real(user=user, language=language)

    monkeypatch.setattr(lobby, "render_lobby", counting)
    stranger = await open_lobby(carla)
    creator = await open_lobby(bruno)
    guest = await open_lobby(ana)
    rendered.clear()
    table = await sync_to_async(create)(bruno, is_private=True)
    assert table_link(table) in await next_lobby(creator)
    # Ana, invited, sits down and then stands up again: her lobby follows her.
    await sync_to_async(services.table_sit)(
        table_id=table.pk, user=ana, invite_token=table.invite_token
    )
    assert table_link(table) in await next_lobby(guest)
    await sync_to_async(services.table_leave)(table_id=table.pk, user=ana)
    assert table_link(table) not in await next_lobby(guest)
    assert await stranger.receive_nothing(timeout=0.8)
    assert carla.pk not in rendered and ana.pk in rendered and bruno.pk in rendered
    for comm in (stranger, creator, guest):
        await comm.disconnect()


# ----------------------------------------------------------------------------- the table's heading


@pytest.mark.browser
@pytest.mark.slow
def test_on_a_phone_the_table_heading_is_compact_and_keeps_everything(
    asgi_server: str, browser_context_factory: Any
) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana", display_name="Ana García"))
    bruno = db(lambda: UserFactory(username="bruno"))
    table = db(
        lambda: services.table_create(
            creator=ana, variant="dos", players=2, turn_seconds=30, is_private=True
        )
    )
    context = browser_context_factory(**PHONE)
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(f"{base}/tables/{table.pk}/")
    page.locator("#connection.connection-online").wait_for()
    head = page.locator("header.table-head")
    # Waiting: the game; players and status; the connection (it was 166 px in four lines).
    assert head.bounding_box()["height"] <= 100
    status = head.locator("#table-status")
    expect(status).to_have_text("Waiting for players")
    expect(head).to_contain_text("2 players")
    # The rest is one tap away.
    facts = head.locator(".table-facts")
    expect(facts).to_be_hidden()
    head.locator("summary").tap()
    expect(facts).to_be_visible()
    for words in (f"table {table.pk}", "30 s per move", "not rated", "private"):
        expect(facts).to_contain_text(words)
    assert page.evaluate(SMALL_TEXT_JS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # The status follows the table: Bruno sits down, the game starts.
    db(lambda: services.table_sit(table_id=table.pk, user=bruno, invite_token=table.invite_token))
    expect(status).to_have_text("Playing")
    page.locator("#table-live .hand-cards").wait_for()
    expect(page.locator(".invite")).to_be_hidden()  # the invitation link has done its job
    head.locator("summary").tap()
    expect(facts).to_be_hidden()
    assert head.bounding_box()["height"] <= 80  # in play: two lines (72 px when measured)


@pytest.mark.browser
@pytest.mark.slow
def test_in_a_browser_the_lobby_follows_the_tables_without_reloading(
    asgi_server: str, browser_context_factory: Any
) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    base = asgi_server
    ana = db(lambda: UserFactory(username="ana"))
    bruno = db(lambda: UserFactory(username="bruno"))
    context = browser_context_factory(**PHONE)
    db(lambda: log_in(context, base, ana))
    page = context.new_page()
    page.goto(f"{base}/tables/")
    page.wait_for_function("() => window.tuteLobbyLive === true")
    table = db(lambda: services.table_create(creator=bruno, variant="chancho", players=4))
    row = page.locator(f'#lobby-tables a.card-link[href="{table.get_absolute_url()}"]')
    expect(row).to_be_visible(timeout=5000)  # pushed: the fallback poll waits 60 s
    # The swapped-in list is live for htmx too (its fallback poll), and still the only one.
    assert page.locator("#lobby-tables").count() == 1
    assert page.evaluate("!!htmx.find('#lobby-tables')")
    db(lambda: services.table_cancel(table_id=table.pk, user=bruno))
    expect(row).to_have_count(0, timeout=5000)
