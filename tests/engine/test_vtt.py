"""Variable Trump Tute (RULES.md §8, seed 002): one test per rule, one per worked example of
the seed, the public conformance vectors, then random playouts with invariants.

Seats in play order: North 0, West 1, South 2, East 3 (play goes to the right), so the teams
are North-South (0, 2) and East-West (1, 3), as in the seed's tables.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

import pytest

from games.engine import (
    IllegalActionError,
    InvalidOptionError,
    InvalidPlayerCountError,
    ObligationError,
    get_variant,
    parse_card,
)
from games.engine.cards import NOTATION, SUIT_LETTERS, mask_of, notation_of_mask
from games.engine.conformance import answer
from games.engine.records import match_record, replay
from games.engine.state import Phase
from games.engine.variants.teams import TeamHandState
from games.engine.variants.vtt import NEXT_TRUMP, VTTHand, vtt_legal
from tests.engine.test_parejas import (
    first_legal_playout,
    legal,
    phase_of,
    play,
    random_hand_playout,
    snapshot,
    stacked_deck,
)

VTT = get_variant("vtt")
N, W, S, E = 0, 1, 2, 3


def new_hand(
    fixed: Mapping[int, str],
    turned: str,
    dealer: int,
    voids: Mapping[int, str] | None = None,
    options: Mapping[str, object] | None = None,
) -> VTTHand:
    hand = VTT.new_hand(
        players=4, dealer=dealer, options=options, deck=stacked_deck(dealer, fixed, turned, voids)
    )
    assert isinstance(hand, VTTHand)
    return hand


def suits(hand: VTTHand) -> tuple[str | None, str]:
    """(lead, trump) in force, as the seed's tables show them."""
    obs = hand.observation(None)
    return obs["lead"], obs["trump"]


def check_rows(hand: VTTHand, rows: list[tuple[str, str, str]]) -> None:
    """Play the rows of a worked example (card, lead after, trump after), checking each is legal
    and the suits in force after it."""
    for card, lead, trump in rows:
        assert card in legal(hand), (card, legal(hand))
        play(hand, card)
        if hand.trick:
            assert suits(hand) == (lead, trump), card
    last = hand.history[-1]
    obs = hand.observation(None)
    assert obs["trick_suits"][-1][1:] == [rows[-1][1], rows[-1][2]]
    assert [NOTATION[c] for c in last.cards] == [r[0] for r in rows]


def skip_windows(hand: VTTHand) -> None:
    while phase_of(hand) == Phase.WINDOW:
        play(hand, "pass")


def trick(*cards: str) -> list[int]:
    return [parse_card(c) for c in cards]


def legal_after(hand: str, cards: list[int], trump: str) -> list[str]:
    return notation_of_mask(
        VTTHand.legal_in_trick(mask_of(hand.split()), cards, "OCEB".index(trump))
    )


# --------------------------------------------------------------------------- the worked examples


def example_1() -> VTTHand:
    # Initial trump coins; North leads, so East deals and holds the turned coin.
    return new_hand({N: "10B", W: "11B", S: "4O", E: "7O"}, turned="2O", dealer=E, voids={S: "B"})


def test_worked_example_1_trump_played_makes_coins_lead_and_cups_trump() -> None:
    hand = example_1()
    assert suits(hand) == (None, "O")
    check_rows(hand, [("10B", "B", "O"), ("11B", "B", "O"), ("4O", "O", "C"), ("7O", "O", "C")])
    assert hand.history[0].winner == E, "the seven of coins is the highest lead-suit card"
    skip_windows(hand)
    assert hand.current_player() == E and hand.trump == 1, "cups carried to the next trick"


def test_worked_example_2_two_changes_in_one_trick() -> None:
    # Initial trump cups at the second trick: the first (trump coins, East leads the as) ends
    # with trump cups and East winning. South deals and holds the turned 2 of coins.
    hand = new_hand(
        {E: "1O 3E", N: "4O 1E", W: "5O 6C", S: "2B"},
        turned="2O",
        dealer=S,
        voids={W: "E", S: "OC"},
    )
    play(hand, "1O", "4O", "5O", "2O")
    assert hand.history[0].winner == E and hand.trump == 1
    skip_windows(hand)
    check_rows(hand, [("3E", "E", "C"), ("1E", "E", "C"), ("6C", "C", "B"), ("2B", "B", "E")])
    assert hand.history[1].winner == N, "the as of swords is the highest final trump"
    skip_windows(hand)
    assert hand.current_player() == N and hand.trump == 2


