"""The table chat's services: channels, limits, chat off, mutes, reports, staff hiding and
escaping (games.chat)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games import services
from games.chat import errors as ce
from games.chat import selectors as chat_selectors
from games.chat import services as chat
from games.chat.models import CHAT_TEXT_MAX, ChatMessage, ChatReport
from games.chat.presenters import chat_line, render_line
from games.errors import TableNotFoundError
from games.models import Table

from .helpers import cards_in, fast_forward, fresh, hidden_cards, people_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ana: Any, bruno: Any) -> Table:
    return people_table(ana, bruno)


@pytest.fixture
def carla(make_user: Any) -> Any:
    return make_user("carla")


def visible(table: Table, user: Any) -> list[str]:
    channel = chat_selectors.chat_channel(table=table, user=user)
    assert channel is not None
    rows = chat_selectors.chat_messages(table_id=table.pk, channel=channel, user=user)
    return [chat_line(m, viewer_id=user.pk).words for m in rows]


def test_players_talk_in_the_players_channel(table: Table, ana: Any, bruno: Any) -> None:
    message = chat.chat_post(table_id=table.pk, user=ana, text="hola, buena suerte")
    assert message.channel == ChatMessage.Channel.PLAYERS
    assert visible(table, bruno) == ["hola, buena suerte"]


def test_a_spectator_writes_to_spectators_and_never_reads_the_players(
    table: Table, ana: Any, carla: Any
) -> None:
    chat.chat_post(table_id=table.pk, user=ana, text="for the players")
    message = chat.chat_post(table_id=table.pk, user=carla, text="for the watchers")
    assert message.channel == ChatMessage.Channel.SPECTATORS
    assert visible(table, carla) == ["for the watchers"]
    assert visible(table, ana) == ["for the players"]


def test_a_quick_phrase_is_a_key_shown_in_the_readers_language(table: Table, ana: Any) -> None:
    message = chat.chat_post(table_id=table.pk, user=ana, phrase="good_luck")
    assert (message.kind, message.phrase_key, message.text) == ("phrase", "good_luck", "")
    with translation.override("es"):
        assert chat_line(message, viewer_id=None).words == "¡Buena suerte!"
    with translation.override("it"):
        assert chat_line(message, viewer_id=None).words == "Buona fortuna!"
    with translation.override("en"):
        assert chat_line(message, viewer_id=None).words == "Good luck!"


def test_an_unknown_phrase_is_refused(table: Table, ana: Any) -> None:
    with pytest.raises(ce.ChatUnknownPhraseError):
        chat.chat_post(table_id=table.pk, user=ana, phrase="give_me_your_cards")
    assert not ChatMessage.objects.exists()


def test_too_long_and_empty_texts_are_refused(table: Table, ana: Any) -> None:
    chat.chat_post(table_id=table.pk, user=ana, text="x" * CHAT_TEXT_MAX)
    with pytest.raises(ce.ChatTooLongError) as error:
        chat.chat_post(table_id=table.pk, user=ana, text="x" * (CHAT_TEXT_MAX + 1))
    assert str(CHAT_TEXT_MAX) in error.value.message
    with pytest.raises(ce.ChatEmptyError):
        chat.chat_post(table_id=table.pk, user=ana, text="  \n ")
    assert ChatMessage.objects.count() == 1


def test_the_rate_limit_is_a_token_bucket_per_writer_and_table(
    table: Table, ana: Any, bruno: Any
) -> None:
    t0 = timezone.now()
    for _ in range(chat.CHAT_BURST):
        chat.chat_post(table_id=table.pk, user=ana, text="hi", now=t0)
    with pytest.raises(ce.ChatTooFastError):
        chat.chat_post(table_id=table.pk, user=ana, text="hi", now=t0)
    # Another writer has his own bucket.
    chat.chat_post(table_id=table.pk, user=bruno, text="hi", now=t0)
    # One token comes back after the refill time.
    later = t0 + timedelta(seconds=chat.CHAT_REFILL_SECONDS)
    chat.chat_post(table_id=table.pk, user=ana, text="again", now=later)
    with pytest.raises(ce.ChatTooFastError):
        chat.chat_post(table_id=table.pk, user=ana, text="again", now=later)
    assert ChatMessage.objects.filter(user=ana).count() == chat.CHAT_BURST + 1


def test_chat_off_at_the_table_refuses_every_message(table: Table, ana: Any, carla: Any) -> None:
    Table.objects.filter(pk=table.pk).update(chat_enabled=False)
    with pytest.raises(ce.ChatOffError):
        chat.chat_post(table_id=table.pk, user=ana, phrase="hello")
    with pytest.raises(ce.ChatOffError):
        chat.chat_post(table_id=table.pk, user=carla, text="hi")
    assert not ChatMessage.objects.exists()


def test_a_table_opened_with_chat_off(ana: Any, bruno: Any) -> None:
    table = people_table(ana, bruno, chat_enabled=False)
    assert table.chat_enabled is False
    with pytest.raises(ce.ChatOffError):
        chat.chat_post(table_id=table.pk, user=ana, phrase="hello")


def test_a_private_table_refuses_outsiders(ana: Any, bruno: Any, carla: Any) -> None:
    table = people_table(ana, bruno, is_private=True)
    with pytest.raises(TableNotFoundError):  # as if there were none: ids cannot be probed
        chat.chat_post(table_id=table.pk, user=carla, text="hi")


def test_muting_hides_a_writer_from_the_muter_only(
    table: Table, ana: Any, bruno: Any, make_user: Any
) -> None:
    chat.chat_post(table_id=table.pk, user=bruno, text="annoying")
    chat.chat_mute(user=ana, muted_user_id=bruno.pk)
    assert visible(table, ana) == []
    assert visible(table, bruno) == ["annoying"]
    chat.chat_unmute(user=ana, muted_user_id=bruno.pk)
    assert visible(table, ana) == ["annoying"]
    with pytest.raises(ce.ChatForbiddenError):
        chat.chat_mute(user=ana, muted_user_id=ana.pk)


def test_a_report_reaches_staff_and_hiding_removes_the_message(
    table: Table, ana: Any, bruno: Any, make_user: Any, carla: Any
) -> None:
    message = chat.chat_post(table_id=table.pk, user=bruno, text="rude words")
    report = chat.chat_report(user=ana, message_id=message.pk, reason="rude")
    assert ChatReport.objects.get() == report
    assert chat.chat_report(user=ana, message_id=message.pk) == report  # once per person
    with pytest.raises(ce.ChatReportError):
        chat.chat_report(user=bruno, message_id=message.pk)  # his own
    with pytest.raises(ce.ChatForbiddenError):
        chat.chat_report(user=carla, message_id=message.pk)  # a spectator cannot see it
    with pytest.raises(ce.ChatForbiddenError):
        chat.chat_hide(user=ana, message_ids=[message.pk])
    staff = make_user("staff", is_staff=True)
    assert chat.chat_hide(user=staff, message_ids=[message.pk]) == 1
    assert visible(table, ana) == []
    assert ChatReport.objects.get().resolved


def test_text_is_kept_as_typed_and_escaped_when_shown(table: Table, ana: Any) -> None:
    message = chat.chat_post(table_id=table.pk, user=ana, text='<script>alert("x")</script> & co')
    assert message.text == '<script>alert("x")</script> & co'
    html = render_line(chat_line(message, viewer_id=None))
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co" in html


def test_control_characters_become_spaces(table: Table, ana: Any) -> None:
    message = chat.chat_post(table_id=table.pk, user=ana, text="one\ntwo\x07three")
    assert message.text == "one two three"


def test_nothing_of_the_game_is_added_to_a_message(table: Table, ana: Any, bruno: Any) -> None:
    """Phrases and texts carry no card: neither the writer's hand nor anyone else's."""
    table = fresh(table)
    chat.chat_post(table_id=table.pk, user=ana, phrase="nice_hand")
    chat.chat_post(table_id=table.pk, user=ana, text="nice")
    for message in ChatMessage.objects.all():
        event = chat.chat_group_event(message)
        html = render_line(chat_line(message, viewer_id=bruno.pk))
        assert not cards_in(str(event) + html)
    assert hidden_cards(table, 1)  # there were hidden cards to leak


def test_the_chat_partial_lists_the_viewers_channel(table: Table, ana: Any, carla: Any) -> None:
    chat.chat_post(table_id=table.pk, user=ana, text="players only")
    chat.chat_post(table_id=table.pk, user=carla, text="watchers only")
    from games.templatetags.chat import chat_panel_context

    context = chat_panel_context(table=table, user=carla)
    html = render_to_string("games/_chat.html", context)
    assert "watchers only" in html and "players only" not in html


def test_services_still_create_tables_without_a_chat_setting(ana: Any) -> None:
    table = services.table_create(creator=ana, variant="cabrero", players=4)
    assert table.chat_enabled is True


def test_the_table_page_shows_the_chat_panel(client: Any, table: Table, ana: Any) -> None:
    chat.chat_post(table_id=table.pk, user=ana, text="<b>hola</b>")
    client.force_login(ana)
    html = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="table-chat"' in html and "Chat with the players" in html
    assert "&lt;b&gt;hola&lt;/b&gt;" in html and "<b>hola</b>" not in html
    assert f'data-ws-url="/ws/tables/{table.pk}/?only=chat"' in html


def test_the_replay_shows_the_players_chat_to_its_players_only(
    client: Any, ana: Any, bruno: Any, carla: Any
) -> None:
    table = fast_forward(people_table(ana, bruno))
    chat.chat_post(table_id=table.pk, user=ana, text="well played, partner")
    chat.chat_post(table_id=table.pk, user=carla, text="from the rail")
    url = f"/tables/{table.pk}/hands/1/"
    client.force_login(bruno)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The players’ chat at this table" in html and "well played, partner" in html
    assert "from the rail" not in html
    client.force_login(carla)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "well played, partner" not in html and "from the rail" not in html
