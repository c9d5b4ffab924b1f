"""Tute for four in pairs (RULES.md §6): one test per rule, then random playouts with invariants.

The helpers at the top (stacked decks, playouts, invariant checks) serve the other team
variant's tests too (``test_vtt.py``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from typing import Any

import pytest

from games.engine import (
    IllegalActionError,
    InvalidOptionError,
    InvalidPlayerCountError,
    NotYourTurnError,
    ObligationError,
    WrongPhaseError,
    get_variant,
    parse_action,
    parse_card,
)
from games.engine.actions import PASS, action_to_notation
from games.engine.cards import FULL_DECK, NOTATION, SUIT, card_points, mask_of
from games.engine.match import MatchState
from games.engine.records import hand_record, match_record, replay
from games.engine.state import LAST_TRICK_BONUS, HandState, Phase
from games.engine.variants.parejas import ParejasHand
from games.engine.variants.teams import TeamHandState, deck_for_hands

PAREJAS = get_variant("parejas")


# --------------------------------------------------------------------------- helpers


def stacked_deck(
    dealer: int, fixed: Mapping[int, str], turned: str, voids: Mapping[int, str] | None = None
) -> list[int]:
    """A deck in deal order giving each seat its ``fixed`` cards (space-separated notations),
    the dealer the ``turned`` card as his last, and the other cards to seats with room whose
    ``voids`` (suit letters) allow them."""
    voids = voids or {}
    hands = {s: [parse_card(c) for c in fixed.get(s, "").split()] for s in range(4)}
    t = parse_card(turned)
    assert t not in hands[dealer]
    hands[dealer].append(t)
    used = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values()), "a card is given twice"
    last = hands[dealer].pop()

    def voided(card: int) -> int:
        return -sum("OCEB"[SUIT[card]] in v for v in voids.values())

    for card in sorted(set(range(40)) - used, key=voided):
        room = [
            s
            for s in range(4)
            if len(hands[s]) < 10 - (s == dealer) and "OCEB"[SUIT[card]] not in voids.get(s, "")
        ]
        assert room, f"no seat can take {NOTATION[card]}"
        seat = max(room, key=lambda s: (10 - (s == dealer) - len(hands[s]), -s))
        hands[seat].append(card)
    hands[dealer].append(last)
    return deck_for_hands([hands[s] for s in range(4)], dealer)


def phase_of(hand: HandState) -> Phase:
    """The hand's phase (a call, so that checks after an action are not narrowed away)."""
    return hand.phase


def play(state: HandState | MatchState, *actions: str) -> None:
    """Apply actions in notation, each for the seat to act."""
    for a in actions:
        state.apply_action(parse_action(a), state.current_player())


def legal(state: HandState) -> list[str]:
    """The legal actions in notation."""
    return [action_to_notation(a) for a in state.legal_actions()]


def snapshot(state: HandState | MatchState) -> str:
    """Everything observable about a state, to compare before and after a refused action."""
    obs = [state.observation(s) for s in range(4)] + [state.public_observation()]
    return json.dumps([obs, state.log], sort_keys=True)


_QUOTED = re.compile(r'"(\d{1,2}[OCEB])"')


def check_observation_secrecy(hand: HandState) -> None:
    """No observation holds a card of another seat's hand (the turned card aside: all saw it),
    and each seat's observation holds its own hand."""
    for seat in [0, 1, 2, 3, None]:
        obs = hand.observation(seat)
        shown = set(_QUOTED.findall(json.dumps(obs)))
        for other in range(4):
            if other == seat:
                assert obs["hand"] == hand.hand_of(other)
                continue
            hidden = set(hand.hand_of(other))
            if hand.turned >= 0:
                hidden.discard(NOTATION[hand.turned])
            assert not hidden & shown, (seat, other, hidden & shown)