def test_worked_example_3_a_trump_led_keeps_the_lead_and_moves_trump() -> None:
    hand = new_hand(
        {N: "11E", W: "5O", S: "2B", E: "7C"},
        turned="2E",
        dealer=E,
        voids={W: "E", S: "OC", E: "O"},
    )
    check_rows(hand, [("11E", "E", "O"), ("5O", "O", "C"), ("2B", "O", "C"), ("7C", "C", "B")])
    assert hand.history[0].winner == S, "the two of batons is the only final trump"
    skip_windows(hand)
    assert hand.current_player() == S and hand.trump == 3


def test_worked_example_4_any_trump_triggers_a_change() -> None:
    # South leads, so West deals and holds the turned baton; West has no swords and no coin
    # above the jack, so he may play the six of coins, which is a trump and changes the suits.
    hand = new_hand(
        {S: "10O 11O 12O 3O 1O", E: "3B", N: "5E", W: "6O"},
        turned="2B",
        dealer=W,
        voids={E: "O", N: "B", W: "E"},
    )
    check_rows(hand, [("10O", "O", "B"), ("3B", "B", "E"), ("5E", "E", "O"), ("6O", "O", "C")])
    assert hand.history[0].winner == S, "the jack of coins beats the six"
    skip_windows(hand)
    assert hand.trump == 1


#: The public conformance vectors of these variants (shared/conformance/public.jsonl), kept
#: here so that the suite does not depend on a file outside the repository.
VECTORS = [
    (
        {"q": "trick", "variant": "vtt", "trump": "O", "trick": ["10B", "11B", "4O", "7O"]},
        {"winner": 3, "lead": "O", "trump": "C"},
    ),
    (
        {"q": "trick", "variant": "vtt", "trump": "C", "trick": ["3E", "1E", "6C", "2B"]},
        {"winner": 1, "lead": "B", "trump": "E"},
    ),
    (
        {"q": "trick", "variant": "vtt", "trump": "E", "trick": ["11E", "5O", "2B", "7C"]},
        {"winner": 2, "lead": "C", "trump": "B"},
    ),
    (
        {"q": "trick", "variant": "vtt", "trump": "B", "trick": ["10O", "3B", "5E", "6O"]},
        {"winner": 0, "lead": "O", "trump": "C"},
    ),
    (
        {"q": "trick", "variant": "parejas", "trump": "C", "trick": ["7B", "12B", "1O", "10B"]},
        {"winner": 1, "lead": "B", "trump": "C"},
    ),
    (
        {
            "q": "legal",
            "variant": "vtt",
            "trump": "O",
            "trick": ["10B", "11B"],
            "hand": ["4B", "12B", "2O"],
        },
        {"legal": ["12B"]},
    ),
]


@pytest.mark.parametrize(("query", "expect"), VECTORS)
def test_public_conformance_vectors_hold(
    query: dict[str, object], expect: dict[str, object]
) -> None:
    assert answer(query) == expect


# --------------------------------------------------------------------------- deal, seats


def test_teams_north_south_against_east_west() -> None:
    hand = VTT.new_hand(players=4, seed=2)
    assert hand.observation(W)["teams"] == [[0, 2], [1, 3]]
    assert hand.observation(W)["partner"] == E
    with pytest.raises(InvalidPlayerCountError):
        VTT.new_hand(players=2, seed=1)


def test_all_forty_dealt_last_card_face_up_to_the_dealer_names_initial_trump() -> None:
    for dealer in range(4):
        hand = VTT.new_hand(players=4, seed=f"v{dealer}", dealer=dealer)
        assert [h.bit_count() for h in hand.hands] == [10] * 4
        assert hand.hands[dealer] >> hand.turned & 1
        obs = hand.observation((dealer + 1) % 4)
        assert obs["turned"] in hand.hand_of(dealer)
        assert obs["initial_trump"] == obs["trump"] == obs["turned"][-1]
        assert obs["turned_held"] is True


