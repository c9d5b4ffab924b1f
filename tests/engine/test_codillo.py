"""Codillo (RULES.md §9.2): one test per rule with stacked decks, the secret partner kept from
every observation that may not see it, the score and the settle query, the match, and random
playouts with invariants.

Stacked decks: with ``dealer=3`` the mano is seat 0 and :func:`deck` gives seat ``s`` the ten
cards listed for it (``deck[j]`` goes to seat ``j % 4``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engine import actions as A
from games.engine import get_variant
from games.engine.cards import parse_card
from games.engine.conformance import answer
from games.engine.errors import IllegalActionError, NotYourTurnError, WrongPhaseError
from games.engine.records import hand_record, match_record, replay
from games.engine.state import Phase
from games.engine.variant import Sides
from games.engine.variants.codillo import CodilloHand, CodilloMatch, codillo_score
from tests.engine.helpers import (
    assert_refused,
    check_hand_invariants,
    check_no_leaks,
    check_refusal_unchanged,
    play,
    random_action,
)

V = get_variant("codillo")
P = parse_card

# Deal A: seat 0 will be the jugador (trump oros, calling the as of espadas, held by seat 2).
DEAL_A = [
    "1O 3O 11O 10O 7O 6O 1C 4E 5B 6B",
    "11C 12C 4C 2O 5E 2E 7B 10B 11B 12B",
    "1E 3E 12E 11E 5C 6C 7C 4O 2B 4B",
    "12O 5O 1B 3B 2C 10C 3C 6E 7E 10E",
]
# Deal C: seat 1 holds the king and horse of bastos and of copas (las cuarenta with bastos).
DEAL_C = [
    "1O 3O 12O 11O 10O 7O 6O 5O 4O 2O",
    "1B 3B 12B 11B 12C 11C 5C 6C 7C 10C",
    "1E 3E 12E 11E 10E 7E 6E 5E 4E 2E",
    "10B 7B 6B 5B 4B 2B 1C 3C 4C 2C",
]
# Deal D: seat 2 holds the four kings and the as of bastos (the card seat 0 will call).
DEAL_D = [
    "1O 3O 11O 10O 7O 6O 5O 4O 2E 1C",
    "11C 10C 7C 6C 5C 4C 2C 11E 10E 7E",
    "12O 12C 12E 12B 1E 1B 3C 2B 4B 2O",
    "3E 6E 5E 4E 11B 10B 7B 6B 5B 3B",
]


def deck(hands: list[str]) -> list[int]:
    """The deck (deal order, mano seat 0) giving seat s the cards of ``hands[s]``."""
    cards = [[P(c) for c in h.split()] for h in hands]
    assert all(len(h) == 10 for h in cards)
    out = [cards[j % 4][j // 4] for j in range(40)]
    assert sorted(out) == list(range(40)), "a stacked deal holds each card once"
    return out


def new(hands: list[str] = DEAL_A, **kw: Any) -> CodilloHand:
    h = V.new_hand(players=4, dealer=3, deck=deck(hands), **kw)
    assert isinstance(h, CodilloHand)
    return h


def leak_free(h: CodilloHand) -> None:
    """No observation shows another seat's cards (the called card is public by name)."""
    check_no_leaks(h, allowed=(1 << h.called) if h.called >= 0 else 0)


# ---------------------------------------------------------------- the variant and the deal


def test_the_variant_describes_itself() -> None:
    assert V.players == (4,)
    assert V.sides(4) is Sides.PLACES
    assert V.validate_options(None) == {"target": 7}
    with pytest.raises(Exception, match="target"):
        V.validate_options({"target": 0})


def test_ten_cards_each_from_the_mano_and_no_turned_card() -> None:
    h = new()
    for s in range(4):
        assert sorted(h.hand_of(s), key=P) == sorted(DEAL_A[s].split(), key=P)
    obs = h.observation(0)
    assert obs["turned"] is None and obs["out_of_play"] == []
    assert obs["phase"] == "preplay" and obs["bidding_stage"] == "bid"
    assert obs["trump_named"] is False and obs["jugador"] is None
    assert h.mano == 0 and h.current_player() == 0


