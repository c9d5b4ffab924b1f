"""The pages: lobby, opening a table, play now, the table page and its no-JavaScript moves,
invitations, replays of finished hands, records; and what they must never show."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services, table_state
from games.models import HandRecord, Seat, Table, TableAction
from games.templatetags.table_cards import clear_fragments

from .helpers import cards_in, fast_forward, fresh, view_for

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def bot_table(user: Any, **kwargs: Any) -> Table:
    kwargs.setdefault("turn_seconds", 0)
    return fresh(
        services.table_create(
            creator=user,
            variant="cabrero",
            players=4,
            fill_with_bots=True,
            bot_level="heuristic",
            **kwargs,
        )
    )


def finish(table: Table, user: Any) -> Table:
    return fast_forward(table)


def test_lobby_needs_a_login() -> None:
    response = Client().get(reverse("games:table_list"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_lobby_lists_open_tables_and_play_now(ana: Any, bruno: Any) -> None:
    services.table_create(creator=bruno, variant="chancho", players=4)
    services.table_create(creator=bruno, variant="cabrero", players=3, is_private=True)
    html = client_for(ana).get(reverse("games:table_list")).content.decode()
    assert "Play now against bots" in html
    assert "Tute Chancho" in html and "bruno" in html
    assert html.count("Take a seat") == 1  # the private table is not listed
    partial = client_for(ana).get(reverse("games:table_list"), HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<div id="lobby-tables"')


def test_lobby_in_spanish(ana: Any) -> None:
    html = client_for(ana, "es").get(reverse("games:table_list")).content.decode()
    assert "Jugar ahora contra bots" in html
    assert "Mesas" in html


def test_play_now_in_two_clicks(ana: Any) -> None:
    client = client_for(ana)
    lobby = client.get(reverse("games:table_list"))
    assert reverse("games:play_now") in lobby.content.decode()
    response = client.post(reverse("games:play_now"), {"variant": "cabrero"})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.status == Table.Status.PLAYING
    assert [s.is_bot for s in table.seats.order_by("position")] == [False, True, True, True]
    html = client.get(table.get_absolute_url()).content.decode()
    assert "Your cards" in html and "Your turn." in html


def test_the_table_page_shows_only_my_cards(ana: Any) -> None:
    table = bot_table(ana)
    html = client_for(ana).get(table.get_absolute_url()).content.decode()
    match = table_state.match_at(table)
    mine = set(match.hand.hand_of(0))
    others = set().union(*(match.hand.hand_of(s) for s in (1, 2, 3)))
    shown = cards_in(html)
    assert mine <= shown
    assert not others & shown
    legal = set(view_for(table, ana).legal)
    for card in mine:
        marker = "is-legal" if card in legal else "is-illegal"
        assert f'class="card-button {marker}" name="action" value="{card}"' in html


def test_the_page_gives_spectators_their_own_socket_address(ana: Any, bruno: Any) -> None:
    """Players get /ws/tables/<id>/, spectators /ws/watch/<id>/ (a proxy may send them to
    processes of their own)."""
    table = bot_table(ana)
    mine = client_for(ana).get(table.get_absolute_url()).content.decode()
    theirs = client_for(bruno).get(table.get_absolute_url()).content.decode()
    assert f'data-ws-url="/ws/tables/{table.pk}/"' in mine
    assert f'data-ws-url="/ws/watch/{table.pk}/"' in theirs
    assert "/ws/watch/" not in mine


def test_create_form_follows_the_variant(ana: Any) -> None:
    client = client_for(ana)
    html = client.get(reverse("games:table_create")).content.decode()
    assert 'name="opt_renuncio"' in html
    partial = client.get(
        reverse("games:table_create"), {"variant": "dos"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'name="opt_renuncio"' not in partial and 'name="opt_games"' in partial
    assert '<option value="2"' in partial


def test_create_a_table_and_errors(ana: Any) -> None:
    client = client_for(ana)
    data = {
        "variant": "cabrero",
        "players": "4",
        "turn_seconds": "30",
        "bot_level": "random",
        "opt_acusar": "on",
    }
    response = client.post(reverse("games:table_create"), data)
    assert response.status_code == 200
    assert "renuncio" in response.content.decode()  # acusar needs renuncio
    assert not Table.objects.exists()
    data["opt_renuncio"] = "on"
    response = client.post(reverse("games:table_create"), data)
    table = Table.objects.get()
    assert response["Location"] == table.get_absolute_url()
    assert table.options["renuncio"] and table.options["acusar"] and table.turn_seconds == 30
    assert table.status == Table.Status.OPEN


def test_waiting_room_sit_bots_and_start(ana: Any, bruno: Any) -> None:
    table = services.table_create(creator=ana, variant="cabrero", players=4)
    page = client_for(bruno).get(table.get_absolute_url()).content.decode()
    assert "Sit here" in page
    client_for(bruno).post(reverse("games:table_sit", args=[table.pk]), {"position": "2"})
    assert Seat.objects.get(table=table, position=2).user == bruno
    client_for(bruno).post(
        reverse("games:table_add_bot", args=[table.pk]), {"position": "1", "bot_level": "random"}
    )
    assert Seat.objects.get(table=table, position=1).bot_level == "random"
    client_for(ana).post(
        reverse("games:table_fill_bots", args=[table.pk]), {"bot_level": "heuristic"}
    )
    assert fresh(table).status == Table.Status.PLAYING


def test_moves_without_javascript(ana: Any) -> None:
    table = bot_table(ana)
    client = client_for(ana)
    view = view_for(table, ana)
    response = client.post(
        reverse("games:table_act", args=[table.pk]),
        {"action": view.legal[0], "version": view.version},
        follow=True,
    )
    assert fresh(table).version > view.version
    view = view_for(table, ana)
    response = client.post(
        reverse("games:table_act", args=[table.pk]),
        {"action": "99X", "version": view.version},
        follow=True,
    )
    assert "That is not a move of this game." in response.content.decode()
    assert fresh(table).version == view.version


def test_private_table_and_invitation_link(ana: Any, bruno: Any) -> None:
    table = services.table_create(creator=ana, variant="cabrero", players=4, is_private=True)
    stranger = client_for(bruno)
    assert stranger.get(table.get_absolute_url()).status_code == 404  # as if there were none
    response = stranger.get(reverse("games:table_invite", args=[table.invite_token]))
    assert response["Location"] == table.get_absolute_url()
    assert stranger.get(table.get_absolute_url()).status_code == 200
    stranger.post(reverse("games:table_sit", args=[table.pk]))
    assert Seat.objects.filter(table=table, user=bruno).exists()
    owner_page = client_for(ana).get(table.get_absolute_url()).content.decode()
    assert table.get_invite_path() in owner_page


def test_replay_only_for_finished_hands(ana: Any) -> None:
    table = bot_table(ana)
    client = client_for(ana)
    assert client.get(reverse("games:hand_replay", args=[table.pk, 1])).status_code == 404
    table = finish(table, ana)
    hands = HandRecord.objects.filter(table=table).count()
    assert client.get(reverse("games:hand_replay", args=[table.pk, hands + 1])).status_code == 404
    url = reverse("games:hand_replay", args=[table.pk, 1])
    start = client.get(url, {"step": 0}).content.decode()
    record = HandRecord.objects.get(table=table, number=0)
    first_hand = table_state.new_match(table).hand
    for seat in range(4):  # every hand open at the start
        assert set(first_hand.hand_of(seat)) <= cards_in(start)
    steps = len(record.record["actions"])
    one = client.get(url, {"step": 1}, HTTP_HX_REQUEST="true").content.decode()
    assert one.lstrip().startswith('<div id="replay-board"')
    assert "played the" in one
    end = client.get(url, {"step": steps}).content.decode()
    assert "How hand 1 ended" in end
    assert client.get(url, {"step": "nonsense"}).status_code == 200


def test_the_live_partial_links_the_replay_of_the_hand_that_just_ended(ana: Any) -> None:
    """QA: the list of finished hands sits outside the live partial, so a hand that ended with
    the page open had no replay link until a reload; its summary now carries one."""
    table = finish(bot_table(ana), ana)
    last = HandRecord.objects.filter(table=table).count()
    partial = client_for(ana).get(reverse("games:table_live", args=[table.pk])).content.decode()
    assert f"How hand {last} ended" in partial
    replay = reverse("games:hand_replay", args=[table.pk, last])
    assert replay in partial
    assert client_for(ana).get(replay).status_code == 200


def test_record_download_only_when_finished(ana: Any) -> None:
    table = bot_table(ana)
    client = client_for(ana)
    assert client.get(reverse("games:table_record", args=[table.pk])).status_code == 404
    table = finish(table, ana)
    response = client.get(reverse("games:table_record", args=[table.pk]))
    record = json.loads(response.content)
    assert record["kind"] == "match" and len(record["actions"]) == table.version
    assert record["actions"] == list(
        TableAction.objects.filter(table=table).order_by("index").values_list("action", flat=True)
    )


def test_finished_table_page_shows_the_standings(ana: Any) -> None:
    table = finish(bot_table(ana), ana)
    html = client_for(ana).get(table.get_absolute_url()).content.decode()
    assert "Final standings" in html and "Replay hand 1" in html


def test_a_closed_accounts_seat_shows_a_former_player(make_user: Any, bruno: Any) -> None:
    """As on the rankings pages: a deactivated account's name is not shown at its tables."""
    zenobia = make_user("zenobia")
    table = finish(bot_table(zenobia), zenobia)
    assert "zenobia" in client_for(bruno).get(table.get_absolute_url()).content.decode()
    zenobia.is_active = False
    zenobia.save(update_fields=["is_active"])
    # A hand summary already rendered is kept per process by {% shared %} (keyed by the table's
    # revision, which a closed account does not change): a new process renders it afresh.
    clear_fragments()
    html = client_for(bruno).get(table.get_absolute_url()).content.decode()
    assert "zenobia" not in html
    assert "Former player" in html


