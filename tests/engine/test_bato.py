"""Bato (RULES.md §9.3): one test per rule with stacked decks, then random playouts.

:func:`stacked` builds a deck in deal order: four cards each, one at a time from the mano (the
dealer's right), then the turned card, then the stock (top first). With ``dealer = n - 1`` the
mano is seat 0 and seats are asked in the order 0, 1, 2, ...
"""

from __future__ import annotations

import json
import random

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.cards import NOTATION, card_points, mask_of, parse_card
from games.engine.conformance import answer
from games.engine.errors import (
    CardNotInHandError,
    IllegalActionError,
    InvalidPlayerCountError,
    NotYourTurnError,
    ObligationError,
    WrongPhaseError,
)
from games.engine.match import MatchState
from games.engine.records import hand_record, match_record, replay
from games.engine.state import Phase
from games.engine.variants.bato import ANTE, BatoHand, BatoMatch, bato_settle
from tests.engine.helpers import (
    assert_refused,
    check_no_leaks,
    check_records,
    check_refusal_unchanged,
    play,
    random_action,
)

V = get_variant("bato")
P = parse_card


# ---------------------------------------------------------------- helpers


def stacked(
    n: int, hands: dict[int, list[str]], turned: str, stock: list[str] = (), dealer: int = -1
) -> list[int]:
    """A deck (deal order) giving each listed seat its cards (completed from the rest of the
    deck, lowest indices first), turning ``turned`` up and putting ``stock`` on top of the
    stock. ``dealer`` defaults to ``n - 1`` (mano 0)."""
    dealer = n - 1 if dealer < 0 else dealer
    mano = (dealer + 1) % n
    used = {P(c) for h in hands.values() for c in h} | {P(turned)} | {P(c) for c in stock}
    rest = [c for c in range(40) if c not in used]
    full: dict[int, list[int]] = {}
    for s in range(n):
        h = [P(c) for c in hands.get(s, [])]
        while len(h) < 4:
            h.append(rest.pop(0))
        full[s] = h
    deck = [full[(mano + j) % n][j // n] for j in range(4 * n)]
    return [*deck, P(turned), *(P(c) for c in stock), *rest]


def hand_of(n: int, hands: dict[int, list[str]], turned: str, **kw: object) -> BatoHand:
    stock = list(kw.pop("stock", []))  # type: ignore[call-overload]
    dealer = int(kw.pop("dealer", n - 1))  # type: ignore[call-overload]
    h = V.new_hand(players=n, deck=stacked(n, hands, turned, stock, dealer), dealer=dealer, **kw)  # type: ignore[arg-type]
    assert isinstance(h, BatoHand)
    return h


def names(hand: BatoHand, seat: int) -> set[str]:
    return set(hand.hand_of(seat))


def bid(hand: BatoHand, seat: int | None = None):  # type: ignore[no-untyped-def]
    obs = hand.observe(seat)
    assert obs.bidding is not None
    return obs.bidding


def check_bato_invariants(hand: BatoHand) -> None:
    """Cards conserved and disjoint (hands, tricks taken, the trick, the hidden cards, the
    turned card); players hold equal hands in play; at the end the payments balance."""
    parts = [*hand.hands, *hand.taken, mask_of(hand.trick), hand.stock_mask(), hand.out_of_play]
    total = 0
    for part in parts:
        assert total & part == 0, "a card is in two places"
        total |= part
    assert total == (1 << 40) - 1, "cards are missing"
    if hand.phase == Phase.PLAY:
        played = set(hand.trick_seats)
        assert len({hand.hands[s].bit_count() + (s in played) for s in hand.active}) == 1
        assert all(not hand.hands[s] for s in range(hand.n) if s not in hand.active)
    if hand.is_terminal():
        res = hand.result()
        x = res.extra
        assert sum(x["stakes"]["seats"]) + x["stakes"]["pot"] == 0
        assert x["pot"] - sum(x["payout"]) + sum(x["pay_in"]) == x["next_pot"]
        assert x["stakes"]["pot"] == x["next_pot"] - x["carry"]
        if len(x["playing"]) > 1:
            assert sum(res.tricks) == 4
            assert sum(x["payout"]) == x["pot"]
            taken = sum(card_points(m) for m in hand.taken)
            assert sum(res.card_points) == taken + 10
        else:
            assert sum(res.tricks) == 0


def playout(hand: BatoHand, rng: random.Random) -> BatoHand:
    while not hand.is_terminal():
        check_bato_invariants(hand)
        check_no_leaks(hand)
        check_refusal_unchanged(hand, rng)
        assert hand.legal_actions()
        hand.apply_action(random_action(hand, rng), hand.current_player())
    assert hand.legal_actions() == [] and hand.current_player() == -1
    check_bato_invariants(hand)
    check_no_leaks(hand)
    check_records(hand)
    return hand


# ---------------------------------------------------------------- the deal


def test_variant_description() -> None:
    assert V.players == (3, 4, 5, 6)
    assert V.ranking.value == "stakes"
    assert V.validate_options(None) == {"hands": 12}
    with pytest.raises(InvalidPlayerCountError):
        V.new_hand(players=2)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_deal_four_each_turned_card_and_stock(n: int) -> None:
    hand = hand_of(n, {0: ["1O", "3O", "2C", "4C"]}, "5E", stock=["7B", "6B"])
    assert all(h.bit_count() == 4 for h in hand.hands)
    assert names(hand, 0) == {"1O", "3O", "2C", "4C"}
    assert NOTATION[hand.turned] == "5E" and hand.trump == 2
    assert hand.out_of_play == 1 << P("5E")
    assert hand.stock_left == 40 - 4 * n - 1
    assert [NOTATION[c] for c in hand.stock[:2]] == ["7B", "6B"]
    assert hand.pot == ANTE * n
    obs = hand.observe(1)
    assert obs.phase == "preplay" and obs.turned == "5E" and obs.trump == "E"
    assert bid(hand).stage == "bid" and bid(hand).pot == 4 * n
    assert hand.current_player() == 0 and hand.legal_actions() == [A.JUEGO, A.PASS]


def test_carry_adds_to_the_antes() -> None:
    hand = V.new_hand(players=4, seed=3, context={"carry": 32})
    assert isinstance(hand, BatoHand)
    assert hand.pot == 48 and bid(hand, 0).pot == 48


# ---------------------------------------------------------------- the auction


def test_first_juego_makes_the_jugador_then_everyone_else_is_asked_to_accompany() -> None:
    hand = hand_of(4, {}, "5O")
    play(hand, "pass juego")
    assert hand.jugador == 1
    b = bid(hand, 2)
    assert b.stage == "accompany" and b.jugador == 1
    assert [(c.seat, c.call) for c in b.auction] == [(0, "pass"), (1, "juego")]
    assert hand.legal_actions() == [A.ACOMPANO, A.PASS]
    asked = []
    while hand.phase == Phase.PREPLAY and bid(hand).stage == "accompany":
        asked.append(hand.current_player())
        play(hand, "pass")
    # seat 0, who passed in the auction, is asked too; seat 2 and 3 never said juego
    assert asked == [2, 3, 0]


def test_everybody_passes_the_hand_is_void_and_the_pot_stays() -> None:
    hand = hand_of(3, {}, "5O")
    play(hand, "pass pass pass")
    assert hand.is_terminal()
    res = hand.result()
    assert res.reason_code == "void" and res.winners == () and res.losers == ()
    assert res.extra["jugador"] is None
    assert res.extra["next_pot"] == 12 and res.extra["payout"] == [0, 0, 0]
    assert res.extra["stakes"] == {"seats": [-4, -4, -4], "pot": 12}


def test_nobody_accompanies_the_jugador_takes_the_pot_without_play() -> None:
    hand = hand_of(4, {}, "5O", context={"carry": 16})
    play(hand, "juego pass pass pass")
    assert hand.is_terminal() and hand.history == []
    res = hand.result()
    assert res.reason_code == "unopposed" and res.winners == (0,)
    assert res.extra["payout"] == [32, 0, 0, 0] and res.extra["next_pot"] == 0
    assert res.extra["stakes"] == {"seats": [28, -4, -4, -4], "pot": -16}


def test_auction_refusals_leave_the_state_unchanged() -> None:
    hand = hand_of(4, {0: ["1O", "3O", "2C", "4C"]}, "5O")
    assert_refused(hand, "1O", WrongPhaseError, match="juego or pass")
    assert_refused(hand, "acompano", WrongPhaseError, match="juego or pass")
    assert_refused(hand, "exchange", WrongPhaseError)
    assert_refused(hand, "discard:1O", WrongPhaseError)
    assert_refused(hand, "juego", NotYourTurnError, seat=1)
    play(hand, "juego")
    assert_refused(hand, "juego", WrongPhaseError, match="acompano or pass")


# ---------------------------------------------------------------- the exchange


def test_exchange_marks_are_private_toggles_and_draw_from_the_stock_top() -> None:
    hand = hand_of(
        4,
        {0: ["1O", "3O", "2C", "4C"], 1: ["1C", "3C", "2E", "4E"]},
        "5O",
        stock=["12O", "11O", "7C"],
    )
    play(hand, "juego acompano pass pass")
    assert bid(hand, 0).stage == "exchange" and hand.current_player() == 0
    assert bid(hand, 0).playing == (0, 1)
    # the seats that passed fold: their cards are out of play and hidden
    assert hand.hands[2] == hand.hands[3] == 0
    assert hand.observe(2).hand_sizes == (4, 4, 0, 0)
    play(hand, "discard:2C discard:4C discard:1O")
    assert set(bid(hand, 0).marked) == {"2C", "4C", "1O"}
    for other in (1, 2, 3, None):
        assert bid(hand, other).marked == ()
    play(hand, "discard:1O")  # unmarks it
    assert set(bid(hand, 0).marked) == {"2C", "4C"}
    play(hand, "exchange")
    assert names(hand, 0) == {"1O", "3O", "12O", "11O"}
    assert bid(hand, 1).exchanged == (2, -1, -1, -1)
    assert bid(hand, 1).auction[-1].call == "exchange:2"
    assert hand.current_player() == 1 and hand.stock_left == 40 - 17 - 2
    check_no_leaks(hand)
    seen = json.dumps([hand.observation(s) for s in (1, 2, 3, None)])
    for card in ("2C", "4C"):  # the discards, seen by nobody
        assert f'"{card}"' not in seen
    play(hand, "exchange")
    assert hand.phase == Phase.PLAY and hand.current_player() == 0
    assert bid(hand, 0).stage is None and bid(hand, 0).exchanged == (2, 0, -1, -1)
    # not in the result either
    play(hand, "1O 2E 3O 4E 12O 3C 11O 1C")
    assert hand.is_terminal()
    for s in (0, 1, 2, 3, None):
        out = json.dumps(hand.observation(s))
        assert '"2C"' not in out and '"4C"' not in out


def test_a_player_marks_at_most_what_the_stock_still_holds() -> None:
    hand = hand_of(6, {}, "5O")
    assert hand.stock_left == 15
    play(hand, "juego acompano acompano acompano acompano acompano")
    for _ in range(3):  # three players exchange four cards each: 3 left
        for c in hand.hand_of(hand.current_player()):
            play(hand, f"discard:{c}")
        play(hand, "exchange")
    assert hand.stock_left == 3 and hand.current_player() == 3
    cards = hand.hand_of(3)
    for c in cards[:3]:
        play(hand, f"discard:{c}")
    assert_refused(hand, f"discard:{cards[3]}", IllegalActionError, match="at most 3")
    assert set(hand.legal_actions()) == {A.DISCARD + P(c) for c in cards[:3]} | {A.EXCHANGE}
    assert_refused(hand, "discard:5O", CardNotInHandError)
    play(hand, "exchange")
    assert hand.current_player() == 4 and hand.legal_actions() == [A.EXCHANGE]
    play(hand, "exchange exchange")
    assert hand.phase == Phase.PLAY
    assert all(h.bit_count() == 4 for h in hand.hands)
    assert bid(hand).exchanged == (4, 4, 4, 3, 0, 0)


# ---------------------------------------------------------------- the play


def test_jugador_leads_and_the_seats_that_passed_sit_out() -> None:
    hand = hand_of(4, {}, "5O")
    # seat 2 says juego; then 3 accompanies, 0 passes, 1 accompanies
    play(hand, "pass pass juego acompano pass acompano")
    assert hand.playing() == (2, 3, 1) and hand.active == (2, 3, 1)
    play(hand, "exchange exchange exchange")
    assert hand.current_player() == 2 and hand.mano == 0
    seats = []
    while len(hand.history) < 1:
        seats.append(hand.current_player())
        hand.apply_action(hand.legal_actions()[0])
    assert seats == [2, 3, 1] and hand.history[0].seats == (2, 3, 1)
    assert len(hand.history[0].cards) == 3


def made_hand() -> BatoHand:
    hand = hand_of(
        3,
        {0: ["1O", "3O", "2C", "4C"], 1: ["1C", "3C", "2E", "4E"]},
        "5O",
    )
    play(hand, "juego acompano pass exchange exchange")
    return hand


def test_no_vale_cargar_a_player_who_cannot_win_plays_his_fewest_points() -> None:
    hand = made_hand()
    play(hand, "1O")
    # no oros, no trumps: any card, but no vale cargar: neither the as nor the three of copas
    assert set(hand.legal_actions()) == {P("2E"), P("4E")}
    assert_refused(hand, "1C", ObligationError)


def test_must_beat_the_card_of_the_suit_led() -> None:
    hand = made_hand()
    play(hand, "1O 2E 3O 4E 2C")
    assert set(hand.legal_actions()) == {P("1C"), P("3C")}


def test_made_each_trick_takes_a_quarter_of_the_pot() -> None:
    hand = made_hand()
    play(hand, "1O 2E 3O 4E 2C 1C 3C 4C")
    res = hand.result()
    assert res.tricks == (2, 2, 0) and res.reason_code == "made"
    assert res.winners == (0, 1) and res.losers == ()
    assert res.extra["payout"] == [6, 6, 0] and res.extra["pay_in"] == [0, 0, 0]
    assert res.extra["next_pot"] == 0
    assert res.extra["stakes"] == {"seats": [2, 2, -4], "pot": 0}
    check_bato_invariants(hand)


def test_no_cantos_and_a_batido_pays_the_pot_into_the_next() -> None:
    hand = hand_of(
        4,
        {0: ["1O", "3O", "12O", "11O"], 1: ["2C", "4C", "5C", "6C"], 2: ["2E", "4E", "5E", "6E"]},
        "5O",
    )
    play(hand, "juego acompano acompano pass exchange exchange exchange 1O 2C 2E")
    # the jugador won a trick holding king and horse of trump: no canto on offer
    assert hand.current_player() == 0
    assert all(a < 40 for a in hand.legal_actions())
    assert_refused(hand, "sing:O", WrongPhaseError, match="no cantos")
    play(hand, "3O 4C 4E 12O 5C 5E 11O 6C 6E")
    res = hand.result()
    assert res.tricks == (4, 0, 0, 0) and res.reason_code == "batido"
    assert res.losers == (1, 2) and res.winners == (0,)
    assert res.extra["payout"] == [16, 0, 0, 0] and res.extra["pay_in"] == [0, 16, 16, 0]
    assert res.extra["next_pot"] == 32
    assert res.extra["stakes"] == {"seats": [12, -20, -20, -4], "pot": 32}
    assert res.cantos == ()


def test_a_jugador_with_one_trick_is_batido() -> None:
    hand = hand_of(3, {0: ["1O", "2C", "4C", "5C"], 1: ["1C", "3C", "3O", "12C"]}, "5O")
    play(hand, "juego acompano pass exchange exchange 2C 1C 3C 4C 3O 1O 5C 12C")
    res = hand.result()
    assert res.tricks == (1, 3, 0) and res.losers == (0,)
    assert res.extra["payout"] == [3, 9, 0] and res.extra["pay_in"] == [12, 0, 0]
    assert res.extra["next_pot"] == 12


def test_card_play_refusals() -> None:
    hand = made_hand()
    assert_refused(hand, "1C", CardNotInHandError)
    assert_refused(hand, "juego", WrongPhaseError, match="before play")
    assert_refused(hand, "1O", NotYourTurnError, seat=1)


# ---------------------------------------------------------------- the match


def test_match_carries_the_pot_and_keeps_the_ledger_balanced() -> None:
    m = V.new_match(players=3, seed=5, options={"hands": 2}, dealer=2)
    assert isinstance(m, BatoMatch)
    assert m.hand.pot == 12
    play(m, "pass pass pass")  # void: the pot stays
    assert m.ledger == [-4, -4, -4] and m.pot == 12
    assert m.hand.dealer == 0 and m.hand.pot == 24
    play(m, "juego pass pass")  # seat 1, the mano, says juego: nobody accompanies
    assert m.is_terminal()
    r = m.result()
    assert r.extra["ledger"] == [-8, 16, -8] and r.extra["pot"] == 0
    assert r.places == (2, 1, 2) and r.winners == (1,)
    assert r.extra["voids"] == 1 and r.hands_played == 2


def test_a_pot_left_at_the_end_stays_unshared() -> None:
    m = V.new_match(players=4, seed=1, options={"hands": 1})
    play(m, "pass pass pass pass")
    r = m.result()
    assert r.extra["ledger"] == [-4, -4, -4, -4] and r.extra["pot"] == 16
    assert r.places == (1, 1, 1, 1)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_matches_conserve_money(n: int) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        m = V.new_match(players=n, seed=seed, options={"hands": 4})
        while not m.is_terminal():
            m.apply_action(random_action(m, rng), m.current_player())
            assert isinstance(m, BatoMatch)
            assert sum(m.ledger) + m.pot == 0
        rec = match_record(m)
        again = replay(json.loads(json.dumps(rec)))
        assert isinstance(again, MatchState)
        assert again.result().to_json() == m.result().to_json()


# ---------------------------------------------------------------- random hands


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_playouts_keep_the_invariants(n: int) -> None:
    outcomes = set()
    for seed in range(25):
        hand = V.new_hand(players=n, seed=seed)
        assert isinstance(hand, BatoHand)
        playout(hand, random.Random(seed))
        outcomes.add(hand.result().reason_code)
        rec = hand_record(hand)
        assert replay(json.loads(json.dumps(rec))).log == hand.log
    assert len(outcomes) >= 2


def test_clone_is_independent() -> None:
    hand = made_hand()
    copy = hand.clone()
    play(copy, "1O 2E")
    assert hand.trick == [] and hand.tricks == [0, 0, 0]
    assert copy.tricks == [1, 0, 0]


# ---------------------------------------------------------------- conformance


def test_settle_function_and_query() -> None:
    assert bato_settle(16, 1, [1, 2, 3], [0, 2, 0, 2]) == ([0, 8, 0, 8], [0, 0, 16, 0], 16)
    q = {"q": "settle", "variant": "bato"}
    assert answer({**q, "pot": 24, "jugador": None, "players": [], "tricks": [0] * 6}) == {
        "payout": [0] * 6,
        "pay_in": [0] * 6,
        "next_pot": 24,
    }
    assert answer({**q, "pot": 20, "jugador": 2, "players": [2], "tricks": [0] * 5}) == {
        "payout": [0, 0, 20, 0, 0],
        "pay_in": [0] * 5,
        "next_pot": 0,
    }
    assert answer({**q, "pot": 12, "jugador": 0, "players": [0, 2], "tricks": [1, 0, 3]}) == {
        "payout": [3, 0, 9],
        "pay_in": [12, 0, 0],
        "next_pot": 12,
    }
    assert answer(
        {**q, "pot": 16, "jugador": 0, "players": [0, 1, 2, 3], "tricks": [1, 1, 1, 1]}
    ) == {"payout": [4, 4, 4, 4], "pay_in": [16, 0, 0, 0], "next_pot": 16}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pot": 10}, "quarters"),
        ({"tricks": [0, 2, 0, 1]}, "4 tricks"),
        ({"tricks": [1, 2, 0, 1]}, "only the seats"),
        ({"jugador": 0}, "one of 'players'"),
        ({"players": [1, 1, 3]}, "twice"),
        ({"players": [1, 2, 9]}, "seats from 0 to 3"),
    ],
)
def test_settle_query_errors(change: dict[str, object], message: str) -> None:
    q = {"q": "settle", "variant": "bato", "pot": 16, "jugador": 1, "players": [1, 2, 3]}
    q["tricks"] = [0, 2, 0, 2]
    q.update(change)
    out = answer(q)
    assert "error" in out and message in out["error"], out


def test_legal_query_applies_no_vale_cargar_and_the_players_of_the_hand() -> None:
    q = {"q": "legal", "variant": "bato", "trump": "O"}
    # trumped by a lower trump: an over-trump is a win, so either trump may be played
    out = answer({**q, "players": 3, "trick": ["1C", "4O"], "hand": ["2O", "5O", "3E"]})
    assert set(out["legal"]) == {"5O"}
    out = answer({**q, "players": 3, "trick": ["1C", "3O"], "hand": ["2O", "12O", "3E"]})
    assert out["legal"] == ["2O"]  # no higher trump: any card, and of them the fewest points
    out = answer({**q, "players": 2, "trick": ["1C", "3C"], "hand": ["2C"]})
    assert "error" in out and "complete" in out["error"]
