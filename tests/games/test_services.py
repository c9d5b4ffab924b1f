"""games.services: creating tables, seats, moves, races, bots, timers, the watchdog, records."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games import errors, services, table_state
from games.engine import get_variant
from games.engine.bots import LEVELS
from games.live import scheduler
from games.models import HandRecord, Seat, SeatTimeout, Table, TableAction
from games.services import SeatSpec
from games.signals import match_finished

from .helpers import fresh, play_first_legal, view_for

pytestmark = pytest.mark.django_db(transaction=True)


def open_table(user: Any, **kwargs: Any) -> Table:
    kwargs.setdefault("variant", "cabrero")
    kwargs.setdefault("players", 4)
    return services.table_create(creator=user, **kwargs)


def human_table(ana: Any, **kwargs: Any) -> Table:
    """Ana and three bots (heuristic: fast and deterministic)."""
    return open_table(ana, fill_with_bots=True, bot_level="heuristic", turn_seconds=0, **kwargs)


# ----------------------------------------------------------------------------- creating


def test_create_seats_the_creator_and_waits(ana: Any) -> None:
    table = open_table(ana)
    assert table.status == Table.Status.OPEN
    seats = list(table.seats.order_by("position"))
    assert [s.user_id for s in seats] == [ana.pk, None, None, None]
    assert table.options == get_variant("cabrero").validate_options({})
    assert 0 <= table.first_dealer < 4
    assert table.seed > 0


def test_create_refuses_a_bad_player_count(ana: Any) -> None:
    with pytest.raises(errors.InvalidTableSettingsError) as info:
        open_table(ana, players=7)
    assert "3, 4, 5, 6" in info.value.message
    assert not Table.objects.exists()


def test_create_refuses_bad_options(ana: Any) -> None:
    with pytest.raises(errors.InvalidTableSettingsError):
        open_table(ana, options={"acusar": True})
    with pytest.raises(errors.InvalidTableSettingsError):
        open_table(ana, options={"no_such_option": True})
    with pytest.raises(errors.InvalidTableSettingsError):
        open_table(ana, variant="no_such_game")


def test_full_table_starts_at_once(ana: Any) -> None:
    table = fresh(human_table(ana))
    assert table.status == Table.Status.PLAYING
    assert table.started_at is not None
    view = view_for(table, ana)
    assert view.your_turn  # the bots played up to ana's turn
    assert TableAction.objects.filter(table=table).count() == table.version


def test_rated_tables_take_no_bots(ana: Any) -> None:
    with pytest.raises(errors.BotsNotAllowedError):
        open_table(ana, rated=True, fill_with_bots=True)
    table = open_table(ana, rated=True)
    with pytest.raises(errors.BotsNotAllowedError):
        services.table_add_bot(table_id=table.pk, user=ana)


def test_create_from_code_with_given_seats_and_source(make_user: Any) -> None:
    players = [make_user() for _ in range(4)]
    table = services.table_create(
        creator=None,
        variant="chancho",
        players=4,
        seats=[SeatSpec(user=u) for u in players],
        rated=True,
        source_kind="tournament_round",
        source_id=77,
    )
    table = fresh(table)
    assert table.status == Table.Status.PLAYING
    assert table.created_by is None
    assert (table.source_kind, table.source_id) == ("tournament_round", 77)
    assert [s.user_id for s in table.seats.order_by("position")] == [u.pk for u in players]


def test_unknown_bot_level_is_refused(ana: Any) -> None:
    table = open_table(ana)
    with pytest.raises(errors.UnknownBotLevelError):
        services.table_add_bot(table_id=table.pk, user=ana, level="grandmaster")


def test_default_bot_level_is_the_best_there_is(ana: Any) -> None:
    table = open_table(ana)
    seat = services.table_add_bot(table_id=table.pk, user=ana)
    assert seat.bot_level == LEVELS[-1]


# ----------------------------------------------------------------------------- seats


def test_sit_leave_and_start(ana: Any, bruno: Any, make_user: Any) -> None:
    table = open_table(ana)
    services.table_sit(table_id=table.pk, user=bruno)
    with pytest.raises(errors.AlreadySeatedError):
        services.table_sit(table_id=table.pk, user=bruno)
    with pytest.raises(errors.SeatTakenError):
        services.table_sit(table_id=table.pk, user=make_user(), position=0)
    services.table_leave(table_id=table.pk, user=bruno)
    assert not Seat.objects.filter(table=table, user=bruno).exists()
    services.table_sit(table_id=table.pk, user=bruno, position=3)
    services.table_add_bot(table_id=table.pk, user=bruno, level="random")
    assert fresh(table).status == Table.Status.OPEN
    services.table_sit(table_id=table.pk, user=make_user())
    assert fresh(table).status == Table.Status.PLAYING
    with pytest.raises(errors.TableNotOpenError):
        services.table_sit(table_id=table.pk, user=make_user())


def test_strangers_may_not_seat_bots(ana: Any, bruno: Any) -> None:
    table = open_table(ana)
    with pytest.raises(errors.TablePermissionError):
        services.table_add_bot(table_id=table.pk, user=bruno)


def test_remove_bot_and_cancel(ana: Any, bruno: Any) -> None:
    table = open_table(ana)
    services.table_add_bot(table_id=table.pk, user=ana, position=2, level="random")
    services.table_remove_bot(table_id=table.pk, user=ana, position=2)
    assert Seat.objects.get(table=table, position=2).is_empty
    with pytest.raises(errors.TablePermissionError):
        services.table_cancel(table_id=table.pk, user=bruno)
    services.table_cancel(table_id=table.pk, user=ana)
    assert fresh(table).status == Table.Status.CANCELLED


def test_last_person_leaving_an_open_table_closes_it(ana: Any) -> None:
    table = open_table(ana)
    services.table_add_bot(table_id=table.pk, user=ana)
    services.table_leave(table_id=table.pk, user=ana)
    assert fresh(table).status == Table.Status.CANCELLED


def test_private_table_needs_the_invitation(ana: Any, bruno: Any) -> None:
    table = open_table(ana, is_private=True)
    with pytest.raises(errors.InvitationRequiredError):
        services.table_sit(table_id=table.pk, user=bruno)
    services.table_sit(table_id=table.pk, user=bruno, invite_token=table.invite_token)


# ----------------------------------------------------------------------------- moves


def test_legal_move_is_logged_and_bumps_the_version(ana: Any) -> None:
    table = fresh(human_table(ana))
    before = table.version
    result = play_first_legal(table, ana)
    assert result.version == before + 1
    entry = TableAction.objects.get(table=table, index=before)
    assert (entry.seat, entry.actor) == (0, TableAction.Actor.PLAYER)
    assert fresh(table).version > before  # and the bots answered


def test_illegal_card_gets_the_engines_explanation_and_changes_nothing(ana: Any) -> None:
    table = fresh(human_table(ana))
    view = view_for(table, ana)
    illegal = [c.notation for c in view.hand if not c.legal]
    if not illegal:  # ana leads: every card is legal; play one and wait for a trick to follow
        for _ in range(12):
            play_first_legal(table, ana)
            view = view_for(table, ana)
            illegal = [c.notation for c in view.hand if not c.legal]
            if illegal:
                break
    assert illegal, "no illegal card in 12 tricks"
    version = fresh(table).version
    with pytest.raises(errors.IllegalMoveError) as info:
        services.table_act(table_id=table.pk, user=ana, action=illegal[0], version=version)
    assert info.value.code == "obligation"
    assert "must" in info.value.message
    assert fresh(table).version == version
    assert TableAction.objects.filter(table=table).count() == version


def test_card_not_in_hand_and_gibberish(ana: Any) -> None:
    table = fresh(human_table(ana))
    view = view_for(table, ana)
    mine = {c.notation for c in view.hand}
    other = next(c for c in ("1O", "1C", "1E", "1B", "3O", "3C") if c not in mine)
    with pytest.raises(errors.IllegalMoveError) as info:
        services.table_act(table_id=table.pk, user=ana, action=other, version=view.version)
    assert info.value.code == "card_not_in_hand"
    with pytest.raises(errors.IllegalMoveError) as info:
        services.table_act(table_id=table.pk, user=ana, action="13X", version=view.version)
    assert info.value.code == "bad_notation"
    with pytest.raises(errors.IllegalMoveError) as info:
        services.table_act(table_id=table.pk, user=ana, action="capote", version=view.version)
    assert info.value.code in {"wrong_phase", "illegal_action"}
    assert fresh(table).version == view.version


def test_stale_version_is_refused(ana: Any) -> None:
    table = fresh(human_table(ana))
    view = view_for(table, ana)
    with pytest.raises(errors.StaleVersionError) as info:
        services.table_act(
            table_id=table.pk, user=ana, action=view.legal[0], version=view.version - 1
        )
    assert info.value.params["version"] == view.version
    assert fresh(table).version == view.version


def test_out_of_turn_and_not_seated(ana: Any, bruno: Any, make_user: Any) -> None:
    table = services.table_create(
        creator=ana,
        variant="cabrero",
        players=4,
        seats=[SeatSpec(user=u) for u in (ana, bruno, make_user(), make_user())],
        turn_seconds=0,
    )
    table = fresh(table)
    match = table_state.match_at(table)
    turn = match.current_player()
    seats = list(table.seats.order_by("position"))
    waiting = next(s.user for s in seats if s.position != turn)
    card = view_for(table, waiting).hand[0].notation
    with pytest.raises(errors.NotYourTurnError):
        services.table_act(table_id=table.pk, user=waiting, action=card, version=table.version)
    with pytest.raises(errors.NotSeatedError):
        services.table_act(table_id=table.pk, user=make_user(), action=card, version=table.version)
    assert fresh(table).version == 0


def test_two_actions_racing_for_one_turn_exactly_one_applies(ana: Any) -> None:
    table = fresh(human_table(ana))
    view = view_for(table, ana)
    outcomes: list[Any] = []
    barrier = threading.Barrier(2)

    def act() -> None:
        try:
            barrier.wait()
            outcomes.append(
                services.table_act(
                    table_id=table.pk, user=ana, action=view.legal[0], version=view.version
                )
            )
        except errors.TableError as error:
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=act) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    applied = [o for o in outcomes if isinstance(o, services.ActResult)]
    refused = [o for o in outcomes if isinstance(o, errors.TableError)]
    assert len(applied) == 1 and len(refused) == 1
    assert refused[0].code in {"stale_version", "not_your_turn"}
    assert TableAction.objects.filter(table=table, index=view.version).count() == 1


# ----------------------------------------------------------------------------- bots and timers


def test_bot_task_is_idempotent_and_late_tasks_do_nothing(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = open_table(ana, fill_with_bots=True, bot_level="heuristic", turn_seconds=0)
    table = fresh(table)
    while table_state.match_at(fresh(table)).current_player() == 0:  # make a bot be on turn
        play_first_legal(table, ana)
    table = fresh(table)
    version = table.version
    queued = [item for item in scheduler.MANUAL_QUEUE if item[2] == (table.pk, version)]
    assert queued, "the bot's move was scheduled"
    assert services.table_advance(table_id=table.pk, version=version)
    assert services.table_advance(table_id=table.pk, version=version) is False  # delivered twice
    assert services.table_advance(table_id=table.pk, version=version - 1) is False  # late
    assert fresh(table).version == version + 1
    assert TableAction.objects.filter(table=table).count() == version + 1


def test_early_task_does_not_play(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    settings.TUTE_BOT_DELAY = 30
    table = fresh(open_table(ana, fill_with_bots=True, bot_level="random", turn_seconds=0))
    if table_state.match_at(table).current_player() == 0:
        play_first_legal(table, ana)
        table = fresh(table)
    assert table.deadline_kind == Table.DeadlineKind.BOT
    assert services.table_advance(table_id=table.pk, version=table.version) is False
    assert fresh(table).version == table.version
    later = table.deadline + timedelta(seconds=1)
    assert services.table_advance(table_id=table.pk, version=table.version, now=later)


def test_watchdog_plays_moves_whose_task_was_lost(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = fresh(open_table(ana, fill_with_bots=True, bot_level="random", turn_seconds=0))
    if table_state.match_at(table).current_player() == 0:
        play_first_legal(table, ana)
        table = fresh(table)
    scheduler.MANUAL_QUEUE.clear()  # the broker lost the task
    assert services.tables_run_overdue() == 0  # not overdue yet: within the grace period
    later = timezone.now() + timedelta(seconds=settings.TUTE_WATCHDOG_GRACE + 2)
    assert services.tables_run_overdue(now=later) == 1
    assert fresh(table).version == table.version + 1


def test_turn_timer_lets_a_bot_play_and_the_player_takes_the_seat_back(
    ana: Any, settings: Any
) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = fresh(open_table(ana, fill_with_bots=True, bot_level="heuristic", turn_seconds=30))
    scheduler.run_manual()
    table = fresh(table)
    assert table.deadline_kind == Table.DeadlineKind.TURN  # ana's turn, on the clock
    version = table.version
    assert not services.table_advance(table_id=table.pk, version=version)  # not yet
    expired = table.deadline + timedelta(seconds=1)
    assert services.table_advance(table_id=table.pk, version=version, now=expired)
    entry = TableAction.objects.get(table=table, index=version)
    assert (entry.seat, entry.actor) == (0, TableAction.Actor.TIMEOUT)
    seat = Seat.objects.get(table=table, position=0)
    assert seat.away and seat.timeouts == 1
    assert SeatTimeout.objects.filter(table=table, user=ana, version=version).exists()
    # While she is away, the bot keeps playing her seat, at bot pace.
    while table_state.match_at(fresh(table)).current_player() != 0:
        scheduler.run_manual(limit=1)
    table = fresh(table)
    assert table.deadline_kind == Table.DeadlineKind.BOT
    scheduler.run_manual(limit=1)
    entry = TableAction.objects.get(table=table, index=table.version)
    assert (entry.seat, entry.actor) == (0, TableAction.Actor.AWAY)
    services.table_take_back(table_id=table.pk, user=ana)
    assert not Seat.objects.get(table=table, position=0).away
    assert not view_for(table, ana).you_away


def test_repeated_timeouts_are_counted(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = fresh(open_table(ana, fill_with_bots=True, bot_level="heuristic", turn_seconds=30))
    for _ in range(2):
        scheduler.run_manual()  # the bots play up to ana's turn
        table = fresh(table)
        assert table.deadline_kind == Table.DeadlineKind.TURN
        services.table_advance(
            table_id=table.pk, version=table.version, now=table.deadline + timedelta(seconds=1)
        )
        services.table_take_back(table_id=table.pk, user=ana)
    seat = Seat.objects.get(table=table, position=0)
    assert seat.timeouts == 2
    assert SeatTimeout.objects.filter(table=table).count() == 2


def test_leaving_during_play_hands_the_seat_to_a_bot(ana: Any, settings: Any) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = fresh(human_table(ana))
    scheduler.run_manual()
    table = fresh(table)
    assert table_state.match_at(table).current_player() == 0
    services.table_leave(table_id=table.pk, user=ana)
    table = fresh(table)
    assert table.deadline_kind == Table.DeadlineKind.BOT  # ana was on turn: a bot plays for her
    scheduler.run_manual(limit=1)
    entry = TableAction.objects.get(table=table, index=table.version)
    assert (entry.seat, entry.actor) == (0, TableAction.Actor.AWAY)


# ----------------------------------------------------------------------------- records


def test_a_whole_match_keeps_hands_and_announces_the_result(ana: Any) -> None:
    received: list[dict[str, Any]] = []

    def listener(sender: Any, **kwargs: Any) -> None:
        received.append(kwargs)

    match_finished.connect(listener, dispatch_uid="test-listener")
    try:
        table = fresh(human_table(ana))
        while table.status == Table.Status.PLAYING:
            play_first_legal(table, ana)
            table = fresh(table)
    finally:
        match_finished.disconnect(dispatch_uid="test-listener")
    assert table.status == Table.Status.FINISHED
    assert table.finished_at and table.deadline is None
    assert table.result["places"] and table.record["kind"] == "match"
    hands = list(HandRecord.objects.filter(table=table))
    assert len(hands) == table.result["hands_played"]
    assert [h.number for h in hands] == list(range(len(hands)))
    assert len(received) == 1
    assert set(received[0]) == {"outcome", "signal"}
    outcome = received[0]["outcome"]
    assert outcome.table_id == table.pk and outcome.variant == "cabrero"
    assert outcome.seat_users == [ana.pk, None, None, None]
    assert list(outcome.places) == table.result["places"]
    assert outcome.rated is False
    assert outcome.record == table.record
    with pytest.raises(errors.TableNotPlayingError):
        services.table_act(table_id=table.pk, user=ana, action="1O", version=table.version)


def test_cache_is_never_needed(ana: Any) -> None:
    table = fresh(human_table(ana))
    for _ in range(3):
        play_first_legal(table, ana)
    cached = table_state.match_at(fresh(table))
    table_state.clear()
    rebuilt = table_state.match_at(fresh(table))
    assert rebuilt.log == cached.log
    assert rebuilt.observation(0) == cached.observation(0)
