"""The engine benchmark: random play through the public API, per registered variant.

``python -m games.engine bench [--seconds T]`` measures, for each variant, on one core:

* **hands/s**: whole random hands, ``new_hand`` then ``legal_actions`` + ``apply_action``
  until ``is_terminal``, the action picked by a cheap random choice (what a simulation or a
  bot's playout does);
* **legal_actions**: the mean time of one call, over the positions of random hands;
* **apply_action**: the mean time of one call when it validates the action itself (a replay
  of recorded hands without calling ``legal_actions``: what the server does with a player's
  action);
* for Cabrero also **matches/s**: whole random matches through ``new_match``.

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
import platform
import random
import time
from dataclasses import dataclass

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
    legal_us, apply_us = call_times(variant, players, seconds)
    matches = random_matches(variant, players, seconds) if key in MATCH_VARIANTS else None
    return BenchResult(key, players, hands, elapsed, legal_us, apply_us, matches)


def format_header(seconds: float) -> str:
    """The table's title and column names."""
    return (
        f"engine benchmark: Python {platform.python_version()} "
        f"({platform.python_implementation()}), engine build {describe()}, one core, CPU time, "
        f"~{seconds:g} s per figure\n"
        f"{'variant':<12}{'players':>8}{'hands/s':>10}{'us/hand':>9}"
        f"{'legal_actions us':>18}{'apply_action us':>17}{'matches/s':>11}"
    )


def format_row(r: BenchResult) -> str:
    """One variant's line of the table."""
    matches = f"{r.matches_per_s:>11.1f}" if r.matches_per_s is not None else f"{'-':>11}"
    return (
        f"{r.variant:<12}{r.players:>8}{r.hands_per_s:>10.0f}{r.us_per_hand:>9.1f}"
        f"{r.legal_us:>18.2f}{r.apply_us:>17.2f}{matches}"
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


def main(args: argparse.Namespace) -> int:
    """Run the ``bench`` subcommand."""
    keys = args.variant or sorted(REGISTRY)
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
