"""games.selectors.outcomes: the TableOutcome a finished or abandoned table leaves games with."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from games import services, table_state
from games.live import scheduler
from games.models import HandRecord, Table
from games.outcome import OutcomeStatus, TableOutcome
from games.selectors.outcomes import hand_outcome, table_outcome
from games.signals import match_finished, table_abandoned

from .helpers import fresh, people_table, play_first_legal

pytestmark = pytest.mark.django_db(transaction=True)


class Heard:
    """The ``outcome`` keyword of every sending of a signal during a block."""

    def __init__(self, signal: Any) -> None:
        self.signal = signal
        self.outcomes: list[TableOutcome] = []

    def __call__(self, sender: Any, **kwargs: Any) -> None:
        self.outcomes.append(kwargs["outcome"])

    def __enter__(self) -> Heard:
        self.signal.connect(self, weak=False)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.signal.disconnect(self)


def bots_table(ana: Any, **options: Any) -> Table:
    return fresh(
        services.table_create(
            creator=ana,
            variant="cabrero",
            players=4,
            options=options,
            fill_with_bots=True,
            bot_level="heuristic",
            turn_seconds=0,
        )
    )


def play_out(table: Table, user: Any) -> Table:
    table = fresh(table)
    while table.status == Table.Status.PLAYING:
        play_first_legal(table, user)
        table = fresh(table)
    return table


def test_a_finished_table_against_bots_agrees_with_its_result(ana: Any) -> None:
    with Heard(match_finished) as heard:
        table = play_out(bots_table(ana), ana)
    assert table.status == Table.Status.FINISHED
    assert len(heard.outcomes) == 1
    outcome = heard.outcomes[0]
    assert outcome == table_outcome(table.pk)
    assert outcome.status is OutcomeStatus.FINISHED and outcome.is_finished
    assert (outcome.table_id, outcome.variant, outcome.players) == (table.pk, "cabrero", 4)
    assert outcome.sides == ((0,), (1,), (2,), (3,))
    assert outcome.places == tuple(table.result["places"])
    assert outcome.winners == tuple(table.result["winners"])
    assert [s.place for s in outcome.seats] == table.result["places"]
    assert outcome.seat_users == [ana.pk, None, None, None]
    assert outcome.bot_levels == {1: "heuristic", 2: "heuristic", 3: "heuristic"}
    assert outcome.timeouts == {0: 0, 1: 0, 2: 0, 3: 0}
    assert not outcome.absent_seats
    assert not any(s.replaced_by_bot for s in outcome.seats)
    assert outcome.result == table.result and outcome.record == table.record
    assert outcome.finished_at == table.finished_at
    assert (outcome.rated, outcome.private) == (False, False)
    assert (outcome.source_kind, outcome.source_id) == ("", None)
    rows = list(HandRecord.objects.filter(table=table).order_by("number"))
    assert [h.number for h in outcome.hands] == [r.number for r in rows]
    assert len(outcome.hands) == table.result["hands_played"]
    for hand, row in zip(outcome.hands, rows, strict=True):
        assert not hand.playoff and hand.seats == (0, 1, 2, 3)
        assert hand.result == row.result
    assert outcome.full_hands == list(outcome.hands)


def test_a_playoff_hand_is_given_in_table_seats(ana: Any) -> None:
    # The deal is random: most matches end with two survivors and their playoff hand, but a
    # hand that retires two players at once can leave one; play until a match has the playoff.
    for _ in range(8):
        table = play_out(bots_table(ana, playoff=True), ana)
        outcome = table_outcome(table.pk)
        assert outcome is not None
        playoff = [h for h in outcome.hands if h.playoff]
        assert len(playoff) <= 1
        if playoff:
            break
    assert len(playoff) == 1, "no four-player Cabrero match with a playoff reached one"
    hand = playoff[0]
    assert hand.number == len(outcome.hands) - 1
    row = HandRecord.objects.get(table=table, number=hand.number)
    survivors = tuple(row.record["context"]["seats"])
    assert hand.seats == survivors and len(row.result["points"]) == 2
    assert len(hand.result["points"]) == 4
    for local, seat in enumerate(survivors):
        assert hand.result["points"][seat] == row.result["points"][local]
    assert {*hand.result["winners"], *hand.result["losers"]} <= set(survivors)
    assert all(c["seat"] in survivors for c in hand.result["cantos"])
    assert outcome.full_hands == list(outcome.hands[:-1])


def test_hand_outcome_maps_a_two_seat_hand_to_table_seats() -> None:
    record = {"context": {"seats": [3, 1]}}
    result = {
        "points": [10, 120],
        "card_points": [10, 100],
        "tricks": [1, 19],
        "cantos": [{"seat": 1, "suit": "O", "points": 20, "tute": False}],
        "losers": [0],
        "winners": [1],
        "capote": None,
        "tute": None,
    }
    hand = hand_outcome(7, record, result, 4)
    assert hand.playoff and hand.seats == (3, 1) and hand.number == 7
    assert hand.result["points"] == [0, 120, 0, 10]
    assert hand.result["tricks"] == [0, 19, 0, 1]
    assert (hand.result["winners"], hand.result["losers"]) == ([1], [3])
    assert hand.result["cantos"] == [{"seat": 1, "suit": "O", "points": 20, "tute": False}]
    full = hand_outcome(0, {"context": {}}, {"points": [1, 2, 3, 4]}, 4)
    assert not full.playoff and full.seats == (0, 1, 2, 3)


def test_a_seat_that_timed_out_and_never_played_is_absent(
    ana: Any, bruno: Any, settings: Any
) -> None:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = people_table(ana, bruno, turn_seconds=30)
    timed_out_at = None
    for _ in range(200):
        scheduler.run_manual()
        table = fresh(table)
        if timed_out_at is not None and table.version > timed_out_at + 4:
            break  # bots have played Bruno's seat since
        seat = table_state.match_at(table).current_player()
        if table.deadline_kind != Table.DeadlineKind.TURN:
            continue
        if seat == 0:
            play_first_legal(table, ana)
        elif seat == 1:
            assert services.table_advance(
                table_id=table.pk,
                version=table.version,
                now=table.deadline + timedelta(seconds=1),
            )
            timed_out_at = table.version
    assert timed_out_at is not None and table.is_playing
    with Heard(table_abandoned) as heard:
        services.table_abandon(table_id=table.pk, user=None, reason="Bruno never came")
    outcome = heard.outcomes[0]
    assert outcome == table_outcome(table.pk)
    ana_seat, bruno_seat = outcome.seats[0], outcome.seats[1]
    assert (bruno_seat.user_id, bruno_seat.timeouts) == (bruno.pk, 1)
    assert bruno_seat.absent and bruno_seat.replaced_by_bot
    assert not ana_seat.absent and not ana_seat.replaced_by_bot and ana_seat.timeouts == 0
    assert outcome.absent_seats == {1}
    assert not outcome.seats[2].replaced_by_bot  # a bot's own seat is not "replaced"


def test_an_abandoned_table_says_who_stopped_it_and_why(ana: Any) -> None:
    table = bots_table(ana)
    play_first_legal(table, ana)
    with Heard(table_abandoned) as heard, Heard(match_finished) as finished:
        services.table_abandon(table_id=table.pk, user=ana, reason="Dinner time")
    assert finished.outcomes == []
    row = fresh(table)
    outcome = heard.outcomes[0]
    assert outcome == table_outcome(table.pk)
    assert outcome.status is OutcomeStatus.ABANDONED and not outcome.is_finished
    assert (outcome.reason, outcome.abandoned_by, outcome.version) == (
        "Dinner time",
        ana.pk,
        row.version,
    )
    assert outcome.places == () and outcome.winners == () and outcome.result is None
    assert outcome.record is None and outcome.finished_at == row.finished_at
    assert outcome.seat_users == [ana.pk, None, None, None]
    assert len(outcome.hands) == HandRecord.objects.filter(table=table).count()


def test_a_table_closed_before_its_game_is_cancelled(ana: Any) -> None:
    table = services.table_create(creator=ana, variant="cabrero", players=4)
    assert table_outcome(table.pk) is None  # still open
    with Heard(table_abandoned) as heard:
        services.table_abandon(table_id=table.pk, user=ana, reason="")
    outcome = heard.outcomes[0]
    assert outcome.status is OutcomeStatus.CANCELLED
    assert outcome.version == 0 and outcome.hands == () and outcome.abandoned_by == ana.pk
    assert outcome.seat_users == [ana.pk, None, None, None]


def test_no_outcome_for_a_table_in_play_or_unknown(ana: Any) -> None:
    assert table_outcome(bots_table(ana).pk) is None
    assert table_outcome(987654) is None
