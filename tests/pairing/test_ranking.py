"""Ranking order, bye order and table sizes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.pairing import Entry, PairingError, bye_order, rank_order, table_sizes
from league.pairing.ranking import Field, default_min_table_size, id_key


def test_rank_order_is_score_then_rating_then_id() -> None:
    entries = [
        Entry("d", score=1, rating=1700),
        Entry("b", score=2, rating=1500),
        Entry("a", score=2, rating=1500),
        Entry("c", score=2, rating=1600),
    ]
    assert [e.id for e in rank_order(entries)] == ["c", "a", "b", "d"]


def test_ints_come_before_strings_and_sort_by_value() -> None:
    ids: list[str | int] = ["b", 10, "10", 9]
    assert sorted(ids, key=id_key) == [9, 10, "10", "b"]


def test_bye_order_is_fewest_byes_then_lowest_ranked() -> None:
    entries = [
        Entry("top", score=3),
        Entry("mid", score=2, byes=1),
        Entry("low", score=1),
        Entry("last", score=0, byes=1),
    ]
    assert [e.id for e in bye_order(entries)] == ["low", "top", "last", "mid"]


@pytest.mark.parametrize(
    ("players", "size", "minimum", "expected"),
    [
        (0, 2, 2, []),
        (1, 2, 2, []),
        (7, 2, 2, [2, 2, 2]),
        (12, 4, 3, [4, 4, 4]),
        (10, 4, 3, [4, 3, 3]),
        (9, 4, 3, [3, 3, 3]),
        (5, 4, 3, [4]),
        (5, 4, 2, [3, 2]),
        (11, 4, 4, [4, 4]),
        (2, 3, 3, []),
        (13, 6, 3, [5, 4, 4]),
        (7, 6, 6, [6]),
    ],
)
def test_table_sizes(players: int, size: int, minimum: int, expected: list[int]) -> None:
    assert table_sizes(players, size, minimum) == expected


@given(st.integers(0, 200), st.integers(2, 6), st.data())
def test_table_sizes_seat_as_many_as_possible_as_evenly_as_possible(
    players: int, size: int, data: st.DataObject
) -> None:
    minimum = data.draw(st.integers(2, size))
    sizes = table_sizes(players, size, minimum)
    assert all(minimum <= s <= size for s in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert not sizes or sizes[0] - sizes[-1] <= 1
    seated = sum(sizes)
    # nobody more could be seated: no count between seated+1 and players splits into tables
    for more in range(seated + 1, players + 1):
        tables = -(-more // size)
        assert tables * minimum > more


@pytest.mark.parametrize(("size", "minimum"), [(1, 1), (7, 3), (0, 0), (4, 5), (4, 1), (2, 3)])
def test_bad_table_sizes_are_refused(size: int, minimum: int) -> None:
    with pytest.raises(PairingError):
        table_sizes(8, size, minimum)


def test_default_min_table_size() -> None:
    assert [default_min_table_size(s) for s in range(2, 7)] == [2, 3, 3, 3, 3]


def test_field_counts_meetings_once_whichever_side_recorded_them() -> None:
    field = Field.build(
        [
            Entry("a", opponents=("b", "b", "c", "gone")),
            Entry("b", opponents=("a",)),
            Entry("c"),
        ]
    )
    a, b, c = (next(i for i, e in enumerate(field.entries) if e.id == x) for x in "abc")
    assert field.met[a] == {b: 2, c: 1}
    assert field.met[c] == {a: 1}
    assert field.meetings([a, b, c]) == 3


def test_field_refuses_duplicates_self_meetings_and_negative_byes() -> None:
    with pytest.raises(PairingError, match="duplicate"):
        Field.build([Entry("a"), Entry("a")])
    with pytest.raises(PairingError, match="own opponents"):
        Field.build([Entry("a", opponents=("a",))])
    with pytest.raises(PairingError, match="negative"):
        Field.build([Entry("a", byes=-1)])
    with pytest.raises(PairingError, match="finite"):
        Field.build([Entry("a", score=float("nan"))])
    with pytest.raises(PairingError, match="finite"):
        Field.build([Entry("a", rating=float("inf"))])


def test_an_int_id_and_a_str_id_are_different_entries() -> None:
    field = Field.build([Entry(1, opponents=("1",)), Entry("1")])
    assert field.size == 2
    assert field.met[0] == {1: 1}  # 1 met "1", not itself
    with pytest.raises(PairingError, match="own opponents"):
        Field.build([Entry(1, opponents=(1,)), Entry("1")])
