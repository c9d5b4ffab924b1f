"""Tute Arrastrado (RULES.md §7): one test per rule, then random playouts with invariants.

Stacked decks: with ``dealer=2`` (three players) or ``dealer=3`` (four players) the active
seats are 0, 1, 2 in play order, 0 being the mano; :func:`stacked` builds the deck in deal order
from the cards each of them must hold and the turned card. Endings are set up with
:func:`last_trick`: a position where each player holds one card, then the trick is played.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.cards import NOTATION, card_points, mask_of, parse_card
from games.engine.conformance import answer
from games.engine.errors import (
    CardNotInHandError,
    IllegalActionError,
    InvalidOptionError,
    InvalidPlayerCountError,
    ObligationError,
    WrongPhaseError,
)
from games.engine.match import MatchState
from games.engine.records import hand_record, match_record, replay
from games.engine.state import LAST_TRICK_BONUS, Canto, HandState, Phase
from games.engine.variants.arrastrado import (
    ArrastradoHand,
    ArrastradoMatch,
    arrastrado_ranking,
    arrastrado_stakes,
)

V = get_variant("arrastrado")
P = parse_card


# ---------------------------------------------------------------- helpers


def stacked(hands: list[list[str]], turned: str) -> list[int]:
    """A deck (deal order) giving active seat i the cards ``hands[i]`` (completed from the rest
    of the deck, lowest indices first) and turning up ``turned``."""
    wanted = [[P(c) for c in h] for h in hands] + [[] for _ in range(3 - len(hands))]
    used = {c for h in wanted for c in h} | {P(turned)}
    rest = [c for c in range(40) if c not in used]
    full = []
    for h in wanted:
        h = list(h)
        while len(h) < 13:
            h.append(rest.pop(0))
        full.append(h)
    return [full[j % 3][j // 3] for j in range(39)] + [P(turned)]


def hand(
    hands: list[list[str]] | None = None,
    turned: str = "2O",
    players: int = 3,
    plate: bool = False,
    **kw: Any,
) -> ArrastradoHand:
    dealer = 2 if players == 3 else 3
    deck = stacked(hands or [], turned)
    h = V.new_hand(players=players, dealer=dealer, deck=deck, options={"plate": plate}, **kw)
    assert isinstance(h, ArrastradoHand)
    return h


def act(state: HandState | MatchState, *actions: str) -> None:
    for a in actions:
        state.apply_action(A.parse_action(a))


def skip_preplay(h: HandState, plate_seat: int | None = None) -> None:
    """Everyone passes, except ``plate_seat`` who goes to the plate when asked."""
    while h.phase == Phase.PREPLAY:
        if plate_seat is not None and h.turn == plate_seat and A.PLATE in h.legal_actions():
            h.apply_action(A.PLATE)
        else:
            h.apply_action(A.PASS)


def last_trick(
    h: HandState,
    cards: dict[int, str],
    pts: dict[int, int],
    cantos: tuple[tuple[int, int, int], ...] = (),
    play: Any = None,
) -> None:
    """Set up the last trick: each seat of ``cards`` holds that one card and has taken ``pts``
    card points; then the mano leads and the others follow, in play order."""
    assert h.phase == Phase.PLAY and not h.trick
    for s in range(h.n):
        h.hands[s] = mask_of([cards[s]]) if s in cards else 0
        h.card_pts[s] = pts.get(s, 0)
        h.tricks[s] = 1 if pts.get(s) else 0
    for seat, suit, value in cantos:
        h.cantos.append(Canto(seat, suit, value))
    h.turn = h.leader = h.mano
    h._legal_at = -1
    apply = play or h.apply_action
    for s in h.active:
        apply(P(cards[s]))


def strings(obj: Any) -> set[str]:
    """Every string in a JSON-like object."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        out: set[str] = set()
        for k, v in obj.items():
            out |= strings(k) | strings(v)
        return out
    if isinstance(obj, (list, tuple)):
        out = set()
        for v in obj:
            out |= strings(v)
        return out
    return set()


# ---------------------------------------------------------------- registration and options