def check_refusals(hand: HandState, rng: random.Random) -> None:
    """A few illegal actions raise and leave the state unchanged."""
    legal_now = set(hand.legal_actions())
    illegal = [a for a in [*range(40), 40, 41, 42, 43, 44, PASS] if a not in legal_now]
    before = snapshot(hand)
    for a in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalActionError):
            hand.apply_action(a)
        assert snapshot(hand) == before


def check_invariants(hand: HandState) -> None:
    """Cards conserved and disjoint; points add up."""
    parts = [*hand.hands, *hand.taken, mask_of(hand.trick), hand.out_of_play]
    total = 0
    for m in parts:
        assert total & m == 0
        total |= m
    assert total == FULL_DECK
    taken = 0
    for m in hand.taken:
        taken |= m
    bonus = LAST_TRICK_BONUS if hand.is_terminal() and not any(hand.hands) else 0
    assert sum(hand.card_pts) == card_points(taken) + bonus
    assert sum(hand.hand_points()) == sum(hand.card_pts) + sum(c.points for c in hand.cantos)


def random_hand_playout(
    variant_key: str, seed: int, options: Mapping[str, Any] | None = None, dealer: int | None = None
) -> HandState:
    """Play one hand at random, checking the invariants at every step."""
    rng = random.Random(seed)
    hand = get_variant(variant_key).new_hand(players=4, seed=seed, options=options, dealer=dealer)
    steps = 0
    while not hand.is_terminal():
        acts = hand.legal_actions()
        assert acts, "a legal action always exists until the end"
        if steps % 7 == 0:
            check_observation_secrecy(hand)
            check_refusals(hand, rng)
        check_invariants(hand)
        seat = hand.current_player()
        if not hand.trick and phase_of(hand) == Phase.PLAY:
            assert len({h.bit_count() for h in hand.hands}) == 1, "equal hands between tricks"
        action = rng.choice(acts)
        if action < 40:
            assert hand.hands[seat] >> action & 1, "the seat to act holds the card it plays"
        hand.apply_action(action, seat)
        steps += 1
        assert steps < 200
    assert hand.legal_actions() == [] and hand.current_player() == -1
    check_invariants(hand)
    check_observation_secrecy(hand)
    result = hand.result()
    assert sorted(result.winners + result.losers) == [0, 1, 2, 3]
    assert {result.winners, result.losers} == {(0, 2), (1, 3)}
    tp = result.team_points
    assert tp is not None and tp == (
        result.points[0] + result.points[2],
        result.points[1] + result.points[3],
    )
    if result.tute is None:
        assert not any(hand.hands)
        assert sum(tp) == 130 + sum(c.points for c in result.cantos)
        win = result.winners[0] % 2
        assert tp[win] > tp[1 - win] or (tp[0] == tp[1] and hand.history[-1].winner % 2 == win)
    else:
        assert result.tute in result.winners
    again = replay(hand_record(hand))
    for s in [0, 1, 2, 3, None]:
        assert again.observation(s) == hand.observation(s)
    return hand


def first_legal_playout(hand: HandState | MatchState) -> None:
    """Play to the end taking the first legal action each time (deterministic)."""
    while not hand.is_terminal():
        hand.apply_action(hand.legal_actions()[0])


def new_hand(
    fixed: Mapping[int, str], turned: str, dealer: int = 3, voids: Mapping[int, str] | None = None
) -> TeamHandState:
    hand = PAREJAS.new_hand(
        players=4, dealer=dealer, deck=stacked_deck(dealer, fixed, turned, voids)
    )
    assert isinstance(hand, TeamHandState)
    return hand


# --------------------------------------------------------------------------- seats, deal


def test_partners_sit_opposite() -> None:
    hand = PAREJAS.new_hand(players=4, seed=1)
    obs = hand.observation(1)
    assert obs["teams"] == [[0, 2], [1, 3]]
    assert obs["partner"] == 3
    assert PAREJAS.teams is True and PAREJAS.players == (4,)
    first_legal_playout(hand)
    assert hand.result().winners in ((0, 2), (1, 3))


