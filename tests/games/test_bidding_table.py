"""The bidding tutes' live tables (remate, codillo, bato): the page and the socket.

* On every turn of the player over whole hands against bots, the calls the page offers are
  exactly the engine's legal ones: the buttons' values, plus the bids of the stepper, plus the
  cards (a card to play, a card to call, a card to mark for the exchange).
* A call the engine refuses gets an error frame and the table does not move.
* No frame to a seat or to a spectator holds a card it may not see (another seat's hand, the
  stock, a discard, a folded hand) nor, in codillo, the secret partner before the called card
  is played; the partner himself reads that he holds it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from games import messages, services
from games.engine import parse_action
from games.models import Table, TableAction
from games.presenters.bidding import call_text

from .helpers import fresh, view_for
from .test_consumers import next_frame, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_db_threads")]

#: variant -> (players, options that keep a match short)
GAMES = {
    "remate": (3, {"hands": 2}),
    "codillo": (4, {"target": 2}),
    "bato": (4, {"hands": 3}),
}

#: The bots' level (the fixtures give the strong one a tiny budget).
BOTS = "random"

BUTTON_RE = re.compile(r'<button[^>]*\bclass="([^"]*)"[^>]*\bname="action"[^>]*\bvalue="([^"]+)"')
BIDS_RE = re.compile(r'data-bids="([^"]*)"')


def bidding_table(
    ana: Any, variant: str, *, dealer: int | None = None, seed: int | None = None
) -> Table:
    """A table of ``variant`` with Ana at seat 0 and bots; ``dealer`` and ``seed`` stack the
    first deal (set before the bots sit, so before the game starts)."""
    players, options = GAMES[variant]
    table = services.table_create(
        creator=ana, variant=variant, players=players, options=options, turn_seconds=0
    )
    stacked = {"first_dealer": dealer, "seed": seed}
    stacked = {k: v for k, v in stacked.items() if v is not None}
    if stacked:
        Table.objects.filter(pk=table.pk).update(**stacked)
    services.table_fill_bots(table_id=table.pk, user=ana, level=BOTS)
    return fresh(table)


def render(table: Table, user: Any) -> tuple[Any, str]:
    view = view_for(table, user)
    return view, render_to_string("games/_live.html", {"view": view})


def offered(html: str) -> set[str]:
    """Every move the partial offers: its buttons' values and the bids of the stepper (the
    cards of the hand only when marked legal: the others are there for the engine to say
    why not)."""
    moves = {
        value
        for classes, value in BUTTON_RE.findall(html)
        if "card-button" not in classes.split()
        or "is-legal" in classes.split()
        or "call-card" in classes.split()
    }
    for bids in BIDS_RE.findall(html):
        moves.update(f"bid:{b}" for b in bids.split(",") if b)
    return moves


def normal(notations: list[str] | set[str]) -> set[str]:
    from games.engine import action_to_notation

    return {action_to_notation(parse_action(a)) for a in notations}


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_the_page_offers_exactly_the_legal_calls_over_a_whole_match(ana: Any, variant: str) -> None:
    table = bidding_table(ana, variant, dealer=GAMES[variant][0] - 1)  # she speaks first
    rng = random.Random(variant)
    stages: set[str] = set()
    turns = 0
    while fresh(table).status == Table.Status.PLAYING:
        view, html = render(table, ana)
        assert view.bidding is not None
        if not view.your_turn:
            assert not view.legal
            assert not offered(html), "moves offered off turn"
            break  # the bots play on their own: only a finished match stops here
        turns += 1
        stage = view.bidding.stage
        stages.add(stage or "play")
        legal = normal(view.legal)
        assert normal(offered(html)) == legal, f"{variant} {stage}: {offered(html)} vs {legal}"
        if stage is not None:
            # No stray generic buttons beside the auction's own.
            assert not view.buttons
        choice = rng.choice(sorted(view.legal))
        if stage == "exchange" and rng.random() < 0.5:
            choice = "exchange" if "exchange" in view.legal else choice
        services.table_act(table_id=table.pk, user=ana, action=choice, version=view.version)
    assert fresh(table).status == Table.Status.FINISHED
    assert turns > 5
    expected = {
        "remate": {"bid", "play"},
        "codillo": {"bid", "play"},
        "bato": {"bid"},
    }[variant]
    assert expected <= stages, stages


def test_remate_stepper_holds_the_legal_bids_and_pass(ana: Any) -> None:
    table = bidding_table(ana, "remate", dealer=2)  # ana (seat 0) is the mano: she speaks first
    view, html = render(table, ana)
    assert view.your_turn and view.bidding.stage == "bid"
    assert view.bidding.bids[0] == 60 and view.bidding.bids == sorted(view.bidding.bids)
    assert {f"bid:{b}" for b in view.bidding.bids} | {"pass"} == set(view.legal)
    assert 'value="bid:60"' in html and "Bid 60" in html
    assert "Pass (paso)" in html
    services.table_act(table_id=table.pk, user=ana, action="bid:70", version=view.version)
    view, html = render(table, ana)
    # Her bid is on the felt and on her seat, with her name.
    assert "bids 70" in html
    assert ("tag-bid", "bids 70") in view.seats[0].tags or view.bidding.stage != "bid"


def test_call_words() -> None:
    with translation.override("en"):
        assert call_text("bid:85") == ("bids 85", "bid")
        assert call_text("pass") == ("passes", "pass")
        assert call_text("call:1O") == ("calls the ace of coins", "call")
        assert call_text("exchange:0")[0] == "keeps his cards"
        assert call_text("exchange:3")[0] == "changes 3 cards"
        assert messages.action_description("discard:7E", name="Ana") == (
            "Ana chooses cards to change"
        )


# ----------------------------------------------------------------------------- the socket


async def test_a_wrong_call_gets_an_error_frame_and_nothing_changes(ana: Any) -> None:
    table = await sync_to_async(bidding_table)(ana, "remate", dealer=2)
    player = await open_socket(table.pk, ana)
    frame = await next_frame(player, "state")
    assert frame["your_turn"] and "bid:60" in frame["legal"]
    refused = {}
    for wrong in ("bid:55", "juego", "trump:O", "call:1O", "discard:7E", "bid:62", "1O"):
        await player.send_json_to({"type": "act", "action": wrong, "version": frame["version"]})
        error = await next_frame(player, "error")
        refused[wrong] = error["message"]
    assert refused["bid:55"] == "A bid must be at least 60."
    assert refused["trump:O"] == "Trump is named after the auction, by the jugador."
    assert refused["1O"] in (
        "Bid or pass first: play starts after the auction.",
        "You do not hold the ace of coins.",
    )
    assert all(refused.values()), refused
    assert await player.receive_nothing(timeout=0.3)
    await player.disconnect()
    after = await sync_to_async(fresh)(table.pk)
    assert after.version == frame["version"]
    assert not await sync_to_async(TableAction.objects.filter(table_id=table.pk, seat=0).exists)()
