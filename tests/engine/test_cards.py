"""Cards: notation both ways, indices and masks, points, trick order (RULES.md §1)."""

from __future__ import annotations

import itertools

import pytest

from games.engine import actions as A
from games.engine.cards import (
    ABOVE,
    ALL_HORSES,
    ALL_KINGS,
    BELOW,
    BLANK_CARDS,
    CARDS,
    FULL_DECK,
    HIGH_CARDS,
    HORSE_OF,
    KING_OF,
    NOTATION,
    PAIR,
    POINTS,
    RANK,
    SUIT,
    SUIT_MASK,
    Card,
    Suit,
    card_points,
    highest,
    index_of,
    indices,
    iter_indices,
    mask_of,
    notation_of_mask,
    parse_card,
)
from games.engine.errors import NotationError

RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
TRICK_ORDER_HIGH_TO_LOW = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)


def test_deck_has_forty_cards_ranks_and_suits() -> None:
    assert len(CARDS) == 40
    assert {(c.suit, c.rank) for c in CARDS} == {(s, r) for s in Suit for r in RANKS}
    assert FULL_DECK == (1 << 40) - 1


@pytest.mark.parametrize("card", CARDS, ids=NOTATION)
def test_notation_round_trips(card: Card) -> None:
    assert Card.from_notation(card.notation) == card
    assert Card.from_index(card.index) == card
    assert parse_card(card.notation) == card.index
    assert NOTATION[card.index] == card.notation
    assert card.mask == 1 << card.index


@pytest.mark.parametrize(
    "text,index",
    [("1O", 9), ("2O", 0), ("12B", 37), ("10c", 15), (" 7E ", 24), ("3e", 28), ("11C", 16)],
)
def test_notation_parses_case_and_spaces(text: str, index: int) -> None:
    assert parse_card(text) == index


@pytest.mark.parametrize(
    "text", ["8O", "9C", "13B", "0E", "1X", "", "O1", "12", "1OO", "1 O", None, 12, 3.5, ["1O"]]
)
def test_malformed_card_is_a_notation_error(text: object) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


def test_card_constructor_refuses_ranks_not_in_the_deck() -> None:
    with pytest.raises(NotationError):
        Card(Suit.OROS, 8)
    with pytest.raises(NotationError):
        Card.from_index(40)
    with pytest.raises(NotationError):
        Card.from_index(-1)


def test_suit_letters() -> None:
    assert [s.letter for s in Suit] == ["O", "C", "E", "B"]
    assert Suit.from_letter("b") is Suit.BASTOS
    with pytest.raises(NotationError):
        Suit.from_letter("X")
    with pytest.raises(NotationError):
        Suit.from_letter(None)  # type: ignore[arg-type]


def test_card_names() -> None:
    assert Card.from_notation("12B").name("es") == "rey de bastos"
    assert Card.from_notation("10C").name() == "jack of cups"
    assert str(Card.from_notation("1O")) == "1O"


def test_index_is_ten_times_suit_plus_strength() -> None:
    for s in Suit:
        for strength, rank in enumerate(reversed(TRICK_ORDER_HIGH_TO_LOW)):
            i = index_of(s, rank)
            assert i == 10 * s + strength
            assert SUIT[i] == s and RANK[i] == rank


def test_points_per_rank_and_total_120() -> None:
    expected = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2, 7: 0, 6: 0, 5: 0, 4: 0, 2: 0}
    for c in CARDS:
        assert c.points == expected[c.rank] == POINTS[c.index]
    assert card_points(FULL_DECK) == 120
    for s in Suit:
        assert card_points(SUIT_MASK[s]) == 30
    assert card_points(0) == 0


def test_trick_order_high_to_low_in_every_suit() -> None:
    for s in Suit:
        order = [index_of(s, r) for r in TRICK_ORDER_HIGH_TO_LOW]
        assert order == sorted(order, reverse=True)
        for better, worse in itertools.pairwise(order):
            assert ABOVE[worse] >> better & 1
            assert BELOW[better] >> worse & 1
            assert not ABOVE[better] >> worse & 1


def test_above_and_below_stay_in_suit() -> None:
    for i in range(40):
        s = SUIT[i]
        assert ABOVE[i] & ~SUIT_MASK[s] == 0
        assert BELOW[i] & ~SUIT_MASK[s] == 0
        assert ABOVE[i] | BELOW[i] | (1 << i) == SUIT_MASK[s]
        assert ABOVE[i] & BELOW[i] == 0


def test_suit_masks_partition_the_deck() -> None:
    assert sum(SUIT_MASK) == FULL_DECK
    assert all(m.bit_count() == 10 for m in SUIT_MASK)


def test_king_horse_pairs_and_the_shift_trick() -> None:
    for s in Suit:
        assert NOTATION[KING_OF[s]] == f"12{s.letter}"
        assert NOTATION[HORSE_OF[s]] == f"11{s.letter}"
        assert PAIR[s] == (1 << KING_OF[s]) | (1 << HORSE_OF[s])
    hand = mask_of(["12C", "11C", "12E", "11O"])
    pairs = hand & (hand << 1) & ALL_KINGS
    assert pairs == 1 << KING_OF[Suit.COPAS]
    assert ALL_KINGS.bit_count() == ALL_HORSES.bit_count() == 4


def test_high_cards_rank_above_the_seven() -> None:
    assert set(notation_of_mask(HIGH_CARDS & SUIT_MASK[0])) == {"10O", "11O", "12O", "3O", "1O"}
    assert HIGH_CARDS | BLANK_CARDS == FULL_DECK and HIGH_CARDS & BLANK_CARDS == 0
    assert set(notation_of_mask(BLANK_CARDS & SUIT_MASK[3])) == {"2B", "4B", "5B", "6B", "7B"}


def test_masks_both_ways() -> None:
    mask = mask_of(["3E", "1E", "2O"])
    assert notation_of_mask(mask) == ["2O", "3E", "1E"]
    assert indices(mask) == list(iter_indices(mask)) == [0, 28, 29]
    assert highest(mask) == 29
    assert mask_of([0, "1E"]) == (1 << 0) | (1 << 29)
    assert indices(FULL_DECK) == list(range(40))
    assert indices(0) == []
    with pytest.raises(NotationError, match="twice"):
        mask_of(["1O", "1o"])
    with pytest.raises(NotationError):
        mask_of([40])
    with pytest.raises(NotationError):
        mask_of([True])


def test_actions_notation_both_ways() -> None:
    for a in range(40):
        assert A.parse_action(A.action_to_notation(a)) == a
    for text in [
        "sing:O",
        "sing:B",
        "tute",
        "swap",
        "capote",
        "claim",
        "plate",
        "pass",
        "accuse:0",
        "accuse:5",
        "bid:60",
        "bid:235",
        "trump:C",
        "juego",
        "acompano",
        "call:12B",
        "discard:1O",
        "exchange",
    ]:
        assert A.action_to_notation(A.parse_action(text)) == text
    assert A.parse_action("paso") == A.PASS
    assert A.parse_action("acompaño") == A.ACOMPANO
    assert A.parse_action("SING:c") == A.SING + 1
    assert A.parse_action(37) == 37
    for bad in [
        "sing:X",
        "accuse:9",
        "accuse:x",
        "jump",
        "bid:82",
        "bid:240",
        "bid:x",
        "call:13O",
        45,
        -1,
        62,
        118,
        201,
        True,
        None,
        1.0,
    ]:
        with pytest.raises(NotationError):
            A.parse_action(bad)
    with pytest.raises(NotationError):
        A.action_to_notation(45)
    assert A.is_card(39) and not A.is_card(40)