def test_played_by_four_only() -> None:
    with pytest.raises(InvalidPlayerCountError):
        PAREJAS.new_hand(players=3, seed=1)


def test_dealer_deals_ten_each_and_turns_up_his_own_last_card_for_trump() -> None:
    for dealer in range(4):
        hand = PAREJAS.new_hand(players=4, seed=f"deal{dealer}", dealer=dealer)
        assert [h.bit_count() for h in hand.hands] == [10, 10, 10, 10]
        assert hand.hands[dealer] >> hand.turned & 1, "the turned card stays in his hand"
        assert hand.trump == SUIT[hand.turned]
        assert hand.mano == (dealer + 1) % 4 == hand.current_player()
        assert list(hand.active) == [(dealer + 1 + i) % 4 for i in range(4)]


def test_deal_order_from_the_dealers_right() -> None:
    deck = list(range(40))
    hand = PAREJAS.new_hand(players=4, dealer=2, deck=deck)
    assert hand.hands[3] >> 0 & 1 and hand.hands[0] >> 1 & 1 and hand.hands[2] >> 39 & 1
    assert hand.turned == 39


def test_turned_card_is_public_until_played() -> None:
    hand = new_hand({0: "1O", 1: "4O", 2: "5O"}, turned="2O", dealer=3, voids={3: "O"})
    for seat in [0, 1, 2, None]:
        obs = hand.observation(seat)
        assert obs["turned"] == "2O" and obs["turned_held"] is True and obs["trump"] == "O"
    play(hand, "1O", "4O", "5O", "2O")  # the dealer's only coin is the turned card
    obs = hand.observation(1)
    assert obs["turned"] == "2O" and obs["turned_held"] is False
    assert obs["history"][0]["cards"][-1] == "2O"


# --------------------------------------------------------------------------- obligations


def test_standard_obligations_follow_and_beat() -> None:
    L = ParejasHand.legal_in_trick
    assert L(
        mask_of(["1E", "2E", "3O", "12C"]), [parse_card("5E"), parse_card("7E")], 0
    ) == mask_of(["1E"])
    assert L(mask_of(["3E", "2E", "3O"]), [parse_card("5E"), parse_card("1E")], 0) == mask_of(
        ["3E", "2E"]
    )


def test_standard_obligations_must_trump_and_overtrump_else_any_card() -> None:
    L = ParejasHand.legal_in_trick
    hand = mask_of(["2O", "12C", "1B"])
    assert L(hand, [parse_card("5E")], 0) == mask_of(["2O"]), "fallar"
    assert L(mask_of(["2O", "3O", "1B"]), [parse_card("5E"), parse_card("4O")], 0) == mask_of(
        ["3O"]
    ), "pisar"
    assert L(hand, [parse_card("5E"), parse_card("4O")], 0) == hand, "contrafallo"


def test_obligations_hold_over_a_partners_winning_card() -> None:
    # seat 0 leads the 10 of batons, seat 1 plays the 4: seat 2 must still beat his partner.
    hand = new_hand({0: "10B", 1: "4B", 2: "12B 2B", 3: "11B 3B 1B"}, turned="5O", voids={1: "B"})
    play(hand, "10B", "4B")
    assert hand.current_player() == 2
    assert legal(hand) == ["12B"]
    before = snapshot(hand)
    with pytest.raises(ObligationError, match="higher"):
        play(hand, "2B")
    assert snapshot(hand) == before


# --------------------------------------------------------------------------- cantos

CANTO_DECK = {0: "1C 12O 11O", 1: "4C", 2: "5C 12E 11E", 3: "6C"}


