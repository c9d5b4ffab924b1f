"""Tiebreaks and standings, on events small enough to compute by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from league.pairing import (
    PlayerResult,
    Record,
    ResultError,
    TableResult,
    buchholz,
    head_to_head,
    median_buchholz,
    sonneborn_berger,
    standings,
    tantos,
    wins,
)


def match(rnd: int, a: str, pa: float, ta: float, b: str, pb: float, tb: float) -> TableResult:
    return TableResult(rnd, (PlayerResult(a, pa, ta), PlayerResult(b, pb, tb)))


def bye(rnd: int, player: str, points: float = 2) -> TableResult:
    return TableResult(rnd, (PlayerResult(player, points),), bye=True)


# One against one, 2/1/0 match points, five players, a bye each round:
#   R1: A beats B 80-50, C draws D 65-65, E bye
#   R2: A draws C 60-60, E beats B 70-40, D bye
#   R3: E beats A 75-55, B beats D 68-62, C bye
# Scores: A 3, B 2, C 4, D 3, E 6.
DUEL = [
    match(1, "A", 2, 80, "B", 0, 50),
    match(1, "C", 1, 65, "D", 1, 65),
    bye(1, "E"),
    match(2, "A", 1, 60, "C", 1, 60),
    match(2, "E", 2, 70, "B", 0, 40),
    bye(2, "D"),
    match(3, "E", 2, 75, "A", 0, 55),
    match(3, "B", 2, 68, "D", 0, 62),
    bye(3, "C"),
]

# Tables of four and three, 3/2/1/0 (or 2/1/0) match points by place:
#   R1: [a 3, b 2, c 1, d 0]  [e 2, f 1, g 0]
#   R2: [a 2, e 2, g 1, b 0]  [c 2, d 1, f 0]      (a and e both survive)
# Scores: a 5, b 2, c 3, d 1, e 4, f 1, g 1.
CABRERO = [
    TableResult(
        1, tuple(PlayerResult(p, pts) for p, pts in zip("abcd", (3, 2, 1, 0), strict=True))
    ),
    TableResult(1, tuple(PlayerResult(p, pts) for p, pts in zip("efg", (2, 1, 0), strict=True))),
    TableResult(
        2, tuple(PlayerResult(p, pts) for p, pts in zip("aegb", (2, 2, 1, 0), strict=True))
    ),
    TableResult(2, tuple(PlayerResult(p, pts) for p, pts in zip("cdf", (2, 1, 0), strict=True))),
]


def values(metric: object, record: Record, players: str) -> list[Fraction]:
    assert callable(metric)
    return [metric(record, p, frozenset(players)) for p in players]


def test_scores_include_byes() -> None:
    record = Record(DUEL)
    assert [record.score(p) for p in "ABCDE"] == [3, 2, 4, 3, 6]


def test_buchholz_counts_a_bye_as_meeting_oneself() -> None:
    # A: B 2 + C 4 + E 6; B: A 3 + E 6 + D 3; C: D 3 + A 3 + own 4; D: C 4 + own 3 + B 2;
    # E: own 6 + B 2 + A 3
    assert values(buchholz, Record(DUEL), "ABCDE") == [12, 12, 10, 9, 11]


def test_median_buchholz_drops_the_highest_and_lowest_round() -> None:
    assert values(median_buchholz, Record(DUEL), "ABCDE") == [4, 3, 3, 3, 3]


def test_median_buchholz_of_two_rounds_or_fewer_is_zero() -> None:
    assert values(median_buchholz, Record(DUEL[:6]), "AB") == [0, 0]


def test_sonneborn_berger_counts_a_bye_as_a_draw_against_oneself() -> None:
    # A: beat B (2) + drew C (4/2); B: beat D (3); C: drew D (3/2) + drew A (3/2) + bye (4/2);
    # D: drew C (4/2) + bye (3/2); E: bye (6/2) + beat B (2) + beat A (3)
    assert values(sonneborn_berger, Record(DUEL), "ABCDE") == [4, 3, 5, Fraction(7, 2), 8]


def test_wins_do_not_count_draws_or_byes() -> None:
    assert values(wins, Record(DUEL), "ABCDE") == [1, 1, 0, 0, 2]


def test_tantos_sum_the_points_scored() -> None:
    assert values(tantos, Record(DUEL), "ABCDE") == [195, 158, 125, 127, 145]


def test_standings_of_the_duel_event() -> None:
    rows = standings(DUEL)
    assert [(r.place, r.player, r.score) for r in rows] == [
        (1, "E", 6.0),
        (2, "C", 4.0),
        (3, "A", 3.0),  # ties D on score; Buchholz 12 against 9
        (4, "D", 3.0),
        (5, "B", 2.0),
    ]
    assert rows[2].tiebreaks == {
        "buchholz": 12.0,
        "median_buchholz": 4.0,
        "sonneborn_berger": 4.0,
        "wins": 1.0,
        "tantos": 195.0,
    }


def test_multi_player_buchholz_averages_each_rounds_opponents() -> None:
    record = Record(CABRERO)
    # a: (b 2 + c 3 + d 1) / 3 + (e 4 + g 1 + b 2) / 3 = 2 + 7/3
    # e: (f 1 + g 1) / 2 + (a 5 + g 1 + b 2) / 3 = 1 + 8/3
    # d: (a 5 + b 2 + c 3) / 3 + (c 3 + f 1) / 2; f: (e 4 + g 1) / 2 + (c 3 + d 1) / 2
    # g: (e 4 + f 1) / 2 + (a 5 + e 4 + b 2) / 3
    assert values(buchholz, record, "aedfg") == [
        Fraction(13, 3),
        Fraction(11, 3),
        Fraction(16, 3),
        Fraction(9, 2),
        Fraction(37, 6),
    ]


def test_multi_player_sonneborn_berger_and_wins() -> None:
    record = Record(CABRERO)
    # a: R1 beat b, c, d: (2 + 3 + 1) / 3; R2 level with e (4 / 2), beat g (1) and b (2): 5 / 3
    assert sonneborn_berger(record, "a") == 2 + Fraction(5, 3)
    # a and e share the top of R2: both win it; b and g never took the most
    assert values(wins, record, "aegb") == [2, 2, 0, 0]


def test_head_to_head_only_counts_the_tied() -> None:
    record = Record(CABRERO)
    assert values(head_to_head, record, "ae") == [Fraction(1, 2), Fraction(1, 2)]
    # a beat b and c in R1 and b again in R2; b beat c in R1
    assert values(head_to_head, record, "abc") == [3, 1, 0]


def test_standings_of_the_cabrero_event_break_ties_by_buchholz() -> None:
    rows = standings(CABRERO, ["buchholz"])
    assert [r.player for r in rows] == ["a", "e", "c", "b", "g", "d", "f"]
    assert [r.place for r in rows] == [1, 2, 3, 4, 5, 6, 7]


def test_head_to_head_decides_among_those_still_tied() -> None:
    # A and C end on 4 with equal Buchholz (8): A beat C. B and D end on 2: B beat D.
    results = [
        match(1, "A", 2, 0, "B", 0, 0),
        match(1, "C", 2, 0, "D", 0, 0),
        match(2, "A", 2, 0, "C", 0, 0),
        match(2, "B", 2, 0, "D", 0, 0),
        match(3, "C", 2, 0, "B", 0, 0),
        match(3, "D", 2, 0, "A", 0, 0),
    ]
    rows = standings(results, ["buchholz", "head_to_head"])
    assert [(r.place, r.player) for r in rows] == [(1, "A"), (2, "C"), (3, "B"), (4, "D")]
    assert rows[0].tiebreaks == {"buchholz": 8.0, "head_to_head": 1.0}


def test_equal_rows_share_a_place_and_are_listed_by_id() -> None:
    rows = standings([match(1, "b", 1, 60, "a", 1, 60)], ["tantos"], players=["c"])
    assert [(r.place, r.player) for r in rows] == [(1, "a"), (1, "b"), (3, "c")]
    assert rows[2].score == 0.0


def test_a_single_name_is_one_tiebreak() -> None:
    rows = standings(DUEL, "wins")
    assert rows[0].tiebreaks == {"wins": 2.0}


def test_a_tiebreak_may_be_a_function() -> None:
    def rating(record: Record, player: object, tied: frozenset[object]) -> Fraction:
        return Fraction({"a": 1, "b": 2}.get(str(player), 0))

    rows = standings([match(1, "a", 1, 0, "b", 1, 0)], [rating])
    assert [r.player for r in rows] == ["b", "a"]
    assert rows[0].tiebreaks == {"rating": 2.0}


def test_bad_results_are_refused() -> None:
    with pytest.raises(ResultError):
        TableResult(1, (PlayerResult("a", 1),))
    with pytest.raises(ResultError):
        TableResult(1, (PlayerResult("a", 1), PlayerResult("b", 1)), bye=True)
    with pytest.raises(ResultError):
        TableResult(1, (PlayerResult("a", 1), PlayerResult("a", 1)))
    with pytest.raises(ResultError, match="two results"):
        Record([match(1, "a", 1, 0, "b", 1, 0), bye(1, "a")])
    with pytest.raises(ResultError, match="unknown tiebreak"):
        standings([], ["elo"])
