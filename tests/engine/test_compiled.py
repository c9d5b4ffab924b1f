"""The compiled engine (mypyc) against the pure one: same results.

The compiled build (``make engine-compiled``, :mod:`games.engine.build`) is optional: without it
(no C compiler, a fresh clone) these tests are skipped, saying so, except in CI (``.ci/run``
builds it and sets ``TUTE_ENGINE_CI``), where a missing or stale build fails them.

The main test runs every engine test (pinned digests of random play, pinned observations,
every replay and record test, the conformance vectors, the bots) in a subprocess on the compiled
build; the others check how the build is chosen, and that a bot in a worker process runs on the
build it is given.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.compiled import build_dir, check

REPO = Path(__file__).resolve().parents[2]


def _require_build() -> None:
    files, why = check(build_dir())
    if files:
        return
    if os.environ.get("TUTE_ENGINE_CI"):
        pytest.fail(f"CI must test the compiled engine, but {why}")
    pytest.skip(f"{why}; it needs a C compiler and the Python headers")


def _run(code: str, build: str) -> str:
    env = {**os.environ, "TUTE_ENGINE": build}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


WHICH = (
    "import games.engine as e, games.engine.cards as c, games.engine.bots.solver as b;"
    "print(e.BUILD, c.__file__, b.__file__)"
)


def test_the_build_is_chosen_by_tute_engine() -> None:
    _require_build()
    build, cards, solver = _run(WHICH, "compiled").split()
    assert build == "compiled"
    assert cards.endswith(".so") and solver.endswith(".so")  # the bots use it too
    assert str(build_dir()) in cards
    build, cards, solver = _run(WHICH, "pure").split()
    assert build == "pure"
    assert cards == str(REPO / "games" / "engine" / "cards.py")


def test_asking_for_a_missing_build_says_why(tmp_path: Path) -> None:
    env = {**os.environ, "TUTE_ENGINE": "compiled", "TUTE_ENGINE_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", "import games.engine"],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.returncode != 0
    assert "no compiled build" in out.stderr
    env["TUTE_ENGINE"] = "auto"  # auto falls back to the pure engine, silently
    out = subprocess.run(
        [sys.executable, "-c", WHICH], env=env, cwd=REPO, capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.startswith("pure "), out.stderr
    assert "Warning" not in out.stderr


def test_both_builds_play_the_same_random_matches() -> None:
    _require_build()
    code = (
        "import hashlib, json, random\n"
        "from games.engine import REGISTRY\n"
        "h = hashlib.sha256()\n"
        "for key in sorted(REGISTRY):\n"
        "    v = REGISTRY[key]\n"
        "    n = 4 if 4 in v.players else min(v.players)\n"
        "    for seed in range(3):\n"
        "        m = v.new_match(players=n, seed=f'x{seed}')\n"
        "        rng = random.Random(seed)\n"
        "        for _ in range(400):\n"
        "            if m.is_terminal():\n"
        "                break\n"
        "            seat = m.current_player()\n"
        "            m.apply_action(rng.choice(m.legal_actions()), seat)\n"
        "        h.update(json.dumps(m.observation(None), sort_keys=True).encode())\n"
        "print(h.hexdigest())\n"
    )
    assert _run(code, "compiled") == _run(code, "pure")


def test_a_worker_bot_runs_on_the_build_it_is_given() -> None:
    _require_build()
    from games.engine import get_variant
    from games.engine.bots.worker import WorkerBot

    match = get_variant("dos").new_match(players=2, seed=5)
    seat = match.current_player()
    obs = match.observe(seat, memory=True)
    answers = []
    for build in ("pure", "compiled"):
        bot = WorkerBot("heuristic", build)
        try:
            assert bot.level == f"heuristic@{build}"
            answers.append(bot.act(obs, seed="s"))
        finally:
            bot.close()
    assert answers[0] == answers[1]  # the heuristic is deterministic: the same on both builds
    assert answers[0] in obs.hand.legal


@pytest.mark.slow
def test_every_engine_test_passes_on_the_compiled_build() -> None:
    _require_build()
    this = "test_every_engine_test_passes_on_the_compiled_build"
    if os.environ.get("TUTE_ENGINE") == "compiled":
        pytest.skip("already the run on the compiled build")  # never recurse
    env = {**os.environ, "TUTE_ENGINE": "compiled"}
    env.pop("PYTEST_XDIST_WORKER", None)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",  # -q comes from pyproject's addopts: a second one hides the summary
            "-x",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "tests/engine",
            "--deselect",
            f"tests/engine/test_compiled.py::{this}",  # a node id from the rootdir
        ],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    tail = "\n".join(out.stdout.splitlines()[-30:])
    assert out.returncode == 0, tail + out.stderr[-2000:]
    assert " passed" in tail and "failed" not in tail, tail


def test_this_process_runs_the_build_asked_for() -> None:
    # Under the test above (TUTE_ENGINE=compiled) this proves the engine tests ran compiled.
    import games.engine
    import games.engine.cards

    asked = os.environ.get("TUTE_ENGINE", "auto")
    if asked == "compiled":
        assert games.engine.BUILD == "compiled"
        assert games.engine.cards.__file__.endswith(".so")
    elif asked == "pure":
        assert games.engine.BUILD == "pure"


def test_the_manifest_lists_the_compiled_modules() -> None:
    _require_build()
    manifest = json.loads((build_dir() / "manifest.json").read_text())
    modules = manifest["modules"]
    for name in ("games.engine.rules", "games.engine.bots.solver", "games.engine.cards"):
        assert name in modules
    for name in ("games.engine", "games.engine.errors", "games.engine.variant"):
        assert name not in modules  # kept pure (games/engine/compiled.py says why)


DOS_CABRERO = ("--variant", "dos", "--variant", "cabrero")


def test_the_comparison_benchmark_runs_each_build_in_its_own_worker() -> None:
    """``bench --compare`` plays both builds in alternate turns of two worker processes and
    prints each one's rate and the ratio, for the public-API loop and for the engine's playout
    (on the real builds: no figure is asserted, only that both ran and each ratio is the
    quotient of its two rates)."""
    _require_build()
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.engine",
            "bench",
            "--compare",
            "--seconds",
            "0.2",
            *DOS_CABRERO,
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1].strip() == "pure: pure (TUTE_ENGINE=pure)"
    assert lines[2].strip().startswith("compiled: compiled (mypyc,")
    rows = {line.split()[0]: line.split() for line in lines[4:]}
    assert sorted(rows) == ["cabrero", "dos"]
    for row in rows.values():
        for at in (2, 5):  # the public-API loop, then the engine's playout
            pure, compiled, ratio = float(row[at]), float(row[at + 1]), float(row[at + 2])
            assert pure > 0 and compiled > 0
            assert ratio == pytest.approx(compiled / pure, rel=0.01)


def test_the_comparison_refuses_an_unknown_variant() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "bench", "--compare", "--variant", "nope"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and "unknown variant: nope" in out.stdout
