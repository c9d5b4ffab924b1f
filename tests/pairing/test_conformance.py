"""``python -m league.pairing``: answers, error lines, and the public vectors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from league.pairing import Entry, pair
from league.pairing.conformance import answer, answer_line
from tests.pairing.support import check_valid

REPO = Path(__file__).resolve().parents[2]
VECTORS = REPO.parent / "shared" / "conformance" / "public.jsonl"


def query(table_size: Any = 2, players: Any = None, **more: Any) -> dict[str, Any]:
    return {"q": "pair", "table_size": table_size, "players": players or [], **more}


def test_the_example_of_conformance_md() -> None:
    result = answer(
        {
            "q": "pair",
            "table_size": 4,
            "min_table_size": 3,
            "players": [
                {"id": "a", "score": 3, "rating": 1500, "opponents": ["b", "c"], "byes": 0}
            ],
        }
    )
    assert result == {"tables": [], "byes": ["a"]}


def test_a_full_answer() -> None:
    players = [{"id": p, "score": s} for p, s in zip("abcde", (2, 2, 1, 0, 0), strict=True)]
    assert answer(query(2, players)) == {"tables": [["a", "b"], ["c", "d"]], "byes": ["e"]}
    assert answer(query(3, players, min_table_size=2)) == {
        "tables": [["a", "b", "c"], ["d", "e"]],
        "byes": [],
    }


def test_integer_ids_come_back_as_integers() -> None:
    players = [{"id": 7, "score": 1}, {"id": 3, "score": 1}, {"id": "x"}]
    assert answer(query(2, players)) == {"tables": [[3, 7]], "byes": ["x"]}


def test_optional_fields_may_be_missing_or_null() -> None:
    players = [
        {"id": "a", "rating": None, "opponents": None, "byes": None, "seats": None},
        {"id": "b"},
    ]
    assert answer(query(2, players, min_table_size=None)) == {"tables": [["a", "b"]], "byes": []}


def test_seat_history_orders_a_table() -> None:
    players = [{"id": "a", "score": 1, "seats": [3, 0]}, {"id": "b", "seats": [0, 3]}]
    assert answer(query(2, players)) == {"tables": [["b", "a"]], "byes": []}


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([], "JSON object"),
        ({"q": "legal", "variant": "cabrero"}, "unknown query"),
        ({"table_size": 2, "players": []}, "unknown query"),
        ({"q": "pair", "players": []}, "table_size is missing"),
        (query(7), "table_size must be between 2 and 6"),
        (query(1), "table_size must be between 2 and 6"),
        (query("4"), "table_size must be a whole number"),
        (query(4.0), "table_size must be a whole number"),
        (query(True), "table_size must be a whole number"),
        (query(4, min_table_size=5), "min_table_size must be between 2 and table_size"),
        (query(4, min_table_size=1), "min_table_size must be between 2 and table_size"),
        (query(2, min_table_size=3), "min_table_size must be between 2 and table_size"),
        (query(4, min_table_size="3"), "min_table_size must be a whole number"),
        ({"q": "pair", "table_size": 2, "players": {"a": 1}}, "players must be a list"),
        ({"q": "pair", "table_size": 2}, "players must be a list"),
        (query(2, ["a"]), "players[0] must be an object"),
        (query(2, [{"score": 1}]), "players[0] has no id"),
        (query(2, [{"id": None}]), "must be a string or an integer"),
        (query(2, [{"id": 1.5}]), "must be a string or an integer"),
        (query(2, [{"id": True}]), "must be a string or an integer"),
        (query(2, [{"id": "a"}, {"id": "a"}]), "duplicate id"),
        (query(2, [{"id": "a", "score": "3"}]), 'score of "a" must be a number'),
        (query(2, [{"id": "a", "score": True}]), 'score of "a" must be a number'),
        (query(2, [{"id": "a", "rating": "high"}]), 'rating of "a" must be a number'),
        (query(2, [{"id": "a", "opponents": "b"}]), 'opponents of "a" must be a list'),
        (query(2, [{"id": "a", "opponents": [None]}]), 'opponents of "a" must be a list'),
        (query(2, [{"id": "a", "opponents": ["a"]}]), "own opponents"),
        (query(2, [{"id": "a", "byes": -1}]), 'byes of "a" must be a whole number >= 0'),
        (query(2, [{"id": "a", "byes": 1.5}]), 'byes of "a" must be a whole number >= 0'),
        (query(2, [{"id": "a", "seats": 3}]), 'seats of "a" must be a list'),
        (query(2, [{"id": "a", "seats": [-1]}]), 'seat count of "a"'),
    ],
)
def test_bad_queries_get_an_error(bad: Any, message: str) -> None:
    result = answer(bad)
    assert list(result) == ["error"]
    assert message in result["error"]


@pytest.mark.parametrize(
    "line", ["{not json", "", "[1, 2", '{"q": "pair", "table_size": 2, "players": [{"id": NaN}]}']
)
def test_lines_that_are_not_json_get_an_error(line: str) -> None:
    result = answer_line(line)
    assert result["error"].startswith("not JSON")


def test_the_command_answers_line_by_line_and_goes_on_after_errors() -> None:
    lines = [
        json.dumps(query(2, [{"id": "a"}, {"id": "b"}])),
        "{broken",
        "",
        json.dumps({"q": "trick", "variant": "vtt"}),
        json.dumps(query(9)),
        json.dumps(query(3, [{"id": i} for i in range(4)])),
    ]
    stdin = ("\n".join(lines) + "\n").encode() + b"\xff\xfe\n"
    done = subprocess.run(
        [sys.executable, "-m", "league.pairing"],
        input=stdin,
        capture_output=True,
        cwd=REPO,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == 6  # the blank line gets no answer
    assert answers[0] == {"tables": [["a", "b"]], "byes": []}
    assert [list(a) for a in answers[1:4]] == [["error"]] * 3
    assert answers[4] == {"tables": [[0, 1, 2]], "byes": [3]}
    assert answers[5:] == [{"error": "the line is not UTF-8 text"}]


def test_the_command_refuses_unknown_arguments() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "league.pairing", "frobnicate"],
        capture_output=True,
        cwd=REPO,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert "usage" in done.stderr.decode()


def _pair_vectors() -> list[Any]:
    if not VECTORS.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{VECTORS} is absent"))]
    vectors = [json.loads(line) for line in VECTORS.read_text().splitlines() if line.strip()]
    pairs = [v for v in vectors if v.get("q") == "pair"]
    if not pairs:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no pair vector in the file"))]
    return [pytest.param(v, id=str(v.get("note", at))) for at, v in enumerate(pairs)]


@pytest.mark.parametrize("vector", _pair_vectors())
def test_public_vectors(vector: dict[str, Any]) -> None:
    result = answer(vector)
    expect = vector["expect"]
    if "error" in expect:
        assert "error" in result
        return
    assert "error" not in result, result
    # tables from the top score down; the seats inside a table are ours to order
    assert [sorted(map(str, t)) for t in result["tables"]] == [
        sorted(map(str, t)) for t in expect["tables"]
    ]
    assert sorted(map(str, result["byes"])) == sorted(map(str, expect["byes"]))
    entries = [
        Entry(
            p["id"],
            score=p.get("score", 0),
            rating=p.get("rating") or 0,
            opponents=tuple(p.get("opponents") or ()),
            byes=p.get("byes") or 0,
        )
        for p in vector["players"]
    ]
    table_size = vector["table_size"]
    minimum = vector.get("min_table_size") or min(table_size, 3)
    check_valid(
        entries, pair(entries, table_size=table_size, min_table_size=minimum), table_size, minimum
    )
