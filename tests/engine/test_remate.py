"""Tute Remate (RULES.md §9.1): one test per rule with stacked decks, then the conformance
queries, observations, random playouts with invariants and records.

Stacked decks: with ``dealer=2`` (three players) or ``dealer=3`` (four players) the active
seats are 0, 1, 2 in play order, 0 being the mano; :func:`stacked` builds the deck in deal
order from the cards each of them must hold (the 2s, out of the game, go last).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.cards import mask_of, parse_card
from games.engine.conformance import answer
from games.engine.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidPlayerCountError,
    NotYourTurnError,
    ObligationError,
    WrongPhaseError,
)
from games.engine.match import MatchState
from games.engine.records import hand_record, replay
from games.engine.state import HandState, Phase
from games.engine.variants.remate import (
    MAX_BID,
    TWOS,
    RemateHand,
    RemateMatch,
    remate_stakes,
)
from tests.engine.helpers import (
    assert_refused,
    autoplay,
    check_hand_invariants,
    check_no_leaks,
    check_records,
    random_playout,
)

V = get_variant("remate")
P = parse_card


# ---------------------------------------------------------------- helpers


def stacked(hands: list[list[str]]) -> list[int]:
    """A deck (deal order) giving active seat i the cards ``hands[i]``, completed from the rest
    of the 36 cards, lowest indices first; the four 2s come last (they are not dealt)."""
    wanted = [[P(c) for c in h] for h in hands] + [[] for _ in range(3 - len(hands))]
    used = {c for h in wanted for c in h}
    assert not mask_of(used) & TWOS
    rest = [c for c in range(40) if c not in used and not TWOS >> c & 1]
    full = []
    for h in wanted:
        h = list(h)
        while len(h) < 12:
            h.append(rest.pop(0))
        full.append(h)
    return [full[j % 3][j // 3] for j in range(36)] + [c for c in range(40) if TWOS >> c & 1]


def hand(hands: list[list[str]] | None = None, players: int = 3, **options: Any) -> RemateHand:
    dealer = 2 if players == 3 else 3
    h = V.new_hand(players=players, dealer=dealer, deck=stacked(hands or []), options=options)
    assert isinstance(h, RemateHand)
    return h


def act(state: HandState | MatchState, *actions: str) -> None:
    for a in actions:
        state.apply_action(A.parse_action(a))


def notations(state: HandState) -> list[str]:
    return [A.action_to_notation(a) for a in state.legal_actions()]


def bids(*values: int) -> list[str]:
    return [f"bid:{v}" for v in values]


def won(h: HandState) -> dict[str, Any]:
    assert h.is_terminal()
    return dict(h.result().extra)


# ---------------------------------------------------------------- registration and options


def test_variant_is_registered_for_three_or_four_seats() -> None:
    assert V.key == "remate" and V.players == (3, 4) and not V.teams
    assert V.ranking.value == "stakes"
    for bad in (2, 5):
        with pytest.raises(InvalidPlayerCountError):
            V.new_match(players=bad, seed=1)
    assert V.validate_options(None) == {"min_bid": 60, "hands": 9}
    assert V.options["min_bid"].choices == tuple(range(50, 101, 5))
    for bad_opts in ({"min_bid": "60"}, {"min_bid": 45}, {"min_bid": 62}, {"hands": 0}):
        with pytest.raises(InvalidOptionError):
            V.new_match(players=3, seed=1, options=bad_opts)


# ---------------------------------------------------------------- the deal


def test_thirty_six_cards_twelve_each_the_twos_out_of_the_game() -> None:
    h = V.new_hand(players=3, seed=7, dealer=0)
    assert all(h.hands[s].bit_count() == 12 for s in range(3))
    assert h.out_of_play == TWOS == mask_of(["2O", "2C", "2E", "2B"])
    assert not any(hh & TWOS for hh in h.hands)
    obs = h.public_observation()
    assert obs["turned"] is None and sorted(obs["out_of_play"]) == ["2B", "2C", "2E", "2O"]
    check_hand_invariants(h)


def test_dealt_one_at_a_time_from_the_mano_skipping_the_twos() -> None:
    deck = list(range(40))  # the 2s (0, 10, 20, 30) are skipped where they lie
    h = V.new_hand(players=3, dealer=1, deck=deck)
    assert h.active == (2, 0, 1) and h.mano == 2
    dealt = [c for c in deck if not TWOS >> c & 1]
    for i, seat in enumerate(h.active):
        assert h.hands[seat] == mask_of(dealt[i::3])


def test_four_take_part_and_the_dealer_sits_out() -> None:
    for dealer in range(4):
        h = V.new_hand(players=4, seed=5, dealer=dealer)
        others = tuple((dealer + i) % 4 for i in (1, 2, 3))
        assert h.active == others and h.mano == others[0] and h.turn == others[0]
        assert h.hands[dealer] == 0
        seen = set()
        while not h.is_terminal():
            seen.add(h.current_player())
            legal = h.legal_actions()
            h.apply_action(A.bid_action(60) if A.bid_action(60) in legal else legal[0])
        assert dealer not in seen and seen == set(others)
        assert won(h)["ledger"][dealer] == 0 and won(h)["sitting_out"] == dealer


# ---------------------------------------------------------------- the auction


def test_the_auction_opens_at_the_mano_with_pass_or_a_bid_from_min_bid_up_to_230() -> None:
    h = hand()
    assert h.phase == Phase.PREPLAY and h.turn == 0
    assert h.public_observation()["bidding_stage"] == "bid"
    assert notations(h) == ["pass", *bids(*range(60, MAX_BID + 1, 5))]
    assert notations(hand(min_bid=75))[:2] == ["pass", "bid:75"]


def test_a_bid_must_be_5_above_the_standing_bid() -> None:
    h = hand()
    act(h, "bid:70")
    assert notations(h)[:2] == ["pass", "bid:75"]
    assert_refused(h, "bid:70", IllegalActionError, match="at least 75")
    assert_refused(h, "bid:65", IllegalActionError, match="at least 75")
    assert_refused(h, "bid:235", IllegalActionError, match="highest bid is 230")
    assert_refused(hand(), "bid:55", IllegalActionError, match="at least 60")


def test_two_pass_and_the_third_bid_makes_him_jugador_at_his_last_bid() -> None:
    h = hand()
    act(h, "bid:60", "bid:65", "bid:70", "bid:75", "pass", "pass")
    assert h.jugador == 0 and h.bid == 75 and h.turn == 0
    obs = h.public_observation()
    assert obs["bidding_stage"] == "trump" and obs["jugador"] == 0 and obs["bid"] == 75
    assert [c["call"] for c in obs["auction"]] == [*bids(60, 65, 70, 75), "pass", "pass"]
    assert [c["seat"] for c in obs["auction"]] == [0, 1, 2, 0, 1, 2]


def test_a_pass_is_final_and_the_others_keep_speaking() -> None:
    h = hand()
    act(h, "pass", "bid:60", "bid:65")
    assert h.turn == 1  # seat 0 passed: it is skipped
    act(h, "bid:70")  # seat 1, outbid, bids again
    assert h.turn == 2
    act(h, "bid:80", "bid:85", "pass")
    assert h.jugador == 1 and h.bid == 85


def test_after_two_passes_the_third_may_still_bid_or_pass() -> None:
    h = hand()
    act(h, "pass", "pass")
    assert h.turn == 2 and notations(h)[:2] == ["pass", "bid:60"]
    act(h, "bid:60")
    assert h.jugador == 2 and h.bid == 60 and h.public_observation()["bidding_stage"] == "trump"


def test_everybody_passes_the_hand_is_void_and_nobody_pays() -> None:
    h = hand()
    act(h, "pass", "pass", "pass")
    assert h.is_terminal() and h.legal_actions() == []
    res = h.result()
    assert res.reason_code == "void" and res.winners == () and res.losers == ()
    assert res.extra["ledger"] == [0, 0, 0] and res.extra["void"] is True
    check_hand_invariants(h)


def test_a_void_hand_passes_the_deal_on_and_changes_no_score() -> None:
    m = V.new_match(players=3, seed=3, dealer=0, options={"hands": 2})
    assert isinstance(m, RemateMatch)
    act(m, "pass", "pass", "pass")
    assert m.ledger == [0, 0, 0] and m.void_hands == 1
    assert len(m.hands) == 2 and m.hand.dealer == 1 and m.hand.mano == 2


def test_cards_and_trump_are_refused_during_the_auction() -> None:
    h = hand([["1O"]])
    assert_refused(h, "1O", WrongPhaseError, match="bid or pass")
    assert_refused(h, "trump:O", WrongPhaseError, match="after the auction")
    assert_refused(h, "sing:O", WrongPhaseError)
    assert_refused(h, "bid:60", NotYourTurnError, seat=1)


# ---------------------------------------------------------------- trump


def test_the_jugador_names_trump_then_the_mano_leads() -> None:
    h = hand()
    act(h, "pass", "bid:60", "pass")
    assert h.turn == 1 and notations(h) == ["trump:O", "trump:C", "trump:E", "trump:B"]
    assert h.public_observation()["trump_named"] is False
    assert_refused(h, "bid:65", WrongPhaseError, match="auction is over")
    assert_refused(h, P(h.hand_of(1)[0]), WrongPhaseError, match="names trump")
    act(h, "trump:E")
    assert h.trump == 2 and h.phase == Phase.PLAY and h.turn == 0 == h.leader
    obs = h.public_observation()
    assert obs["trump"] == "E" and obs["trump_named"] is True and obs["bidding_stage"] is None
    assert obs["auction"][-1] == {"seat": 1, "call": "trump:E"}
    assert_refused(h, "trump:O", WrongPhaseError, match="already been named")


# ---------------------------------------------------------------- play


#: Seat 1 holds three copas (the 3, king and 4); seat 0 leads the as or the jack.
COPAS_DEAL = [
    ["1C", "10C", "11C", "7C", "6C", "5C", "4O", "5O", "6O", "7O", "10O", "11O"],
    ["3C", "12C", "4C", "1E", "3E", "12E", "11E", "10E", "7E", "6E", "5E", "4E"],
]


def test_no_vale_cargar_in_play() -> None:
    h = hand(COPAS_DEAL)
    act(h, "bid:60", "pass", "pass", "trump:O", "1C")
    assert h.legal_card_mask() == mask_of(["4C"])  # cannot beat the as: the least copas
    assert_refused(h, "3C", ObligationError)
    assert_refused(h, "12C", ObligationError)


def test_standard_obligations_still_apply() -> None:
    h = hand(COPAS_DEAL)
    act(h, "bid:60", "pass", "pass", "trump:O", "10C")
    assert h.legal_card_mask() == mask_of(["3C", "12C"])  # must beat, any winning card


def test_only_the_winner_of_a_trick_sings_one_canto_las_cuarenta_first() -> None:
    h = hand([["1O", "12O", "11O", "12C", "11C"], ["12E", "11E", "3E"], []])
    act(h, "pass", "bid:60", "pass", "trump:O")  # seat 1 jugador, trump oros
    act(h, "1O")  # seat 0 leads the as of trump, the contra wins
    autoplay(h, until=lambda s: not s.trick)
    assert h.turn == 0 and notations(h)[-1] == "sing:O"
    assert "sing:C" not in notations(h)
    assert_refused(h, "sing:C", IllegalActionError, match="cuarenta")
    act(h, "sing:O")
    assert not any(n.startswith("sing") for n in notations(h))  # one canto per trick won
    assert_refused(h, "sing:C", WrongPhaseError)
    assert h.cantos[-1].seat == 0 and h.cantos[-1].points == 40


def test_the_contras_cantos_count_only_in_the_ledger() -> None:
    h = hand([["1O", "12O", "11O", "12C", "11C"], ["12E", "11E", "3E"], []])
    act(h, "pass", "bid:60", "pass", "trump:O", "1O")  # seat 1 jugador; seat 0 wins
    autoplay(h, until=lambda s: not s.trick)
    act(h, "sing:O")
    autoplay(h)
    res = h.result()
    x = won(h)
    own = sum(c.points for c in res.cantos if c.seat == 1)
    assert x["total"] == res.card_points[1] + own  # seat 0's 40 is not in it
    assert res.points[0] == res.card_points[0] + 40
    bid = 60 if x["made"] else -60
    mult = 2 if x["capote"] else 1
    cantos = [(c.seat, c.points) for c in res.cantos]
    assert x["ledger"] == remate_stakes(
        3, 1, 60, made=x["made"], capote=bool(mult - 1), cantos=cantos
    )
    sung = sum(2 * p if c == 0 else -p for c, p in cantos)
    assert x["ledger"][0] == -bid * mult + sung and sung >= 80 - 20 * (len(cantos) - 1)


def test_a_player_who_did_not_win_the_trick_cannot_sing() -> None:
    h = hand([["1O"], ["12E", "11E"], []])
    act(h, "pass", "bid:60", "pass", "trump:O", "1O")
    autoplay(h, until=lambda s: not s.trick)
    assert h.turn == 0
    assert_refused(h, "sing:E", NotYourTurnError, seat=1)
    act(h, h.hand_of(0)[0])
    assert h.turn == 1 and "sing:E" not in notations(h)
    assert_refused(h, "sing:E", WrongPhaseError, match="before leading")


# ---------------------------------------------------------------- results and stakes


ALL_TRUMPS = ["1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O", "1C", "1E", "1B"]


def test_capote_by_the_jugador_doubles_the_bid_and_cantos_are_paid_by_both() -> None:
    h = hand([ALL_TRUMPS])
    act(h, "bid:100", "pass", "pass", "trump:O")
    autoplay(h, sings={0: ["sing:O"]})
    x = won(h)
    assert h.result().tricks == (12, 0, 0) and x["capote"] == "jugador" and x["made"]
    assert x["total"] == 130 + 40 and h.result().capote == 0
    assert x["ledger"] == [2 * 100 * 2 + 40 * 2, -240, -240]
    assert h.result().winners == (0,) and h.result().losers == (1, 2)


def test_capote_against_the_jugador_doubles_what_he_pays() -> None:
    h = hand([ALL_TRUMPS])
    act(h, "pass", "bid:60", "pass", "trump:O")  # seat 1 jugador, no trump at all
    autoplay(h)
    x = won(h)
    assert h.result().tricks == (12, 0, 0) and x["capote"] == "contra" and not x["made"]
    assert x["contra_tricks"] == 12 and x["contra_points"] == 130
    assert x["ledger"] == [120, -240, 120]
    assert h.result().winners == (0, 2) and h.result().losers == (1,)


def test_bid_made_or_failed_on_the_jugador_total() -> None:
    for bid in (60, 200):
        h = hand()
        act(h, f"bid:{bid}", "pass", "pass", "trump:O")
        autoplay(h)
        x = won(h)
        total = h.result().points[0]
        assert x["total"] == total and x["made"] == (total >= bid)
        if x["capote"] is None:
            assert x["ledger"][0] == (2 * bid if total >= bid else -2 * bid)


def test_tute_by_the_jugador_wins_at_once_as_a_made_bid_doubled() -> None:
    h = hand([["1O", "12O", "12C", "12E", "12B"]])
    act(h, "bid:90", "pass", "pass", "trump:O", "1O")
    autoplay(h, until=lambda s: not s.trick)
    assert "tute" in notations(h)
    act(h, "tute")
    res = h.result()
    assert h.is_terminal() and res.tute == 0 and res.reason_code == "tute_jugador"
    assert res.extra["ledger"] == [360, -180, -180] and res.extra["capote"] is None


def test_tute_by_a_contra_player_beats_the_jugador_at_once() -> None:
    h = hand([["4C"], ["1C", "11O", "11C", "11E", "11B"]])
    act(h, "bid:70", "pass", "pass", "trump:O", "4C")
    act(h, "1C")
    autoplay(h, until=lambda s: not s.trick)
    assert h.turn == 1
    act(h, "tute")
    res = h.result()
    assert res.tute == 1 and res.reason_code == "tute_contra" and res.winners == (1, 2)
    assert res.extra["ledger"] == [-140, 70, 70]


def test_stakes_function_balances_and_ignores_the_seat_sitting_out() -> None:
    rng = random.Random(5)
    for _ in range(200):
        n = rng.choice((3, 4))
        out = rng.randrange(4) if n == 4 else None
        playing = [s for s in range(n) if s != out]
        j = rng.choice(playing)
        cantos = [(rng.choice(playing), rng.choice((20, 40))) for _ in range(rng.randrange(4))]
        tute = rng.choice((None, None, "jugador", "contra"))
        seats = remate_stakes(
            n,
            j,
            5 * rng.randrange(10, 47),
            made=rng.random() < 0.5,
            capote=rng.random() < 0.2,
            cantos=cantos,
            tute=tute,
            sitting_out=out,
        )
        assert sum(seats) == 0 and (out is None or seats[out] == 0)


# ---------------------------------------------------------------- conformance


def settle(**kw: Any) -> dict[str, Any]:
    query = {"q": "settle", "variant": "remate", "tute": None, **kw}
    return answer(query)


def test_settle_query_public_vector_and_more() -> None:
    base = {"jugador": 0, "bid": 80, "tricks": [6, 3, 3]}
    assert settle(**base, points=[70, 35, 25], cantos=[[20], [40], []]) == {
        "ledger": [160, -20, -140]
    }
    # failed by 5: he pays the bid to each; the contra's canto still paid by both
    assert settle(**base, points=[75, 30, 25], cantos=[[], [], [20]]) == {
        "ledger": [-160 - 20, 80 - 20, 80 + 40]
    }
    # made exactly at the bid
    assert settle(**base, points=[80, 25, 25], cantos=[[], [], []]) == {"ledger": [160, -80, -80]}
    # capote either way doubles
    capote = {"jugador": 1, "bid": 100, "cantos": [[], [], []]}
    assert settle(**capote, points=[0, 130, 0], tricks=[0, 12, 0]) == {"ledger": [-200, 400, -200]}
    assert settle(**capote, points=[60, 0, 70], tricks=[5, 0, 7]) == {"ledger": [200, -400, 200]}
    # tute: by the jugador, doubled; by a contra player, a failed bid
    tute = {"jugador": 2, "bid": 70, "points": [11, 0, 30], "tricks": [1, 0, 2]}
    assert settle(**tute, cantos=[[], [], [40]], tute=2) == {"ledger": [-180, -180, 360]}
    assert settle(**tute, cantos=[[], [], []], tute=0) == {"ledger": [70, 70, -140]}
    # four seats: the one sitting out is not touched
    assert settle(
        jugador=3,
        bid=60,
        points=[50, 0, 0, 80],
        tricks=[4, 0, 0, 8],
        cantos=[[], [], [], []],
        sitting_out=1,
    ) == {"ledger": [-60, 0, -60, 120]}
    # not named: the one idle seat other than the jugador; two idle seats must be named
    four = {"jugador": 3, "bid": 60, "cantos": [[], [], [], []]}
    ambiguous = settle(**four, points=[50, 0, 0, 80], tricks=[4, 0, 0, 8])
    assert list(ambiguous) == ["error"] and "sitting_out" in ambiguous["error"]
    assert settle(**four, points=[50, 0, 10, 70], tricks=[4, 0, 1, 7]) == {
        "ledger": [-60, 0, -60, 120]
    }


@pytest.mark.parametrize(
    "bad",
    [
        {"jugador": 3},
        {"bid": 82},
        {"bid": 240},
        {"points": [70, 35]},
        {"cantos": [[30], [], []]},
        {"tute": 5},
        {"tricks": [6, 3, -1]},
        {"points": [70, 35, 25, 0]},
    ],
)
def test_settle_query_refuses_malformed_queries(bad: dict[str, Any]) -> None:
    query = {
        "jugador": 0,
        "bid": 80,
        "points": [70, 35, 25],
        "tricks": [6, 3, 3],
        "cantos": [[20], [40], []],
        **bad,
    }
    assert "error" in settle(**query)


def test_legal_query_applies_no_vale_cargar_and_refuses_what_remate_cannot_hold() -> None:
    q = {"q": "legal", "variant": "remate", "trump": "O"}
    assert sorted(
        answer({**q, "trick": ["12C", "1O"], "hand": ["3O", "4O", "1E", "6E"]})["legal"]
    ) == [
        "4O",
        "6E",
    ]
    assert sorted(answer({**q, "trick": [], "hand": ["3O", "1E"]})["legal"]) == ["1E", "3O"]
    assert "error" in answer({**q, "trick": ["1C", "3C", "4C"], "hand": ["5C"]})
    assert "error" in answer({**q, "trick": ["1C"], "hand": ["2C", "4C"]})
    assert (
        answer({"q": "trick", "variant": "remate", "trump": "E", "trick": ["1C", "4E", "3C"]})[
            "winner"
        ]
        == 1
    )


# ---------------------------------------------------------------- observations and hiding


def test_the_auction_is_public_and_no_hand_leaks() -> None:
    h = hand()
    act(h, "bid:60", "pass", "bid:65")
    for seat in (0, 1, 2, None):
        obs = h.observation(seat)
        assert [c["call"] for c in obs["auction"]] == ["bid:60", "pass", "bid:65"]
        assert obs["bid"] == 65 and obs["jugador"] is None and obs["playing"] == [0, 1, 2]
        assert obs["legal"] == ([] if seat != 0 else notations(h))
    check_no_leaks(h)
    assert h.observation(0)["hand"] == h.hand_of(0) and h.observation(None)["hand"] is None


# ---------------------------------------------------------------- playouts, match, records


@pytest.mark.parametrize("players", [3, 4])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    rng = random.Random(players)
    for seed in range(25):
        h = V.new_hand(players=players, seed=seed, dealer=seed % players)
        random_playout(h, rng, check_every=3)
        x = won(h)
        assert sum(x["ledger"]) == 0
        if not x["void"]:
            assert x["jugador"] in h.active and len(x["contra"]) == 2


def test_match_plays_the_agreed_hands_deal_passes_right_ledger_ranks() -> None:
    for players in (3, 4):
        m = V.new_match(players=players, seed=11, dealer=0, options={"hands": 5})
        assert isinstance(m, RemateMatch)
        rng = random.Random(players)
        dealers = []
        while not m.is_terminal():
            if m.hand.dealer not in dealers[-1:]:
                dealers.append(m.hand.dealer)
            legal = m.legal_actions()
            m.apply_action(legal[rng.randrange(len(legal))])
        res = m.result()
        assert res.hands_played == 5 and len(m.stakes) == 5
        assert dealers == [d % players for d in range(5)]
        assert sum(m.ledger) == 0
        assert m.ledger == [sum(h[s] for h in m.stakes) for s in range(players)]
        best = max(m.ledger)
        assert set(res.winners) == {s for s in range(players) if m.ledger[s] == best}
        for s in range(players):
            assert res.places[s] == 1 + sum(1 for o in m.ledger if o > m.ledger[s])
        check_records(m)


def test_hand_records_replay_identically_through_json() -> None:
    h = hand([ALL_TRUMPS])
    act(h, "bid:100", "pass", "pass", "trump:O")
    autoplay(h, sings={0: ["sing:O"]})
    again = replay(json.loads(json.dumps(hand_record(h))))
    assert again.result() == h.result()
    for seat in (0, 1, 2, None):
        assert again.observation(seat) == h.observation(seat)


def test_clone_is_independent() -> None:
    h = hand()
    act(h, "bid:60")
    c = h.clone()
    act(c, "bid:65", "pass", "pass", "trump:C")
    assert h.bid == 60 and h.stage == 1 and len(h.auction) == 1 and h.jugador == -1
    assert c.jugador == 1 and c.trump_named and not h.trump_named


def test_a_second_settle_function_for_a_key_is_refused() -> None:
    from games.engine.variants.bidding import register_settle, settle

    def other(query: Any) -> dict[str, Any]:  # pragma: no cover - never registered
        return {}

    with pytest.raises(ValueError, match="already answered"):
        register_settle("remate")(other)
    query = {"jugador": 0, "bid": 60, "points": [60, 40, 30], "tricks": [4, 4, 4]}
    assert settle("remate", {**query, "cantos": [[], [], []], "tute": None}) == {
        "ledger": [120, -60, -60]
    }
