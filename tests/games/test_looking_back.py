"""Looking back (RULES.md §1, C-24) and the Spanish tute's swap, as the platform shows them.

During a hand a player's page and socket frames show the trick in play and the last completed
trick, nothing earlier; in the second deal of Spanish tute for two only the trick in play (the
trick just taken stays until the next card is led). A table of two people (Ana at seat 0, Bruno
at seat 1) is played through the services; at every step the page, the frames of both seats and
of a spectator and what a reconnecting client is told are checked against the engine's record
of the hand. The replay after the hand shows every trick. A swap waiting for its taker's next
trick is shown as such.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from games import presenters, services, snapshots, table_state
from games.engine import get_variant, parse_action
from games.engine.bots import choose_action
from games.engine.cards import NOTATION
from games.live.consumers import render_state_frame
from games.models import Table

from .helpers import cards_in, fresh, view_for

pytestmark = pytest.mark.django_db

DOS = get_variant("dos")
#: The stacked deal of the browser test: Ana (seat 0) is mano, holds the 7 of cups, the king of
#: cups is turned (tests/games/test_browser_variants.py).
DOS_SEED, DOS_DEALER = 1815, 1


def dos_table(ana: Any, bruno: Any, seed: int, dealer: int) -> Table:
    """A Spanish tute table of Ana and Bruno dealt from ``seed`` by ``dealer``."""
    table = services.table_create(
        creator=ana,
        variant="dos",
        players=2,
        turn_seconds=0,
        seats=[services.SeatSpec(user=ana), services.SeatSpec()],
    )
    Table.objects.filter(pk=table.pk).update(seed=seed, first_dealer=dealer)
    table_state.clear()
    services.table_sit(table_id=table.pk, user=bruno, position=1)
    table = fresh(table)
    assert table.status == Table.Status.PLAYING
    return table


def act(table: Table, users: list[Any], action: str) -> None:
    match = table_state.match_at(fresh(table))
    seat = match.current_player()
    services.table_act(
        table_id=table.pk, user=users[seat], action=action, version=fresh(table).version
    )


def bot_move(table: Table) -> str:
    match = table_state.match_at(fresh(table))
    seat = match.current_player()
    return choose_action("heuristic", match.observation(seat, memory=True), seed=len(match.log))


def earlier_cards(table: Table) -> set[str]:
    """Cards of the hand in play's completed tricks a screen may not show now, less the cards
    public for another reason (the turned card naming trump)."""
    hand = table_state.match_at(fresh(table)).hand
    shown = {c for t in hand.observe(None).history for c in t.cards}
    played = {NOTATION[c] for t in hand.history for c in t.cards}
    public = {NOTATION[hand.turned]} if hand.turned >= 0 else set()
    return played - shown - public


def screens(table: Table, users: list[Any], watcher: Any) -> list[tuple[str, str]]:
    """Everything the two seats and a spectator are sent now: pages and frames."""
    out = []
    snap = snapshots.table_snapshot(table_id=table.pk)
    for who, user in (("ana", users[0]), ("bruno", users[1]), ("watcher", watcher)):
        frame = render_state_frame(snap, user=user, language="en")
        out.append((f"{who} frame", json.dumps(frame)))
        client = Client()
        client.force_login(user)
        page = client.get(f"/tables/{table.pk}/")
        assert page.status_code == 200
        out.append((f"{who} page", page.content.decode()))
    return out


def check_no_earlier_trick(table: Table, users: list[Any], watcher: Any, since: int) -> int:
    """Assert no screen shows a card of an earlier trick; the number of cards kept back."""
    gone = earlier_cards(table)
    for what, text in screens(table, users, watcher):
        leaked = cards_in(text) & gone
        assert not leaked, f"{what} shows {leaked} of an earlier trick"
    missed = presenters.missed_lines(
        snapshot=snapshots.table_snapshot(table_id=table.pk), since=since
    )
    assert not cards_in(" ".join(missed)) & gone, missed
    return len(gone)


def test_no_page_or_frame_shows_an_earlier_trick(ana: Any, bruno: Any, make_user: Any) -> None:
    table = dos_table(ana, bruno, DOS_SEED, DOS_DEALER)
    users, watcher = [ana, bruno], make_user("watcher")
    kept_back = 0
    for _ in range(24):  # 12 tricks of the first deal, cantos and draws on the way
        kept_back += check_no_earlier_trick(table, users, watcher, since=0)
        act(table, users, bot_move(table))
        view = view_for(table, ana)
        match = table_state.match_at(fresh(table))
        if match.hand.history and not match.hand.trick:  # the trick just taken stays
            last = match.hand.history[-1]
            assert view.last_trick is not None
            shown = {c.notation for _, c in view.last_trick.cards}
            assert shown == {NOTATION[c] for c in last.cards}
    assert kept_back > 20  # earlier tricks existed, and were kept back
    # The API serves finished matches only: nothing of the hand in progress.
    gone = earlier_cards(table)
    assert gone
    client = Client()
    client.force_login(ana)
    for url in ("/api/matches/", f"/api/players/{ana.username}/", "/api/me/"):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert not cards_in(answer.content.decode()) & gone, url


def second_deal_seed() -> tuple[int, list[str]]:
    """A seed whose first deal, played by heuristic bots, leaves both under 101, and the
    actions of that deal."""
    for seed in range(200):
        match = DOS.new_match(players=2, seed=seed, dealer=DOS_DEALER)
        actions: list[str] = []
        while len(match.hands) == 1:
            seat = match.current_player()
            a = choose_action("heuristic", match.observation(seat, memory=True), seed=len(actions))
            actions.append(a)
            match.apply_action(parse_action(a), seat)
        if not match.hands[0].result().winners:
            return seed, actions
    pytest.fail("no first deal without a winner")


def test_the_second_deal_shows_only_the_trick_in_play(ana: Any, bruno: Any, make_user: Any) -> None:
    seed, first_deal = second_deal_seed()
    table = dos_table(ana, bruno, seed, DOS_DEALER)
    users, watcher = [ana, bruno], make_user("watcher")
    for a in first_deal:
        act(table, users, a)
    start = fresh(table).version
    hand = table_state.match_at(fresh(table)).hand
    assert hand.observe(0).dos is not None and hand.observe(0).dos.deal == 2
    led = 0
    for _ in range(20):
        match = table_state.match_at(fresh(table))
        hand = match.hand
        if len(match.hands) > 2 or match.is_terminal():
            break
        view = view_for(table, ana)
        public = {NOTATION[hand.turned]} if hand.turned >= 0 else set()
        if hand.trick:  # a trick in play: no completed trick on any screen
            led += 1
            assert view.last_trick is None and not view.trick_done
            gone = {NOTATION[c] for t in hand.history for c in t.cards} - public
            for what, text in screens(table, users, watcher):
                leaked = cards_in(text) & gone
                assert not leaked, f"{what} shows {leaked} of a completed trick"
            missed = presenters.missed_lines(
                snapshot=snapshots.table_snapshot(table_id=table.pk), since=start
            )
            assert not cards_in(" ".join(missed)) & gone, missed
        elif hand.history:  # the trick just taken stays on the table until the next lead
            assert view.last_trick is not None
        act(table, users, bot_move(table))
    assert led >= 5
