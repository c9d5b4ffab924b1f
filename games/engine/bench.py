"""The engine benchmark: random play through the public API, per registered variant.

``python -m games.engine bench [--seconds T]`` measures, for each variant, on one core:

* **hands/s**: whole random hands, ``new_hand`` then ``legal_actions`` + ``apply_action``
  until ``is_terminal``, the action picked by a cheap random choice (what a simulation or a
  bot's playout does), the loop written here in Python: the public API as an interpreted
  caller sees it (on the compiled build too, since this module stays pure);
* **playout hands/s**: the same hands (same seeds, same picks, so the same actions) played by
  the engine's own loop, :func:`games.engine.playout.random_hands`, which the compiled build
  runs compiled: the engine's speed without an interpreted caller's cost per call. Both are
  printed; the first is the older yardstick (docs/engine.md "Compiled build");
* **legal_actions**: the mean time of one call, over the positions of random hands;
* **apply_action**: the mean time of one call when it validates the action itself (a replay
  of recorded hands without calling ``legal_actions``: what the server does with a player's
  action);
* for Cabrero also **matches/s**: whole random matches through ``new_match``.

``python -m games.engine bench --compare`` measures the compiled build against the pure one:
two worker processes, one per build, play the same random hands in turns of about 0.2 s of CPU
each, never at once, so that whatever else the machine does falls on both alike; it prints,
for both loops above (the public-API loop and the engine's playout), each build's hands/s and
their ratio, and the median and spread of the ratios of single turns.

Each figure runs for about ``T`` seconds (default 1) of the process's CPU time
(:func:`time.process_time`), so that other processes on a busy machine do not count; they still
slow it somewhat (shared caches, frequency), so compare figures of one run, or the best of
several runs.

>>> r = bench_variant("cabrero", seconds=0.01)
>>> r.players, r.hands > 0, r.legal_us > 0
(4, True, True)
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from games.engine import playout
from games.engine.compiled import describe
from games.engine.state import HandState
from games.engine.variant import REGISTRY, Variant

#: Variants whose match rate is measured too.
MATCH_VARIANTS = ("cabrero",)


@dataclass
class BenchResult:
    """One variant's figures."""

    variant: str
    players: int
    hands: int
    seconds: float
    legal_us: float
    apply_us: float
    matches_per_s: float | None = None
    playout: tuple[int, float] = (0, 1.0)  # hands, seconds of engine_hands

    @property
    def playout_per_s(self) -> float:
        """Random hands per second played by the engine's own loop."""
        return self.playout[0] / self.playout[1]

    @property
    def hands_per_s(self) -> float:
        """Random hands per second."""
        return self.hands / self.seconds

    @property
    def us_per_hand(self) -> float:
        """Microseconds per random hand."""
        return 1e6 * self.seconds / max(self.hands, 1)


def bench_players(variant: Variant) -> int:
    """The player count benchmarked: four where the variant admits it, else the fewest."""
    return 4 if 4 in variant.players else min(variant.players)


def random_hands(
    variant: Variant, players: int, seconds: float, seed: int = 0
) -> tuple[int, float]:
    """Play random hands for about ``seconds``; ``(hands, elapsed)``."""
    pick = random.Random(seed).random
    new_hand = variant.new_hand
    hands = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    now = start
    while now < deadline:
        for _ in range(20):
            hand = new_hand(players=players, seed=seed + hands)
            while not hand.is_terminal():
                acts = hand.legal_actions()
                hand.apply_action(acts[int(pick() * len(acts))])
            hands += 1
        now = clock()
    return hands, now - start


def engine_hands(
    variant: Variant, players: int, seconds: float, seed: int = 0
) -> tuple[int, float]:
    """The hands of :func:`random_hands` (same seeds, same picks), played for about
    ``seconds`` by the engine's own loop (:func:`games.engine.playout.random_hands`, compiled in
    the compiled build); ``(hands, elapsed)``."""
    pick = random.Random(seed).random
    play = playout.random_hands
    hands = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    now = start
    while now < deadline:
        play(variant, players, seed + hands, 20, pick)
        hands += 20
        now = clock()
    return hands, now - start


#: The two loops of random hands: the public API from interpreted code, the engine's own.
LOOPS = {"api": random_hands, "playout": engine_hands}


def random_matches(variant: Variant, players: int, seconds: float, seed: int = 0) -> float:
    """Random whole matches per second, for about ``seconds``."""
    pick = random.Random(seed).random
    matches = 0
    clock = time.process_time
    start = now = clock()
    while now - start < seconds or matches == 0:
        match = variant.new_match(players=players, seed=seed + matches)
        while not match.is_terminal():
            acts = match.legal_actions()
            match.apply_action(acts[int(pick() * len(acts))])
        matches += 1
        now = clock()
    return matches / (now - start)


