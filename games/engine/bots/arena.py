"""The arena: bots against bots on duplicate deals, and the strong bot's decision-time benchmark.

**Duplicate deals.** For each deal seed the same deal is played once per rotation of the bots
over the seats: with seats ``0..n-1`` and bots ``B0..Bm-1``, rotation ``r`` seats bot
``B[(s + r) % n % m]`` at seat ``s`` (the bot list cycled over the seats, then the seating
rotated), so every bot plays every seat of every deal and luck of the cards evens out. A
rotation that gives the same seating as an earlier one (``A,B`` on four seats repeats after
two) is skipped: the bots are deterministic for a seed, so it would replay the same game.

**What is counted** (a *game* is the unit a player wins or loses):

* Cabrero, Chancho, Arrastrado: one hand; a seat wins when it does not lose the hand (Cabrero:
  not in the middle; Arrastrado: the hand's winner). A seat sitting the hand out is not counted.
* Spanish tute for two: one game (one deal, or two when nobody reaches 101 in the first).
* Argentine tute de a dos, parejas, VTT: one hand (a game); the winner, or the winning team.

Each bot's *win rate* is its games won over its games played, with a Wilson 95% interval; its
*points* are the mean hand points (team points in team variants, game totals in Spanish tute),
with a normal 95% interval. A bot *beats* another when its interval lies wholly above the
other's (in two-player and team variants: when its interval excludes an even share, 50%).
The intervals treat games as independent; the games of one deal are not quite, so read them as
approximate.

**Duplicate pairs** (two bots): the same seat of the same deal played once by each bot is a
pair. A pair is *decisive* when one of the two won that seat's game and the other lost it; the
first bot's share of the decisive pairs, with its Wilson interval, says which bot plays the
same cards better with the luck of the deal taken out (a share above 50% with its interval
wholly above it: the first bot beats the second). The mean difference of the pair's points is
reported beside it. In many-player games both bots' win rates move together (a Cabrero hand
has one loser in the middle whoever sits where), so the pairs separate bots that the win-rate
intervals cannot.

Run it as ``python -m games.engine arena --variant V --bots A,B[,...] --games N --seed S``
(``--players``, ``--budget-ms``, ``--iterations`` for the strong bot) and the benchmark as
``python -m games.engine bench-bots``. A level ``L@pure`` or ``L@compiled`` (``--bots
strong@compiled,strong@pure``) plays in a worker process on that build of the engine
(:mod:`games.engine.bots.worker`; docs/engine.md, Compiled build).

>>> r = run_arena("dos_ar", ["heuristic", "random"], games=2, seed=1)
>>> r.bots, sum(s.games for s in r.stats)
(['heuristic', 'random'], 8)
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.actions import parse_action
from games.engine.bots.players import (
    STRONG_BUDGET_MS,
    STRONG_ITERATIONS,
    StrongBot,
    make_bot,
)
from games.engine.bots.policy import choose as heuristic_choose
from games.engine.bots.view import AnyObservation, View
from games.engine.match import MatchState
from games.engine.observation import MatchObservation
from games.engine.state import HandResult
from games.engine.variant import REGISTRY

#: Player count used when none is given.
DEFAULT_PLAYERS = {
    "cabrero": 4,
    "chancho": 4,
    "arrastrado": 3,
    "dos": 2,
    "dos_ar": 2,
    "parejas": 4,
    "vtt": 4,
}
Z95 = 1.959963984540054


class Actor(Protocol):
    """What the arena seats: a :class:`Bot`, or a bot in a worker process."""

    def act(self, observation: AnyObservation, seed: int | str | None = None) -> str: ...


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


@dataclass
class BotStats:
    """One bot's tally in an arena."""

    name: str
    games: int = 0
    wins: int = 0
    points: list[float] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Games won over games played."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the win rate."""
        return wilson(self.wins, self.games)

    def points_interval(self) -> tuple[float, float, float]:
        """Mean points and its normal 95% interval."""
        if not self.points:
            return 0.0, 0.0, 0.0
        mean = statistics.fmean(self.points)
        if len(self.points) < 2:
            return mean, mean, mean
        half = Z95 * statistics.stdev(self.points) / math.sqrt(len(self.points))
        return mean, mean - half, mean + half