def test_the_player_right_of_the_dealer_leads() -> None:
    for dealer in range(4):
        hand = VTT.new_hand(players=4, seed=3, dealer=dealer)
        assert hand.current_player() == hand.mano == (dealer + 1) % 4


# --------------------------------------------------------------------------- the suit cycle


def test_suit_cycle_cups_hold_coins_batons_break_cups_swords_cut_batons_coins_buy_swords() -> None:
    cycle = {SUIT_LETTERS[t]: SUIT_LETTERS[NEXT_TRUMP[t]] for t in range(4)}
    assert cycle == {"O": "C", "C": "B", "B": "E", "E": "O"}
    assert VTT.new_hand(players=4, seed=1).observation(None)["suit_cycle"] == cycle


def test_trump_played_makes_its_suit_the_lead_and_moves_trump() -> None:
    hand = example_1()
    play(hand, "10B", "11B")
    assert suits(hand) == ("B", "O")
    play(hand, "4O")
    assert suits(hand) == ("O", "C")
    assert hand.observation(None)["trick_trump"] == "O"


def test_a_trump_led_keeps_the_lead_and_moves_trump() -> None:
    hand = new_hand({N: "11E"}, turned="2E", dealer=E)
    play(hand, "11E")
    assert suits(hand) == ("E", "O")


def test_any_trump_triggers_the_change_whatever_its_rank() -> None:
    _, lead, final = VTTHand.resolve_trick(trick("10O", "3B", "5E", "6O"), 3)
    assert (lead, final) == (0, 1)
    _, lead, final = VTTHand.resolve_trick(trick("1O", "2O"), 1)  # no trump: no change
    assert (lead, final) == (0, 1)
    _, lead, final = VTTHand.resolve_trick(trick("1O", "2C"), 1)  # the lowest trump
    assert (lead, final) == (1, 3)


def test_final_trump_is_the_next_initial_trump_and_the_lead_resets() -> None:
    hand = example_1()
    play(hand, "10B", "11B", "4O", "7O")
    skip_windows(hand)
    obs = hand.observation(None)
    assert obs["trump"] == "C" and obs["lead"] is None and obs["trick_trump"] == "C"
    card = next(c for c in legal(hand) if c[-1] in "EB")  # East leads a non-trump
    play(hand, card)
    assert suits(hand) == (card[-1], "C")
    assert hand.observation(None)["trick_suits"][0] == ["O", "O", "C"]


# --------------------------------------------------------------------------- obligations


def test_no_trump_in_trick_a_higher_lead_suit_card_first() -> None:
    assert legal_after("4B 12B 2O", trick("10B", "11B"), "O") == ["12B"]


def test_no_trump_in_trick_else_a_lower_lead_suit_card() -> None:
    assert legal_after("4B 2O 5E", trick("10B", "11B"), "O") == ["4B"]


def test_no_trump_in_trick_else_a_trump() -> None:
    assert legal_after("2O 7O 5E", trick("10B", "11B"), "O") == ["2O", "7O"]


def test_no_trump_in_trick_else_anything() -> None:
    assert legal_after("5E 7C", trick("10B", "11B"), "O") == ["7C", "5E"]


def test_obligations_use_the_suits_in_force_after_a_change() -> None:
    # trump coins; the 4 of coins changes the suits to lead coins, trump cups
    assert legal_after("2O 7O 3C", trick("10B", "4O"), "O") == ["7O"]
    assert legal_after("2O 3C", trick("10B", "4O"), "O") == ["2O"]
    assert legal_after("3C 5E 1B", trick("10B", "4O"), "O") == ["3C"]
    # a trump led: lead coins, trump cups, no cup in the trick: a higher coin
    assert legal_after("7O 2O 5C", trick("4O"), "O") == ["7O"]


def test_trumps_in_trick_any_lead_suit_card() -> None:
    # trump cups; 5B led, then the 3 of cups: lead cups, trump batons, and the 5 of batons
    # already in the trick is now a trump.
    assert legal_after("2C 12C 7B", trick("5B", "3C"), "C") == ["2C", "12C"]


def test_trumps_in_trick_else_a_higher_trump() -> None:
    assert legal_after("4B 7B 2E", trick("5B", "3C"), "C") == ["7B"]


def test_trumps_in_trick_else_anything_no_lower_trump_forced() -> None:
    assert legal_after("4B 2E", trick("5B", "3C"), "C") == ["2E", "4B"]


