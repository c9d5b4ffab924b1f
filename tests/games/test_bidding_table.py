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

import json
import random
import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

from games import messages, services, table_state
from games.engine import parse_action
from games.engine.cards import NOTATION
from games.models import Table, TableAction
from games.presenters.bidding import call_text

from .helpers import cards_in, fresh, view_for
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
def test_the_page_offers_exactly_the_legal_calls_over_a_whole_match(
    client: Any, ana: Any, variant: str
) -> None:
    # She speaks first. A fixed deal: with a random one she once had only 3 turns in a whole
    # match of bato (the bots' calls can leave her little to do); with this one 14, and 13 in
    # codillo, 28 in remate.
    table = bidding_table(ana, variant, dealer=GAMES[variant][0] - 1, seed=1)
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
    # The finished table's page and its first hand's replay show.
    client.force_login(ana)
    assert client.get(f"/tables/{table.pk}/").status_code == 200
    replay = client.get(f"/tables/{table.pk}/hands/1/")
    assert replay.status_code == 200, replay.content.decode()[:500]


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


# ----------------------------------------------------------------------------- hidden information

#: Words of the page that name the secret partner of codillo (or tell the holder he is it).
PARTNER_MARKS = ("tag-partner", "badge-partner", "you-hold-called", "called-partner")


def secrets_by_version(table_id: int) -> list[dict[str, Any]]:
    """For each version of the table: the cards seat 0 may not see, those a spectator may not
    see, and (codillo) the partner while he is secret."""
    table = fresh(table_id)
    match = table_state.new_match(table)
    actions = list(
        TableAction.objects.filter(table=table).order_by("index").values_list("seat", "action")
    )
    out = []
    held_by_0: set[str] = set()
    hands_seen = 0
    for step in range(len(actions) + 1):
        if len(match.hands) != hands_seen:
            hands_seen = len(match.hands)
            held_by_0 = set()
        hand = match.hand
        public = cards_in(json.dumps(match.public_observation()))
        hands = {s: set(hand.hand_of(s)) for s in range(hand.n)}
        held_by_0 |= hands[0]
        unseen: set[str] = set()
        if hasattr(hand, "hidden_cards"):  # bato: discards, folded hands, the stock
            hidden = hand.hidden_cards()
            unseen = set(hidden["folded"]) | set(hidden["stock"])
            for cards in hidden["discarded"]:
                unseen |= set(cards)
        everyone = set().union(*hands.values()) | unseen
        partner = None
        if hasattr(hand, "partnership_public") and not hand.partnership_public():
            partner = hand.partner if hand.called >= 0 else None
        out.append(
            {
                "seat": (everyone - held_by_0) - public,
                "spectator": everyone - public,
                "partner": partner,
            }
        )
        if step < len(actions):
            seat, action = actions[step]
            match.apply_action(parse_action(action), seat)
    return out


PICKER_RE = re.compile(r'<div class="call-picker".*?</section>', re.S)
CARD_BUTTON_RE = re.compile(r'class="card-button[^"]*" name="action" value="([^"]+)"')


def without_picker(html: str) -> tuple[str, set[str] | None]:
    """The partial less codillo's card picker, and the cards the picker offers (None: none)."""
    found = PICKER_RE.search(html)
    if found is None:
        return html, None
    picker = {v[5:] for v in re.findall(r'value="(call:[^"]+)"', found.group(0))}
    return html[: found.start()] + html[found.end() :], picker


def names_of(cards: set[str]) -> set[str]:
    with translation.override("en"):
        return {messages.card_name(c) for c in cards}


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(GAMES))
async def test_no_frame_shows_a_hidden_card_or_the_secret_partner(
    ana: Any, make_user: Any, variant: str
) -> None:
    players = GAMES[variant][0]
    # A fixed deal (seed 1): in bato somebody plays along with her juego, so there is an
    # exchange and play; in every variant the counts checked below are this deal's, the same
    # on every run.
    table = await sync_to_async(bidding_table)(ana, variant, dealer=players - 1, seed=1)
    watcher = await sync_to_async(make_user)("watcher")
    player = await open_socket(table.pk, ana)
    spectator = await open_socket(table.pk, watcher)
    rng = random.Random(variant)
    frames: list[tuple[str, dict[str, Any]]] = []
    while True:
        frame = await next_frame(player)
        frames.append(("seat", frame))
        if frame["type"] == "state" and frame["status"] != Table.Status.PLAYING:
            break
        current = (await sync_to_async(fresh)(table.pk)).version
        if frame["type"] == "state" and frame["your_turn"] and frame["version"] == current:
            # She takes the game when she may (so codillo's picker and secret partner come
            # up), else plays at random.
            legal = frame["legal"]
            action = "juego" if "juego" in legal else rng.choice(legal)
            await player.send_json_to(
                {"type": "act", "action": action, "version": frame["version"]}
            )
    while not await spectator.receive_nothing(timeout=0.5):
        frames.append(("spectator", json.loads(await spectator.receive_from())))
    await player.disconnect()
    await spectator.disconnect()

    secrets = await sync_to_async(secrets_by_version)(table.pk)
    checked = {"seat": 0, "spectator": 0, "secret partner": 0, "holder told": 0, "picker": 0}
    for who, frame in frames:
        assert frame["type"] != "error", frame
        if frame["type"] != "state":
            continue
        html, picker = without_picker(frame["html"])
        if picker is not None:
            # The card picker lists every card she does not hold (the complement of her own
            # hand, which she knows): it says nothing of who holds which.
            own = set(CARD_BUTTON_RE.findall(html))
            assert picker == set(NOTATION) - own, (picker, own)
            checked["picker"] += 1
        text = json.dumps({k: v for k, v in frame.items() if k not in ("html", "legal")}) + html
        known = secrets[frame["version"]]
        leaked = cards_in(text) & known[who]
        assert not leaked, f"{who} frame at version {frame['version']} shows {leaked}"
        named = {name for name in names_of(known[who]) if name in text}
        assert not named, f"{who} frame at version {frame['version']} names {named}"
        partner = known["partner"]
        if partner is not None:
            if who == "seat" and partner == 0:
                assert "you-hold-called" in frame["html"]
                checked["holder told"] += 1
            else:
                marks = [m for m in PARTNER_MARKS if m in frame["html"]]
                assert not marks, f"{who} frame at version {frame['version']} shows {marks}"
                checked["secret partner"] += 1
        checked[who] += 1
    assert checked["seat"] > 5 and checked["spectator"] > 5, checked
    if variant == "codillo":
        assert checked["secret partner"] > 0 and checked["picker"] > 0, checked