# ---------------------------------------------------------------- the auction


def test_the_auction_goes_from_the_mano_and_the_first_juego_ends_it() -> None:
    h = new()
    assert h.legal_actions() == [A.JUEGO, A.PASS]
    play(h, "pass")
    assert h.current_player() == 1
    play(h, "juego")
    assert h.jugador == 1 and h.stage == "trump" and h.current_player() == 1
    assert h.legal_actions() == [A.TRUMP + s for s in range(4)]
    for seat in (0, 2, 3, None):
        obs = h.observation(seat)
        assert obs["auction"] == [{"seat": 0, "call": "pass"}, {"seat": 1, "call": "juego"}]
        assert obs["jugador"] == 1 and obs["legal"] == []


def test_four_passes_make_the_hand_void() -> None:
    h = new()
    play(h, "pass pass pass paso")
    assert h.is_terminal()
    res = h.result()
    assert res.reason_code == "void" and res.winners == () and res.losers == ()
    assert res.extra["score"] == [0, 0, 0, 0] and res.extra["void"] is True
    assert h.observation(None)["bidding_stage"] is None


def test_a_void_hand_scores_nothing_and_the_next_seat_deals() -> None:
    m = V.new_match(players=4, seed=1, dealer=2)
    play(m, "pass pass pass pass")
    assert len(m.hands) == 2 and m.hand.dealer == 3
    assert m.observation(None)["match"]["game_points"] == [0, 0, 0, 0]
    assert m.observation(None)["match"]["void_hands"] == 1


def test_the_jugador_names_trump_then_calls_a_card_he_does_not_hold() -> None:
    h = new()
    play(h, "juego trump:E")
    assert h.trump == 2 and h.stage == "call"
    legal = h.legal_actions()
    own = {P(c) for c in DEAL_A[0].split()}
    assert legal == [A.CALL + c for c in range(40) if c not in own]
    assert len(legal) == 30
    play(h, "call:1E")
    assert h.called == P("1E") and h.partner == 2
    assert h.phase == Phase.PLAY and h.current_player() == 0  # the mano leads
    obs = h.observation(3)
    assert obs["called"] == "1E" and obs["trump"] == "E" and obs["trump_named"] is True
    assert [c["call"] for c in obs["auction"]] == ["juego", "trump:E", "call:1E"]


def test_calling_his_own_card_is_refused_and_changes_nothing() -> None:
    h = new()
    play(h, "juego trump:O")
    err = assert_refused(h, "call:1O", IllegalActionError, match="you hold it")
    assert err.params == {"card": "1O"} or "1O" in str(err)


def test_actions_out_of_their_stage_are_refused_and_change_nothing() -> None:
    h = new()
    assert_refused(h, "1O", WrongPhaseError, match="Play has not started")
    assert_refused(h, "trump:O", WrongPhaseError, match="after the auction")
    assert_refused(h, "call:1E", WrongPhaseError, match="after trump")
    assert_refused(h, "pass", NotYourTurnError, seat=2)
    play(h, "juego")
    assert_refused(h, "pass", WrongPhaseError, match="auction is over")
    assert_refused(h, "3O", WrongPhaseError, match="names trump")
    play(h, "trump:O")
    assert_refused(h, "trump:C", WrongPhaseError)
    assert_refused(h, "3O", WrongPhaseError, match="calls a card")
    play(h, "call:1E")
    assert_refused(h, "juego", WrongPhaseError, match="play a card")
    assert_refused(h, "call:1B", WrongPhaseError, match="only once")


# ---------------------------------------------------------------- the secret partner


def started(hands: list[str] = DEAL_A, call: str = "call:1E") -> CodilloHand:
    h = new(hands)
    play(h, f"juego trump:O {call}")
    return h


