"""No frame ever carries a card the viewer may not see, nor a trick he may not look back on.

A whole match is played over the socket by seat 0 against three bots while a spectator
watches; every frame sent to either socket is recorded. For each frame the test replays the
log to the frame's version and checks that no card then in another seat's hand appears in it:
not as a notation (``12B``, anywhere: text, attributes, data-*, JSON) and not by name
(``king of batons``, e.g. in an aria-label). Nor does a card of a completed trick of the hand
in play other than the last one (RULES.md §1 "Looking back"; pages and the second deal of
Spanish tute for two: tests/games/test_looking_back.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.utils import translation

from games import messages, table_state
from games.engine import parse_action
from games.engine.cards import NOTATION
from games.models import Table, TableAction

from .helpers import cards_in, fresh
from .test_consumers import bot_table, next_frame, open_socket

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.usefixtures("close_db_threads"),
]


def hidden_by_version(table_id: int) -> list[list[set[str]]]:
    """``hidden[v][seat]``: the cards of every other seat's hand at version v (less those the
    public observation shows: the turned trump card the dealer holds); ``hidden[v][-1]``: every
    hand's, for a spectator."""
    table = fresh(table_id)
    match = table_state.new_match(table)
    actions = list(
        TableAction.objects.filter(table=table).order_by("index").values_list("seat", "action")
    )
    out = []
    for step in range(len(actions) + 1):
        obs = match.public_observation()
        public = cards_in(json.dumps(obs))
        playoff = obs.get("playoff_seats")
        hands = {}
        for local in range(match.hand.n):
            seat = playoff[local] if playoff else local
            hands[seat] = set(match.hand.hand_of(local)) - public
        out.append(
            [
                set().union(*(h for s, h in hands.items() if s != viewer))
                for viewer in range(table.players)
            ]
            + [set().union(*hands.values())]
        )
        if step < len(actions):
            seat, action = actions[step]
            match.apply_action(parse_action(action), seat)
    return out


def earlier_by_version(table_id: int) -> list[set[str]]:
    """``earlier[v]``: the cards of the hand in play's completed tricks a screen may not show
    at version v (RULES.md §1 "Looking back": only the last completed trick), less the cards
    public for another reason (the turned card naming trump, the cards out of play)."""
    table = fresh(table_id)
    match = table_state.new_match(table)
    actions = list(
        TableAction.objects.filter(table=table).order_by("index").values_list("seat", "action")
    )
    out = []
    for step in range(len(actions) + 1):
        hand = match.hand
        obs = hand.observe(None)
        shown = {c for t in obs.history for c in t.cards}
        public = {obs.turned, *obs.out_of_play} - {None}
        played = {NOTATION[c] for t in hand.history for c in t.cards}
        out.append(played - shown - public)
        if step < len(actions):
            seat, action = actions[step]
            match.apply_action(parse_action(action), seat)
    return out


def names_of(cards: set[str]) -> set[str]:
    with translation.override("en"):
        return {messages.card_name(c) for c in cards}


#: Socket limits that a whole match played as fast as the table allows stays under. With the
#: tests' zero pauses ana sends her sixty to a hundred and fifty moves in a few seconds, which a
#: fast machine took past the socket's bucket (20 a second, 60 at once): a refused move, and the
#: test then waited for a frame that could not come. The limits have their own tests
#: (tests/games/test_socket_guard.py).
ROOMY_LIMITS = {"socket": (1000.0, 1000.0), "user": (1000.0, 1000.0), "strikes": (1.0, 10.0)}


async def test_no_frame_to_a_seat_or_a_spectator_holds_a_hidden_card(
    ana: Any, make_user: Any, settings: Any
) -> None:
    settings.TUTE_SOCKET_LIMITS = ROOMY_LIMITS
    table = await sync_to_async(bot_table)(ana)
    watcher = await sync_to_async(make_user)("watcher")
    player = await open_socket(table.pk, ana)
    spectator = await open_socket(table.pk, watcher)
    frames: list[tuple[str, dict[str, Any]]] = []
    while True:
        frame = await next_frame(player)
        frames.append(("seat", frame))
        assert frame["type"] != "error", frame  # a refused move: no frame would follow
        if frame["type"] == "state" and frame["status"] != Table.Status.PLAYING:
            break
        current = (await sync_to_async(fresh)(table.pk)).version
        if frame["type"] == "state" and frame["your_turn"] and frame["version"] == current:
            await player.send_json_to(
                {"type": "act", "action": frame["legal"][0], "version": frame["version"]}
            )
    while not await spectator.receive_nothing(timeout=0.5):
        frames.append(("spectator", json.loads(await spectator.receive_from())))
    await player.disconnect()
    await spectator.disconnect()

    finished = await sync_to_async(fresh)(table.pk)
    assert finished.status == Table.Status.FINISHED
    hidden = await sync_to_async(hidden_by_version)(table.pk)
    earlier = await sync_to_async(earlier_by_version)(table.pk)
    checked = {"seat": 0, "spectator": 0}
    kept_back = 0
    for who, frame in frames:
        assert frame["type"] != "error", frame
        if frame["type"] != "state":
            continue
        text = json.dumps(frame) + frame["html"]
        secret = hidden[frame["version"]][0 if who == "seat" else -1]
        leaked = cards_in(text) & secret
        assert not leaked, f"{who} frame at version {frame['version']} shows {leaked}"
        named = {name for name in names_of(secret) if name in text}
        assert not named, f"{who} frame at version {frame['version']} names {named}"
        gone = earlier[frame["version"]]
        shown = cards_in(text) & gone
        assert not shown, (
            f"{who} frame at version {frame['version']} shows {shown}, an earlier trick"
        )
        kept_back += len(gone)
        checked[who] += 1
    played = await sync_to_async(
        TableAction.objects.filter(table_id=table.pk, seat=0, actor="player").count
    )()
    assert played > 10
    assert checked["seat"] >= played  # at least the frame each of ana's moves answered
    assert checked["spectator"] > 10
    assert kept_back > 100  # earlier tricks were there to keep back