def test_lead_equal_to_trump_for_completeness() -> None:
    # It cannot arise in play; the rule still answers: a higher trump, else a lower one.
    played = mask_of(["5O"])
    assert notation_of_mask(vtt_legal(mask_of(["2O", "7O", "3C"]), 0, 0, played)) == ["7O"]
    assert notation_of_mask(vtt_legal(mask_of(["2O", "3C"]), 0, 0, played)) == ["2O"]
    assert notation_of_mask(vtt_legal(mask_of(["3C", "5E"]), 0, 0, played)) == ["3C", "5E"]


def test_illegal_card_is_refused_with_the_reason_and_nothing_changes() -> None:
    hand = example_1()
    play(hand, "10B")
    before = snapshot(hand)
    with pytest.raises(ObligationError, match="higher baton"):
        play(hand, next(c for c in hand.hand_of(W) if c != "11B" and c[-1] != "B"))
    assert snapshot(hand) == before


# --------------------------------------------------------------------------- the winner


def test_winner_by_the_final_suits_earlier_cards_re_evaluated() -> None:
    # The led 5 of batons was no trump when played; the 3 of cups made batons trump: it wins.
    assert VTTHand.resolve_trick(trick("5B", "3C", "2C", "4E"), 1) == (0, 1, 3)
    # No final trump in the trick: the highest card of the final lead suit.
    assert VTTHand.resolve_trick(trick("10B", "11B", "4O", "7O"), 0) == (3, 0, 1)


# --------------------------------------------------------------------------- canticles, tute

CANTICLE_DECK = {N: "1C 12E 11E", W: "4C", S: "5C 12O 11O", E: "6C"}


def test_canticles_each_player_of_the_winning_team_declares_one_pair_for_20() -> None:
    hand = new_hand(CANTICLE_DECK, turned="2O", dealer=E)
    play(hand, "1C", "4C", "5C", "6C")  # North takes it
    assert phase_of(hand) == Phase.WINDOW and hand.current_player() == S
    assert legal(hand) == ["sing:O", "pass"]
    play(hand, "sing:O")
    assert hand.current_player() == N and "sing:E" in legal(hand)
    play(hand, "sing:E")
    assert [(c.seat, c.points) for c in hand.cantos] == [(S, 20), (N, 20)]
    assert hand.canto_value(hand.trump) == 20, "trump pair: 20, not 40"
    assert hand.team_points() == [11 + 40, 0]


def test_each_pair_is_declared_once_and_only_after_the_team_wins() -> None:
    hand = new_hand({N: "4C", W: "1C 12E 11E", S: "5C", E: "6C 12B 11B"}, turned="2O", dealer=E)
    play(hand, "4C", "1C", "5C", "6C")  # West takes it: East may declare, not North-South
    assert hand.current_player() == E
    play(hand, "sing:B")
    play(hand, "sing:E")
    assert hand.sung == 0b1100
    assert not [a for a in legal(hand) if a.startswith("sing")]


def test_tute_right_after_the_teams_first_trick_wins_the_game() -> None:
    hand = new_hand({N: "1C", W: "4C", S: "2C 12O 12C 12E 12B", E: "6C"}, turned="2O", dealer=E)
    play(hand, "1C", "4C", "2C", "6C")
    assert legal(hand)[0] == "tute"
    play(hand, "tute")
    r = hand.result()
    assert hand.is_terminal() and r.tute == S and r.winners == (0, 2)
    assert r.extra["games"] == 1


def test_tute_not_after_a_later_trick() -> None:
    hand = new_hand(
        {N: "1C 1E", W: "4C 4E", S: "2C 2E 12O 12C 12E 12B", E: "6C 5E 11O 11C 11E 11B"},
        turned="2O",
        dealer=E,
    )
    play(hand, "1C", "4C", "2C", "6C")
    play(hand, "pass")  # South lets his first chance go
    play(hand, "1E", "4E", "2E", "5E")  # North-South's second trick
    assert hand.current_player() == S and legal(hand) == ["pass"]
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="first trick"):
        play(hand, "tute")
    assert snapshot(hand) == before


# --------------------------------------------------------------------------- points, result


