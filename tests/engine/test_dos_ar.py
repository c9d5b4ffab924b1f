"""Argentine tute de a dos (``dos_ar``, RULES.md §5): one test per rule, then random playouts,
and its use as the Cabrero playoff.

Decks are stacked with :func:`tests.engine.stock_support.stacked` (deal order: the hands one
card at a time, mano first; the turned card; the stock from the top). With ``dealer=1`` the mano
is seat 0.
"""

from __future__ import annotations

import random

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.cards import SUIT_MASK, mask_of, parse_card
from games.engine.conformance import answer
from games.engine.errors import IllegalActionError, SetupError
from games.engine.rules import standard_legal
from games.engine.state import HandSetup, Phase
from games.engine.variant import REGISTRY
from games.engine.variants.dos_ar import DosArHand, DosArMatch, dos_ar_winner
from tests.engine.helpers import random_playout
from tests.engine.stock_support import (
    check_cards_conserved,
    lowest_card,
    play,
    playout_match,
    run_until,
    stacked,
)

DOS_AR = get_variant("dos_ar")
LOW = [f"{r}{s}" for s in "CEB" for r in (2, 4, 5, 6, 7, 10)]


def hand(deck: list[int] | None = None, dealer: int = 1, seed: int = 0) -> DosArHand:
    h = DOS_AR.new_hand(players=2, seed=seed, dealer=dealer, deck=deck)
    assert isinstance(h, DosArHand)
    return h


def basic_deck(
    turned: str = "5B",
    mano: list[str] | None = None,
    dealer: list[str] | None = None,
    stock: tuple[str, ...] = (),
) -> list[int]:
    mano = mano or ["7B", "2C", "4E", "11O", "12O", "1C"]
    dealer = dealer or ["2B", "1E", "3C", "4C", "5C", "6C"]
    return stacked(mano, dealer, turned, stock)


def holds(h: DosArHand, seat: int, card: str) -> bool:
    return bool(h.hands[seat] >> parse_card(card) & 1)


# --------------------------------------------------------------------------- the deal, the draw


def test_deal_six_cards_each_turned_card_names_trump_under_a_stock_of_28() -> None:
    h = hand(basic_deck())
    assert sorted(h.hand_of(0)) == sorted(["7B", "2C", "4E", "11O", "12O", "1C"])
    assert h.hands[1].bit_count() == 6 and h.trump == 3 and h.turned == parse_card("5B")
    assert h.stock_left == 28 and h.observation(1)["stock"] == 28
    assert h.current_player() == 0 == h.mano


def test_turned_card_is_never_swapped() -> None:
    h = hand(basic_deck(turned="12B"))  # the mano holds the 7 of trump
    assert A.SWAP not in h.legal_actions()
    with pytest.raises(IllegalActionError):
        play(h, "swap")
    run_until(h, lambda x: x.stock_left == 0)
    assert h.observation(0)["stock_bottom"] is None
    assert h.hands[1 - h.history[-1].winner] >> h.turned & 1  # drawn last, as it was turned


def test_winner_draws_first_then_the_other_and_leads() -> None:
    h = hand(basic_deck(stock=("3O", "4O")))
    play(h, "2C", "3C")
    assert holds(h, 1, "3O") and holds(h, 0, "4O")
    assert h.current_player() == 1 and h.stock_left == 26
    assert [x.bit_count() for x in h.hands] == [6, 6]


# --------------------------------------------------------------------------- obligations


def test_no_obligation_at_all_while_the_stock_lasts() -> None:
    h = hand(basic_deck())
    play(h, "7B")  # a trump lead: the dealer holds the 2 of trump, yet anything goes
    assert h.legal_card_mask() == h.hands[1]
    assert answer(
        {
            "q": "legal",
            "variant": "dos_ar",
            "trump": "O",
            "trick": ["5E"],
            "hand": ["2O", "12C", "1E"],
            "stock": 10,
        }
    ) == {"legal": ["2O", "12C", "1E"]}


def test_standard_obligations_once_the_stock_is_empty() -> None:
    assert answer(
        {
            "q": "legal",
            "variant": "dos_ar",
            "trump": "O",
            "trick": ["5E"],
            "hand": ["2O", "12C", "1E"],
            "stock": 0,
        }
    ) == {"legal": ["1E"]}
    assert answer(
        {"q": "legal", "variant": "dos_ar", "trump": "O", "trick": ["5E"], "hand": ["2O", "12C"]}
    ) == {"legal": ["2O"]}
    assert answer({"q": "trick", "variant": "dos_ar", "trump": "O", "trick": ["1E", "2O"]}) == {
        "winner": 1,
        "lead": "E",
        "trump": "O",
    }
    differs = 0
    for seed in range(6):
        h = hand(seed=seed)
        while not h.is_terminal():
            if h.trick and not h.stock_left:
                mine = h.hands[h.turn]
                std = standard_legal(mine, h.lead, h.trump, h.best)
                assert h.legal_card_mask() == std
                differs += std != mine
            h.apply_action(lowest_card(h))
    assert differs


# --------------------------------------------------------------------------- cantos, tute


def test_cantos_after_winning_a_trick_forty_in_trump_twenty_elsewhere() -> None:
    h = hand(basic_deck(turned="5O", mano=["12O", "11O", "12C", "11C", "1C", "2E"]))
    assert not [a for a in h.legal_actions() if a >= 40]
    play(h, "1C", "4C", "sing:O")
    assert not [a for a in h.legal_actions() if A.SING <= a < A.SING + 4]  # one per trick
    play(h, "2E", "1E")  # the dealer wins: he may sing, the mano may not
    assert h.may_sing == 1
    play(h, h.legal_actions()[0])
    assert [(c.seat, c.points) for c in h.cantos] == [(0, 40)]