def test_only_the_partner_knows_he_is_the_partner() -> None:
    h = started()
    for seat in (0, 1, 3, None):
        assert h.observation(seat)["partner"] is None
    assert h.observation(2)["partner"] == 2
    leak_free(h)


def test_the_partnership_is_public_once_the_called_card_is_played() -> None:
    h = started()
    play(h, "1C 4C 5C 2C")  # seat 0 wins with the as of copas
    play(h, "4E 5E 3E 6E")  # seat 2 wins with the three: not the called card
    for seat in (0, 1, 3, None):
        assert h.observation(seat)["partner"] is None
    play(h, "1E")  # seat 2 leads the called card
    for seat in (0, 1, 2, 3, None):
        assert h.observation(seat)["partner"] == 2


def test_no_observation_of_another_seat_depends_on_who_holds_the_called_card() -> None:
    """Two deals that differ only in whether seat 2 or seat 1 holds the called card (swapped
    with the 10 of bastos): after the same actions, the jugador, seat 3 and a spectator see
    the very same thing (legal actions included), before the called card is played."""
    other = list(DEAL_A)
    other[1] = " ".join("1E" if c == "10B" else c for c in DEAL_A[1].split())
    other[2] = " ".join("10B" if c == "1E" else c for c in DEAL_A[2].split())
    a, b = started(DEAL_A), started(other)
    assert (a.partner, b.partner) == (2, 1)
    for script in ("", "1C", "4C", "5C", "2C", "4E", "5E"):
        if script:
            play(a, script)
            play(b, script)
        for seat in (0, 3, None):
            assert a.observation(seat) == b.observation(seat)
        for seat in (1, 2):
            assert a.observation(seat)["partner"] == (2 if seat == 2 else None)
            assert b.observation(seat)["partner"] == (1 if seat == 1 else None)


# ---------------------------------------------------------------- play


def test_no_vale_cargar_a_seat_that_cannot_win_plays_its_fewest_points() -> None:
    h = started()
    play(h, "1C")
    assert h.legal_actions() == [P("4C")]  # the king and horse cannot beat the as
    assert_refused(h, "12C", IllegalActionError)
    play(h, "4C")
    assert sorted(h.legal_actions()) == sorted(P(c) for c in ("5C", "6C", "7C"))
    play(h, "5C")
    assert h.legal_actions() == [P("2C")]  # not the 3, 10 or horse


def test_a_seat_that_can_win_may_play_any_legal_card() -> None:
    h = started()
    play(h, "1C 4C 5C 2C 4E 5E")
    assert sorted(h.legal_actions()) == sorted(P(c) for c in ("1E", "3E", "12E", "11E"))


def test_cantos_only_by_the_trick_winner_and_las_cuarenta_first() -> None:
    h = new(DEAL_C)
    play(h, "juego trump:B call:1C 1O")
    # void in oros, seat 1 may trump with any trump (each one wins)
    assert sorted(h.legal_actions()) == sorted(P(c) for c in ("1B", "3B", "12B", "11B"))
    play(h, "1B 2E 2C")  # seat 1 trumps and wins
    assert h.current_player() == 1
    legal = h.legal_actions()
    assert A.SING + 3 in legal and A.SING + 1 not in legal  # bastos (trump) before copas
    assert_refused(h, "sing:C", IllegalActionError, match="cuarenta")
    play(h, "sing:B")
    assert [c["points"] for c in h.observation(0)["cantos"]] == [40]
    assert not [a for a in h.legal_actions() if a >= 40]  # one canto per trick won
    play(h, "3B 4E 2B 2O")  # seat 1 wins again
    assert A.SING + 1 in h.legal_actions()
    play(h, "sing:C")
    assert [(c["seat"], c["points"]) for c in h.observation(None)["cantos"]] == [(1, 40), (1, 20)]


def test_a_seat_that_did_not_win_the_trick_may_not_sing() -> None:
    h = started()
    play(h, "1C 4C 5C 2C")  # seat 0 won; seat 2 holds the 20 of espadas
    play(h, "4E")
    assert_refused(h, "sing:E", WrongPhaseError, seat=None)


