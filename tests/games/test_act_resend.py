"""A person's move sent more than once (a double click, a frame resent after a reconnection,
two sockets of the same player) is stored once: the write on this process's snapshot and the
locked write both match the table's version, so the second copy is refused as stale and the
log holds one action of hers for that version. (Looked for when a browser run counted an
action of hers too many.)"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import close_old_connections, connection

from games import errors as e
from games import services, snapshots
from games.live import scheduler
from games.models import Table, TableAction

from .helpers import fresh, view_for

pytestmark = pytest.mark.django_db(transaction=True)


def _anas_turn(ana: Any, settings: Any) -> Table:
    settings.TUTE_TABLE_SCHEDULER = "manual"
    table = services.table_create(
        creator=ana,
        variant="cabrero",
        players=4,
        fill_with_bots=True,
        bot_level="heuristic",
        turn_seconds=0,
    )
    scheduler.run_manual(limit=1)
    for _ in range(8):
        if view_for(table, ana).your_turn:
            return fresh(table)
        scheduler.run_manual(limit=1)
    raise AssertionError("Ana's turn never came")


def _hers(table: Table) -> list[tuple[int, str]]:
    rows = TableAction.objects.filter(table=table, seat=0, actor=TableAction.Actor.PLAYER)
    return list(rows.values_list("index", "action"))


@pytest.mark.parametrize("drop_snapshot", [False, True], ids=["on_snapshot", "locked"])
def test_the_same_move_sent_twice_is_stored_once(
    ana: Any, settings: Any, drop_snapshot: bool
) -> None:
    table = _anas_turn(ana, settings)
    view = view_for(table, ana)
    card = next(a for a in view.legal if a[0].isdigit())
    before = _hers(table)
    services.table_act(table_id=table.pk, user=ana, action=card, version=view.version)
    if drop_snapshot:
        snapshots.clear_snapshots()  # the resend decided under the lock, from the database
    with pytest.raises(e.StaleVersionError):
        services.table_act(table_id=table.pk, user=ana, action=card, version=view.version)
    assert fresh(table).version == view.version + 1
    assert _hers(table) == [*before, (view.version, card)]


def test_a_late_resend_when_her_turn_has_come_again_is_not_a_second_move(
    ana: Any, settings: Any
) -> None:
    """The copy arrives when it is her turn again (the bots have played round): it still
    names the version she played at, so it cannot become her next card."""
    table = _anas_turn(ana, settings)
    view = view_for(table, ana)
    card = next(a for a in view.legal if a[0].isdigit())
    services.table_act(table_id=table.pk, user=ana, action=card, version=view.version)
    for _ in range(8):
        if view_for(table, ana).your_turn:
            break
        scheduler.run_manual(limit=1)
    now = view_for(table, ana)
    assert now.your_turn and now.version > view.version
    with pytest.raises(e.StaleVersionError):
        services.table_act(table_id=table.pk, user=ana, action=card, version=view.version)
    assert fresh(table).version == now.version
    assert (view.version, card) in _hers(table)
    assert not TableAction.objects.filter(table=table, index__gte=now.version).exists()


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="parallel writers: PostgreSQL")
def test_two_sockets_sending_the_same_move_at_once_store_it_once(ana: Any, settings: Any) -> None:
    table = _anas_turn(ana, settings)
    view = view_for(table, ana)
    card = next(a for a in view.legal if a[0].isdigit())
    before = _hers(table)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def send() -> None:
        start.wait()
        try:
            services.table_act(table_id=table.pk, user=ana, action=card, version=view.version)
            outcomes.append("stored")
        except e.StaleVersionError:
            outcomes.append("stale")
        finally:
            close_old_connections()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == ["stale", "stored"]
    assert _hers(table) == [*before, (view.version, card)]
    assert connection.vendor == "postgresql"
