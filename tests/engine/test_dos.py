"""Spanish tute for two (``dos``, RULES.md §4): one test per rule, then random playouts.

Decks are stacked with :func:`tests.engine.stock_support.stacked` (deal order: the hands one
card at a time, mano first; the turned card; the stock from the top). With ``dealer=1`` the mano
is seat 0.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.cards import SUIT_MASK, mask_of, notation_of_mask, parse_card
from games.engine.conformance import answer
from games.engine.errors import (
    IllegalActionError,
    InvalidOptionError,
    ObligationError,
    SetupError,
    WrongPhaseError,
)
from games.engine.rules import standard_legal
from games.engine.state import Phase
from games.engine.variants.dos import DosHand, DosMatch, first_deal_winner
from tests.engine.stock_support import (
    check_cards_conserved,
    lowest_card,
    play,
    playout_match,
    run_until,
    stacked,
)

DOS = get_variant("dos")

#: Low cards of copas, espadas and bastos (2 to the jack): 18 cards.
LOW = [f"{r}{s}" for s in "CEB" for r in (2, 4, 5, 6, 7, 10)]


def hand(
    deck: list[int] | None = None, dealer: int = 1, seed: int = 0, carried: list[int] | None = None
) -> DosHand:
    h = DOS.new_hand(
        players=2,
        seed=seed,
        dealer=dealer,
        deck=deck,
        context={"carried": carried} if carried is not None else None,
        first=carried is None,
    )
    assert isinstance(h, DosHand)
    return h


def basic_deck(
    turned: str = "1O",
    mano: list[str] | None = None,
    dealer: list[str] | None = None,
    stock: tuple[str, ...] = (),
) -> list[int]:
    mano = mano or ["7O", "2C", "4E", "11B", "12B", "1C", "5E", "6E"]
    dealer = dealer or ["2O", "1E", "3C", "4C", "5C", "6C", "7C", "10C"]
    return stacked(mano, dealer, turned, stock)


def holds(h: DosHand, seat: int, card: str) -> bool:
    return bool(h.hands[seat] >> parse_card(card) & 1)


def interleave(first: list[str], second: list[str]) -> list[str]:
    out: list[str] = []
    for i, c in enumerate(first):
        out.append(c)
        if i < len(second):
            out.append(second[i])
    return out


def strong_and_weak(turned: str) -> list[int]:
    """Seat 1 (the mano, dealer=0) gets the trumps and every high card; seat 0 only low
    cards, horses of copas and espadas, and the turned card with the last draw. Seat 1 wins
    every stock trick whatever is played."""
    strong = [f"{r}O" for r in (2, 4, 5, 6, 7, 10, 11, 12, 3, 1) if f"{r}O" != turned] + [
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
    assert len(strong) == 20 and len(weak) == 19
    return stacked(strong[:8], weak[:8], turned, interleave(strong[8:], weak[8:]))


def lowest_non_trump_while_stock(h: DosHand) -> int:
    """Lead the lowest non-trump while the stock lasts (keeping trumps), else the lowest."""
    cards = [a for a in h.legal_actions() if a < 40]
    if h.stock_left and not h.trick:
        plain = [c for c in cards if not SUIT_MASK[h.trump] >> c & 1]
        if plain:
            return min(plain)
    return min(cards)


def to_window(h: DosHand, policy: Callable[[DosHand], int] = lowest_card) -> None:
    run_until(h, lambda x: x.phase == Phase.WINDOW, policy)


# --------------------------------------------------------------------------- the deal


def test_deal_eight_cards_each_turned_card_names_trump_under_a_stock_of_24() -> None:
    h = hand(basic_deck(turned="12O"))
    assert h.hand_of(0) == notation_of_mask(
        mask_of(["7O", "2C", "4E", "11B", "12B", "1C", "5E", "6E"])
    )
    assert h.hands[1].bit_count() == 8
    assert h.trump == 0 and h.turned == parse_card("12O")
    assert h.stock_left == 24 and h.stock_mask().bit_count() == 24
    obs = h.observation(0)
    assert obs["stock"] == 24 and obs["turned"] == "12O" and obs["stock_bottom"] == "12O"
    assert h.mano == 0 and h.current_player() == 0  # the non-dealer leads


def test_turned_card_is_drawn_last_by_the_loser_of_the_last_stock_trick() -> None:
    h = hand(seed=4)
    turned = h.turned
    run_until(h, lambda x: x.stock_left == 2)
    assert h.bottom == turned and h.observation(0)["stock_bottom"] == h.observation(0)["turned"]
    run_until(h, lambda x: x.stock_left == 0)
    loser = 1 - h.history[-1].winner
    assert h.hands[loser] >> turned & 1
    assert h.observation(None)["bottom_taken_by"] == loser
    assert h.known_cards(loser) == 1 << turned


def test_winner_draws_first_then_the_other_and_leads() -> None:
    h = hand(basic_deck(stock=("3O", "4O")))
    play(h, "2C", "3C")  # the dealer's three of copas takes the trick
    assert h.history[-1].winner == 1
    assert holds(h, 1, "3O") and holds(h, 0, "4O")
    assert h.current_player() == 1 and h.stock_left == 22


# --------------------------------------------------------------------------- obligations


def test_stock_open_trump_lead_must_be_answered_with_a_trump_any_trump() -> None:
    h = hand(
        basic_deck(
            turned="1B",
            mano=["11B", "2C", "4E", "7O", "12O", "1C", "5E", "6E"],
            dealer=["2B", "4B", "1E", "3C", "4C", "5C", "6C", "7C"],
        )
    )
    play(h, "11B")
    assert notation_of_mask(h.legal_card_mask()) == ["2B", "4B"]  # lower trumps are fine
    before = json.dumps(h.observation(1))
    with pytest.raises(ObligationError, match="answer with a trump"):
        play(h, "1E")
    assert json.dumps(h.observation(1)) == before
    play(h, "2B")
    assert h.history[-1].winner == 0


def test_stock_open_trump_lead_without_trumps_allows_anything() -> None:
    assert DosHand.open_legal(mask_of(["1E", "2C"]), 0, 0) == mask_of(["1E", "2C"])


def test_stock_open_no_obligation_on_other_leads() -> None:
    h = hand(basic_deck())
    play(h, "4E")  # dealer holds the 1E, trumps and copas
    assert h.legal_card_mask() == h.hands[1]


def test_stock_empty_standard_obligations() -> None:
    differs = 0
    for seed in range(6):
        h = hand(seed=seed)
        to_window(h)
        play(h, "pass", "pass")
        while not h.is_terminal():
            if h.trick:
                mine = h.hands[h.turn]
                std = standard_legal(mine, h.lead, h.trump, h.best)
                assert h.legal_card_mask() == std
                differs += std != DosHand.open_legal(mine, h.lead, h.trump)
            h.apply_action(lowest_card(h))
    assert differs  # the standard rules did bite somewhere


def test_conformance_legal_for_dos() -> None:
    q = {"q": "legal", "variant": "dos", "trump": "O"}
    assert answer({**q, "trick": ["5O"], "hand": ["2O", "1E", "3O"], "stock": 10}) == {
        "legal": ["2O", "3O"]
    }
    assert answer({**q, "trick": ["5E"], "hand": ["2O", "12C", "1E"], "stock": 10}) == {
        "legal": ["2O", "12C", "1E"]
    }
    assert answer({**q, "trick": ["5O"], "hand": ["1E", "12C"], "stock": 4}) == {
        "legal": ["12C", "1E"]
    }
    assert answer({**q, "trick": ["5E"], "hand": ["2O", "12C", "1E"], "stock": 0}) == {
        "legal": ["1E"]
    }
    assert answer({**q, "trick": ["5O"], "hand": ["2O", "3O", "1E"], "stock": 0}) == {
        "legal": ["3O"]
    }
    assert answer({"q": "trick", "variant": "dos", "trump": "O", "trick": ["1E", "2O"]}) == {
        "winner": 1,
        "lead": "E",
        "trump": "O",
    }


# --------------------------------------------------------------------------- the swap


def test_the_swapped_seven_goes_under_the_turned_card_at_once() -> None:
    h = hand(basic_deck(turned="1O"))
    play(h, "swap")  # the mano, before leading
    assert not holds(h, 0, "7O") and not holds(h, 0, "1O") and h.hands[0].bit_count() == 7
    assert h.bottom == parse_card("7O") and h.stock_left == 24  # the 7 is the last card now
    assert h.reserved == parse_card("1O")
    swap = {"seat": 0, "gave": "7O", "took": "1O", "pending": True}
    for seat in (0, 1, None):  # public: the 7 under the turned card, who will take it
        obs = h.observation(seat)
        assert obs["turned"] == "1O" and obs["stock_bottom"] == "7O" and obs["stock"] == 24
        assert obs["swap"] == swap
    assert h.known_cards(0) == 0  # the turned card is not in his hand yet
    check_cards_conserved(h)


def test_a_player_who_already_won_tricks_still_waits_for_his_next_trick_won() -> None:
    deck = basic_deck(turned="1O", stock=("3O", "4O", "5O", "6O", "2E", "3E"))
    h = hand(deck)
    play(h, "2C", "3C")  # the dealer takes the first trick (draws 3O; the mano 4O)
    play(h, "4C", "1C")  # the mano takes the second (draws 5O; the dealer 6O), and leads
    assert h.tricks[0] == 1 and A.SWAP in h.legal_actions()
    play(h, "swap")
    assert not holds(h, 0, "1O") and not holds(h, 0, "7O") and h.hands[0].bit_count() == 7
    assert h.observation(1)["swap"] == {"seat": 0, "gave": "7O", "took": "1O", "pending": True}
    play(h, "4E", "1E")  # he loses this one: still waiting, one draw (3E)
    assert not holds(h, 0, "1O") and h.hands[0].bit_count() == 7
    assert h.observation(0)["swap"]["pending"] is True
    play(h, "5C", "4O")  # he trumps the dealer's lead: the turned card, then his draw
    assert h.tricks[0] == 2
    assert holds(h, 0, "1O") and h.hands[0].bit_count() == 8
    assert h.observation(1)["swap"]["pending"] is False
    assert h.known_cards(0) == 1 << parse_card("1O")
    check_cards_conserved(h)


def test_bots_play_on_while_the_turned_card_waits() -> None:
    """A bot rebuilds a position with a waiting swap faithfully (the turned card in nobody's
    hand, the 7 under the stock) and every level plays a legal action from it."""
    from games.engine.bots import LEVELS, choose_action
    from games.engine.bots.determinize import Knowledge, sample_deal
    from games.engine.bots.restore import restore
    from games.engine.bots.view import View

    deck = basic_deck(turned="1O", stock=("3O", "4O", "5O", "6O", "2E", "3E"))
    h = hand(deck)
    play(h, "2C", "3C", "4C", "1C", "swap", "4E", "1E")  # won a trick, swapped, lost one
    rng = random.Random(1)
    for card in ("5C", "4O"):  # the dealer leads, then the swapper answers
        seat = h.current_player()
        obs = h.observation(seat, memory=True)
        assert obs["swap"]["pending"] is True
        view = View.of(obs)
        stock = list(h.stock[h.stock_pos :])
        assert restore(view, list(h.hands), stock).observation(seat, memory=True) == obs
        hands, stock = sample_deal(Knowledge.of(view), rng)
        waiting = parse_card("1O")  # it waits on the table: in no hand, not in the stock
        assert not any(x >> waiting & 1 for x in hands) and waiting not in stock
        for level in LEVELS:
            assert choose_action(level, obs, seed=1, budget_ms=None, iterations=4) in obs["legal"]
        play(h, card)


def test_swap_two_for_a_blank_turned_card() -> None:
    h = hand(basic_deck(turned="5O"))  # the mano holds the 7, the dealer the 2
    assert A.SWAP not in h.legal_actions()
    play(h, "2C")
    assert A.SWAP in h.legal_actions()  # the dealer, before answering
    play(h, "swap")
    assert not holds(h, 1, "2O") and h.observation(0)["stock_bottom"] == "2O"


def test_swap_before_playing_on_ones_turn_only() -> None:
    h = hand(basic_deck(turned="1O"))
    assert A.SWAP in h.legal_actions()  # the mano, before leading
    play(h, "2C")
    assert A.SWAP not in h.legal_actions()  # the dealer does not hold the 7
    with pytest.raises(IllegalActionError, match="you need the seven of coins"):
        play(h, "swap")


def keeping_the_swap_card(h: DosHand) -> int:
    """The lowest legal card other than the 7 (or 2) that could take the turned card."""
    cards = [a for a in h.legal_actions() if a < 40]
    return min([c for c in cards if c != h.swap_need] or cards)


def test_swap_only_while_the_stock_holds_more_than_the_turned_card() -> None:
    h = hand(seed=21)
    need = h.swap_need
    assert need >= 0
    to_window(h, keeping_the_swap_card)
    play(h, "pass", "pass")
    holder = 0 if h.hands[0] >> need & 1 else 1
    run_until(h, lambda x: x.turn == holder, keeping_the_swap_card)
    assert A.SWAP not in h.legal_actions()
    with pytest.raises(WrongPhaseError, match="more than the turned card"):
        play(h, "swap")


def test_swap_allowed_with_one_hidden_card_left() -> None:
    for seed in range(40):
        h = hand(seed=seed)
        if h.swap_need < 0:
            continue
        run_until(h, lambda x: x.stock_left == 2, keeping_the_swap_card)
        if h.hands[h.turn] >> h.swap_need & 1:
            assert A.SWAP in h.legal_actions()
            return
    pytest.fail("no position found")


def test_swap_before_winning_a_trick_commits_the_seven_until_the_next_win() -> None:
    h = hand(basic_deck(turned="1O", stock=("3O", "4O", "5O", "6O")))
    play(h, "swap")  # the mano has not won a trick yet: he commits the 7
    assert h.hands[0].bit_count() == 7 and not holds(h, 0, "1O") and not holds(h, 0, "7O")
    obs = h.observation(1)
    assert obs["swap"]["pending"] and obs["stock_bottom"] == "7O" and obs["stock"] == 24
    check_cards_conserved(h)
    play(h, "2C", "3C")  # he loses: no turned card, one draw
    assert not holds(h, 0, "1O") and h.hands[0].bit_count() == 7
    play(h, "4C", "1C")  # he wins: the turned card, then his draw
    assert holds(h, 0, "1O") and h.hands[0].bit_count() == 8
    assert h.observation(0)["swap"]["pending"] is False


def test_committed_player_gets_the_turned_card_with_the_last_draw() -> None:
    """Decision (ours): a player who committed the 7 and won no trick while the stock lasted
    receives the turned card when the stock runs out."""
    strong = [f"{r}O" for r in (2, 4, 5, 6, 10, 11, 12, 3)] + [
        f"{r}{s}" for s in "CEB" for r in (11, 12, 3, 1)
    ]
    weak = ["7O", *LOW]
    deck = stacked(strong[:8], weak[:8], "1O", interleave(strong[8:], weak[8:]))
    h = hand(deck, dealer=0)  # the strong seat 1 is mano
    play(h, lowest_non_trump_while_stock(h))
    play(h, "swap")
    assert h.reserved == parse_card("1O")
    run_until(h, lambda x: x.stock_left == 0, lowest_non_trump_while_stock)
    assert h.tricks[0] == 0
    assert holds(h, 0, "1O") and holds(h, 0, "7O")  # the 7 came back as the last card
    assert [x.bit_count() for x in h.hands] == [8, 8]
    assert h.observation(0)["swap"]["pending"] is False
    check_cards_conserved(h)


def test_only_one_swap_per_deal() -> None:
    h = hand(
        basic_deck(
            turned="12O",
            mano=["2O", "2C", "4E", "11B", "12B", "1C", "5E", "6E"],
            dealer=["7O", "1E", "3C", "4C", "5C", "6C", "7C", "10C"],
        )
    )
    play(h, "2C", "swap", "3C")  # the dealer commits his 7 for the king
    play(h, "4C", "5E")
    assert h.bottom == parse_card("7O")  # a blank card now lies face up; the 2 may not take it
    run_until(h, lambda x: x.turn == 0 and x.phase == Phase.PLAY)
    assert holds(h, 0, "2O") and A.SWAP not in h.legal_actions()
    with pytest.raises(IllegalActionError, match="already been exchanged"):
        play(h, "swap")


def test_a_turned_two_is_not_exchanged() -> None:
    h = hand(basic_deck(turned="2B"))
    assert h.swap_need == -1 and A.SWAP not in h.legal_actions()
    with pytest.raises(IllegalActionError, match="nothing to exchange"):
        play(h, "swap")


# --------------------------------------------------------------------------- cantos


def singer_deck() -> list[int]:
    return basic_deck(
        turned="1O",
        mano=["12O", "11O", "12C", "11C", "12E", "12B", "1C", "5E"],
        dealer=["2O", "1E", "3C", "4C", "5C", "6C", "7C", "10C"],
    )


def test_cantos_only_after_winning_a_trick() -> None:
    h = hand(singer_deck())
    assert not [a for a in h.legal_actions() if a >= A.SING]
    with pytest.raises(WrongPhaseError, match="after winning a trick"):
        play(h, "sing:O")
    play(h, "1C", "4C")
    assert A.SING + 0 in h.legal_actions() and A.SING + 1 in h.legal_actions()


def test_one_canto_at_a_time_forty_in_trump_twenty_in_another_suit() -> None:
    h = hand(singer_deck())
    play(h, "1C", "4C", "sing:O")
    assert not [a for a in h.legal_actions() if A.SING <= a < A.SING + 4]
    play(h, "5E", "6C")  # wins again
    play(h, "sing:C")
    assert [(c.seat, c.suit, c.points) for c in h.cantos] == [(0, 0, 40), (0, 1, 20)]
    assert h.observation(1)["totals"][0] == h.card_pts[0] + 60


def test_tute_is_not_admitted() -> None:
    h = hand(basic_deck(turned="1O", mano=["12O", "12C", "12E", "12B", "1C", "2C", "4E", "5E"]))
    play(h, "1C", "3C")
    assert h.may_sing == 0 and A.TUTE not in h.legal_actions()
    with pytest.raises(IllegalActionError, match="Tute is not admitted"):
        play(h, "tute")


# --------------------------------------------------------------------------- the game


def test_first_deal_101_points_win_the_game() -> None:
    for seed in range(60):
        h = hand(seed=seed)
        to_window(h)
        play(h, "pass", "pass")
        run_until(h, lambda x: False)
        res = h.result()
        totals = res.extra["totals"]
        assert totals == list(res.points)  # cards + 10 last trick + cantos
        if max(totals) >= 101 and min(totals) < 101:
            assert res.winners == (totals.index(max(totals)),)
            assert res.reason_code == "reached_101" and res.extra["game_over"]
            return
    pytest.fail("no deal reached 101")


def test_both_at_101_in_the_first_deal_more_points_then_last_trick() -> None:
    assert first_deal_winner([120, 105], 1) == (0, "both_101")
    assert first_deal_winner([110, 110], 0) == (0, "both_101_tie")
    assert first_deal_winner([100, 100], 0) == (None, "no_101")


def test_no_101_second_deal_by_the_last_trick_winner_with_points_carried() -> None:
    seen = 0
    for seed in range(20):
        m = DOS.new_match(players=2, seed=seed, options={"games": 1})
        while len(m.hands) == 1 and not m.is_terminal():
            m.apply_action(A.PASS if m.hand.phase == Phase.WINDOW else lowest_card(m.hand))
        res = m.hands[0].result()
        if res.reason_code != "no_101":
            continue
        seen += 1
        second = m.hand
        assert isinstance(second, DosHand) and second.second
        assert second.dealer == res.extra["last_trick"] == m.hands[0].history[-1].winner
        assert list(second.carried) == res.extra["totals"]
        assert m.observation(0)["match"]["deal"] == 2
    assert seen


def test_second_deal_true_claim_wins_the_game() -> None:
    h = hand(
        basic_deck(
            mano=["1E", "2C", "4E", "11B", "12B", "1C", "5E", "6E"],
            dealer=["2E", "7O", "3C", "4C", "5C", "6C", "7C", "10C"],
        ),
        carried=[100, 40],
    )
    play(h, "1E", "2E")
    assert h.totals()[0] == 111
    play(h, "claim")
    res = h.result()
    assert h.is_terminal() and res.winners == (0,) and res.reason_code == "claim"
    assert res.extra["claim"] == {"seat": 0, "valid": True}


def test_second_deal_false_claim_loses_the_game() -> None:
    h = hand(basic_deck(), carried=[100, 40])
    play(h, "claim")  # 100 is not 101
    res = h.result()
    assert res.winners == (1,) and res.losers == (0,) and res.reason_code == "false_claim"


def test_claims_only_in_the_second_deal() -> None:
    h = hand(basic_deck())
    assert A.CLAIM not in h.legal_actions()
    with pytest.raises(WrongPhaseError, match="second deal only"):
        play(h, "claim")
    h2 = hand(basic_deck(), carried=[10, 20])
    assert A.CLAIM in h2.legal_actions()
    play(h2, "2C")
    assert A.CLAIM in h2.legal_actions()  # also when answering


def test_second_deal_running_totals_are_kept_from_memory() -> None:
    first = hand(basic_deck())
    play(first, "1C", "4C")
    assert first.observation(0)["totals"] == [11, 0]
    h = hand(basic_deck(), carried=[60, 64])
    play(h, "1C", "4C")
    for seat in (0, 1, None):
        obs = h.observation(seat)
        assert obs["totals"] is None and obs["totals_hidden"] is True
        assert obs["carried"] == [60, 64] and obs["deal"] == 2
        assert "first_to_101" not in json.dumps(obs) and obs["result"] is None
        assert 60 + 11 not in _ints(obs)  # the running total is nowhere
    run_until(h, lambda x: False)
    end = h.observation(1)
    assert end["totals"] == h.totals() and end["result"]["extra"]["totals"] == h.totals()


def _ints(obj: object) -> list[int]:
    if isinstance(obj, bool):
        return []
    if isinstance(obj, int):
        return [obj]
    if isinstance(obj, dict):
        return [i for v in obj.values() for i in _ints(v)]
    if isinstance(obj, list):
        return [i for v in obj for i in _ints(v)]
    return []


def test_second_deal_nobody_claims_the_first_to_reach_101_wins() -> None:
    for seed in range(200):
        h = hand(seed=seed, carried=[96, 30])
        to_window(h)
        play(h, "pass", "pass")
        run_until(h, lambda x: False)
        res = h.result()
        totals = res.extra["totals"]
        assert res.reason_code == "first_to_101" and res.winners == (res.extra["first_to_101"],)
        if totals[res.winners[0]] < totals[1 - res.winners[0]]:
            return  # the first to 101 wins even with fewer points at the end
    pytest.fail("no deal where the first to 101 ends behind")


def test_second_deal_setup_is_checked() -> None:
    with pytest.raises(SetupError):
        hand(basic_deck(), carried=[101, 0])
    with pytest.raises(SetupError):
        hand(basic_deck(), carried=[1])


# --------------------------------------------------------------------------- looking back


def shown_tricks(h: DosHand, seat: int | None) -> list[list[str]]:
    return [t["cards"] for t in h.observation(seat)["history"]]


def test_first_deal_shows_the_last_trick_until_the_next_one_completes() -> None:
    """RULES.md §1 "Looking back" (C-24): the trick in play and the last completed one."""
    h = hand(basic_deck())
    play(h, "2C", "3C", "4C")  # one trick taken, the next one led
    for seat in (0, 1, None):
        assert shown_tricks(h, seat) == [["2C", "3C"]]
    play(h, "1C")
    play(h, "4E")
    assert shown_tricks(h, 0) == [["4C", "1C"]]  # nothing earlier
    assert [t["cards"] for t in h.observation(0, memory=True)["history"]] == [
        ["2C", "3C"],
        ["4C", "1C"],
    ]


def test_second_deal_shows_only_the_trick_in_play() -> None:
    """RULES.md §1 and §4: in the second deal only the trick in play; the trick just taken
    stays on the table until the next card is led."""
    h = hand(basic_deck(), carried=[60, 64])
    play(h, "2C", "3C")
    for seat in (0, 1, None):
        assert shown_tricks(h, seat) == [["2C", "3C"]]  # just taken, nothing led yet
    play(h, "4C")
    for seat in (0, 1, None):
        obs = h.observation(seat)
        assert obs["history"] == [] and [c["card"] for c in obs["trick"]] == ["4C"]
        assert obs["tricks_won"] == [0, 1]
    assert len(h.observation(0, memory=True)["history"]) == 1  # what a bot remembers


# --------------------------------------------------------------------------- capote


def test_capote_window_after_the_stock_the_leader_speaks_first() -> None:
    h = hand(seed=8)
    assert A.CAPOTE not in h.legal_actions()
    with pytest.raises(WrongPhaseError, match="once the stock is empty"):
        play(h, "capote")
    to_window(h)
    leader = h.history[-1].winner
    assert h.stock_left == 0 and len(h.history) == 12
    assert h.current_player() == leader and h.observation(leader)["capote_window"]
    assert h.legal_actions() == [A.CAPOTE, A.PASS]
    with pytest.raises(WrongPhaseError, match="declare capote"):
        h.apply_action(lowest_card_in_hand(h))
    play(h, "pass")
    assert h.current_player() == 1 - leader and h.legal_actions() == [A.CAPOTE, A.PASS]
    play(h, "pass")
    assert h.phase == Phase.PLAY and h.current_player() == leader


def lowest_card_in_hand(h: DosHand) -> int:
    return (h.hands[h.turn] & -h.hands[h.turn]).bit_length() - 1


def test_capote_made_wins_the_game_whatever_the_points() -> None:
    h = hand(strong_and_weak("2O"), dealer=0, carried=[100, 0])
    to_window(h, lowest_non_trump_while_stock)
    assert h.turn == 1
    play(h, "capote")
    assert h.observation(0)["capote"] == {"seat": 1, "from_trick": 12}
    assert A.CLAIM not in h.legal_actions()
    run_until(h, lambda x: False)
    res = h.result()
    assert res.reason_code == "capote" and res.winners == (1,) and res.capote == 1
    assert h.tricks[1] == 20


def test_capote_failed_the_other_wins_and_the_deal_stops() -> None:
    h = hand(strong_and_weak("12O"), dealer=0)
    to_window(h, lowest_non_trump_while_stock)
    assert holds(h, 0, "12O")  # the turned king came to the weak seat with the last draw
    play(h, "capote")  # seat 1, far ahead on points, declares
    play(h, lowest_card(h))
    play(h, "12O")  # seat 0 overtrumps (standard obligations now) and takes the trick
    res = h.result()
    assert h.is_terminal() and res.reason_code == "capote_failed"
    assert res.winners == (0,) and h.totals()[1] > h.totals()[0]
    assert len(h.history) == 13 and h.hands[0].bit_count() == 7


def test_the_second_player_may_declare_capote_after_a_pass() -> None:
    h = hand(strong_and_weak("2O"), dealer=0)
    to_window(h, lowest_non_trump_while_stock)
    play(h, "pass", "capote")
    assert h.capote_seat == 0 and h.phase == Phase.PLAY and h.turn == 1
    h.apply_action(lowest_card(h))
    h.apply_action(lowest_card(h))
    assert h.result().reason_code == "capote_failed" and h.result().winners == (1,)


# --------------------------------------------------------------------------- the match


def test_match_is_won_by_a_majority_of_the_agreed_games() -> None:
    for games in (1, 3, 5, 7):
        m = DOS.new_match(players=2, seed=f"maj{games}", options={"games": games})
        rng = random.Random(games)
        while not m.is_terminal():
            m.apply_action(_no_claim_choice(m.legal_actions(), rng))
        res = m.result()
        assert max(res.extra["games"]) == games // 2 + 1
        assert sum(res.extra["games"]) == len(res.extra["game_winners"])
        assert res.winners == (res.extra["games"].index(games // 2 + 1),)


def test_players_take_turns_dealing_by_games() -> None:
    m = DOS.new_match(players=2, seed="deal", options={"games": 7})
    rng = random.Random(3)
    while not m.is_terminal():
        m.apply_action(_no_claim_choice(m.legal_actions(), rng))
    assert isinstance(m, DosMatch)
    game = 0
    second_deals = 0
    for i, h in enumerate(m.hands):
        assert isinstance(h, DosHand)
        if h.second:
            second_deals += 1
            assert h.dealer == m.hands[i - 1].result().extra["last_trick"]
        else:
            assert h.dealer == (m.first_dealer + game) % 2
        if h.result().winners:
            game += 1
    assert second_deals


def test_games_option() -> None:
    assert DOS.validate_options(None) == {"games": 3}
    with pytest.raises(InvalidOptionError):
        DOS.new_match(players=2, seed=1, options={"games": 2})
    with pytest.raises(SetupError):
        DOS.new_match(players=3, seed=1)


# --------------------------------------------------------------------------- playouts


def _no_claim_choice(legal: list[int], rng: random.Random) -> int:
    """Random, but claims rarely and capote now and then (so that games run to their end)."""
    plain = [a for a in legal if a not in (A.CLAIM, A.CAPOTE)]
    if A.CAPOTE in legal and rng.random() < 0.15:
        return A.CAPOTE
    if A.CLAIM in legal and rng.random() < 0.03:
        return A.CLAIM
    return rng.choice(plain) if plain else rng.choice(legal)


def _any_choice(legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


@pytest.mark.parametrize("games", [1, 3, 5, 7])
@pytest.mark.parametrize("policy", [_no_claim_choice, _any_choice])
def test_random_playouts_keep_every_invariant(games: int, policy: object) -> None:
    for seed in range(3):
        rng = random.Random(f"{games}/{seed}")
        m = DOS.new_match(players=2, seed=f"p{games}/{seed}", options={"games": games})
        playout_match(m, rng, policy, DosHand.open_legal)  # type: ignore[arg-type]


def test_many_quick_playouts() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        m = DOS.new_match(players=2, seed=seed, options={"games": 3})
        playout_match(m, rng, _no_claim_choice, DosHand.open_legal, deep=False)


def test_second_deal_playouts_from_a_context() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        h = hand(seed=seed, carried=[rng.randrange(0, 101), rng.randrange(0, 101)])
        while not h.is_terminal():
            check_cards_conserved(h)
            h.apply_action(_no_claim_choice(h.legal_actions(), rng))
        assert len(h.result().winners) == 1
