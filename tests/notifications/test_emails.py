"""The mail of a notification: only the mailed kinds, in the reader's language, with an
unsubscribe link that works logged out and turns that kind off."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from league.notifications import selectors, services
from league.notifications.kinds import Kind
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _user(language: str = "en") -> Any:
    user = UserFactory()
    user.profile.preferred_language = language
    user.profile.save()
    return user


def _unsubscribe_path(body: str) -> str:
    match = re.search(r"https?://[^/\s]+(/notifications/unsubscribe/[^\s]+/)", body)
    assert match, body
    return match.group(1)


def test_a_mailed_kind_is_mailed_with_its_link_and_an_unsubscribe_link(commit: Any) -> None:
    user = _user("en")
    commit(services.notify, user=user, kind=Kind.YOUR_TURN, params={"table": 9}, url="/tables/9/")
    [message] = mail.outbox
    assert message.to == [user.email]
    assert "Your turn at table 9." in message.body
    assert "http://localhost:8000/tables/9/" in message.body
    assert "/notifications/unsubscribe/" in message.body
    assert "List-Unsubscribe" in message.extra_headers


def test_other_kinds_are_not_mailed(commit: Any) -> None:
    user = _user()
    commit(services.notify, user=user, kind=Kind.CLUB_REQUEST, params={"name": "a", "club": "b"})
    commit(services.notify, user=user, kind=Kind.OPPONENT_WAITING, params={"name": "a", "table": 1})
    assert mail.outbox == []


def test_the_mail_is_in_the_readers_language(commit: Any) -> None:
    spanish, italian = _user("es"), _user("it")
    for user in (spanish, italian):
        commit(services.notify, user=user, kind=Kind.YOUR_TURN, params={"table": 4})
    by_to = {m.to[0]: m for m in mail.outbox}
    es, it = by_to[spanish.email], by_to[italian.email]
    assert "Your turn" not in es.body and "Your turn" not in it.body
    assert es.body != it.body and es.subject != it.subject
    assert "4" in es.body and "4" in it.body


def test_a_kind_switched_off_is_not_mailed(commit: Any) -> None:
    user = _user()
    services.preference_set(user=user, kind=Kind.YOUR_TURN, email=False)
    commit(services.notify, user=user, kind=Kind.YOUR_TURN, params={"table": 1})
    assert mail.outbox == []
    assert selectors.unread_count(user_id=user.pk) == 1  # still on the page


def test_the_unsubscribe_link_asks_then_switches_that_kind_off_logged_out(commit: Any) -> None:
    user = _user()
    commit(
        services.notify, user=user, kind=Kind.RESULT_CHANGED, params={"event": "Copa", "round": 2}
    )
    path = _unsubscribe_path(mail.outbox[0].body)
    client = Client(enforce_csrf_checks=False)  # logged out
    page = client.get(path)
    assert page.status_code == 200 and b"<form" in page.content
    assert selectors.email_wanted(user=user, kind=Kind.RESULT_CHANGED)  # a GET changes nothing
    done = client.post(path)
    assert done.status_code == 200 and b'id="unsubscribed"' in done.content
    assert not selectors.email_wanted(user=user, kind=Kind.RESULT_CHANGED)
    assert selectors.email_wanted(user=user, kind=Kind.YOUR_TURN)  # only that kind
    mail.outbox.clear()
    commit(
        services.notify, user=user, kind=Kind.RESULT_CHANGED, params={"event": "Copa", "round": 3}
    )
    assert mail.outbox == []


def test_a_forged_unsubscribe_link_is_refused(client: Client) -> None:
    user = _user()
    response = client.post(f"/notifications/unsubscribe/{user.pk}:your_turn:forged/")
    assert response.status_code == 400
    assert selectors.email_wanted(user=user, kind=Kind.YOUR_TURN)
