"""Hand analysis on the platform: the task at each hand's end (people's seats only), requests
for older hands, and who may see it (nobody while the match is being played)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services
from games.analysis_models import HandAnalysis
from games.engine import analysis as engine_analysis
from games.errors import TableNotFoundError
from games.models import HandRecord, Table
from games.services import analysis

from .helpers import fast_forward, fresh, people_table, view_for

pytestmark = pytest.mark.django_db(transaction=True)


def play_one_hand(table: Table, people: dict[int, Any]) -> HandRecord:
    """Play the first hand through the services (the people take their first legal move; the
    bots play at once with the immediate scheduler)."""
    while not HandRecord.objects.filter(table=table).exists():
        seat = view_for(table, None).turn
        user = people[seat]
        view = view_for(table, user)
        services.table_act(table_id=table.pk, user=user, action=view.legal[0], version=view.version)
    return HandRecord.objects.get(table=table, number=0)


@pytest.fixture
def fast_analysis(settings: Any) -> None:
    settings.TUTE_ANALYSIS_AUTO = True
    settings.TUTE_ANALYSIS_DEALS = 4


def test_a_hand_played_through_the_services_is_analysed_for_its_people(
    ana: Any, bruno: Any, fast_analysis: None
) -> None:
    table = people_table(ana, bruno)
    record = play_one_hand(table, {0: ana, 1: bruno})
    rows = {row.seat: row for row in HandAnalysis.objects.filter(hand=record)}
    assert sorted(rows) == [0, 1]  # the bots' seats 2 and 3 are not analysed
    for seat, row in rows.items():
        assert row.status == HandAnalysis.Status.DONE, row.error
        assert row.engine_version == analysis.engine_version()
        stored = engine_analysis.HandAnalysis.from_json(row.data)
        assert stored.seat == seat and stored.variant == "cabrero"
        actions = record.record["actions"]
        for decision in stored.decisions:
            assert actions[decision.step] == decision.played  # steps index the record
            assert decision.played in {a.action for a in decision.alternatives}


def test_nothing_is_analysed_at_hand_end_when_the_setting_is_off(ana: Any, bruno: Any) -> None:
    table = people_table(ana, bruno)
    record = play_one_hand(table, {0: ana, 1: bruno})
    assert not HandAnalysis.objects.filter(hand=record).exists()


def test_analysis_is_served_only_once_the_match_is_over(
    ana: Any, bruno: Any, make_user: Any, fast_analysis: None
) -> None:
    table = people_table(ana, bruno)
    record = play_one_hand(table, {0: ana, 1: bruno})
    stranger = make_user("carla")
    assert fresh(table).status == Table.Status.PLAYING
    for user in (ana, bruno, stranger):  # players and spectators alike: nothing during play
        assert not analysis.may_see(table=fresh(table), user=user)
        with pytest.raises(analysis.AnalysisNotOpenError):
            analysis.check_readable(table=fresh(table), user=user)
        with pytest.raises(analysis.AnalysisNotOpenError):
            analysis.request_analysis(table=fresh(table), record=record, seat=0, user=user)
    table = fast_forward(table)
    for user in (ana, bruno, stranger):  # a public table: everyone logged in, once over
        assert analysis.may_see(table=table, user=user)


def test_private_tables_only_for_their_players(ana: Any, bruno: Any, make_user: Any) -> None:
    table = fast_forward(people_table(ana, bruno, is_private=True))
    stranger = make_user("carla")
    assert analysis.may_see(table=table, user=ana)
    assert not analysis.may_see(table=table, user=stranger)
    with pytest.raises(TableNotFoundError):
        analysis.check_readable(table=table, user=stranger)


def test_request_for_an_older_hand_computes_it_once(
    ana: Any, bruno: Any, make_user: Any, settings: Any
) -> None:
    settings.TUTE_ANALYSIS_DEALS = 4
    table = fast_forward(people_table(ana, bruno))
    record = HandRecord.objects.get(table=table, number=1)
    stranger = make_user("carla")
    row = analysis.request_analysis(table=table, record=record, seat=1, user=stranger)
    row.refresh_from_db()
    assert row.status == HandAnalysis.Status.DONE and row.seat == 1
    first = row.finished_at
    again = analysis.request_analysis(table=table, record=record, seat=1, user=ana)
    again.refresh_from_db()
    assert again.pk == row.pk and again.finished_at == first  # not computed twice
    assert HandAnalysis.objects.filter(hand=record).count() == 1


def test_bad_requests_say_why(ana: Any, bruno: Any) -> None:
    table = fast_forward(people_table(ana, bruno))
    record = HandRecord.objects.get(table=table, number=0)
    with pytest.raises(analysis.NotAPersonSeatError) as info:
        analysis.request_analysis(table=table, record=record, seat=2, user=ana)  # a bot
    assert "people" in info.value.message
    with pytest.raises(analysis.NotAPersonSeatError):
        analysis.request_analysis(table=table, record=record, seat=9, user=ana)
    assert not HandAnalysis.objects.exists()


def test_an_abandoned_tables_hands_are_not_analysed(ana: Any, bruno: Any) -> None:
    table = people_table(ana, bruno)
    record = play_one_hand(table, {0: ana, 1: bruno})
    services.table_abandon(table_id=table.pk, user=None, reason="")
    table = fresh(table)
    assert table.status == Table.Status.ABANDONED
    with pytest.raises(analysis.AbandonedTableError) as info:
        analysis.request_analysis(table=table, record=record, seat=0, user=ana)
    assert "abandoned" in info.value.message
    assert not analysis.may_see(table=table, user=ana)


def test_an_engine_failure_is_stored_not_raised(ana: Any, bruno: Any) -> None:
    table = fast_forward(people_table(ana, bruno))
    record = HandRecord.objects.get(table=table, number=0)
    row = HandAnalysis.objects.create(hand=record, seat=0)

    def broken(*args: Any, **kwargs: Any) -> dict[str, Any]:
        return {"variant": "cabrero"}  # not an analysis: must not be stored as one

    assert analysis.compute(row.pk, run=broken) is False
    row.refresh_from_db()
    assert row.status == HandAnalysis.Status.FAILED and row.data == {}


def test_a_failed_or_lost_analysis_may_be_asked_again(ana: Any, bruno: Any, settings: Any) -> None:
    settings.TUTE_ANALYSIS_DEALS = 4
    table = fast_forward(people_table(ana, bruno))
    record = HandRecord.objects.get(table=table, number=0)
    failed = HandAnalysis.objects.create(hand=record, seat=0, status="failed", error="boom")
    analysis.request_analysis(table=table, record=record, seat=0, user=ana)
    failed.refresh_from_db()
    assert failed.status == HandAnalysis.Status.DONE and failed.error == ""
    pending = HandAnalysis.objects.create(hand=record, seat=1)  # under way: left alone
    analysis.request_analysis(table=table, record=record, seat=1, user=ana)
    pending.refresh_from_db()
    assert pending.status == HandAnalysis.Status.PENDING
    long_ago = timezone.now() - timedelta(seconds=analysis.PENDING_TIMEOUT + 1)
    HandAnalysis.objects.filter(pk=pending.pk).update(requested_at=long_ago)  # a lost one
    analysis.request_analysis(table=table, record=record, seat=1, user=ana)
    pending.refresh_from_db()
    assert pending.status == HandAnalysis.Status.DONE


def test_a_playoff_hands_seats_are_the_hands_own(ana: Any, bruno: Any) -> None:
    """A Cabrero playoff is played by some of the table's seats: the engine is given the
    hand's own seat number, the row keeps the table's position."""
    table = fast_forward(people_table(ana, bruno))
    record = HandRecord(table=table, number=99, record={"players": 2, "context": {"seats": [3, 1]}})
    assert analysis.hand_positions(record) == [3, 1]
    assert analysis.local_seat(record, 1) == 1 and analysis.local_seat(record, 3) == 0
    assert analysis.person_seats(record) == [1]  # Bruno; seat 3 is a bot, Ana did not play it
    with pytest.raises(analysis.NotAPersonSeatError):
        analysis.local_seat(record, 0)


def test_a_seats_analysis_names_only_its_own_cards(ana: Any, bruno: Any, settings: Any) -> None:
    """What is stored for a seat names, at each decision, only cards that seat held then (its
    legal moves): nothing of the other hands, which it never saw."""
    from games.engine.records import replay

    settings.TUTE_ANALYSIS_DEALS = 4
    table = fast_forward(people_table(ana, bruno))
    record = HandRecord.objects.get(table=table, number=0)
    row = analysis.request_analysis(table=table, record=record, seat=1, user=ana)
    row.refresh_from_db()
    stored = engine_analysis.HandAnalysis.from_json(row.data)
    actions = record.record["actions"]
    checked = 0
    for decision in stored.decisions:
        hand = replay({**record.record, "actions": actions[: decision.step]})
        own = set(hand.hand_of(1))
        for alternative in decision.alternatives:
            if alternative.action[:1].isdigit():  # a card
                assert alternative.action in own
                checked += 1
    assert checked