@dataclass
class ArenaResult:
    """The outcome of an arena run."""

    variant: str
    players: int
    bots: list[str]
    deals: int
    stats: list[BotStats]
    seconds: float
    #: Duplicate pairs (two bots): seats where the first bot won and the second lost, the
    #: reverse, and pairs with the same outcome.
    pairs: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: The first bot's points minus the second's, per pair.
    pair_points: list[float] = field(default_factory=list)
    #: Per deal: the pairs the first bot won less those the second won (the deal's seats are
    #: not independent of one another; deals are).
    deal_nets: list[int] = field(default_factory=list)

    def pair_share(self) -> tuple[float, float, float]:
        """The first bot's share of the decisive pairs and its Wilson 95% interval."""
        better, worse, _ = self.pairs
        n = better + worse
        lo, hi = wilson(better, n)
        return (better / n if n else 0.5), lo, hi

    def beats(self, a: int, b: int) -> bool:
        """Whether bot ``a``'s win-rate interval lies wholly above bot ``b``'s."""
        return self.stats[a].interval[0] > self.stats[b].interval[1]

    def report(self) -> str:
        """A readable table."""
        lines = [
            f"arena {self.variant}, {self.players} players, {self.deals} duplicate deals "
            f"({sum(s.games for s in self.stats)} seat-games), {self.seconds:.0f} s"
        ]
        lines.append(
            f"{'bot':<22}{'games':>7}{'win rate':>10}{'95% CI':>18}"
            f"{'points':>9}{'95% CI':>18}{'ms/dec':>9}"
        )
        for s in self.stats:
            lo, hi = s.interval
            mean, plo, phi = s.points_interval()
            ms = 1000 * s.seconds / s.decisions if s.decisions else 0.0
            lines.append(
                f"{s.name:<22}{s.games:>7}{s.rate:>10.3f}"
                f"{f'[{lo:.3f}, {hi:.3f}]':>18}{mean:>9.1f}"
                f"{f'[{plo:.1f}, {phi:.1f}]':>18}{ms:>9.1f}"
            )
        if len(self.stats) == 2:
            verdict = (
                "beats"
                if self.beats(0, 1)
                else "loses to"
                if self.beats(1, 0)
                else "is not separated from"
            )
            lines.append(
                f"{self.stats[0].name} {verdict} {self.stats[1].name} (Wilson 95% intervals)"
            )
        if len(self.stats) == 2 and any(self.pairs):
            better, worse, same = self.pairs
            share, lo, hi = self.pair_share()
            diffs = self.pair_points
            mean = statistics.fmean(diffs) if diffs else 0.0
            half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0
            a, b = self.stats[0].name, self.stats[1].name
            verdict = "beats" if lo > 0.5 else "loses to" if hi < 0.5 else "is not separated from"
            lines.append(
                f"duplicate pairs: {a} better {better}, {b} better {worse}, same {same}; "
                f"{a}'s share of decisive pairs {share:.3f} [{lo:.3f}, {hi:.3f}]; "
                f"points {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] per pair"
            )
            lines.append(f"{a} {verdict} {b} on duplicate pairs (Wilson 95% interval)")
            nets = self.deal_nets
            if len(nets) > 1:
                net = statistics.fmean(nets)
                half = Z95 * statistics.stdev(nets) / math.sqrt(len(nets))
                lines.append(
                    f"per deal, {a}'s decisive pairs less {b}'s: {net:+.3f} "
                    f"[{net - half:+.3f}, {net + half:+.3f}] (normal 95% interval over "
                    f"{len(nets)} deals)"
                )
        return "\n".join(lines)


def _unit_over(match: MatchState) -> HandResult | None:
    """The result that decides the arena's game, once the game is over."""
    if len(match.hands) < 2 and not match.is_terminal():
        return None
    for hand in match.hands:
        if hand.is_terminal():
            res = hand.result()
            if match.variant.key != "dos" or res.winners:
                return res
    return None


def play_game(
    variant: str,
    players: int,
    options: dict[str, Any],
    bots: Sequence[Actor],
    seed: str,
    on_decision: Callable[[int, float], None] | None = None,
) -> HandResult:
    """Play one arena game with ``bots[s]`` at seat ``s``; return the deciding hand's
    result. Each bot gets only its seat's match observation."""
    match = REGISTRY[variant].new_match(players=players, seed=seed, options=options)
    step = 0
    while True:
        res = _unit_over(match)
        if res is not None:
            return res
        seat = match.current_player()
        obs = match.observe(seat, memory=True)
        t = time.perf_counter()
        action = bots[seat].act(obs, seed=f"{seed}/{step}")
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - t)
        match.apply_action(parse_action(action), seat)
        step += 1


def _points(variant: str, res: HandResult, seat: int) -> float:
    if res.team_points is not None:
        return float(res.team_points[seat % 2])
    if variant == "dos":
        return float(res.extra["totals"][seat])
    return float(res.points[seat])


