"""What the table page says of a hand: the suits in force, the turned card, the buttons, and
each variant's hand summary saying what decided the hand (presenter level: engine matches
played out, no database)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games import messages, services
from games.engine import action_to_notation, get_variant
from games.engine.match import MatchState
from games.models import Seat
from games.presenters.table import _fill_game, _tally, previous_forced
from games.presenters.viewmodels import ActionButton, SeatView, TableView

from .helpers import view_for


def view_of(match: MatchState, seat: int = 0) -> TableView:
    n = match.players if hasattr(match, "players") else match.hands[-1].n
    seats = [
        SeatView(
            position=i,
            name=f"P{i}",
            is_bot=False,
            bot_level="",
            is_empty=False,
            is_you=i == seat,
            away=False,
            timeouts=0,
        )
        for i in range(n)
    ]
    view = TableView(
        table=None,  # type: ignore[arg-type]
        variant_name="",
        options=[],
        seats=seats,
        your_seat=seat,
        version=0,
        revision=0,
    )
    _fill_game(view, match.observe(seat), previous_forced(match))
    return view


def first_legal(match: MatchState) -> int:
    acts = match.legal_actions()
    cards = [a for a in acts if a < 40]
    return cards[0] if cards else acts[-1]  # pass rather than declare when a card is not asked


def play_until(
    match: MatchState, stop: Callable[[MatchState], bool], policy: Any = first_legal
) -> None:
    for _ in range(2000):
        if stop(match) or match.is_terminal():
            return
        match.apply_action(policy(match), match.current_player())
    raise AssertionError("position not reached")


def new_match(variant: str, players: int, seed: int, **options: Any) -> MatchState:
    return get_variant(variant).new_match(players=players, seed=seed, options=options or None)


def test_vtt_shows_the_lead_suit_and_trump_in_force() -> None:
    def moved(m: MatchState) -> bool:
        hand = m.observe(0).hand
        return (
            bool(m.hand.trick)
            and m.current_player() == 0
            and hand.vtt is not None
            and hand.vtt.trick_trump != hand.trump
        )

    m = new_match("vtt", 4, 3)
    play_until(m, moved)
    assert moved(m)
    hand = m.observe(0).hand
    assert hand.lead and hand.vtt is not None
    view = view_of(m, 0)
    assert view.lead_name == messages.suit_name(hand.lead)
    assert view.trump_name == messages.suit_name(hand.trump)  # the trump in force
    assert view.trick_trump_name == messages.suit_name(hand.vtt.trick_trump)
    if hand.vtt.initial_trump != hand.trump:
        assert view.turned is None


def test_spanish_tute_trump_badge_drops_the_turned_card_once_drawn() -> None:
    m = new_match("dos", 2, 5)
    play_until(m, lambda m: m.observe(0).hand.stock.stock == 0)  # type: ignore[union-attr]
    assert m.observe(0).hand.stock.bottom_taken_by is not None  # type: ignore[union-attr]
    view = view_of(m, 0)
    assert view.turned is None and view.stock_bottom is None
    assert view.trump_name


def test_arrastrado_summary_says_the_plate_and_what_each_pays() -> None:
    m = new_match("arrastrado", 3, 2, plate=True)

    def policy(m: MatchState) -> int:
        acts = m.legal_actions()
        plate = [a for a in acts if action_to_notation(a) == "plate"]
        return plate[0] if plate else first_legal(m)

    play_until(m, lambda m: len(m.hands) > 1, policy)
    result = m.hands[0].result()
    caller = result.extra["plate_caller"]
    assert caller is not None
    with translation.override("en"):
        summary = view_of(m, 0).previous_hand
    assert summary is not None
    assert any("went to the plate" in n and f"P{caller}" in n for n in summary.notes)
    stakes = result.extra["stakes"]["seats"]
    for row, gain in zip(summary.rows, stakes, strict=True):
        if gain < 0:
            assert "pays" in row["result"] and f"{-gain:,}" in row["result"]
            assert row["lost"]
        assert row["result"] != "safe"


def test_spanish_tute_without_101_says_so_and_what_follows() -> None:
    for seed in range(30):
        m = new_match("dos", 2, seed)
        play_until(m, lambda m: len(m.hands) > 1)
        if m.hands[0].result().reason_code == "no_101":
            break
    else:
        raise AssertionError("no first deal without 101")
    with translation.override("en"):
        summary = view_of(m, 0).previous_hand
    assert summary is not None
    assert [r["result"] for r in summary.rows] == ["101 not reached"] * 2
    assert any("second deal" in n for n in summary.notes)


def test_one_game_wins_the_match_in_the_singular() -> None:
    with translation.override("en"):
        tally = _tally({"games_to_win": 1}, ["Ana", "Lola"])
        assert tally is not None and tally.notes == ["1 game wins the match."]
        tally = _tally({"target": 3}, ["Ana", "Lola"])
        assert tally is not None and tally.notes == ["3 games win the match."]


def test_chancho_summary_says_a_canto_was_forced() -> None:
    for seed in range(60):
        m = new_match("chancho", 4, seed)
        play_until(m, lambda m: len(m.hands) > 1)
        if previous_forced(m):
            break
    else:
        raise AssertionError("no forced canto found")
    seat, suit = previous_forced(m)[0]
    with translation.override("en"):
        summary = view_of(m, 0).previous_hand
    assert summary is not None
    assert any(
        n.startswith("Forced canto") and f"P{seat}" in n and messages.suit_name(suit) in n
        for n in summary.notes
    )


def test_pairs_summary_gives_the_team_totals() -> None:
    m = new_match("parejas", 4, 1)
    play_until(m, lambda m: len(m.hands) > 1)
    tp = m.hands[0].result().team_points
    assert tp is not None
    with translation.override("en"):
        summary = view_of(m, 0).previous_hand
    assert summary is not None
    assert f"P0 & P2: {tp[0]} points in all." in summary.notes
    assert f"P1 & P3: {tp[1]} points in all." in summary.notes
    assert {r["result"] for r in summary.rows} == {"wins", "loses"}


def test_a_pass_button_says_what_is_passed_and_claims_ask_to_confirm() -> None:
    m = new_match("dos", 2, 5)
    play_until(m, lambda m: "capote" in [action_to_notation(a) for a in m.legal_actions()])
    seat = m.current_player()
    with translation.override("en"):
        buttons = {b.action: b for b in view_of(m, seat).buttons}
    assert buttons["pass"].label == "Don't declare capote"
    assert buttons["capote"].confirm == "Yes, declare capote"
    with translation.override("en"):
        assert messages.pass_label(["pass"], "preplay") != "Pass"
        assert messages.confirm_label("claim") == "Yes, claim 101"
        assert messages.pass_label(["sing:O", "pass"]) == "Don't sing"


def test_bots_are_named_by_seat_and_level() -> None:
    with translation.override("en"):
        names = [Seat(position=p, bot_level="strong").name for p in range(4)]
    assert names[0] == "Lola (strong)" and names[1] == "Paco (strong)"
    assert len(set(names)) == 4


@pytest.mark.django_db(transaction=True)
def test_claim_capote_and_the_plate_need_a_second_click(ana: Any) -> None:
    table = services.table_create(
        creator=ana, variant="dos", players=2, fill_with_bots=True, bot_level="heuristic"
    )
    view = view_for(table, ana)
    view.your_turn = True
    view.buttons = [
        ActionButton("claim", "Claim the game", confirm="Yes, claim 101", question="Sure?"),
        ActionButton("pass", "Don't declare capote"),
    ]
    html = render_to_string("games/_live.html", {"view": view})
    confirm = re.search(
        r'<details class="confirm-action" data-action="claim">(.*?)</details>', html, re.S
    )
    assert confirm is not None
    assert "<summary" in confirm.group(1) and "Claim the game" in confirm.group(1)
    assert re.search(r'<button[^>]*value="claim"[^>]*>Yes, claim 101</button>', confirm.group(1))
    # the claim is sent only by the button inside the confirmation
    assert len(re.findall(r'value="claim"', html)) == 1
    assert re.search(r'<button[^>]*value="pass"[^>]*>Don&#x27;t declare capote</button>', html)


def test_the_match_so_far_lists_players_down_the_panel() -> None:
    """The side panel is narrow: the tally is one line per player (or team), with a column per
    count, so four players' names do not run off its right edge."""
    from games.presenters.viewmodels import Tally, TallyRow

    tally = Tally(
        columns=["Ana", "Bruno", "Carmen", "Diego"],
        rows=[TallyRow("Lost hands", [0, 1, 2, 3]), TallyRow("Points", [10, 20, 30, 40])],
    )
    assert tally.by_column == [
        ("Ana", [0, 10]),
        ("Bruno", [1, 20]),
        ("Carmen", [2, 30]),
        ("Diego", [3, 40]),
    ]
