"""Helpers shared by the live-table tests."""

from __future__ import annotations

import re
from typing import Any

from games import presenters, services, snapshots, table_state
from games.engine import parse_action
from games.engine.cards import NOTATION
from games.models import Table

CARD_RE = re.compile(r"(?<![0-9A-Za-z])(1[0-2]|[1-7])([OCEB])(?![0-9A-Za-z])")


def fresh(table: Table | int) -> Table:
    return Table.objects.get(pk=table if isinstance(table, int) else table.pk)


def view_for(table: Table | int, user: Any) -> presenters.TableView:
    snapshot = snapshots.table_snapshot(table_id=table if isinstance(table, int) else table.pk)
    return presenters.table_view(snapshot=snapshot, user=user)


def play_first_legal(table: Table | int, user: Any) -> services.ActResult:
    view = view_for(table, user)
    assert view.your_turn, "not this player's turn"
    return services.table_act(
        table_id=view.table.pk, user=user, action=view.legal[0], version=view.version
    )


def hidden_cards(table: Table, seat: int | None) -> set[str]:
    """Cards the viewer of ``seat`` must not see now: every other seat's hand."""
    match = table_state.match_at(fresh(table))
    hand = match.hand
    out: set[str] = set()
    for other in range(hand.n):
        if seat is not None and other == _local(match, seat):
            continue
        out.update(hand.hand_of(other))
    return out


def _local(match: Any, seat: int) -> int:
    obs = match.observation(None)
    playoff = obs.get("playoff_seats")
    if playoff:
        return list(playoff).index(seat) if seat in playoff else -1
    return seat


def cards_in(text: str) -> set[str]:
    """The cards ``text`` shows: named anywhere but in the page's sprite, which holds the
    drawings of all 40 (a page's constant, the same for everyone: it shows none)."""
    from games.templatetags.cards import sprite_svg

    text = text.replace(sprite_svg(), "")
    return {m.group(0) for m in CARD_RE.finditer(text)} & set(NOTATION)


def fast_forward(table: Table) -> Table:
    """Play the rest of a table's match in the engine alone (heuristic bots in every seat) and
    store it as the services would: the log, the finished hands, the result and the record.

    For tests of what a finished table looks like; the real path is tested on its own.
    """
    from django.utils import timezone

    from games.engine import action_to_notation
    from games.engine.bots import choose_action
    from games.engine.records import hand_record, match_record
    from games.models import HandRecord, TableAction

    table = fresh(table)
    match = table_state.match_at(table)
    rows = []
    hands = []
    while not match.is_terminal():
        seat = match.current_player()
        before = len(match.hands)
        notation = choose_action(
            "heuristic", match.observation(seat, memory=True), seed=len(match.log)
        )
        match.apply_action(parse_action(notation), seat)
        rows.append(
            TableAction(
                table=table,
                index=len(match.log) - 1,
                hand_number=before - 1,
                seat=seat,
                action=action_to_notation(parse_action(notation)),
                actor=TableAction.Actor.BOT,
            )
        )
        if len(match.hands) > before or match.is_terminal():
            hand = match.hands[before - 1]
            hands.append(
                HandRecord(
                    table=table,
                    number=before - 1,
                    record=hand_record(hand),
                    result=hand.result().to_json(),
                )
            )
    TableAction.objects.bulk_create(rows)
    HandRecord.objects.bulk_create(hands)
    Table.objects.filter(pk=table.pk).update(
        version=len(match.log),
        revision=table.revision + 1,
        status=Table.Status.FINISHED,
        finished_at=timezone.now(),
        result=match.result().to_json(),
        record=match_record(match),
        deadline=None,
        deadline_kind="",
    )
    table_state.clear()
    return fresh(table)


def people_table(ana: Any, bruno: Any, **kwargs: Any) -> Table:
    """A Cabrero table of Ana (the creator), Bruno and two heuristic bots, no turn timer."""
    kwargs.setdefault("turn_seconds", 0)
    return fresh(
        services.table_create(
            creator=ana,
            variant="cabrero",
            players=4,
            seats=[
                services.SeatSpec(user=ana),
                services.SeatSpec(user=bruno),
                services.SeatSpec(bot_level="heuristic"),
                services.SeatSpec(bot_level="heuristic"),
            ],
            **kwargs,
        )
    )


def bench_result(**changes: Any) -> dict[str, Any]:
    """The figures of a ``bench_tables`` run, as :func:`games.bench.runner.run` returns them
    (two tables of four, one server, one client), with ``changes``; for the report's tests."""
    from games.bench.runner import percentiles

    lat = percentiles([0.01, 0.02])
    result: dict[str, Any] = {
        "tables": 2,
        "think": 0.0,
        "bot_tables": 0,
        "bot_delay": 1.0,
        "spectators": 0,
        "spectator_tables": 0,
        "sockets": 8,
        "sockets_ready": 8,
        "processes": 1,
        "client_processes": 1,
        "cpus": 2,
        "load_before": (1.0, 1.0, 1.0),
        "load": (1.5, 1.0, 1.0),
        "committed_actions_per_s": 100.0,
        "people_actions_per_s": 100.0,
        "frames_per_s": 400.0,
        "frame_chars_mean": 16000.0,
        "tables_moving": 2,
        "tables_all": 2,
        "latency_own_ms": lat,
        "latency_table_ms": lat,
        "client_loop_lag_ms": {},
        "errors": {},
        "stalled_tables": [],
        "cpu": {"server 0": 0.5, "machine": 0.6},
    }
    result.update(changes)
    return result