def run_arena(
    variant: str,
    bot_levels: Sequence[str],
    games: int,
    seed: int | str = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    budget_ms: float | None = None,
    iterations: int | None = None,
    progress: Callable[[int, ArenaResult], None] | None = None,
) -> ArenaResult:
    """Play ``games`` duplicate deals of ``variant`` between ``bot_levels``."""
    n = players or DEFAULT_PLAYERS.get(variant, REGISTRY[variant].players[0])
    opts = REGISTRY[variant].validate_options(options)
    names = [f"{lvl}#{i}" if bot_levels.count(lvl) > 1 else lvl for i, lvl in enumerate(bot_levels)]
    bots = [arena_bot(lvl, budget_ms, iterations) for lvl in bot_levels]
    stats = [BotStats(name) for name in names]
    m = len(bots)
    start = time.perf_counter()
    result = ArenaResult(variant, n, names, 0, stats, 0.0)
    seatings: list[list[int]] = []
    for r in range(n):  # distinct rotations only: a repeated seating would replay a game
        who = [(s + r) % n % m for s in range(n)]
        if who not in seatings:
            seatings.append(who)
    try:
        for deal in range(games):
            # (seat, bot) -> (won, points) for this deal's duplicate pairs.
            played: dict[tuple[int, int], tuple[bool, float]] = {}
            for who in seatings:

                def note(seat: int, secs: float, who: list[int] = who) -> None:
                    st = stats[who[seat]]
                    st.decisions += 1
                    st.seconds += secs

                res = play_game(
                    variant, n, opts, [bots[w] for w in who], f"arena:{seed}:{deal}", note
                )
                playing = _playing(res, n)
                for s in playing:
                    st = stats[who[s]]
                    st.games += 1
                    st.wins += s in res.winners
                    st.points.append(_points(variant, res, s))
                    played[s, who[s]] = (s in res.winners, st.points[-1])
            if m == 2 and n % 2 == 0:  # each seat played once by each bot
                _tally_pairs(result, played, n)
            result.deals = deal + 1
            result.seconds = time.perf_counter() - start
            if progress is not None:
                progress(deal + 1, result)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if close is not None:
                close()
    return result


def _tally_pairs(
    result: ArenaResult, played: dict[tuple[int, int], tuple[bool, float]], n: int
) -> None:
    """Count one deal's duplicate pairs: each seat played by both bots."""
    before = result.pairs[0] - result.pairs[1]
    for s in range(n):
        if (s, 0) not in played or (s, 1) not in played:
            continue
        (won0, pts0), (won1, pts1) = played[s, 0], played[s, 1]
        result.pairs[0 if won0 and not won1 else 1 if won1 and not won0 else 2] += 1
        result.pair_points.append(pts0 - pts1)
    result.deal_nets.append(result.pairs[0] - result.pairs[1] - before)


def arena_bot(level: str, budget_ms: float | None, iterations: int | None) -> Actor:
    """A bot of ``level``. ``level@build`` (``strong@compiled``, ``strong@pure``) plays in a
    worker process of its own on that engine build (:mod:`games.engine.bots.worker`), so that
    the two builds can be seated against each other."""
    if "@" in level:
        from games.engine.bots.worker import WorkerBot

        name, build = level.split("@", 1)
        return WorkerBot(name, build, budget_ms, iterations)
    return make_bot(level, budget_ms, iterations)


def _playing(res: HandResult, n: int) -> list[int]:
    """Seats that played the deciding hand (not a Cabrero or Arrastrado dealer sitting out)."""
    out = res.extra.get("sitting_out")
    return [s for s in range(n) if s != out]


# ------------------------------------------------------------------------ benchmark


def bench_decisions(
    variants: Sequence[str] = tuple(DEFAULT_PLAYERS),
    positions: int = 60,
    seed: int = 0,
    budget_ms: float | None = STRONG_BUDGET_MS,
    iterations: int | None = STRONG_ITERATIONS,
    deals: dict[str, list[int]] | None = None,
) -> dict[str, list[float]]:
    """Times (seconds) of the strong bot's decisions at positions of heuristic games, per
    variant: every decision of the seat to act, forced ones included, as a table would ask.
    ``deals``, if given, receives per variant the number of deals each searched decision
    (not forced, not solved exactly) got through."""
    bot = StrongBot(budget_ms=budget_ms, iterations=iterations)
    rng = random.Random(seed)
    out: dict[str, list[float]] = {}
    for key in variants:
        searched = deals.setdefault(key, []) if deals is not None else []
        n = DEFAULT_PLAYERS.get(key, REGISTRY[key].players[0])
        times: list[float] = []
        g = 0
        while len(times) < positions:
            match = REGISTRY[key].new_match(players=n, seed=f"bench:{seed}:{g}")
            g += 1
            while not match.is_terminal() and len(match.hands) == 1 and len(times) < positions:
                seat = match.current_player()
                obs = match.observe(seat, memory=True)
                if rng.random() < 0.5:
                    t = time.perf_counter()
                    bot.act(obs, seed=rng.getrandbits(32))
                    times.append(time.perf_counter() - t)
                    if bot.last_deals:
                        searched.append(bot.last_deals)
                match.apply_action(_heuristic_action(obs), seat)
        out[key] = times
    return out