def test_tute_wins_the_hand_at_once() -> None:
    h = hand(basic_deck(mano=["12O", "12C", "12E", "12B", "1C", "2E"]))
    play(h, "1C", "4C")
    assert A.TUTE in h.legal_actions()
    play(h, "tute")
    res = h.result()
    assert h.is_terminal() and res.reason_code == "tute" and res.winners == (0,)
    assert res.tute == 0 and res.losers == (1,)


# --------------------------------------------------------------------------- who wins


def test_only_a_mas_fewer_points_lose_the_hand() -> None:
    assert dos_ar_winner([70, 80], 0) == (1, "more_points")
    for seed in range(20):
        h = hand(seed=seed)
        run_until(h, lambda x: False)
        res = h.result()
        if res.points[0] != res.points[1]:
            assert res.losers == (res.points.index(min(res.points)),)


def test_equal_points_the_winner_of_the_last_trick_wins() -> None:
    assert dos_ar_winner([65, 65], 0) == (0, "tie_last_trick")
    assert dos_ar_winner([65, 65], 1) == (1, "tie_last_trick")


def sing_then_lowest_non_trump(h: DosArHand) -> int:
    sings = [a for a in h.legal_actions() if A.SING <= a < A.SING + 4]
    if sings:
        return sings[0]
    cards = [a for a in h.legal_actions() if a < 40]
    if h.stock_left and not h.trick:
        plain = [c for c in cards if not SUIT_MASK[h.trump] >> c & 1]
        return min(plain or cards)
    return min(cards)


def test_capote_after_singing_still_wins_a_mas() -> None:
    """Decision (ours): Cabrero's capote-after-singing rule does not apply 'a más'."""
    strong = [f"{r}O" for r in (4, 5, 6, 7, 10, 11, 12, 3, 1)] + [
        "12C",
        "3C",
        "1C",
        "12E",
        "3E",
        "1E",
        "10B",
        "11B",
        "12B",
        "3B",
        "1B",
    ]
    weak = [c for c in LOW if c != "10B"] + ["11C", "11E"]
    stock: list[str] = []
    for i, c in enumerate(strong[6:]):
        stock.append(c)
        if 6 + i < len(weak):
            stock.append(weak[6 + i])
    h = hand(stacked(strong[:6], weak[:6], "2O", stock), dealer=0)
    run_until(h, lambda x: False, sing_then_lowest_non_trump)
    res = h.result()
    assert h.sang[1] and h.tricks[1] == 20 and res.capote == 1
    assert res.winners == (1,) and res.reason_code == "more_points"


# --------------------------------------------------------------------------- the match


def test_match_ends_when_a_player_has_lost_four_hands_dealer_alternates() -> None:
    for seed in range(5):
        m = DOS_AR.new_match(players=2, seed=seed)
        rng = random.Random(seed)
        while not m.is_terminal():
            m.apply_action(rng.choice(m.legal_actions()))
        assert isinstance(m, DosArMatch)
        res = m.result()
        lost = res.extra["lost"]
        assert sorted(lost)[1] == 4 and sorted(lost)[0] < 4
        assert res.winners == (lost.index(min(lost)),) and sum(lost) == len(m.hands)
        for prev, nxt in zip(m.hands, m.hands[1:], strict=False):
            assert nxt.dealer == prev.mano and nxt.dealer != prev.dealer


def test_two_players_only() -> None:
    with pytest.raises(SetupError):
        DOS_AR.new_match(players=3, seed=0)


# --------------------------------------------------------------------------- the playoff


def test_cabrero_playoff_setup_plays_one_hand_with_one_winner() -> None:
    for seed in range(40):
        setup = HandSetup(
            players=2, seed=f"po{seed}", dealer=0, first=True, options={}, context={"seats": [3, 1]}
        )
        h = REGISTRY["dos_ar"].hand_class(setup)
        rng = random.Random(seed)
        while not h.is_terminal():
            h.apply_action(rng.choice(h.legal_actions()))
        res = h.result()
        assert len(res.winners) == 1 and res.winners[0] in (0, 1)
        assert res.losers == (1 - res.winners[0],)


def test_cabrero_match_with_playoff_ends_with_a_dos_ar_hand() -> None:
    cabrero = get_variant("cabrero")
    played = 0
    for seed in range(12):
        m = cabrero.new_match(players=4, seed=seed, options={"playoff": True})
        rng = random.Random(seed)
        while not m.is_terminal():
            m.apply_action(rng.choice(m.legal_actions()), m.current_player())
        if isinstance(m.hand, DosArHand):
            played += 1
            assert sorted(m.result().places)[:2] == [1, 2]
    assert played


# --------------------------------------------------------------------------- playouts


def test_random_playouts_keep_every_invariant() -> None:
    for seed in range(8):
        rng = random.Random(seed)
        m = DOS_AR.new_match(players=2, seed=f"ar{seed}")
        playout_match(m, rng, lambda legal, r: r.choice(legal), DosArHand.open_legal)


def test_many_quick_playouts() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        m = DOS_AR.new_match(players=2, seed=seed)
        playout_match(m, rng, lambda legal, r: r.choice(legal), DosArHand.open_legal, deep=False)


def test_stacked_hand_conserves_cards_through_the_draw() -> None:
    h = hand(basic_deck())
    while not h.is_terminal():
        check_cards_conserved(h)
        assert h.phase == Phase.PLAY
        h.apply_action(lowest_card(h))
    assert mask_of(h.hand_of(0)) == 0


def test_shared_engine_invariants_hold() -> None:
    """The invariants every variant's hands share (tests/engine/helpers.py)."""
    for seed in range(20):
        random_playout(hand(seed=seed, dealer=seed % 2), random.Random(seed))
