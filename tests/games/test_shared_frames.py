"""Spectators share one render per table revision and language, and it shows no hand.

The shared frame is rendered once for every socket that sees only the public table; a seated
player (and the table's creator, who may manage its seats) always gets a render of his own.
The end-to-end check over sockets is tests/games/test_hidden_info.py (its spectator's frames
are these shared ones).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from games import services, snapshots, table_state
from games.live import shared_frames
from games.live.consumers import render_state_frame
from games.models import Table

from .helpers import cards_in, fresh

pytestmark = pytest.mark.django_db(transaction=True)


def _playing_table(ana: Any) -> Table:
    table = services.table_create(
        creator=ana,
        variant="cabrero",
        players=4,
        fill_with_bots=True,
        bot_level="heuristic",
        turn_seconds=0,
    )
    table = fresh(table)
    assert table.status == Table.Status.PLAYING
    return table


def _hands(table: Table) -> tuple[set[str], set[str]]:
    """Every hand's cards less what the public view shows (the turned trump), and Ana's."""
    match = table_state.match_at(fresh(table))
    public = cards_in(json.dumps(match.public_observation()))
    every: set[str] = set()
    for seat in range(match.hand.n):
        every |= set(match.hand.hand_of(seat))
    return every - public, set(match.hand.hand_of(0)) - public


def test_spectators_share_one_render_that_holds_no_hand_card(ana: Any, make_user: Any) -> None:
    shared_frames.clear()
    table = _playing_table(ana)
    watchers = [make_user("watcher"), make_user("another"), AnonymousUser()]
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    hidden, anas = _hands(table)
    assert hidden and anas

    def render() -> dict[str, Any]:
        return render_state_frame(snapshot, user=None, language="en")

    before = shared_frames.renders()
    texts = []
    for watcher in watchers:
        assert shared_frames.sees_public_table(snapshot, watcher)
        text, revision = shared_frames.shared_frame_text(snapshot, "en", render)
        assert revision == table.revision
        texts.append(text)
    assert shared_frames.renders() == before + 1  # one render for the three sockets
    assert texts[0] is texts[1] is texts[2]
    frame = json.loads(texts[0])
    assert frame["seat"] is None and frame["legal"] == []
    assert not cards_in(texts[0] + frame["html"]) & hidden

    # another language is another render
    shared_frames.shared_frame_text(snapshot, "es", render)
    assert shared_frames.renders() == before + 2

    # the seated player never gets it; his own render shows his hand (the check above could fail)
    assert not shared_frames.sees_public_table(snapshot, ana)
    own = render_state_frame(snapshot, user=ana, language="en")
    assert cards_in(own["html"]) & anas


def test_the_creator_who_left_his_seat_gets_his_own_render(ana: Any, make_user: Any) -> None:
    bruno = make_user("bruno")
    table = services.table_create(creator=ana, variant="cabrero", players=4)
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    snapshot.seats[0].user_id = bruno.pk  # ana no longer sits, but still manages the table
    assert not shared_frames.sees_public_table(snapshot, ana)
    assert shared_frames.sees_public_table(snapshot, make_user("carla"))


def test_the_shared_state_in_parts_holds_no_hand_card(ana: Any, make_user: Any) -> None:
    """The parts protocol's spectators: the revision's shared parts hold no card of any hand
    (the frames of changed parts after moves: tests/games/test_render_socket.py)."""
    from games.live.states import frame_text, render_state

    shared_frames.clear()
    table = _playing_table(ana)
    hidden, _ = _hands(table)
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    state = shared_frames.shared_state(
        snapshot, "en", lambda: render_state(snapshot, user=None, language="en")
    )
    assert shared_frames.shared_state(snapshot, "en", _never) is state  # one render
    assert state.text == shared_frames.shared_state(snapshot, "en", _never).text
    full = frame_text(state.frame, state.parts, sent=None, as_parts=True)
    assert json.loads(full)["parts"] == state.parts
    assert not cards_in(full) & hidden
    assert "".join(state.parts) == json.loads(state.text)["html"]


def _never() -> Any:
    raise AssertionError("rendered twice")