def _heuristic_action(obs: MatchObservation) -> int:
    from games.engine.bots.players import any_state

    view = View.of(obs)
    if len(view.legal) == 1:
        return view.legal[0]
    return heuristic_choose(any_state(view, random.Random(0)))


def bench_report(times: dict[str, list[float]], deals: dict[str, list[int]] | None = None) -> str:
    """Median and p95 per variant and overall, in milliseconds (and, if given, the median
    number of deals of the searched decisions)."""

    def q(xs: list[float], p: float) -> float:
        xs = sorted(xs)
        return 1000 * xs[min(len(xs) - 1, int(p * len(xs)))]

    def d(key: str) -> str:
        xs = (deals or {}).get(key) or []
        return f"{statistics.median(xs):>13g}" if xs else f"{'-':>13}"

    lines = [
        f"{'variant':<12}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}"
        + (f"{'median deals':>13}" if deals is not None else "")
    ]
    everything: list[float] = []
    for key, xs in times.items():
        everything += xs
        lines.append(
            f"{key:<12}{len(xs):>10}{1000 * statistics.median(xs):>11.1f}"
            f"{q(xs, 0.95):>9.1f}{1000 * max(xs):>9.1f}" + (d(key) if deals is not None else "")
        )
    lines.append(
        f"{'all':<12}{len(everything):>10}{1000 * statistics.median(everything):>11.1f}"
        f"{q(everything, 0.95):>9.1f}{1000 * max(everything):>9.1f}"
    )
    return "\n".join(lines)


# ------------------------------------------------------------------------ command line


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``arena`` subcommand's arguments."""
    parser.add_argument("--variant", required=True, choices=sorted(REGISTRY))
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated levels cycled over the seats, e.g. strong,heuristic; "
        "level@build plays on that engine build in a worker (strong@compiled,strong@pure)",
    )
    parser.add_argument("--games", type=int, default=100, help="duplicate deals")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help=f"strong bot: time per decision (default {STRONG_BUDGET_MS:g})",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"strong bot: deals per decision (default {STRONG_ITERATIONS})",
    )
    parser.add_argument(
        "--progress", type=int, default=0, help="print the table every this many deals"
    )


def arena_main(args: argparse.Namespace) -> int:
    """Run the ``arena`` subcommand."""
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]

    def progress(done: int, res: ArenaResult) -> None:
        if args.progress and done % args.progress == 0 and done < args.games:
            print(res.report(), flush=True)

    res = run_arena(
        args.variant,
        levels,
        args.games,
        args.seed,
        args.players,
        budget_ms=args.budget_ms,
        iterations=args.iterations,
        progress=progress,
    )
    print(res.report())
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``bench-bots`` subcommand's arguments."""
    parser.add_argument("--variants", default=",".join(DEFAULT_PLAYERS))
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget-ms", type=float, default=STRONG_BUDGET_MS)
    parser.add_argument("--iterations", type=int, default=STRONG_ITERATIONS)


def bench_main(args: argparse.Namespace) -> int:
    """Run the ``bench-bots`` subcommand."""
    deals: dict[str, list[int]] = {}
    times = bench_decisions(
        [v for v in args.variants.split(",") if v],
        args.positions,
        args.seed,
        args.budget_ms,
        args.iterations,
        deals,
    )
    print(
        f"strong bot decision time (budget {args.budget_ms:g} ms, "
        f"{args.iterations} deals max), one core"
    )
    print(bench_report(times, deals))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m games.engine.bots.arena arena|bench-bots ...`` (also registered in
    ``python -m games.engine``)."""
    parser = argparse.ArgumentParser(prog="python -m games.engine.bots.arena")
    sub = parser.add_subparsers(dest="command", required=True)
    add_arena_arguments(sub.add_parser("arena", help="bots against bots on duplicate deals"))
    add_bench_arguments(sub.add_parser("bench-bots", help="strong bot decision times"))
    args = parser.parse_args(argv)
    return arena_main(args) if args.command == "arena" else bench_main(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
