"""notify(), marking read and the mail preferences."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.utils import translation

from league.errors import UserError
from league.notifications import push, selectors, services
from league.notifications.kinds import Kind, render
from league.notifications.models import Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_notify_stores_and_pushes_the_count_after_commit(
    commit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = UserFactory()
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(push, "group_send", lambda group, message: sent.append((group, message)))
    n = commit(
        services.notify, user=user, kind=Kind.YOUR_TURN, params={"table": 7}, url="/tables/7/"
    )
    assert n is not None and n.text == "Your turn at table 7."
    assert selectors.unread_count(user_id=user.pk) == 1
    [(group, message)] = sent
    assert group == f"notifications.user.{user.pk}"
    assert message["count"] == 1
    assert message["notification"]["kind"] == "your_turn"
    assert message["notification"]["url"] == "/tables/7/"


def test_a_rolled_back_notification_is_neither_pushed_nor_mailed(
    django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = UserFactory()
    sent: list[Any] = []
    monkeypatch.setattr(push, "group_send", lambda *a: sent.append(a))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.notify(user=user, kind=Kind.YOUR_TURN, params={"table": 1})
    assert callbacks  # left for after the commit, not sent at once
    assert sent == [] and mail.outbox == []


def test_a_key_tells_a_user_once(commit: Any) -> None:
    user = UserFactory()
    first = commit(services.notify, user=user, kind=Kind.WINDOW_OPEN, params={}, key="k:1")
    again = commit(services.notify, user=user, kind=Kind.WINDOW_OPEN, params={}, key="k:1")
    assert first is not None and again is None
    assert Notification.objects.filter(user=user).count() == 1


def test_mark_read_and_mark_all_read(commit: Any) -> None:
    user, other = UserFactory(), UserFactory()
    a = commit(services.notify, user=user, kind=Kind.YOUR_TURN, params={"table": 1})
    commit(services.notify, user=user, kind=Kind.YOUR_TURN, params={"table": 2})
    mine_not = commit(services.notify, user=other, kind=Kind.YOUR_TURN, params={"table": 3})
    commit(services.notification_mark_read, user=user, notification_id=a.pk)
    assert selectors.unread_count(user_id=user.pk) == 1
    with pytest.raises(UserError):
        services.notification_mark_read(user=user, notification_id=mine_not.pk)
    assert commit(services.notifications_mark_all_read, user=user) == 1
    assert selectors.unread_count(user_id=user.pk) == 0
    assert selectors.unread_count(user_id=other.pk) == 1
    assert [n.pk for n in selectors.notifications_of(user=user, unread=True)] == []


def test_preferences_default_on_and_switch_off() -> None:
    user = UserFactory()
    assert selectors.email_wanted(user=user, kind=Kind.TABLE_OPEN)
    assert not selectors.email_wanted(user=user, kind=Kind.CLUB_REQUEST)  # never mailed
    services.preference_set(user=user, kind=Kind.TABLE_OPEN, email=False)
    assert not selectors.email_wanted(user=user, kind=Kind.TABLE_OPEN)
    assert dict(selectors.email_preferences(user=user))[Kind.TABLE_OPEN] is False
    with pytest.raises(UserError):
        services.preference_set(user=user, kind=Kind.CLUB_REQUEST, email=True)


def test_texts_follow_the_readers_language() -> None:
    with translation.override("es"):
        spanish = render("your_turn", {"table": 3})
    assert spanish != "Your turn at table 3." and "3" in spanish
