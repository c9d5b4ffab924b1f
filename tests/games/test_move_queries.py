"""How many database statements one move costs: a person's card and a bot's move.

A move holds its table's row lock while it talks to the database, so every statement is a
round trip all the table's other moves wait for. These counts are the budget; a change that
adds a statement to the hot path makes them fail (lower them when a change saves one).
Measured through the real services on a four-player Cabrero table of a person and three bots.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services, snapshots
from games.live import scheduler
from games.models import HandRecord, Seat, Table, TableAction
from games.services import play

from .helpers import fresh, view_for

pytestmark = pytest.mark.django_db(transaction=True)

#: Statements (with the transaction's BEGIN and COMMIT) per database, before these counts
#: were kept: a person's card 5 on PostgreSQL (BEGIN, SELECT ... FOR UPDATE, INSERT, UPDATE,
#: COMMIT), a bot's move 7 (two reads before thinking, then the same five).
BUDGET = {
    # a person's card on the snapshot this process holds: UPDATE+INSERT, committed by itself
    # on PostgreSQL (BEGIN, UPDATE+INSERT, COMMIT until 2026-11-28); BEGIN, UPDATE, INSERT,
    # COMMIT on SQLite
    "person": {"postgresql": 1, "sqlite": 4},
    # a person's card without a snapshot: the locked read first
    "person_locked": {"postgresql": 4, "sqlite": 5},
    # a bot: one read before thinking, then UPDATE+INSERT committed by itself on PostgreSQL
    # (BEGIN, the locked read, UPDATE+INSERT, COMMIT until 2026-11-28, as still on SQLite)
    "bot": {"postgresql": 2, "sqlite": 6},
}


def budget(kind: str) -> int:
    return BUDGET[kind][connection.vendor]


def _table(ana: Any, settings: Any) -> Table:
    """Ana and three heuristic bots; bot moves wait in the manual queue."""
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = services.table_create(
        creator=ana,
        variant="cabrero",
        players=4,
        fill_with_bots=True,
        bot_level="heuristic",
        turn_seconds=0,
    )
    return fresh(table)


def _bots_until_ana(table: Table, ana: Any) -> None:
    for _ in range(8):
        if view_for(table, ana).your_turn:
            return
        scheduler.run_manual(limit=1)
    raise AssertionError("Ana's turn never came")


def _a_bot_to_play(ana: Any, settings: Any) -> Table:
    """The table of :func:`_table` once Ana has played until a bot is to play (she may win
    the trick and lead again)."""
    table = _table(ana, settings)
    scheduler.run_manual(limit=1)
    for _ in range(20):
        table = fresh(table)
        if table.deadline_kind == Table.DeadlineKind.BOT:
            return table
        view = view_for(table, ana)
        services.table_act(table_id=table.pk, user=ana, action=view.legal[0], version=view.version)
    raise AssertionError("no bot's turn came")


def _statements(ctx: CaptureQueriesContext) -> list[str]:
    """The statements sent, without the transaction's own (savepoints)."""
    return [q["sql"] for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"].upper()]


@pytest.mark.parametrize("kind", ["person", "person_locked"])
def test_a_persons_card_costs_a_fixed_number_of_statements(
    ana: Any, settings: Any, kind: str
) -> None:
    table = _table(ana, settings)
    scheduler.run_manual(limit=1)  # the deal is shown; bots play up to Ana
    _bots_until_ana(table, ana)
    view = view_for(table, ana)
    assert view.your_turn
    if kind == "person_locked":
        snapshots.clear_snapshots()
    card = next(a for a in view.legal if a[0].isdigit())
    with CaptureQueriesContext(connection) as ctx:
        result = services.table_act(table_id=table.pk, user=ana, action=card, version=view.version)
    assert result.version == view.version + 1
    assert not result.hand_ended
    assert TableAction.objects.filter(table=table, index=view.version, action=card).exists()
    sent = _statements(ctx)
    assert len(sent) == budget(kind), "\n".join(sent)


def test_a_bot_move_costs_a_fixed_number_of_statements(ana: Any, settings: Any) -> None:
    table = _a_bot_to_play(ana, settings)
    snapshots.clear_snapshots()
    later = timezone.now() + timezone.timedelta(seconds=1)
    with CaptureQueriesContext(connection) as ctx:
        played = services.table_advance(table_id=table.pk, version=table.version, now=later)
    assert played
    assert fresh(table).version == table.version + 1
    sent = _statements(ctx)
    assert len(sent) == budget("bot"), "\n".join(sent)


def test_a_snapshot_behind_the_database_falls_back_to_the_locked_path(
    ana: Any, settings: Any
) -> None:
    """Another process changed the table (here: marked Ana away, as her turn timer would)
    after this process's snapshot: the write on the snapshot matches nothing, and the move
    is decided again under the lock, from the database."""
    table = _table(ana, settings)
    scheduler.run_manual(limit=1)
    _bots_until_ana(table, ana)
    view = view_for(table, ana)  # this process's snapshot: Ana present
    table = fresh(table)
    Seat.objects.filter(table=table, user=ana).update(away=True)
    Table.objects.filter(pk=table.pk).update(revision=F("revision") + 1)
    with CaptureQueriesContext(connection) as ctx:
        result = services.table_act(
            table_id=table.pk, user=ana, action=view.legal[0], version=view.version
        )
    assert result.version == view.version + 1
    after = fresh(table)
    assert after.revision == table.revision + 2
    assert not Seat.objects.get(table=table, user=ana).away  # taken back by playing
    row = TableAction.objects.get(table=table, index=view.version)
    assert row.actor == TableAction.Actor.PLAYER
    sent = _statements(ctx)
    assert len(sent) > budget("person_locked"), "\n".join(sent)  # the attempt, then locked


def test_the_card_that_ends_a_hand_is_written_with_its_record(
    make_user: Any, settings: Any
) -> None:
    """Four people: every card goes through the snapshot's write. A card in the middle of a
    hand is its one statement (on PostgreSQL, outside any transaction); the card that ends
    the hand is written in one transaction with the hand's record, so that neither is ever
    stored without the other."""
    settings.TUTE_TABLE_SCHEDULER = "manual"
    users = [make_user() for _ in range(4)]
    table = services.table_create(
        creator=users[0], variant="cabrero", players=4, turn_seconds=0, seed=3
    )
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    scheduler.run_manual()
    by_seat = {s.position: s.user for s in fresh(table).seats.select_related("user")}
    ended = None
    for _ in range(60):
        snapshot = snapshots.table_snapshot(table_id=table.pk)
        user = by_seat[snapshot.match.current_player()]
        view = view_for(table, user)
        with CaptureQueriesContext(connection) as ctx:
            result = services.table_act(
                table_id=table.pk, user=user, action=view.legal[0], version=view.version
            )
        sent = _statements(ctx)
        if result.hand_ended:
            ended = (view.version, sent)
            break
        assert len(sent) == budget("person"), "\n".join(sent)
    assert ended is not None, "no hand ended"
    version, sent = ended
    assert HandRecord.objects.filter(table=table, number=0).exists()
    assert fresh(table).version == version + 1
    if connection.vendor == "postgresql":
        assert sent[0].upper().startswith("BEGIN") and sent[-1].upper().startswith("COMMIT")
        assert any("hand" in q.lower() and q.upper().startswith("INSERT") for q in sent[1:-1])


def test_a_table_that_changed_while_the_bot_thought_is_played_under_the_lock(
    ana: Any, settings: Any, monkeypatch: Any
) -> None:
    """Another change of the table (here a bare revision bump, as a chat line or a seat's
    change made elsewhere would be) lands while the bot thinks: its write matches nothing
    and the move is decided again under the row lock, and played once."""
    table = _a_bot_to_play(ana, settings)
    think = play.choose_action

    def think_while_the_table_changes(*args: Any, **kwargs: Any) -> str:
        chosen = think(*args, **kwargs)
        Table.objects.filter(pk=table.pk).update(revision=F("revision") + 1)
        return chosen

    monkeypatch.setattr(play, "choose_action", think_while_the_table_changes)
    later = timezone.now() + timezone.timedelta(seconds=1)
    with CaptureQueriesContext(connection) as ctx:
        played = services.table_advance(table_id=table.pk, version=table.version, now=later)
    assert played
    after = fresh(table)
    assert after.version == table.version + 1
    assert after.revision == table.revision + 2  # the bump, then the move
    assert TableAction.objects.filter(table=table, index=table.version).count() == 1
    if connection.vendor == "postgresql":  # the attempt, then the locked way
        assert len(_statements(ctx)) > budget("bot")