# ----------------------------------------------------------------------------- codillo's partner


def _codillo_view(match: Any, seat: int | None) -> Any:
    """Seat ``seat``'s view of an engine match (no table row: the presenter's own work)."""
    from games.presenters import table as presenter
    from games.presenters.viewmodels import SeatView, TableView

    seats = [
        SeatView(
            position=p,
            name=f"P{p}",
            is_bot=False,
            bot_level="",
            is_empty=False,
            is_you=p == seat,
            away=False,
            timeouts=0,
        )
        for p in range(4)
    ]
    view = TableView(
        table=Table(variant="codillo", players=4),
        variant_name="Codillo",
        options=[],
        seats=seats,
        your_seat=seat,
        version=len(match.log),
        revision=0,
    )
    presenter._fill_game(view, match.observe(seat))
    return view


def test_codillo_holder_alone_reads_he_holds_the_called_card_until_it_is_played() -> None:
    from games.engine import get_variant

    variant = get_variant("codillo")
    match = variant.new_match(players=4, seed=5, options=variant.validate_options({}), dealer=0)
    # Seat 1 (the mano) takes the game, names coins and calls a card seat 2 holds.
    called = next(c for c in match.hand.hand_of(2))
    for action in ("juego", "trump:O", f"call:{called}"):
        match.apply_action(parse_action(action), 1)
    holder = _codillo_view(match, 2)
    assert holder.bidding.you_hold_called and not holder.bidding.partner_name
    assert holder.bidding.called.notation == called
    for seat in (0, 1, 3, None):
        other = _codillo_view(match, seat)
        assert not other.bidding.you_hold_called and other.bidding.partner is None
        assert not any(t[0] == "tag-partner" for s in other.seats for t in s.tags)
        assert not any(s.partner for s in other.seats)
        assert other.bidding.called.notation == called  # the called card itself is public
    # Play on until the called card is on the table: then everyone knows.
    while len(match.hands) == 1 and called in match.hand.hand_of(2):
        seat = match.current_player()
        legal = match.legal_actions()
        mine = parse_action(called)
        match.apply_action(mine if seat == 2 and mine in legal else legal[0], seat)
    assert len(match.hands) == 1, "the hand ended before the called card was played"
    jugador = _codillo_view(match, 1)
    assert jugador.seats[2].partner  # "your partner" on the holder's seat
    watcher = _codillo_view(match, None)
    assert watcher.bidding.partner == 2
    assert ("tag-partner", "partner of the jugador") in watcher.seats[2].tags
    assert not _codillo_view(match, 2).bidding.you_hold_called


# ----------------------------------------------------------------------------- the table form


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("remate", 3, {"opt_min_bid": "70", "opt_hands": "3"}),
        ("codillo", 4, {"opt_target": "5"}),
        ("bato", 5, {"opt_hands": "6"}),
    ],
)
def test_a_table_of_each_bidding_tute_from_the_form_with_bots_that_play(
    client: Any, ana: Any, variant: str, players: int, options: dict[str, str]
) -> None:
    client.force_login(ana)
    page = client.get("/tables/new/", {"variant": variant}).content.decode()
    for name in options:
        assert f'name="{name}"' in page, f"{variant}: no {name} field"
    response = client.post(
        "/tables/new/",
        {
            "variant": variant,
            "players": str(players),
            "turn_seconds": "0",
            "fill_with_bots": "on",
            "bot_level": "heuristic",
            **options,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get(created_by=ana)
    assert (table.variant, table.players, table.status) == (variant, players, "playing")
    expected = {k[4:]: int(v) for k, v in options.items()}
    assert {k: table.options[k] for k in expected} == expected
    # The bots speak and play until it is her turn, and the page shows it.
    view, html = render(table, ana)
    assert view.your_turn and view.bidding is not None
    assert TableAction.objects.filter(table=table).exclude(seat=0).count() == view.version
    assert 'id="table-live"' in html