def test_after_a_trick_won_by_the_pair_each_partner_may_sing_one_canto() -> None:
    hand = new_hand(CANTO_DECK, turned="5O")
    play(hand, "1C", "4C", "5C", "6C")  # seat 0 takes the trick
    assert phase_of(hand) == Phase.WINDOW and hand.current_player() == 2
    assert legal(hand) == ["sing:E", "pass"]
    assert hand.observation(1)["window"] == {"seat": 2, "leader": 0}
    play(hand, "sing:E")
    assert phase_of(hand) == Phase.PLAY and hand.current_player() == 0
    assert "sing:O" in legal(hand)
    play(hand, "sing:O")
    assert not [a for a in legal(hand) if a.startswith("sing")], "one canto each per trick"
    assert [(c.seat, c.suit, c.points) for c in hand.cantos] == [(2, 2, 20), (0, 0, 40)]


def test_canto_is_forty_in_trump_twenty_elsewhere() -> None:
    hand = new_hand(CANTO_DECK, turned="5O")
    assert hand.canto_value(0) == 40 and hand.canto_value(2) == 20
    play(hand, "1C", "4C", "5C", "6C", "sing:E", "sing:O")
    assert hand.team_points()[0] == 11 + 60


def test_partner_window_closes_after_one_canto_and_he_cannot_play_in_it() -> None:
    hand = new_hand(CANTO_DECK, turned="5O")
    play(hand, "1C", "4C", "5C", "6C")
    before = snapshot(hand)
    with pytest.raises(WrongPhaseError, match="sing a canto or pass"):
        hand.apply_action(parse_card("12E"))
    with pytest.raises(IllegalActionError, match="do not hold"):
        play(hand, "sing:C")
    with pytest.raises(NotYourTurnError):
        hand.apply_action(parse_action("sing:O"), 0)
    assert snapshot(hand) == before
    play(hand, "pass")
    assert hand.current_player() == 0 and phase_of(hand) == Phase.PLAY


def test_the_pair_that_lost_the_trick_cannot_sing() -> None:
    hand = new_hand({0: "4C", 1: "1C 12O 11O", 2: "5C", 3: "6C 12E 11E"}, turned="2O")
    play(hand, "4C", "1C", "5C", "6C")  # seat 1 takes it; seat 3 gets the window
    assert hand.current_player() == 3
    with pytest.raises(NotYourTurnError):
        hand.apply_action(parse_action("pass"), 0)
    play(hand, "pass")
    play(hand, legal(hand)[0])  # seat 1 leads
    assert hand.current_player() == 2
    with pytest.raises(WrongPhaseError, match="after your team wins"):
        play(hand, "sing:E")


def test_canto_window_opens_on_public_facts_only() -> None:
    # Same public situation; the partner holds the pair of espadas in one deal, not the other.
    with_pair = new_hand({0: "1C", 1: "4C 10E", 2: "5C 12E 11E", 3: "6C"}, turned="2O")
    without = new_hand({0: "1C", 1: "4C 11E", 2: "5C 12E 10E", 3: "6C"}, turned="2O")
    for hand in (with_pair, without):
        play(hand, "1C", "4C", "5C", "6C")
        assert phase_of(hand) == Phase.WINDOW and hand.current_player() == 2
    assert legal(with_pair)[0] == "sing:E" and legal(without) == ["pass"]
    assert with_pair.public_observation() == without.public_observation()
    assert with_pair.observation(3) == without.observation(3)
    assert with_pair.observation(0) == without.observation(0)


def test_no_canto_window_when_the_partner_cannot_hold_a_canto() -> None:
    hand = PAREJAS.new_hand(players=4, seed=11)
    while not hand.is_terminal():
        if len(hand.history) == 9 and not hand.trick:
            assert phase_of(hand) == Phase.PLAY, "one card left each: no canto is possible"
            assert hand.observation(None)["window"] is None
        play(hand, "pass" if phase_of(hand) == Phase.WINDOW else legal(hand)[0])


