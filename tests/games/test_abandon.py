"""Abandoning a table in play (``games.services.table_abandon``): who may, what it refuses,
what it writes (and, when refused, that it writes nothing), bots and timers that stop, moves
refused afterwards, the sockets' last frame, the signals, the page's button; and the privacy
of a private table's replays and record."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import errors, services, table_state
from games.live import scheduler
from games.models import ABANDON_REASON_MAX, HandRecord, Table, TableAction
from games.outcome import OutcomeStatus
from games.services import SeatSpec, play
from games.signals import match_finished, table_abandoned

from .helpers import cards_in, fast_forward, fresh, people_table, play_first_legal

pytestmark = pytest.mark.django_db(transaction=True)


class Heard:
    """A real receiver of a signal, connected for one test."""

    def __init__(self, signal: Any) -> None:
        self.signal = signal
        self.calls: list[dict[str, Any]] = []

    def __call__(self, sender: Any, **kwargs: Any) -> None:
        self.calls.append(kwargs)

    def __enter__(self) -> Heard:
        self.signal.connect(self, weak=False)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.signal.disconnect(self)


def bot_table(ana: Any, **kwargs: Any) -> Table:
    """Ana and three bots, casual (the lobby's "play now")."""
    kwargs.setdefault("turn_seconds", 0)
    return fresh(
        services.table_create(
            creator=ana,
            variant="cabrero",
            players=4,
            fill_with_bots=True,
            bot_level="heuristic",
            **kwargs,
        )
    )


def bot_on_turn(table: Table, ana: Any) -> Table:
    """Play Ana's cards until a bot is to act (manual scheduler: the bot's move waits)."""
    while table_state.match_at(fresh(table)).current_player() == 0:
        play_first_legal(table, ana)
    return fresh(table)


def snapshot(table: Table) -> tuple[Any, ...]:
    row = fresh(table)
    return (
        row.status,
        row.version,
        row.revision,
        row.finished_at,
        row.abandon_reason,
        row.abandoned_by_id,
        row.deadline,
        TableAction.objects.filter(table=table).count(),
    )


# ----------------------------------------------------------------------------- who may


def test_creator_stops_a_game_against_bots(ana: Any) -> None:
    table = bot_table(ana)
    assert table.status == Table.Status.PLAYING
    with Heard(table_abandoned) as abandoned, Heard(match_finished) as finished:
        result = services.table_abandon(table_id=table.pk, user=ana, reason="  Dinner time  ")
    assert result.pk == table.pk
    row = fresh(table)
    assert row.status == Table.Status.ABANDONED
    assert row.is_abandoned and not row.is_playing and not row.is_finished
    assert row.finished_at is not None
    assert row.abandon_reason == "Dinner time"
    assert row.abandoned_by_id == ana.pk
    assert row.deadline is None and row.deadline_kind == ""
    assert row.result is None and row.record is None
    assert row.revision == table.revision + 1
    assert finished.calls == []  # not a result
    assert len(abandoned.calls) == 1
    assert set(abandoned.calls[0]) == {"outcome", "signal"}
    outcome = abandoned.calls[0]["outcome"]
    assert outcome.table_id == table.pk
    assert outcome.status is OutcomeStatus.ABANDONED
    assert outcome.reason == "Dinner time"
    assert outcome.abandoned_by == ana.pk
    assert outcome.seat_users == [ana.pk, None, None, None]
    assert outcome.bot_levels == {1: "heuristic", 2: "heuristic", 3: "heuristic"}
    assert outcome.version == row.version
    assert len(outcome.hands) == HandRecord.objects.filter(table=table).count()
    assert (outcome.source_kind, outcome.source_id) == ("", None)


def test_creator_may_not_stop_a_game_with_another_person(ana: Any, bruno: Any) -> None:
    table = people_table(ana, bruno)
    before = snapshot(table)
    for user in (ana, bruno):
        with pytest.raises(errors.TablePermissionError) as info:
            services.table_abandon(table_id=table.pk, user=user, reason="")
        assert info.value.code == "forbidden"
    assert snapshot(table) == before


def test_an_away_person_still_counts_as_seated(ana: Any, bruno: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = people_table(ana, bruno)
    services.table_leave(table_id=table.pk, user=bruno)  # a bot plays Bruno's seat
    with pytest.raises(errors.TablePermissionError):
        services.table_abandon(table_id=table.pk, user=ana, reason="")
    assert fresh(table).status == Table.Status.PLAYING


def test_strangers_and_seated_bystanders_may_not(ana: Any, bruno: Any, make_user: Any) -> None:
    table = bot_table(ana)
    before = snapshot(table)
    with pytest.raises(errors.TablePermissionError):
        services.table_abandon(table_id=table.pk, user=bruno, reason="")
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(errors.TablePermissionError):
        services.table_abandon(table_id=table.pk, user=AnonymousUser(), reason="")
    # Bruno created the table but does not sit: only bots and... Ana. Not his to stop.
    other = fresh(
        services.table_create(
            creator=bruno,
            variant="cabrero",
            players=4,
            seats=[SeatSpec(user=ana)] + [SeatSpec(bot_level="random")] * 3,
            turn_seconds=0,
        )
    )
    with pytest.raises(errors.TablePermissionError):
        services.table_abandon(table_id=other.pk, user=bruno, reason="")
    assert snapshot(table) == before
    assert fresh(other).status == Table.Status.PLAYING


def test_a_competition_table_is_not_its_creators_to_stop(ana: Any) -> None:
    table = bot_table(ana, source_kind="tournament_round", source_id=7)
    with pytest.raises(errors.TablePermissionError):
        services.table_abandon(table_id=table.pk, user=ana, reason="")
    assert fresh(table).status == Table.Status.PLAYING


def test_staff_may_abandon_any_table(ana: Any, bruno: Any, make_user: Any) -> None:
    admin = make_user("admin", is_staff=True)
    table = people_table(ana, bruno, source_kind="fixture", source_id=3)
    with Heard(table_abandoned) as abandoned:
        services.table_abandon(table_id=table.pk, user=admin, reason="Never finished")
    row = fresh(table)
    assert row.status == Table.Status.ABANDONED
    assert row.abandoned_by_id == admin.pk
    assert abandoned.calls[0]["outcome"].source_kind == "fixture"
    assert abandoned.calls[0]["outcome"].source_id == 3


def test_internal_callers_are_always_allowed(ana: Any, bruno: Any) -> None:
    table = people_table(ana, bruno, source_kind="fixture", source_id=9)
    with Heard(table_abandoned) as abandoned:
        services.table_abandon(table_id=table.pk, user=None, reason="Pairing changed")
    row = fresh(table)
    assert row.status == Table.Status.ABANDONED
    assert row.abandoned_by_id is None
    assert row.abandon_reason == "Pairing changed"
    assert abandoned.calls[0]["outcome"].abandoned_by is None


# ----------------------------------------------------------------------------- what it refuses


def test_a_finished_table_is_refused_and_unchanged(ana: Any) -> None:
    table = fast_forward(bot_table(ana))
    before = snapshot(table)
    with Heard(table_abandoned) as abandoned, pytest.raises(errors.TableFinishedError) as info:
        services.table_abandon(table_id=table.pk, user=None, reason="late")
    assert info.value.code == "table_finished"
    assert snapshot(table) == before
    assert fresh(table).result is not None
    assert abandoned.calls == []


def test_a_cancelled_table_is_refused(ana: Any) -> None:
    table = services.table_create(creator=ana, variant="cabrero", players=4)
    services.table_cancel(table_id=table.pk, user=ana)
    before = snapshot(table)
    with pytest.raises(errors.TableCancelledError) as info:
        services.table_abandon(table_id=table.pk, user=None, reason="")
    assert info.value.code == "table_cancelled"
    assert snapshot(table) == before


def test_abandoning_twice_changes_nothing_the_second_time(ana: Any) -> None:
    table = bot_table(ana)
    services.table_abandon(table_id=table.pk, user=ana, reason="first")
    before = snapshot(table)
    with Heard(table_abandoned) as abandoned:
        again = services.table_abandon(table_id=table.pk, user=None, reason="second")
    assert again.status == Table.Status.ABANDONED
    assert snapshot(table) == before  # the first reason stays; nothing written
    assert fresh(table).abandon_reason == "first"
    assert abandoned.calls == []


def test_a_too_long_reason_is_refused_and_nothing_written(ana: Any) -> None:
    table = bot_table(ana)
    before = snapshot(table)
    with pytest.raises(errors.AbandonReasonError) as info:
        services.table_abandon(table_id=table.pk, user=ana, reason="x" * (ABANDON_REASON_MAX + 1))
    assert info.value.code == "bad_reason"
    assert str(ABANDON_REASON_MAX) in info.value.message
    assert snapshot(table) == before
    services.table_abandon(table_id=table.pk, user=ana, reason="x" * ABANDON_REASON_MAX)
    assert fresh(table).status == Table.Status.ABANDONED


def test_no_such_table(ana: Any) -> None:
    with pytest.raises(errors.TableNotFoundError):
        services.table_abandon(table_id=999_999, user=None, reason="")


def test_an_open_table_is_closed_as_cancel_would(ana: Any, bruno: Any) -> None:
    table = services.table_create(creator=ana, variant="cabrero", players=4)
    with pytest.raises(errors.TablePermissionError):
        services.table_abandon(table_id=table.pk, user=bruno, reason="")
    with Heard(table_abandoned) as abandoned, Heard(match_finished) as finished:
        services.table_abandon(table_id=table.pk, user=ana, reason="nobody came")
    row = fresh(table)
    assert row.status == Table.Status.CANCELLED
    assert row.finished_at is not None
    assert row.abandon_reason == "nobody came"
    assert abandoned.calls[0]["outcome"].status is OutcomeStatus.CANCELLED
    assert finished.calls == []
    with pytest.raises(errors.TableNotOpenError):
        services.table_sit(table_id=table.pk, user=bruno)


# ----------------------------------------------------------------------------- bots stop


def test_a_pending_bot_move_does_nothing_after_abandon(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = bot_on_turn(bot_table(ana), ana)
    version = table.version
    assert [item for item in scheduler.MANUAL_QUEUE if item[2] == (table.pk, version)]
    services.table_abandon(table_id=table.pk, user=ana, reason="")
    later = timezone.now() + timedelta(minutes=5)
    assert services.table_advance(table_id=table.pk, version=version, now=later) is False
    assert scheduler.run_manual() >= 1  # the queued task ran (through the Celery task)...
    assert services.tables_run_overdue(now=later) == 0  # ...and the watchdog finds nothing
    row = fresh(table)
    assert row.version == version  # ...and nothing was played
    assert TableAction.objects.filter(table=table).count() == version
    assert row.status == Table.Status.ABANDONED


def test_the_watchdog_skips_an_abandoned_overdue_table(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = bot_on_turn(bot_table(ana), ana)
    scheduler.MANUAL_QUEUE.clear()  # the broker lost the task: the watchdog's move
    later = timezone.now() + timedelta(seconds=settings.TUTE_WATCHDOG_GRACE + 60)
    services.table_abandon(table_id=table.pk, user=None, reason="")
    assert services.tables_run_overdue(now=later) == 0
    assert fresh(table).version == table.version


def test_a_bot_thinking_while_the_table_is_abandoned_plays_nothing(
    ana: Any, settings: Any, monkeypatch: Any
) -> None:
    """The bot chooses its move before the table is locked; abandoned meanwhile, the locked
    step finds the table no longer in play."""
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = bot_on_turn(bot_table(ana), ana)
    real_choose = play.choose_action

    def choose_then_abandon(*args: Any, **kwargs: Any) -> str:
        notation = real_choose(*args, **kwargs)
        services.table_abandon(table_id=table.pk, user=ana, reason="")
        return notation

    monkeypatch.setattr(play, "choose_action", choose_then_abandon)
    later = timezone.now() + timedelta(seconds=5)
    assert services.table_advance(table_id=table.pk, version=table.version, now=later) is False
    row = fresh(table)
    assert row.status == Table.Status.ABANDONED
    assert row.version == table.version


def test_a_turn_timer_does_nothing_after_abandon(ana: Any, bruno: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    admin_table = people_table(ana, bruno, turn_seconds=30)
    scheduler.run_manual()  # bots play up to a person's turn
    table = fresh(admin_table)
    assert table.deadline_kind == Table.DeadlineKind.TURN
    services.table_abandon(table_id=table.pk, user=None, reason="")
    later = timezone.now() + timedelta(minutes=5)
    assert services.table_advance(table_id=table.pk, version=table.version, now=later) is False
    assert services.tables_run_overdue(now=later) == 0
    assert fresh(table).version == table.version
    assert not table.seats.filter(timeouts__gt=0).exists()


def test_in_process_timers_play_nothing_after_abandon(ana: Any, settings: Any) -> None:
    """Embedded mode's path: Ana's card arms a real timer (a thread here: no event loop) for
    the next bot's move; the table is abandoned before it fires; it fires and plays nothing."""
    import time

    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = fresh(bot_table(ana))
    scheduler.run_manual()  # the bots play up to Ana's turn
    table = fresh(table)
    assert table_state.match_at(table).current_player() == 0
    settings.TUTE_TABLE_SCHEDULER = "inprocess"
    settings.TUTE_BOT_DELAY = 1.0
    play_first_legal(table, ana)  # schedules the next bot's move in 1 s
    version = fresh(table).version
    services.table_abandon(table_id=table.pk, user=ana, reason="")
    time.sleep(2.5)  # the timer fired meanwhile
    row = fresh(table)
    assert row.version == version
    assert row.status == Table.Status.ABANDONED
    assert services.tables_run_overdue(now=timezone.now() + timedelta(hours=1)) == 0


# ----------------------------------------------------------------------------- moves refused


def test_moves_and_seat_changes_after_abandon_get_the_abandoned_error(ana: Any) -> None:
    table = bot_table(ana)
    match = table_state.match_at(table)
    assert match.current_player() == 0  # immediate bots played up to Ana's turn
    legal = match.observation(0)["hand"]["legal"]
    services.table_abandon(table_id=table.pk, user=ana, reason="")
    before = snapshot(table)
    with pytest.raises(errors.TableAbandonedError) as info:
        services.table_act(table_id=table.pk, user=ana, action=legal[0], version=table.version)
    assert info.value.code == "table_abandoned"
    assert "abandoned" in info.value.message
    with pytest.raises(errors.TableAbandonedError):
        services.table_take_back(table_id=table.pk, user=ana)
    with pytest.raises(errors.TableAbandonedError):
        services.table_leave(table_id=table.pk, user=ana)
    assert snapshot(table) == before


# ----------------------------------------------------------------------------- the pages


def client_for(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


ABANDON_BUTTON = "Abandon this table"


def test_the_button_only_for_those_allowed(ana: Any, bruno: Any, make_user: Any) -> None:
    admin = make_user("admin", is_staff=True)
    stranger = make_user("carla")
    mine = bot_table(ana)  # public: anyone may watch it
    shared = people_table(ana, bruno)
    url = reverse("games:table_detail", args=[mine.pk])
    page = client_for(ana).get(url).content.decode()
    assert ABANDON_BUTTON in page
    assert reverse("games:table_abandon", args=[mine.pk]) in page
    assert "Yes, abandon the table" in page  # the confirm step
    assert ABANDON_BUTTON not in client_for(stranger).get(url).content.decode()
    assert ABANDON_BUTTON in client_for(admin).get(url).content.decode()
    shared_url = reverse("games:table_detail", args=[shared.pk])
    assert ABANDON_BUTTON not in client_for(ana).get(shared_url).content.decode()
    assert ABANDON_BUTTON not in client_for(bruno).get(shared_url).content.decode()
    assert ABANDON_BUTTON in client_for(admin).get(shared_url).content.decode()
    fast_forward(mine)
    assert ABANDON_BUTTON not in client_for(ana).get(url).content.decode()


def test_abandoning_from_the_page(ana: Any) -> None:
    table = bot_table(ana, is_private=True)
    client = client_for(ana)
    with Heard(match_finished) as finished:
        response = client.post(
            reverse("games:table_abandon", args=[table.pk]), {"reason": "Out of time"}
        )
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert fresh(table).status == Table.Status.ABANDONED
    assert finished.calls == []
    page = client.get(table.get_absolute_url()).content.decode()
    assert "The table was abandoned: the game is over for everyone." in page  # the message
    assert "This table was abandoned" in page
    assert "Out of time" in page
    assert ABANDON_BUTTON not in page
    assert 'data-status="abandoned"' in page
    assert "Your cards" not in page and not cards_in(page.split('id="table-live"')[1])
    live_partial = client.get(reverse("games:table_live", args=[table.pk])).content.decode()
    assert live_partial.startswith('<div id="table-live"') and "Out of time" in live_partial
    # A move posted afterwards (no JavaScript) is refused with the reason.
    response = client.post(
        reverse("games:table_act", args=[table.pk]),
        {"action": "1O", "version": fresh(table).version},
        follow=True,
    )
    assert "This table was abandoned: its game cannot go on." in response.content.decode()


def test_refusals_on_the_page_change_nothing(ana: Any, bruno: Any, make_user: Any) -> None:
    table = people_table(ana, bruno)
    before = snapshot(table)
    response = client_for(ana).post(
        reverse("games:table_abandon", args=[table.pk]), {"reason": ""}, follow=True
    )
    assert "You may not do that at this table." in response.content.decode()
    long = client_for(make_user("admin", is_staff=True)).post(
        reverse("games:table_abandon", args=[table.pk]),
        {"reason": "x" * (ABANDON_REASON_MAX + 1)},
        follow=True,
    )
    assert f"at most {ABANDON_REASON_MAX} characters" in long.content.decode()
    assert snapshot(table) == before
    assert client_for(ana).get(reverse("games:table_abandon", args=[table.pk])).status_code == 405


def test_the_lobby_no_longer_lists_it(ana: Any, bruno: Any, make_user: Any) -> None:
    table = people_table(ana, bruno)  # public, with people: listed to watch
    lobby = reverse("games:table_list")
    link = f'href="{table.get_absolute_url()}"'
    assert link in client_for(bruno).get(lobby).content.decode()
    services.table_abandon(table_id=table.pk, user=None, reason="")
    for user in (bruno, ana):
        page = client_for(user).get(lobby).content.decode()
        playing, _, finished = page.partition("Your finished games")
        assert link not in playing  # not among the tables to join or watch...
        assert link in finished  # ...but among the games its players ended
    stranger = client_for(make_user("dario")).get(lobby).content.decode()
    assert link not in stranger


# ----------------------------------------------------------------------------- replay privacy


def private_finished_table(creator: Any, player: Any) -> Table:
    """A private table Bruno opened for Ana and three bots (he does not sit), played out."""
    table = services.table_create(
        creator=creator,
        variant="cabrero",
        players=4,
        seats=[SeatSpec(user=player)] + [SeatSpec(bot_level="heuristic")] * 3,
        is_private=True,
        turn_seconds=0,
    )
    return fast_forward(table)


def test_a_private_tables_replays_only_for_its_players_and_staff(
    ana: Any, bruno: Any, make_user: Any
) -> None:
    table = private_finished_table(bruno, ana)
    replay = reverse("games:hand_replay", args=[table.pk, 1])
    record = reverse("games:table_record", args=[table.pk])
    admin = make_user("admin", is_staff=True)
    for user in (ana, admin):
        client = client_for(user)
        assert client.get(replay).status_code == 200, user
        assert client.get(record).status_code == 200, user
    invited = make_user("carla")
    guest = client_for(invited)
    guest.get(table.get_invite_path())  # the invitation lets her watch the table...
    assert guest.get(table.get_absolute_url()).status_code == 200
    stranger = client_for(make_user("dario"))
    for client in (client_for(bruno), guest, stranger):  # ...not replay it
        assert client.get(replay).status_code == 404
        assert client.get(record).status_code == 404
        assert client.get(f"{replay}?step=3", HTTP_HX_REQUEST="true").status_code == 404
    page = guest.get(table.get_absolute_url()).content.decode()
    assert replay not in page  # no replay or record links where they would not open
    assert record not in page
    own = client_for(ana).get(table.get_absolute_url()).content.decode()
    assert replay in own and record in own


def test_a_public_tables_replays_for_anyone_logged_in(ana: Any, bruno: Any) -> None:
    table = fast_forward(bot_table(ana))
    client = client_for(bruno)
    assert client.get(reverse("games:hand_replay", args=[table.pk, 1])).status_code == 200
    assert client.get(reverse("games:table_record", args=[table.pk])).status_code == 200
    assert Client().get(reverse("games:hand_replay", args=[table.pk, 1])).status_code == 302


def test_an_abandoned_tables_finished_hands_can_be_replayed(ana: Any) -> None:
    table = bot_table(ana)
    while not HandRecord.objects.filter(table=table).exists():
        play_first_legal(table, ana)
    services.table_abandon(table_id=table.pk, user=ana, reason="")
    client = client_for(ana)
    assert client.get(reverse("games:hand_replay", args=[table.pk, 1])).status_code == 200
    assert client.get(reverse("games:table_record", args=[table.pk])).status_code == 404
    page = client.get(table.get_absolute_url()).content.decode()
    assert reverse("games:hand_replay", args=[table.pk, 1]) in page


# ----------------------------------------------------------------------------- the sockets


@pytest.mark.usefixtures("close_db_threads")
async def test_every_socket_gets_the_abandoned_frame_and_moves_are_refused(
    ana: Any, bruno: Any, make_user: Any
) -> None:
    from asgiref.sync import sync_to_async

    from .test_consumers import latest_state, next_frame, open_socket

    table = await sync_to_async(bot_table)(ana, is_private=True)
    admin = await sync_to_async(make_user)("admin", is_staff=True)
    player = await open_socket(table.pk, ana)
    staff = await open_socket(table.pk, admin)  # staff may watch a private table
    first = await latest_state(player, table.pk)
    await latest_state(staff, table.pk)
    assert first["your_turn"] and first["legal"]
    await sync_to_async(services.table_abandon)(table_id=table.pk, user=ana, reason="Lunch <break>")
    for comm in (player, staff):
        frame = await next_frame(comm, "state")
        while frame["status"] != "abandoned":
            frame = await next_frame(comm, "state")
        assert frame["revision"] > first["revision"]
        assert frame["version"] == first["version"]
        assert frame["legal"] == [] and frame["your_turn"] is False
        assert frame["html"].startswith('<div id="table-live"')
        assert 'data-status="abandoned"' in frame["html"]
        assert "This table was abandoned" in frame["html"]
        assert "Lunch &lt;break&gt;" in frame["html"]  # escaped
        assert not cards_in(frame["html"])
    await player.send_json_to(
        {"type": "act", "action": first["legal"][0], "version": first["version"]}
    )
    error = await next_frame(player, "error")
    assert error["code"] == "table_abandoned"
    assert error["message"] == "This table was abandoned: its game cannot go on."
    await player.send_json_to({"type": "take_back"})
    assert (await next_frame(player, "error"))["code"] == "table_abandoned"
    late = await open_socket(table.pk, ana)  # a reconnection sees the same end
    again = await next_frame(late, "state")
    assert again["status"] == "abandoned" and "Lunch" in again["html"]
    row = await sync_to_async(fresh)(table.pk)
    assert row.version == first["version"]
    for comm in (player, staff, late):
        await comm.disconnect()