def _recorded(
    variant: Variant, players: int, count: int
) -> list[tuple[int, list[int], list[HandState]]]:
    """``count`` random hands: seed, actions, and the states before each action."""
    pick = random.Random(1).random
    out = []
    for i in range(count):
        hand = variant.new_hand(players=players, seed=10_000 + i)
        states = []
        while not hand.is_terminal():
            states.append(hand.clone())
            acts = hand.legal_actions()
            hand.apply_action(acts[int(pick() * len(acts))])
        out.append((10_000 + i, list(hand.log), states))
    return out


def call_times(variant: Variant, players: int, seconds: float) -> tuple[float, float]:
    """Mean microseconds of ``legal_actions`` and of a self-validating ``apply_action``."""
    sample = _recorded(variant, players, 60)
    states = [s for _, _, ss in sample for s in ss]
    clock = time.process_time
    calls = 0
    start = clock()
    while clock() - start < seconds / 2 or not calls:
        for s in states:
            s.legal_actions()
        calls += len(states)
    legal_us = 1e6 * (clock() - start) / calls

    new_hand = variant.new_hand
    deal = replay = 0.0
    actions = 0
    start = clock()
    while clock() - start < seconds / 2 or not actions:
        t0 = clock()
        for seed, _, _ in sample:
            new_hand(players=players, seed=seed)
        t1 = clock()
        for seed, log, _ in sample:
            hand = new_hand(players=players, seed=seed)
            apply = hand.apply_action
            for a in log:
                apply(a)
        t2 = clock()
        deal += t1 - t0
        replay += t2 - t1
        actions += sum(len(log) for _, log, _ in sample)
    apply_us = 1e6 * max(replay - deal, 0.0) / actions
    return legal_us, apply_us


def bench_variant(key: str, seconds: float = 1.0) -> BenchResult:
    """All the figures of one variant."""
    variant = REGISTRY[key]
    players = bench_players(variant)
    hands, elapsed = random_hands(variant, players, seconds)
    played = engine_hands(variant, players, seconds)
    legal_us, apply_us = call_times(variant, players, seconds)
    matches = random_matches(variant, players, seconds) if key in MATCH_VARIANTS else None
    return BenchResult(key, players, hands, elapsed, legal_us, apply_us, matches, played)


def format_header(seconds: float) -> str:
    """The table's title and column names."""
    return (
        f"engine benchmark: Python {platform.python_version()} "
        f"({platform.python_implementation()}), engine build {describe()}, one core, CPU time, "
        f"~{seconds:g} s per figure\n"
        f"{'variant':<12}{'players':>8}{'hands/s':>10}{'us/hand':>9}"
        f"{'legal_actions us':>18}{'apply_action us':>17}{'matches/s':>11}"
        f"{'playout hands/s':>17}"
    )


def format_row(r: BenchResult) -> str:
    """One variant's line of the table."""
    matches = f"{r.matches_per_s:>11.1f}" if r.matches_per_s is not None else f"{'-':>11}"
    return (
        f"{r.variant:<12}{r.players:>8}{r.hands_per_s:>10.0f}{r.us_per_hand:>9.1f}"
        f"{r.legal_us:>18.2f}{r.apply_us:>17.2f}{matches}{r.playout_per_s:>17.0f}"
    )


# ------------------------------------------------------------------------ command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``bench`` subcommand's arguments."""
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="time spent on each figure (default 1)"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        help="only this variant (repeatable); default: every registered one",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="the compiled build against the pure one, in alternate turns of two processes "
        "(hands/s of each and the ratio; --seconds is each build's time per variant)",
    )


def main(args: argparse.Namespace) -> int:
    """Run the ``bench`` subcommand."""
    keys = args.variant or sorted(REGISTRY)
    if args.compare:
        return compare(keys, args.seconds)
    print(format_header(args.seconds), flush=True)
    status = 0
    for key in keys:
        if key not in REGISTRY:
            print(f"{key:<12}  unknown variant")
            status = 2
            continue
        try:
            print(format_row(bench_variant(key, args.seconds)), flush=True)
        except Exception as exc:  # a variant being written must not stop the others
            print(f"{key:<12}  failed: {type(exc).__name__}: {exc}", flush=True)
            status = 1
    return status


# ------------------------------------------------------------- compiled against pure

#: CPU seconds of one turn of a build in :func:`compare`.
TURN_SECONDS = 0.2


@dataclass
class Comparison:
    """One variant's hands/s on each build with one loop of :data:`LOOPS`, played in
    alternate turns."""

    variant: str
    players: int
    pure: tuple[int, float]  # hands, CPU seconds
    compiled: tuple[int, float]
    turn_ratios: list[float]
    loop: str = "api"

    @property
    def pure_per_s(self) -> float:
        return self.pure[0] / self.pure[1]

    @property
    def compiled_per_s(self) -> float:
        return self.compiled[0] / self.compiled[1]

    @property
    def ratio(self) -> float:
        return self.compiled_per_s / self.pure_per_s


