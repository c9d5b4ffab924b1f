"""Duplicate scoring on hand-made examples worked out by hand: matchpoints (2 per result
beaten, 1 per tie, as a percentage of the top), the difference from the average of the others
who held the same cards, the standings and their tiebreaks; the unit of a board per game; the
seats turning; the fields that cannot be seated."""

from __future__ import annotations

from decimal import Decimal

from games.engine import get_variant
from league.competitions import duplicate
from league.competitions.duplicate import Held, compare, rotate_seats, standings

D = Decimal


def test_three_tables_two_boards_worked_out_by_hand() -> None:
    # Cabrero, the cards of seat 1 on two boards, held by X1, X2, X3 at tables 1, 2, 3.
    # Board 1: X1 lost a hand (-1), X2 none (0), X3 one (-1).
    # Board 2: X1 0, X2 0, X3 -2 (a renuncio's charge).
    held = [
        Held(("b1", 0), 1, 1, -1),
        Held(("b1", 0), 2, 2, 0),
        Held(("b1", 0), 3, 3, -1),
        Held(("b2", 0), 1, 1, 0),
        Held(("b2", 0), 2, 2, 0),
        Held(("b2", 0), 3, 3, -2),
    ]
    rows = compare(held)
    got = [(r.entry, r.matchpoints, r.top, r.field_average, r.difference) for r in rows]
    assert got == [
        # X1 ties X3, loses to X2: 1 of 4; the others' average (0 - 1) / 2 = -0.5
        (1, 1, 4, D("-0.5"), D("-0.5")),
        # X2 beats both: 4 of 4; the others -1 and -1
        (2, 4, 4, D("-1"), D("1")),
        (3, 1, 4, D("-0.5"), D("-0.5")),
        # board 2: X1 and X2 tie (1) and beat X3 (2): 3 of 4; the others' average -1
        (1, 3, 4, D("-1"), D("1")),
        (2, 3, 4, D("-1"), D("1")),
        # X3 beaten by both: 0; the others 0 and 0
        (3, 0, 4, D("0"), D("-2")),
    ]
    assert [r.percent for r in rows[:2]] == [D("25"), D("100")]
    table = standings(rows, [1, 2, 3])
    # X2: 7 of 8 = 87.5 %, +2; X1: 4 of 8 = 50 %, +0.5; X3: 1 of 8 = 12.5 %, -2.5
    assert [(s.entry, s.percent, s.difference, s.boards) for s in table] == [
        (2, D("87.50"), D("2"), 2),
        (1, D("50"), D("0.50"), 2),
        (3, D("12.50"), D("-2.50"), 2),
    ]


def test_equal_percentages_go_to_the_better_total_against_the_field() -> None:
    # P beats Q on board a (5 to 3), Q beats P on board b (4 to 1): 50 % each;
    # against the field P has +2 - 3 = -1, Q -2 + 3 = +1: Q is first.
    rows = compare(
        [Held("a", 1, 10, 5), Held("a", 2, 11, 3), Held("b", 1, 10, 1), Held("b", 2, 11, 4)]
    )
    table = standings(rows, [10, 11])
    assert [(s.entry, s.percent, s.difference) for s in table] == [
        (11, D("50"), D("1")),
        (10, D("50"), D("-1")),
    ]


def test_a_result_alone_with_its_cards_is_not_compared_and_entries_without_boards_come_last() -> (
    None
):
    rows = compare([Held("lonely", 1, 7, -1), Held("x", 1, 8, 2), Held("x", 2, 9, 2)])
    assert (rows[0].top, rows[0].field_average, rows[0].percent) == (0, None, None)
    assert (rows[1].matchpoints, rows[1].percent) == (1, D("50"))
    table = standings(rows, [7, 8, 9])
    assert [s.entry for s in table] == [8, 9, 7]
    assert table[-1].boards == 0


def test_the_unit_of_a_board_follows_the_game() -> None:
    cabrero = get_variant("cabrero")
    hand = {
        "points": [21, 50, 23, 36],
        "losers": [2, 3],
        "extra": {"charges": {"2": 1, "3": 2}},
    }
    assert [duplicate.board_score(cabrero, "table", hand, p, 4) for p in range(4)] == [
        (D(0), 21),
        (D(0), 50),
        (D(-1), 23),
        (D(-2), 36),
    ]
    pairs = {"points": [30, 29, 27, 44], "team_points": [57, 73], "losers": [0, 2]}
    parejas = get_variant("parejas")
    assert duplicate.board_score(parejas, "pairs", pairs, 0, 2) == (D(57), 57)
    assert duplicate.board_score(parejas, "pairs", pairs, 1, 2) == (D(73), 73)
    two = {"points": [85, 65], "losers": [1]}
    # Spanish tute for two counts points; the Argentine one, ranked by hands lost, hands lost
    assert duplicate.board_score(get_variant("dos"), "single", two, 1, 2) == (D(65), 65)
    assert duplicate.board_score(get_variant("dos_ar"), "single", two, 1, 2) == (D(-1), 65)
    assert duplicate.board_score(get_variant("dos_ar"), "single", two, 0, 2) == (D(0), 85)


def test_the_seats_turn_between_rounds() -> None:
    # round 1 at tables of four with no history: the first order, shifted by nothing
    first = rotate_seats([(1, 2, 3, 4)], {}, 1)
    assert first == [(1, 2, 3, 4)]
    history = {e: [1 if p == i else 0 for p in range(6)] for i, e in enumerate(first[0])}
    second = rotate_seats([(1, 2, 3, 4)], history, 2)[0]
    assert all(second.index(e) != i for i, e in enumerate(first[0]))
    # two players who met: in the second round the sides are swapped
    assert rotate_seats([(5, 6)], {5: [1, 0], 6: [0, 1]}, 2) == [(6, 5)]


def test_fields_that_cannot_rotate() -> None:
    assert duplicate.check_field(12, 4) is None
    assert duplicate.check_field(10, 4) == "uneven"
    assert duplicate.check_field(3, 2) == "one table"
    assert duplicate.check_field(4, 2) is None


def test_default_boards() -> None:
    assert duplicate.default_boards(get_variant("cabrero"), {}) == duplicate.DEFAULT_BOARDS == 4
    assert duplicate.default_boards(get_variant("parejas"), {"games": 5}) == 3
    assert duplicate.default_boards(get_variant("parejas"), {}) == 2  # the default best of 3
    assert duplicate.default_boards(get_variant("remate"), {"hands": 6}) == 6  # fixed hands


def test_tables_of_two_change_sides_every_round_and_avoid_rematches() -> None:
    # Eight entries over three rounds, ranked in a fixed order: whoever held the first seat
    # holds the second the next round, and nobody meets the same entry twice.
    ranked = list(range(1, 9))
    history: dict[int, list[int]] = {}
    met: dict[int, set[int]] = {e: set() for e in ranked}
    last: dict[int, int] = {}
    for _round in range(3):
        tables = duplicate.side_pairing(ranked, history, met)
        assert sorted(e for t in tables for e in t) == ranked
        for table in tables:
            a, b = table
            assert b not in met[a]
            met[a].add(b)
            met[b].add(a)
            for position, entry in enumerate(table):
                if entry in last:
                    assert last[entry] != position, (entry, tables)
                last[entry] = position
                history.setdefault(entry, [0, 0])[position] += 1