def test_variant_is_registered_for_three_or_four_seats() -> None:
    assert V.key == "arrastrado" and V.players == (3, 4) and not V.teams
    for bad in (2, 5, 6):
        with pytest.raises(InvalidPlayerCountError):
            V.new_match(players=bad, seed=1)
    assert V.validate_options(None) == {"plate": False, "hands": 12}
    with pytest.raises(InvalidOptionError):
        V.new_match(players=3, seed=1, options={"hands": 0})
    with pytest.raises(InvalidOptionError):
        V.new_match(players=3, seed=1, options={"plate": "yes"})


# ---------------------------------------------------------------- who plays


def test_four_take_part_and_the_dealer_sits_out() -> None:
    for dealer in range(4):
        h = V.new_hand(players=4, seed=5, dealer=dealer)
        others = tuple((dealer + i) % 4 for i in (1, 2, 3))
        assert h.active == others and h.mano == others[0]
        assert h.hands[dealer] == 0
        obs = h.public_observation()
        assert obs["sitting_out"] == dealer and obs["hand_sizes"][dealer] == 0
        skip_preplay(h)
        seen = set()
        while not h.is_terminal():
            seen.add(h.current_player())
            h.apply_action(h.legal_actions()[0])
        assert dealer not in seen and seen == set(others)
        assert h.result().points[dealer] == 0
        assert h.result().extra["stakes"]["seats"][dealer] == 0


def test_with_exactly_three_the_dealer_plays_last() -> None:
    h = V.new_hand(players=3, seed=5, dealer=1)
    assert h.active == (2, 0, 1) and h.mano == 2
    assert all(h.hands[s].bit_count() == 13 for s in range(3))
    assert h.public_observation()["sitting_out"] is None


def test_thirteen_cards_each_dealt_one_at_a_time_from_the_mano() -> None:
    deck = list(range(40))
    h = V.new_hand(players=4, dealer=1, deck=deck)
    for i, seat in enumerate(h.active):
        assert h.hands[seat] == mask_of([deck[j] for j in range(i, 39, 3)])
        assert h.hands[seat].bit_count() == 13


def test_the_fortieth_card_is_turned_up_for_trump_and_out_of_play() -> None:
    h = hand(turned="4C")
    assert h.trump == 1 and h.turned == P("4C")
    assert h.out_of_play == mask_of(["4C"])
    assert not any(hh >> P("4C") & 1 for hh in h.hands)
    assert h.public_observation()["turned"] == "4C"


# ---------------------------------------------------------------- the swap


def test_the_seven_may_swap_for_an_as_three_or_figure() -> None:
    for turned in ("1E", "3E", "12E", "11E", "10E"):
        h = hand([[], ["7E"]], turned=turned)
        assert h.phase == Phase.PREPLAY and h.public_observation()["stage"] == "swap"
        assert h.legal_actions() == [A.PASS]  # the mano does not hold the 7
        act(h, "pass")
        assert h.legal_actions() == [A.SWAP, A.PASS]
        act(h, "swap")
        assert h.hands[1] >> P(turned) & 1 and not h.hands[1] >> P("7E") & 1
        assert h.out_of_play == mask_of(["7E"]) and h.turned == P("7E")
        assert h.public_observation()["phase"] == "play" and h.turn == 0
        assert h.public_observation()["swap"] == {"seat": 1, "gave": "7E", "took": turned}


def test_the_two_may_swap_for_a_blank_card() -> None:
    for turned in ("7B", "6B", "5B", "4B"):
        h = hand([["2B"]], turned=turned)
        assert h.legal_actions() == [A.SWAP, A.PASS]
        act(h, "swap")
        assert h.hands[0] >> P(turned) & 1 and h.out_of_play == mask_of(["2B"])


def test_no_swap_when_the_two_is_turned() -> None:
    h = hand(turned="2O")
    assert h.phase == Phase.PLAY and h.public_observation()["swap_card"] is None
    with pytest.raises(WrongPhaseError):
        h.apply_action(A.SWAP)


