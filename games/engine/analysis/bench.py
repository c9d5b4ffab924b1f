"""The hand-analysis benchmark: ``python -m games.engine analyse-bench``.

For each variant, ``--hands`` random hands are played (every seat by the playout policy with
some randomness, so the hands hold mistakes to find), and one seat of each (seat ``i % n`` of
hand ``i``) is analysed with :func:`games.engine.analysis.analyse_hand`. It prints the time per
hand (median, p95, max, in seconds, one core), the decisions per hand and the marks found, and
the time of :func:`games.engine.analysis.open_cards` per position, with the machine's load
average, which the figures depend on.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from games.engine.analysis.hand import DEALS, analyse_hand
from games.engine.analysis.opencards import open_cards
from games.engine.bots import policy
from games.engine.records import hand_record
from games.engine.variant import REGISTRY

#: Player count of each variant in the benchmark.
PLAYERS = {
    "cabrero": 4,
    "chancho": 4,
    "dos": 2,
    "dos_ar": 2,
    "parejas": 4,
    "vtt": 4,
    "arrastrado": 3,
    "remate": 3,
    "codillo": 4,
    "bato": 4,
}
#: Randomness of the players of the benchmark's hands.
PLAYERS_EPSILON = 0.2


def random_record(variant: str, players: int, seed: str) -> dict[str, object]:
    """A finished hand played by the playout policy with some randomness."""
    hand = REGISTRY[variant].new_hand(players=players, seed=seed)
    policy.playout(hand, random.Random(seed), PLAYERS_EPSILON)
    return hand_record(hand)


def _q(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``analyse-bench`` subcommand's arguments."""
    parser.add_argument("--variants", default=",".join(PLAYERS))
    parser.add_argument("--hands", type=int, default=10, help="hands analysed per variant")
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--open-positions", type=int, default=10, help="open-cards positions per variant"
    )


def main(args: argparse.Namespace) -> int:
    """Run the benchmark and print its table."""
    load = os.getloadavg()
    print(
        f"hand analysis, {args.deals} deals per decision, {args.hands} hands per variant, "
        f"one core; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print(
        f"{'variant':<12}{'hands':>6}{'decisions':>10}{'median s':>10}{'p95 s':>8}{'max s':>8}"
        f"{'marks':>7}{'open med ms':>12}{'open p95 ms':>12}{'exact':>7}"
    )
    everything: list[float] = []
    for variant in [v for v in args.variants.split(",") if v]:
        n = PLAYERS[variant]
        times: list[float] = []
        decisions = marks = 0
        records = []
        for i in range(args.hands):
            rec = random_record(variant, n, f"bench:{args.seed}:{i}")
            records.append(rec)
            t = time.perf_counter()
            a = analyse_hand(rec, i % n, deals=args.deals, seed=args.seed)
            times.append(time.perf_counter() - t)
            decisions += len(a.decisions)
            marks += sum(a.counts().values())
        everything += times
        rng = random.Random(args.seed)
        open_times: list[float] = []
        exact = 0
        for k in range(args.open_positions):
            rec = records[k % len(records)] if records else random_record(variant, n, f"o{k}")
            actions = rec["actions"]
            assert isinstance(actions, list)
            step = rng.randrange(len(actions) + 1)
            t = time.perf_counter()
            exact += open_cards(rec, step, seed=args.seed).exact
            open_times.append(time.perf_counter() - t)
        print(
            f"{variant:<12}{len(times):>6}{decisions / max(1, len(times)):>10.1f}"
            f"{statistics.median(times) if times else 0:>10.2f}"
            f"{_q(times, 0.95) if times else 0:>8.2f}{max(times, default=0):>8.2f}"
            f"{marks:>7}"
            f"{1000 * statistics.median(open_times) if open_times else 0:>12.1f}"
            f"{1000 * _q(open_times, 0.95) if open_times else 0:>12.1f}"
            f"{exact:>7}"
        )
    if everything:
        print(
            f"{'all':<12}{len(everything):>6}{'':>10}{statistics.median(everything):>10.2f}"
            f"{_q(everything, 0.95):>8.2f}{max(everything):>8.2f}"
        )
    load = os.getloadavg()
    print(f"load average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0