def test_a_tute_by_the_partner_wins_at_once_for_his_side() -> None:
    h = new(DEAL_D)
    play(h, "juego trump:O call:1B 2E 7E 1E 4E")  # seat 2 wins with the as of espadas
    assert A.TUTE in h.legal_actions()
    play(h, "tute")
    res = h.result()
    assert res.reason_code == "tute" and res.tute == 2
    assert res.winners == (0, 2) and res.losers == (1, 3)
    assert res.extra["score"] == [2, 0, 1, 0]
    for seat in (1, 3, None):  # the hand is over: the partnership is public
        assert h.observation(seat)["partner"] == 2


# ---------------------------------------------------------------- result and score


@pytest.mark.parametrize(
    ("points", "tute", "won", "score"),
    [
        ([40, 30, 30, 40], None, False, [0, 1, 0, 1]),  # 70 - 70: equal loses
        ([41, 30, 30, 40], None, True, [2, 0, 1, 0]),  # 71 - 70: strictly more wins
        ([0, 60, 0, 70], 2, True, [2, 0, 1, 0]),  # the partner's tute
        ([90, 0, 50, 0], 1, False, [0, 1, 0, 1]),  # a defender's tute
    ],
)
def test_a_mas_the_jugadors_side_wins_only_with_strictly_more(
    points: list[int], tute: int | None, won: bool, score: list[int]
) -> None:
    made, got, _sides = codillo_score(0, 2, points, tute)
    assert (made, got) == (won, score)


def test_a_played_out_hand_scores_its_sides_totals() -> None:
    h = started()
    rng = random.Random(3)
    while not h.is_terminal():
        h.apply_action(random_action(h, rng))
    res = h.result()
    pts = res.points
    ours, theirs = pts[0] + pts[2], pts[1] + pts[3]
    assert res.extra["side_points"] == [ours, theirs]
    assert ours + theirs == 130 + sum(c.points for c in res.cantos)
    made = ours > theirs
    assert res.extra["made"] is made
    assert res.extra["score"] == ([2, 0, 1, 0] if made else [0, 1, 0, 1])
    assert res.winners == ((0, 2) if made else (1, 3))
    assert res.reason_code == ("made" if made else "tie" if ours == theirs else "lost")


def test_the_settle_query_answers_the_public_vector() -> None:
    q = {
        "q": "settle",
        "variant": "codillo",
        "jugador": 0,
        "partner": 2,
        "points": [40, 20, 30, 40],
        "cantos": [[], [20], [], []],
        "tute": None,
    }
    assert answer(q) == {"score": [0, 1, 0, 1]}
    assert answer({**q, "cantos": [[40], [20], [], []]}) == {"score": [2, 0, 1, 0]}
    assert answer({**q, "points": [35, 30, 30, 35]}) == {"score": [0, 1, 0, 1]}  # 65-65
    assert answer({**q, "jugador": 3, "partner": 1, "tute": 1}) == {"score": [0, 1, 0, 2]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"jugador": 4}, "jugador"),
        ({"partner": 0}, "another seat"),
        ({"partner": True}, "partner"),
        ({"points": [1, 2, 3]}, "points"),
        ({"points": [1, 2, 3, -4]}, "points"),
        ({"cantos": [[30], [], [], []]}, "cantos"),
        ({"tute": 7}, "tute"),
    ],
)
def test_a_malformed_settle_query_gets_a_clear_error(change: dict[str, Any], message: str) -> None:
    q = {"q": "settle", "variant": "codillo", "jugador": 0, "partner": 2}
    q.update({"points": [40, 20, 30, 40], "cantos": [[], [], [], []], "tute": None})
    q.update(change)
    out = answer(q)
    assert "error" in out and message in out["error"]