def test_the_swap_is_optional_and_the_turned_card_stays_out_of_play() -> None:
    h = hand([[], [], ["7O"]], turned="1O")
    act(h, "pass", "pass", "pass")
    assert h.phase == Phase.PLAY and h.out_of_play == mask_of(["1O"])
    assert h.hands[2] >> P("7O") & 1
    assert h.public_observation()["swap_passed"] == [0, 1, 2]


def test_the_seven_does_not_swap_for_a_blank_card_nor_the_two_for_a_figure() -> None:
    h = hand([["7O", "2O"]], turned="5O")  # blank: only the 2 may swap
    assert h.public_observation()["swap_card"] == "2O"
    h = hand([["7O", "2O"]], turned="12O")  # figure: only the 7 may swap
    assert h.public_observation()["swap_card"] == "7O"
    act(h, "swap")
    assert h.hands[0] >> P("2O") & 1 and h.hands[0] >> P("12O") & 1


def test_only_one_swap_the_seven_put_down_is_not_swapped_again() -> None:
    h = hand([[], ["7C"], ["2C"]], turned="1C")
    act(h, "pass", "swap")
    assert h.phase == Phase.PLAY and h.out_of_play == mask_of(["7C"])
    assert h.hands[2] >> P("2C") & 1


def test_every_player_is_asked_so_a_declined_swap_reveals_nobody() -> None:
    """Hidden information: the public view of a declined swap is the same whoever holds it."""
    views = []
    for holder in range(3):
        spec: list[list[str]] = [[], [], []]
        spec[holder] = ["7O"]
        h = hand(spec, turned="1O")
        public = []
        for _ in range(3):
            obs = h.public_observation()
            public.append((obs["turn"], obs["stage"], obs["swap_passed"], obs["legal"]))
            act(h, "pass")
        views.append(public)
    assert views[0] == views[1] == views[2]


def test_only_the_holder_may_swap_and_a_refusal_changes_nothing() -> None:
    h = hand([[], ["7O"]], turned="1O")
    before = h.observation(0)
    with pytest.raises(IllegalActionError, match="holder of the 7O"):
        h.apply_action(A.SWAP)
    assert h.observation(0) == before
    with pytest.raises(WrongPhaseError, match="Play has not started"):
        h.apply_action(h.legal_card_mask() or P("1E"))


# ---------------------------------------------------------------- the plate round


def test_plate_calls_go_in_turn_from_the_mano_after_the_swaps() -> None:
    h = hand([["7O"]], turned="1O", plate=True)
    act(h, "swap")
    obs = h.public_observation()
    assert obs["stage"] == "plate" and h.turn == 0
    assert h.legal_actions() == [A.PLATE, A.PASS]
    act(h, "pass")
    assert h.turn == 1
    act(h, "plate")
    assert h.phase == Phase.PLAY and h.turn == 0
    obs = h.public_observation()
    assert obs["plate_caller"] == 1 and obs["plate_passed"] == [0]


def test_at_most_one_goes_to_the_plate_the_first_who_says_so() -> None:
    h = hand(plate=True)
    act(h, "plate")
    assert h.phase == Phase.PLAY
    with pytest.raises(WrongPhaseError):
        h.apply_action(A.PLATE)
    h = hand(plate=True)
    act(h, "pass", "pass", "pass")
    assert h.phase == Phase.PLAY and h.public_observation()["plate_caller"] is None


def test_without_plate_there_is_no_plate_round() -> None:
    h = hand(plate=False)
    assert h.phase == Phase.PLAY
    with pytest.raises(WrongPhaseError, match="without the plate"):
        h.apply_action(A.PLATE)
    with pytest.raises(WrongPhaseError):
        h.apply_action(A.PASS)


# ---------------------------------------------------------------- play