def test_points_cards_last_trick_and_canticles_most_wins() -> None:
    hand = VTT.new_hand(players=4, seed=5, dealer=0)
    first_legal_playout(hand)  # sings whenever a window offers a canticle
    r = hand.result()
    assert r.team_points is not None
    assert sum(r.team_points) == 130 + 20 * len(r.cantos)
    win = 0 if r.team_points[0] > r.team_points[1] else 1
    assert r.winners == ((0, 2), (1, 3))[win]


def test_equal_points_the_team_of_the_last_trick_wins() -> None:
    hand = VTT.new_hand(players=4, seed=79, dealer=0)  # found to end 65-65
    first_legal_playout(hand)
    r = hand.result()
    assert r.team_points == (65, 65) and r.reason_code == "tie_last_trick"
    assert hand.history[-1].winner in r.winners


# --------------------------------------------------------------------------- match, options


@pytest.mark.parametrize("games", [6, 8])
def test_match_first_team_to_the_agreed_number_of_games(games: int) -> None:
    match = VTT.new_match(players=4, seed=f"g{games}", options={"games": games})
    first_legal_playout(match)
    res = match.result()
    assert max(res.extra["games"]) == games > min(res.extra["games"])
    assert res.hands_played == sum(res.extra["games"])
    assert [h.dealer for h in match.hands] == [
        (match.first_dealer + i) % 4 for i in range(len(match.hands))
    ]


def test_match_options_checked() -> None:
    assert VTT.validate_options(None) == {"games": 6, "coins_trump": False, "double_101": False}
    with pytest.raises(InvalidOptionError):
        VTT.new_match(players=4, seed=1, options={"games": 7})


def test_option_coins_trump_with_the_holder_of_the_two_of_coins_leading() -> None:
    hand = new_hand({S: "2O"}, turned="5B", dealer=N, options={"coins_trump": True})
    obs = hand.observation(None)
    assert obs["trump"] == "O" and obs["turned"] is None and obs["turned_held"] is False
    assert hand.current_player() == S and hand.dealer == N
    assert list(hand.active) == [S, E, N, W]
    match = VTT.new_match(players=4, seed="coins", options={"coins_trump": True}, dealer=1)
    first_legal_playout(match)
    assert [h.dealer for h in match.hands[:3]] == [1, 2, 3]
    assert all(h.initial_trump == 0 for h in match.hands if isinstance(h, VTTHand))


def test_option_double_101_credits_two_games() -> None:
    for seed in range(200):
        hand = VTT.new_hand(players=4, seed=seed, options={"double_101": True})
        first_legal_playout(hand)
        r = hand.result()
        assert r.team_points is not None
        best = max(r.team_points)
        assert r.extra["games"] == (2 if best >= 101 and r.tute is None else 1)
        if best >= 101:
            break
    else:
        pytest.fail("no hand reached 101")
    plain = VTT.new_hand(players=4, seed=seed)
    first_legal_playout(plain)
    assert plain.result().extra["games"] == 1


# --------------------------------------------------------------------------- playouts

OPTION_SETS = [
    {"coins_trump": c, "double_101": d} for c, d in itertools.product([False, True], repeat=2)
]


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: f"c{o['coins_trump']:d}d{o['double_101']:d}"
)
def test_random_hands_keep_the_invariants(seed: int, options: dict[str, bool]) -> None:
    hand = random_hand_playout("vtt", seed, options=options, dealer=seed % 4)
    assert isinstance(hand, TeamHandState)
    trump = hand.observation(None)["initial_trump"]
    for t, (start, _lead, final) in zip(
        hand.history, hand.observation(None)["trick_suits"], strict=True
    ):
        assert start == trump
        pos, _, f = VTTHand.resolve_trick(list(t.cards), "OCEB".index(start))
        assert t.seats[pos] == t.winner and SUIT_LETTERS[f] == final
        trump = final


@pytest.mark.parametrize("games", [6, 8])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_matches_end_and_replay(games: int, options: dict[str, bool]) -> None:
    rng = random.Random(games)
    match = VTT.new_match(players=4, seed=f"vr{games}", options={"games": games, **options})
    while not match.is_terminal():
        match.apply_action(rng.choice(match.legal_actions()), match.current_player())
    again = replay(match_record(match))
    assert again.observation(None) == match.observation(None)
    assert max(match.result().extra["games"]) >= games