def test_the_legal_query_applies_no_vale_cargar() -> None:
    q = {"q": "legal", "variant": "codillo", "trump": "O", "trick": ["1C"]}
    assert answer({**q, "hand": ["3C", "12C", "4C", "2O"]}) == {"legal": ["4C"]}
    assert sorted(answer({**q, "hand": ["2O", "1O", "5E"]})["legal"]) == ["1O", "2O"]


def test_the_trick_query_knows_a_trick_has_four_cards() -> None:
    q = {"q": "trick", "variant": "codillo", "trump": "O"}
    assert answer({**q, "trick": ["4C", "1C", "2O", "3C"]})["winner"] == 2
    assert "four cards" in answer({**q, "trick": ["4C", "1C", "2O", "3C", "5C"]})["error"]
    legal = {"q": "legal", "variant": "codillo", "trump": "O", "hand": ["5C"]}
    assert "complete" in answer({**legal, "trick": ["4C", "1C", "2O", "3C"]})["error"]


# ---------------------------------------------------------------- the match


def test_the_match_ends_after_the_hand_in_which_someone_reaches_the_target() -> None:
    for g in range(6):
        m = V.new_match(players=4, seed=f"m{g}", options={"target": 3})
        rng = random.Random(g)
        while not m.is_terminal():
            before = m.observation(None)["match"]["game_points"]
            assert max(before) < 3
            m.apply_action(random_action(m, rng))
        assert isinstance(m, CodilloMatch)
        pts = m.points
        assert max(pts) >= 3
        res = m.result()
        for s in range(4):
            assert res.places[s] == 1 + sum(1 for o in range(4) if pts[o] > pts[s])
        assert res.winners == tuple(s for s in range(4) if pts[s] == max(pts))
        assert [sum(h) for h in m.scores] == [sum(h) for h in m.scores if sum(h) in (0, 2, 3)]
        assert sum(sum(h) for h in m.scores) == sum(pts)
        assert m.scores.count([0, 0, 0, 0]) == m.voids


def test_equal_game_points_share_a_place() -> None:
    m = V.new_match(players=4, seed=2, options={"target": 1})
    rng = random.Random(5)
    while not m.is_terminal():
        m.apply_action(random_action(m, rng))
    res = m.result()
    pts = m.points  # type: ignore[attr-defined]
    assert sorted(pts, reverse=True)[:2] in ([2, 1], [1, 1])
    if pts.count(1) == 2 and 2 not in pts:
        assert sorted(res.places) == [1, 1, 3, 3]


# ---------------------------------------------------------------- random playouts


@pytest.mark.parametrize("seed", range(25))
def test_random_playouts_keep_the_invariants_and_the_secret(seed: int) -> None:
    rng = random.Random(seed)
    h = V.new_hand(players=4, seed=seed, dealer=seed % 4)
    assert isinstance(h, CodilloHand)
    while not h.is_terminal():
        check_hand_invariants(h)
        leak_free(h)
        check_refusal_unchanged(h, rng)
        assert h.legal_actions(), "a legal action exists until the end"
        if h.called >= 0 and not h.partnership_public():
            for seat in range(4):
                known = h.observation(seat)["partner"]
                assert known == (h.partner if seat == h.partner else None)
            assert h.observation(None)["partner"] is None
        h.apply_action(random_action(h, rng))
    check_hand_invariants(h)
    res = h.result()
    if not res.extra["void"]:
        pts = res.points
        side = res.extra["sides"][0]
        assert res.extra["side_points"][0] == sum(pts[s] for s in side)
        assert h.partner != h.jugador
    again = replay(json.loads(json.dumps(hand_record(h))))
    for seat in (0, 1, 2, 3, None):
        assert again.observation(seat) == h.observation(seat)


def test_a_match_record_replays_identically() -> None:
    m = V.new_match(players=4, seed="rec")
    rng = random.Random(9)
    for _ in range(120):
        if m.is_terminal():
            break
        m.apply_action(random_action(m, rng))
    again = replay(json.loads(json.dumps(match_record(m))))
    for seat in (0, 1, 2, 3, None):
        assert again.observation(seat) == m.observation(seat)