def test_standard_obligations_follow_beat_trump_overtrump_contrafallo() -> None:
    # Seat 0 leads 5E; seat 1 must follow and beat; seat 2, without espadas, must trump.
    copas = ["2C", "4C", "5C", "6C", "7C", "10C"]
    bastos = ["2B", "4B", "5B", "6B", "7B", "10B", "11B", "12B", "3B", "1B"]
    oros = ["4O", "5O", "6O", "7O", "10O", "11O", "12O", "3O", "1O"]
    h = hand(
        [
            ["5E", "4E", "6E", "10E", "11E", "12E", "3E", *copas],
            ["7E", "1E", "2E", *bastos],
            [*oros, "11C", "12C", "3C", "1C"],
        ],
        turned="2O",
    )
    act(h, "5E")
    assert h.legal_card_mask() == mask_of(["7E", "1E"])
    with pytest.raises(ObligationError, match="higher"):
        act(h, "2E")
    act(h, "7E")
    assert h.legal_card_mask() == mask_of(oros)
    with pytest.raises(ObligationError, match="trump"):
        act(h, "12C")
    with pytest.raises(CardNotInHandError):
        act(h, "2C")
    act(h, "4O")
    assert h.history[-1].winner == 2
    # conformance: overtrump or, lacking a higher trump, any card (contrafallo)
    q = {"q": "legal", "variant": "arrastrado", "trump": "O"}
    assert answer({**q, "trick": ["5E", "4O"], "hand": ["2O", "12C", "1B"]}) == {
        "legal": ["2O", "12C", "1B"]
    }
    assert answer({**q, "trick": ["5E", "4O"], "hand": ["2O", "6O", "1B"]}) == {"legal": ["6O"]}
    assert answer({**q, "trick": ["5E", "1E"], "hand": ["3E", "2E", "3O"]}) == {
        "legal": ["2E", "3E"]
    }
    assert answer({**q, "trick": ["5E"], "hand": ["2O", "12C", "1B"]}) == {"legal": ["2O"]}
    assert answer({**q, "trick": ["5E", "4O"], "hand": ["2E", "1O"]}) == {"legal": ["2E"]}
    assert answer({**q, "trick": ["5O", "7O"], "hand": ["2O", "1O", "1E"]}) == {"legal": ["1O"]}
    assert answer({**q, "trick": [], "hand": ["2O", "1E"]}) == {"legal": ["2O", "1E"]}


def test_conformance_trick_winner_and_trick_size() -> None:
    q = {"q": "trick", "variant": "arrastrado", "trump": "O"}
    assert answer({**q, "trick": ["5E", "1E", "2O"]}) == {"winner": 2, "lead": "E", "trump": "O"}
    assert answer({**q, "trick": ["5E", "1B", "3E"]}) == {"winner": 2, "lead": "E", "trump": "O"}
    assert answer({**q, "trick": ["4O", "1E", "2O"]}) == {"winner": 0, "lead": "O", "trump": "O"}
    assert "error" in answer({**q, "trick": ["5E", "1E", "2O", "3E"]})
    assert "error" in answer(
        {
            "q": "legal",
            "variant": "arrastrado",
            "trump": "O",
            "trick": ["5E", "1E", "2O"],
            "hand": ["3E"],
        }
    )


def test_the_public_conformance_vectors_hold() -> None:
    with open("/work/shared/conformance/public.jsonl") as f:
        lines = [json.loads(x) for x in f if x.strip()]
    for q in lines:
        if q.get("variant") == "arrastrado":
            assert answer(q) == q["expect"], q
    # The standard vectors, asked of arrastrado, answer as the standard rule.
    for q in lines:
        if (
            q.get("variant") == "cabrero"
            and q["q"] in ("legal", "trick")
            and len(q["trick"]) <= (3 if q["q"] == "trick" else 2)
        ):
            got = answer({**q, "variant": "arrastrado"})
            if "legal" in got:  # "in any order"
                got = {"legal": sorted(got["legal"])}
                q["expect"] = {"legal": sorted(q["expect"]["legal"])}
            assert got == q["expect"], q


def winning_leads() -> ArrastradoHand:
    """Seat 0 holds las cuarenta (oros, trump) and las veinte of copas and wins the first two
    tricks with the as and the three of espadas (the others must follow espadas)."""
    return hand([["12O", "11O", "12C", "11C", "1E", "3E"], ["2E", "4E"], ["5E", "6E"]], turned="2O")