def serve() -> None:
    """A worker of :func:`compare`: reads ``variant seconds loop`` lines, answers ``hands
    elapsed`` (random hands of that variant on this process's build, played by that loop of
    :data:`LOOPS`), until its input ends."""
    print(describe(), flush=True)
    for line in sys.stdin:
        key, seconds, loop = line.split()
        variant = REGISTRY[key]
        hands, elapsed = LOOPS[loop](variant, bench_players(variant), float(seconds))
        print(hands, elapsed, flush=True)


class _Worker:
    """A process running :func:`serve` on one build."""

    def __init__(self, build: str) -> None:
        env = dict(os.environ, TUTE_ENGINE=build)
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from games.engine.bench import serve; serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=root,
        )
        self.describe = self._line()

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the benchmark's worker stopped (see its error above)")
        return line.strip()

    def turn(self, key: str, seconds: float, loop: str = "api") -> tuple[int, float]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{key} {seconds} {loop}\n")
        self.process.stdin.flush()
        hands, elapsed = self._line().split()
        return int(hands), float(elapsed)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def compare_variant(key: str, seconds: float, workers: dict[str, _Worker]) -> dict[str, Comparison]:
    """``seconds`` of each build on ``key`` with each loop of :data:`LOOPS`, in alternate turns
    (after one turn each unmeasured, to warm up); which build goes first alternates too, and
    the two loops take turns within each round."""
    variant = REGISTRY[key]
    for loop in LOOPS:
        for worker in workers.values():
            worker.turn(key, TURN_SECONDS / 4, loop)
    totals = {(loop, build): [0, 0.0] for loop in LOOPS for build in workers}
    ratios: dict[str, list[float]] = {loop: [] for loop in LOOPS}
    turns = max(1, round(seconds / TURN_SECONDS))
    for i in range(turns):
        order = ("pure", "compiled") if i % 2 == 0 else ("compiled", "pure")
        for loop in LOOPS:
            rate = {}
            for build in order:
                hands, elapsed = workers[build].turn(key, TURN_SECONDS, loop)
                totals[loop, build][0] += hands
                totals[loop, build][1] += elapsed
                rate[build] = hands / elapsed
            ratios[loop].append(rate["compiled"] / rate["pure"])
    out = {}
    for loop in LOOPS:
        pure, compiled = totals[loop, "pure"], totals[loop, "compiled"]
        out[loop] = Comparison(
            key,
            bench_players(variant),
            (int(pure[0]), pure[1]),
            (int(compiled[0]), compiled[1]),
            ratios[loop],
            loop,
        )
    return out


def _spread(ratios: list[float]) -> str:
    """The median and range of single turns' ratios."""
    return f"{statistics.median(ratios):.2f}, {min(ratios):.2f}-{max(ratios):.2f}"


def compare(keys: list[str], seconds: float) -> int:
    """Print the compiled build against the pure one for each variant of ``keys``."""
    unknown = [k for k in keys if k not in REGISTRY]
    if unknown:
        print(f"unknown variant: {', '.join(unknown)}")
        return 2
    workers = {"pure": _Worker("pure"), "compiled": _Worker("compiled")}
    try:
        print(
            f"engine benchmark, compiled against pure: Python {platform.python_version()}, "
            f"random hands, alternate turns of {TURN_SECONDS:g} s CPU, ~{seconds:g} s "
            f"per build, loop and variant; api: the public-API loop in interpreted code, "
            f"playout: the engine's own loop (games.engine.playout)\n"
            f"  pure: {workers['pure'].describe}\n  compiled: {workers['compiled'].describe}\n"
            f"{'variant':<12}{'players':>8}{'api pure/s':>12}{'compiled':>10}{'ratio':>7}"
            f"{'playout pure/s':>16}{'compiled':>10}{'ratio':>7}"
            f"{'turns api: median, min-max':>29}{'playout':>13}",
            flush=True,
        )
        for key in keys:
            both = compare_variant(key, seconds, workers)
            a, p = both["api"], both["playout"]
            print(
                f"{a.variant:<12}{a.players:>8}{a.pure_per_s:>12.0f}{a.compiled_per_s:>10.0f}"
                f"{a.ratio:>7.2f}{p.pure_per_s:>16.0f}{p.compiled_per_s:>10.0f}{p.ratio:>7.2f}"
                f"{_spread(a.turn_ratios):>29}{_spread(p.turn_ratios):>20}",
                flush=True,
            )
    finally:
        for worker in workers.values():
            worker.close()
    return 0