def test_tute_by_either_partner_wins_the_game_at_once() -> None:
    hand = new_hand({0: "1C", 1: "4C", 2: "2C 12O 12C 12E 12B", 3: "6C"}, turned="5O")
    play(hand, "1C", "4C", "2C", "6C")
    assert legal(hand)[0] == "tute"
    play(hand, "tute")
    assert hand.is_terminal()
    r = hand.result()
    assert r.tute == 2 and r.winners == (0, 2) and r.losers == (1, 3)
    assert r.reason_code == "tute" and r.extra["winning_team"] == 0


def test_tute_by_the_trick_winner_wins_the_game_at_once() -> None:
    hand = new_hand({0: "1C 11O 11C 11E 11B", 1: "4C", 2: "2C", 3: "6C"}, turned="5O")
    play(hand, "1C", "4C", "2C", "6C")
    if phase_of(hand) == Phase.WINDOW:
        play(hand, "pass")
    assert "tute" in legal(hand)
    play(hand, "tute")
    assert hand.result().tute == 0 and hand.result().winners == (0, 2)


# --------------------------------------------------------------------------- result, match


def test_the_pair_with_more_points_wins() -> None:
    hand = PAREJAS.new_hand(players=4, seed=5, dealer=0)
    first_legal_playout(hand)
    r = hand.result()
    assert r.team_points is not None and r.team_points[0] != r.team_points[1]
    win = 0 if r.team_points[0] > r.team_points[1] else 1
    assert r.winners == ((0, 2), (1, 3))[win] and r.reason_code == "more_points"
    assert sum(r.team_points) == 130 + sum(c.points for c in r.cantos)


def test_equal_points_the_pair_that_took_the_last_trick_wins() -> None:
    hand = PAREJAS.new_hand(players=4, seed=6, dealer=0)  # found to end 65-65
    first_legal_playout(hand)
    r = hand.result()
    assert r.team_points == (65, 65)
    assert r.reason_code == "tie_last_trick"
    assert hand.history[-1].winner in r.winners


def test_match_is_best_of_the_games_agreed() -> None:
    for games, need in [(1, 1), (3, 2), (5, 3), (7, 4)]:
        match = PAREJAS.new_match(players=4, seed=f"m{games}", options={"games": games})
        first_legal_playout(match)
        res = match.result()
        assert max(res.extra["games"]) == need and min(res.extra["games"]) < need
        assert need <= res.hands_played <= games
        assert res.places == tuple(1 if s in res.winners else 2 for s in range(4))


def test_match_option_defaults_and_checks() -> None:
    assert PAREJAS.validate_options(None) == {"games": 3}
    with pytest.raises(InvalidOptionError):
        PAREJAS.new_match(players=4, seed=1, options={"games": 2})
    with pytest.raises(InvalidOptionError):
        PAREJAS.new_match(players=4, seed=1, options={"points": 101})


def test_dealer_rotates_each_game() -> None:
    match = PAREJAS.new_match(players=4, seed="rot", options={"games": 7}, dealer=1)
    first_legal_playout(match)
    assert [h.dealer for h in match.hands] == [(1 + i) % 4 for i in range(len(match.hands))]
    obs = match.observation(0)
    assert obs["match"]["games"] == match.result().extra["games"]


def test_conformance_trick_vector() -> None:
    cards = [parse_card(c) for c in ["7B", "12B", "1O", "10B"]]
    assert ParejasHand.resolve_trick(cards, 1) == (1, 3, 1)


# --------------------------------------------------------------------------- playouts


@pytest.mark.parametrize("seed", range(60))
def test_random_hands_keep_the_invariants(seed: int) -> None:
    random_hand_playout("parejas", seed, dealer=seed % 4)


@pytest.mark.parametrize("games", [1, 3, 5, 7])
def test_random_matches_end_and_replay(games: int) -> None:
    rng = random.Random(games)
    match = PAREJAS.new_match(players=4, seed=f"r{games}", options={"games": games})
    while not match.is_terminal():
        match.apply_action(rng.choice(match.legal_actions()), match.current_player())
    again = replay(match_record(match))
    assert again.observation(None) == match.observation(None)
    assert max(match.result().extra["games"]) == games // 2 + 1