def test_cantos_only_after_winning_a_trick_one_per_trick() -> None:
    h = winning_leads()
    assert A.SING + 0 not in h.legal_actions()  # before any trick won
    with pytest.raises(WrongPhaseError):
        h.apply_action(A.SING + 0)
    act(h, "1E", "2E", "5E")
    assert h.turn == 0 and A.SING + 0 in h.legal_actions()
    act(h, "sing:O")
    assert A.SING + 1 not in h.legal_actions()  # one canto per trick won
    with pytest.raises(WrongPhaseError, match="once"):
        act(h, "sing:C")
    act(h, "3E", "4E", "6E")
    act(h, "sing:C")
    assert [(c.seat, c.suit, c.points) for c in h.cantos] == [(0, 0, 40), (0, 1, 20)]


def test_las_cuarenta_must_be_sung_before_any_veinte() -> None:
    h = winning_leads()
    act(h, "1E", "2E", "5E")
    assert [a for a in h.legal_actions() if a >= 40] == [A.SING + 0]
    before = hand_record(h)
    with pytest.raises(IllegalActionError, match="cuarenta"):
        act(h, "sing:C")
    assert hand_record(h) == before
    # Declining the 40 does not open the 20 while the pair is held.
    act(h, "3E", "4E", "6E")
    assert [a for a in h.legal_actions() if a >= 40] == [A.SING + 0]


def test_a_veinte_is_free_for_a_player_without_las_cuarenta() -> None:
    h = hand([["12C", "11C", "12B", "11B", "1E"], ["2E", "12O"], ["5E", "11O"]], turned="2O")
    act(h, "1E", "2E", "5E")
    assert [a for a in h.legal_actions() if a >= 40] == [A.SING + 1, A.SING + 3]


def test_tute_wins_the_hand() -> None:
    h = hand([["12O", "12C", "12E", "12B", "1E"], ["2E"], ["5E"]], turned="2O")
    act(h, "1E", "2E", "5E")
    assert A.TUTE in h.legal_actions()
    act(h, "tute")
    r = h.result()
    assert h.is_terminal() and r.winners == (0,) and r.tute == 0 and r.reason_code == "tute"
    # Decision: a tute counts as winning with 101 or more: 200 from the fewest points.
    assert r.extra["winner_out"] is True
    assert r.extra["stakes"]["seats"] == [200, 0, -200]


def test_most_points_win() -> None:
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 40, 1: 60, 2: 20})
    r = h.result()
    assert r.points == (40, 60, 30) and r.winners == (1,) and r.reason_code == "most_points"
    assert r.losers == (0, 2)


def test_equal_points_go_to_the_one_who_took_the_last_trick() -> None:
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 50, 1: 30, 2: 40})
    r = h.result()
    assert r.points == (50, 30, 50) and r.winners == (2,) and r.reason_code == "tie_last_trick"


def test_equal_points_else_the_one_nearest_the_mano() -> None:
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 40, 1: 50, 2: 50})
    r = h.result()  # seat 2 took the last trick: 60; seats 0 and 1 are not tied for the top
    assert r.winners == (2,)
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 45, 1: 45, 2: 10})
    r = h.result()
    assert r.points == (45, 45, 20) and r.winners == (0,) and r.reason_code == "tie_mano"
    assert arrastrado_ranking([45, 45, 20], [1, 2, 0], last_trick=0) == [0, 1, 2]


# ---------------------------------------------------------------- stakes without plate


def test_without_plate_each_canto_is_paid_by_each_opponent() -> None:
    h = hand(players=4)
    last_trick(
        h, {0: "4C", 1: "5C", 2: "6C"}, {0: 40, 1: 20, 2: 10}, cantos=((1, 0, 40), (0, 1, 20))
    )
    seats = h.result().extra["stakes"]["seats"]
    # cantos: seat 1 +80 (0 and 2 pay 40), seat 0 +40 (1 and 2 pay 20); the dealer (3) nothing.
    # hand: seat 1 has 60, seat 0 60 (40+20), seat 2 20: tie at the top, neither took the last
    # trick, so seat 0 (the mano) wins and collects 100 from seat 2.
    assert h.result().winners == (0,)
    assert seats == [-40 + 40 + 100, 80 - 20, -40 - 20 - 100, 0]


