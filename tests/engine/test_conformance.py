"""The black-box conformance interface (CONFORMANCE.md) against the public vectors.

``python -m games.engine.conformance`` runs once, as a subprocess, on every non-``pair`` vector
of ``shared/conformance/public.jsonl`` (the ``shared`` folder beside the repository) followed by
a few lines that must come back as errors. Each vector is then one test; a vector whose variant
is not registered yet is skipped, naming the variant.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine.conformance import answer
from games.engine.variant import REGISTRY

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
PUBLIC = SHARED / "conformance" / "public.jsonl"


def _vectors() -> list[dict[str, Any]]:
    if not PUBLIC.exists():
        return []
    lines = [json.loads(line) for line in PUBLIC.read_text().splitlines() if line.strip()]
    return [v for v in lines if v.get("q") != "pair"]


VECTORS = _vectors()

#: Lines appended after the vectors, each with the start of the error it must get.
ERROR_LINES = [
    ('{"q": "legal", "variant": "cabrero", ', "malformed JSON"),
    (
        '{"q": "legal", "variant": "escoba", "trump": "O", "trick": [], "hand": ["1O"]}',
        "Unknown variant 'escoba'",
    ),
    ('["not", "an", "object"]', "a query must be a JSON object"),
    ('{"q": "legal", "variant": "cabrero", "trump": "O", "trick": ["5E"]}', "missing field 'hand'"),
    (
        '{"q": "legal", "variant": "cabrero", "trump": "X", "trick": ["5E"], "hand": ["1O"]}',
        "Unknown suit",
    ),
    (
        '{"q": "legal", "variant": "cabrero", "trump": "O", "trick": ["8E"], "hand": ["1O"]}',
        "'8E' is not a card",
    ),
    (
        '{"q": "legal", "variant": "cabrero", "trump": "O", "trick": ["5E"], "hand": ["5E"]}',
        "a card cannot be both",
    ),
    (
        '{"q": "trick", "variant": "cabrero", "trump": "O", "trick": ["5E"]}',
        "a trick has at least two cards",
    ),
    (
        '{"q": "losers", "variant": "cabrero", "points": [1, 2], "tricks": [1, 1], '
        '"sang": [false, false], "tute": null, "mano": 0}',
        "Cabrero is played by 3 to 6",
    ),
    ('{"q": "deal", "variant": "cabrero"}', "unknown query 'deal'"),
]
#: A valid query after the errors: the interface must keep answering.
LAST_LINE = '{"q": "trick", "variant": "cabrero", "trump": "O", "trick": ["5E", "1E", "2O", "3E"]}'


@pytest.fixture(scope="module")
def answers() -> list[dict[str, Any]]:
    if not PUBLIC.exists():
        pytest.skip(f"no public conformance vectors at {PUBLIC}")
    lines = [
        json.dumps({k: v for k, v in vec.items() if k not in ("expect", "note")}) for vec in VECTORS
    ]
    lines += [line for line, _ in ERROR_LINES] + ["", LAST_LINE]
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine.conformance"],
        cwd=REPO,
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(VECTORS) + len(ERROR_LINES) + 1, "one answer per non-blank line"
    return out


def _id(vec: dict[str, Any]) -> str:
    return f"{vec['q']}-{vec['variant']}-{vec.get('note', '')}".replace(" ", "_")


@pytest.mark.parametrize("index", range(len(VECTORS)), ids=[_id(v) for v in VECTORS])
def test_public_vector(index: int, answers: list[dict[str, Any]]) -> None:
    vec = VECTORS[index]
    if vec["variant"] not in REGISTRY:
        pytest.skip(f"variant {vec['variant']!r} is not registered yet")
    got, expect = answers[index], vec["expect"]
    assert "error" not in got, got
    if vec["q"] == "legal":
        assert sorted(got["legal"]) == sorted(expect["legal"])
    elif vec["q"] == "losers":
        assert sorted(got["losers"]) == sorted(expect["losers"])
    else:
        assert got == expect


@pytest.mark.parametrize(
    "offset", range(len(ERROR_LINES)), ids=[e[1].split()[0].strip("'") for e in ERROR_LINES]
)
def test_malformed_and_unknown_lines_get_an_error_line(
    offset: int, answers: list[dict[str, Any]]
) -> None:
    got = answers[len(VECTORS) + offset]
    assert set(got) == {"error"}
    assert ERROR_LINES[offset][1] in got["error"]


def test_answers_continue_after_errors(answers: list[dict[str, Any]]) -> None:
    assert answers[-1] == {"winner": 2, "lead": "E", "trump": "O"}


def test_public_vectors_are_found() -> None:
    if not PUBLIC.exists():
        pytest.skip(f"no public conformance vectors at {PUBLIC}")
    assert any(v["variant"] == "cabrero" for v in VECTORS)


@pytest.mark.parametrize("variant", ["cabrero", "chancho"])
def test_losers_query_agrees_with_real_hands(variant: str) -> None:
    import random

    from games.engine import get_variant

    rng = random.Random(variant)
    for i in range(200):
        hand = get_variant(variant).new_hand(players=4 + i % 2, seed=i)
        while not hand.is_terminal():
            acts = hand.legal_actions()
            hand.apply_action(acts[rng.randrange(len(acts))])
        res = hand.result()
        query = {
            "q": "losers",
            "variant": variant,
            "points": list(res.points),
            "tricks": list(res.tricks),
            "sang": list(hand.sang),
            "tute": res.tute,
            "mano": hand.mano,
            "tiebreak": False,
        }
        assert sorted(answer(query)["losers"]) == sorted(res.losers)