def test_live_partial_for_clients_without_a_socket(ana: Any) -> None:
    table = bot_table(ana)
    response = client_for(ana).get(reverse("games:table_live", args=[table.pk]))
    assert response["X-Table-Version"] == str(table.version)
    assert response.content.decode().lstrip().startswith('<div id="table-live"')


def test_table_page_in_spanish(ana: Any) -> None:
    table = bot_table(ana)
    html = client_for(ana, "es").get(table.get_absolute_url()).content.decode()
    assert "Sus cartas" in html and "Triunfo" in html


def test_leave_and_take_back_buttons(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = bot_table(ana)
    client = client_for(ana)
    client.post(reverse("games:table_leave", args=[table.pk]))
    assert Seat.objects.get(table=table, position=0).away
    html = client.get(table.get_absolute_url()).content.decode()
    assert "A bot is playing your seat" in html
    client.post(reverse("games:table_take_back", args=[table.pk]))
    assert not Seat.objects.get(table=table, position=0).away


def test_buttons_are_the_engines_non_card_moves(ana: Any, bruno: Any) -> None:
    """With renuncio and acusar the seat to act may accuse any other seat: one button each,
    named after the player; no other button than the engine lists."""
    table = fresh(
        services.table_create(
            creator=ana,
            variant="cabrero",
            players=3,
            options={"renuncio": True, "acusar": True},
            seats=[
                services.SeatSpec(user=ana),
                services.SeatSpec(user=bruno),
                services.SeatSpec(bot_level="heuristic"),
            ],
            turn_seconds=0,
        )
    )
    turn = table_state.match_at(table).current_player()
    assert turn in (0, 1)  # the bot has played up to a person's turn
    player = ana if turn == 0 else bruno
    view = view_for(table, player)
    accusations = [b for b in view.buttons if b.action.startswith("accuse:")]
    assert len(accusations) == 2
    other = "bruno" if player == ana else "ana"
    assert any(b.label == f"Accuse {other} of renuncio" for b in accusations)
    assert {b.action for b in view.buttons} == {a for a in view.legal if ":" in a or a.isalpha()}
    html = client_for(player).get(table.get_absolute_url()).content.decode()
    assert f"Accuse {other} of renuncio" in html