def test_without_plate_the_winner_collects_100_from_the_fewest_the_middle_pays_nothing() -> None:
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 30, 1: 90, 2: 0})  # 30, 90, 10
    r = h.result()
    assert r.points == (30, 90, 10)
    assert r.extra["stakes"] == {"seats": [0, 100, -100], "plate": 0}
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 10, 1: 100, 2: 0})  # 100 exactly
    assert h.result().extra["stakes"]["seats"] == [-100, 100, 0]


def test_without_plate_a_winner_with_101_or_more_collects_200() -> None:
    h = hand()
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 10, 1: 101, 2: 0})
    r = h.result()
    assert r.extra["winner_out"] and r.extra["stakes"]["seats"] == [-200, 200, 0]


def test_the_dealer_sitting_out_neither_pays_nor_collects() -> None:
    for seed in range(20):
        h = V.new_hand(players=4, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not h.is_terminal():
            h.apply_action(rng.choice(h.legal_actions()))
        assert h.result().extra["stakes"]["seats"][seed % 4] == 0


# ---------------------------------------------------------------- stakes with plate


def test_plate_nobody_goes_winner_under_101_collects_100_from_the_fewest() -> None:
    h = hand(plate=True)
    skip_preplay(h)
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 30, 1: 90, 2: 0}, cantos=((0, 1, 20),))
    assert h.result().extra["stakes"] == {"seats": [40, 100 - 20, -20 - 100], "plate": 0}


def test_plate_nobody_goes_winner_with_101_collects_100_from_each() -> None:
    h = hand(plate=True)
    skip_preplay(h)
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 10, 1: 110, 2: 0})
    assert h.result().extra["stakes"] == {"seats": [-100, 200, -100], "plate": 0}


def test_plate_caller_with_101_takes_the_plate_and_200_from_each() -> None:
    h = hand(plate=True, context={"plate": 520})
    skip_preplay(h, plate_seat=2)
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 10, 1: 10, 2: 91})
    r = h.result()
    assert r.extra["plate_caller"] == 2 and r.extra["plate_made"] is True
    assert r.extra["stakes"] == {"seats": [-200, -200, 520 + 400], "plate": -520}


def test_plate_caller_with_101_made_it_even_if_another_wins() -> None:
    h = hand(plate=True, context={"plate": 420})
    skip_preplay(h, plate_seat=0)
    last_trick(
        h,
        {0: "4C", 1: "5C", 2: "6C"},
        {0: 61, 1: 5, 2: 10},
        cantos=((0, 0, 40), (2, 1, 20), (2, 2, 20), (2, 3, 20), (2, 1, 20), (2, 2, 20)),
    )
    r = h.result()
    assert r.points[0] == 101 and r.winners == (2,)
    cantos = [40 * 2 - 20 * 5, -40 - 20 * 5, -40 + 20 * 10]
    assert r.extra["plate_made"] is True
    assert r.extra["stakes"]["seats"] == [cantos[0] + 420 + 400, cantos[1] - 200, cantos[2] - 200]


def test_plate_caller_under_101_pays_the_plate_into_it_and_200_to_each() -> None:
    h = hand(plate=True, players=4, context={"plate": 420})
    skip_preplay(h, plate_seat=1)
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {0: 0, 1: 95, 2: 0})
    r = h.result()
    assert r.winners == (1,) and r.extra["plate_made"] is False
    assert r.extra["stakes"] == {"seats": [200, -420 - 400, 200, 0], "plate": 420}


def test_stakes_always_balance() -> None:
    rng = random.Random(3)
    for _ in range(500):
        n = rng.choice((3, 4))
        pts = [rng.randrange(0, 160) for _ in range(n)]
        active = [s for s in range(n) if n == 3 or s != 3]
        ranking = arrastrado_ranking(pts, active, rng.choice(active))
        cantos = [
            Canto(rng.choice(active), rng.randrange(4), rng.choice((20, 40)))
            for _ in range(rng.randrange(3))
        ]
        plate = rng.random() < 0.5
        caller = rng.choice([None, *active])
        seats, plate_delta, _ = arrastrado_stakes(
            n, ranking, pts, cantos, plate=plate, caller=caller, plate_amount=420
        )
        assert sum(seats) + plate_delta == 0
        if n == 4:
            assert seats[3] == 0


# ---------------------------------------------------------------- the match


def test_plate_starts_with_100_from_each_and_20_from_each_dealer() -> None:
    m = V.new_match(players=4, seed=1, dealer=2, options={"plate": True})
    assert isinstance(m, ArrastradoMatch)
    assert m.ledger == [-100, -100, -120, -100] and m.plate == 420
    assert m.hand.public_observation()["plate_amount"] == 420
    m3 = V.new_match(players=3, seed=1, dealer=0, options={"plate": True})
    assert isinstance(m3, ArrastradoMatch)
    assert m3.ledger == [-120, -100, -100] and m3.plate == 320  # each of the three
    assert m3.observation(None)["match"]["plate"] == 320


def play_hand_randomly(m: MatchState, rng: random.Random) -> None:
    k = len(m.hands)
    while not m.is_terminal() and len(m.hands) == k:
        m.apply_action(rng.choice(m.legal_actions()))


def test_a_taken_plate_is_refilled_as_at_the_start() -> None:
    m = V.new_match(players=4, seed=2, dealer=3, options={"plate": True})
    assert isinstance(m, ArrastradoMatch)
    h = m.hand
    while h.phase == Phase.PREPLAY:
        m.apply_action(A.PLATE if A.PLATE in m.legal_actions() and h.turn == 1 else A.PASS)
    assert h.public_observation()["plate_caller"] == 1
    last_trick(h, {0: "4C", 1: "5C", 2: "6C"}, {1: 120}, play=m.apply_action)
    # 420 in the plate; seat 1 takes it and 200 from each opponent; then 100 from each
    # refill it and the next dealer (seat 0) adds 20.
    assert m.ledger == [-100 - 200 - 100 - 20, -100 + 420 + 400 - 100, -100 - 200 - 100, -120 - 100]
    assert m.plate == 420 and m.plates_taken == 1
    assert m.hand.public_observation()["plate_amount"] == 420
    assert sum(m.ledger) + m.plate == 0


def test_the_deal_passes_to_the_right_and_the_match_plays_the_agreed_hands() -> None:
    for players in (3, 4):
        m = V.new_match(players=players, seed=4, dealer=1, options={"hands": 2 * players})
        rng = random.Random(4)
        dealers = []
        while not m.is_terminal():
            dealers.append(m.hand.dealer)
            play_hand_randomly(m, rng)
        assert dealers == [(1 + i) % players for i in range(2 * players)]
        assert m.result().hands_played == 2 * players
    assert V.new_match(players=3, seed=1).options["hands"] == 12


def test_match_places_by_ledger_balance() -> None:
    for players in (3, 4):
        for plate in (False, True):
            m = V.new_match(players=players, seed=9, options={"plate": plate, "hands": 8})
            rng = random.Random(9)
            while not m.is_terminal():
                play_hand_randomly(m, rng)
            r = m.result()
            ledger = r.extra["ledger"]
            assert ledger == m.observation(0)["match"]["ledger"]
            for s in range(players):
                assert r.places[s] == 1 + sum(1 for o in ledger if o > ledger[s])
            assert r.winners == tuple(s for s in range(players) if r.places[s] == 1)
            plate_now = r.extra["plate"] or 0
            assert sum(ledger) + plate_now == 0
            stakes = r.extra["stakes"]
            assert len(stakes) == 8 and all(sum(h) == 0 for h in stakes)


# ---------------------------------------------------------------- random playouts


def check_cards(h: ArrastradoHand) -> None:
    masks = [*h.hands, *h.taken, mask_of(h.trick), h.out_of_play]
    union = 0
    for m in masks:
        assert union & m == 0
        union |= m
    assert union == (1 << 40) - 1


def check_observations(h: ArrastradoHand) -> None:
    public = strings(h.public_observation())
    known = set()
    if h.swap_seat >= 0:
        known.add(NOTATION[h.turned_at_deal])  # taken face up: public
    if h.swap_card >= 0:
        known.add(NOTATION[h.swap_card])  # named as the card that may swap, not its holder
    for s in h.active:
        held = {NOTATION[c] for c in range(40) if h.hands[s] >> c & 1}
        assert not (held - known) & public
        for o in range(h.n):
            obs = h.observation(o)
            if o != s:
                assert not (held - known) & strings(obs), (o, s)
            else:
                assert set(obs["hand"]) == held


def check_illegal(h: ArrastradoHand, rng: random.Random) -> None:
    legal = set(h.legal_actions())
    before = hand_record(h), h.observation(h.turn)
    for a in rng.sample(range(A.ACCUSE + 3), 12):
        if a in legal or a in (45, 51, 52, 53, 54, 55):
            continue
        with pytest.raises(IllegalActionError):
            h.apply_action(a)
    if h.n == 4:
        with pytest.raises(IllegalActionError):
            h.apply_action(next(iter(legal)), seat=h.sitting_out)
    assert (hand_record(h), h.observation(h.turn)) == before


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("plate", [False, True])
def test_random_playouts_keep_every_invariant(players: int, plate: bool) -> None:
    rng = random.Random(players * 10 + plate)
    for seed in range(60):
        h = V.new_hand(
            players=players,
            seed=seed,
            options={"plate": plate},
            context={"plate": 500} if plate else None,
        )
        assert isinstance(h, ArrastradoHand)
        steps = 0
        while not h.is_terminal():
            legal = h.legal_actions()
            assert legal, "a legal action always exists until the end"
            assert h.current_player() in h.active
            check_cards(h)
            if steps % 7 == 0:
                check_observations(h)
                check_illegal(h, rng)
            # prefer cantos and tute now and then so those paths run
            specials = [a for a in legal if a >= 40]
            a = rng.choice(specials) if specials and rng.random() < 0.7 else rng.choice(legal)
            h.apply_action(a, seat=h.current_player())
            steps += 1
        check_cards(h)
        r = h.result()
        cantos = sum(c.points for c in h.cantos)
        if r.tute is None:
            assert sum(h.card_pts) == 120 + LAST_TRICK_BONUS - card_points(h.out_of_play)
            assert sum(h.tricks) == 13
        assert sum(r.points) == sum(h.card_pts) + cantos
        stakes = r.extra["stakes"]
        assert sum(stakes["seats"]) + stakes["plate"] == 0
        assert h.legal_actions() == [] and h.current_player() == -1
        rec = replay(json.loads(json.dumps(hand_record(h))))
        for s in [None, *range(players)]:
            assert rec.observation(s) == h.observation(s)


def test_match_records_replay_to_the_identical_observation() -> None:
    for players in (3, 4):
        m = V.new_match(players=players, seed="r", options={"plate": True, "hands": 4})
        rng = random.Random(1)
        while not m.is_terminal():
            m.apply_action(rng.choice(m.legal_actions()))
            if rng.random() < 0.05:
                again = replay(json.loads(json.dumps(match_record(m))))
                assert again.observation(0) == m.observation(0)
        again = replay(match_record(m))
        assert again.result() == m.result()
        for s in [None, *range(players)]:
            assert again.observation(s) == m.observation(s)


def test_clone_is_independent() -> None:
    h = hand([["7O"]], turned="1O", plate=True)
    c = h.clone()
    assert isinstance(c, ArrastradoHand)
    act(c, "swap", "pass")
    assert h.swap_seat == -1 and h.public_observation()["stage"] == "swap"
    assert c.plate_passed == [0] and h.plate_passed == []
