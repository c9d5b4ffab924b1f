"""Simulated matches: random players play whole matches, and a summary of what happened.

``python -m games.engine simulate --variant cabrero --players 4 --games 100 --seed 1`` plays
``games`` matches (match ``g`` is seeded ``"<seed>/<g>"``) in which every seat picks a uniformly
random legal action, then prints what the hands and matches looked like: hands per match, hand
points, cantos (40s, 20s, tutes), capotes, how often each seat lost a hand and the places it
finished in. It works for every registered variant; it is a quick way to see a variant's rules
at work over thousands of hands, and a smoke test of the engine.

>>> s = simulate("cabrero", players=4, games=2, seed=1)
>>> s.matches, s.hands == sum(s.hands_per_match), len(s.places)
(2, True, 4)
>>> "cantos" in format_summary(s)
True
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import get_variant
from games.engine.errors import InvalidOptionError, TuteError
from games.engine.state import HandResult, HandState


@dataclass
class Summary:
    """What ``games`` random matches of one variant produced."""

    variant: str
    name: str
    players: int
    options: dict[str, Any]
    seed: str
    matches: int = 0
    hands: int = 0
    hands_per_match: list[int] = field(default_factory=list)
    #: Hand points summed per seat (cards + last trick + cantos), over the hands a seat played.
    points: list[int] = field(default_factory=list)
    #: Hands each seat played (not sitting out, not retired).
    played: list[int] = field(default_factory=list)
    #: Hands each seat lost.
    lost: list[int] = field(default_factory=list)
    forties: int = 0
    twenties: int = 0
    tutes: int = 0
    other_cantos: int = 0
    capotes: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    #: places[seat][place]: how many matches the seat finished in that place.
    places: list[Counter[int]] = field(default_factory=list)

    def add_hand(self, hand: HandState, result: HandResult, seats: Sequence[int]) -> None:
        """Count one finished hand; ``seats`` maps the hand's seats to the match's."""
        self.hands += 1
        for local in hand.active:
            seat = seats[local]
            self.played[seat] += 1
            self.points[seat] += result.points[local]
        for local in result.losers:
            self.lost[seats[local]] += 1
        for canto in result.cantos:
            if canto.suit < 0:
                self.tutes += 1
            elif canto.points == 40:
                self.forties += 1
            elif canto.points == 20:
                self.twenties += 1
            else:
                self.other_cantos += 1
        if result.capote is not None:
            self.capotes += 1
        self.reasons[result.reason_code] += 1


def simulate(
    variant: str,
    players: int,
    games: int,
    seed: int | str,
    options: Mapping[str, Any] | None = None,
) -> Summary:
    """Play ``games`` whole matches with random players and summarise them.

    Raises :class:`~games.engine.errors.TuteError` subclasses for an unknown variant, a player
    count or options the variant does not take.
    """
    v = get_variant(variant)
    opts = v.validate_options(options)
    v.check_players(players)
    summary = Summary(
        variant=v.key,
        name=v.name,
        players=players,
        options=opts,
        seed=str(seed),
        points=[0] * players,
        played=[0] * players,
        lost=[0] * players,
        places=[Counter() for _ in range(players)],
    )
    rng = random.Random(f"simulate/{seed}")
    choose = rng.random
    for g in range(games):
        match = v.new_match(players=players, seed=f"{seed}/{g}", options=opts)
        counted = 0
        while not match.is_terminal():
            acts = match.legal_actions()
            match.apply_action(acts[int(choose() * len(acts))])
        for hand in match.hands:
            seats = hand.setup.context.get("seats") if hand.n != players else None
            summary.add_hand(hand, hand.result(), list(seats or range(players)))
            counted += 1
        summary.matches += 1
        summary.hands_per_match.append(counted)
        for seat, place in enumerate(match.result().places):
            summary.places[seat][place] += 1
    return summary


def format_summary(s: Summary) -> str:
    """The summary as a readable text table."""
    opts = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(s.options.items())) or "none"
    hands = max(s.hands, 1)
    per = s.hands_per_match
    lines = [
        f"{s.name} ({s.variant}), {s.players} players, options: {opts}",
        f"{s.matches} matches of random play, seed {s.seed!r}",
        "",
        f"hands: {s.hands} ({s.hands / max(s.matches, 1):.1f} per match"
        + (f", min {min(per)}, max {max(per)})" if per else ")"),
        f"cantos: {s.forties} forties, {s.twenties} twenties, {s.tutes} tutes"
        + (f", {s.other_cantos} others" if s.other_cantos else "")
        + f" ({(s.forties + s.twenties + s.tutes + s.other_cantos) / hands:.2f} per hand)",
        f"capotes: {s.capotes} ({100 * s.capotes / hands:.1f}% of hands)",
        "how hands ended: "
        + ", ".join(f"{code} {n} ({100 * n / hands:.1f}%)" for code, n in s.reasons.most_common()),
        "",
    ]
    max_place = max((p for c in s.places for p in c), default=1)
    head = (
        f"{'seat':>4} {'played':>7} {'mean pts':>9} {'lost':>6} {'lost %':>7}"
        + "".join(f" {'place ' + str(p):>8}" for p in range(1, max_place + 1))
        + f" {'mean place':>11}"
    )
    lines.append(head)
    for seat in range(s.players):
        played = s.played[seat]
        places = s.places[seat]
        total = sum(places.values())
        mean_place = sum(p * n for p, n in places.items()) / total if total else 0.0
        lines.append(
            f"{seat:>4} {played:>7} {s.points[seat] / max(played, 1):>9.1f} {s.lost[seat]:>6}"
            f" {100 * s.lost[seat] / max(played, 1):>6.1f}%"
            + "".join(f" {places.get(p, 0):>8}" for p in range(1, max_place + 1))
            + f" {mean_place:>11.2f}"
        )
    return "\n".join(lines)


def parse_option(text: str) -> tuple[str, Any]:
    """``"name=value"`` to ``(name, value)``; values are read as JSON where they can be
    (``true``, ``3``), else kept as text.

    >>> parse_option("tiebreak=true"), parse_option("games=5"), parse_option("mode=fast")
    (('tiebreak', True), ('games', 5), ('mode', 'fast'))
    """
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise InvalidOptionError(f"Write an option as name=value, not {text!r}.")
    raw = raw.strip()
    low = raw.lower()
    if low in ("true", "false", "yes", "no", "on", "off"):
        return name.strip(), low in ("true", "yes", "on")
    try:
        return name.strip(), json.loads(raw)
    except ValueError:
        return name.strip(), raw


# ------------------------------------------------------------------------ command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` subcommand's arguments."""
    parser.add_argument("--variant", required=True, help="variant key, e.g. cabrero")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100, help="whole matches to play")
    parser.add_argument("--seed", default="0")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. --option tiebreak=true (repeatable)",
    )


def main(args: argparse.Namespace) -> int:
    """Run the ``simulate`` subcommand; 2 on a setup error (message on standard error)."""
    import sys

    try:
        options = dict(parse_option(o) for o in args.option)
        if args.games < 0:
            raise InvalidOptionError("--games must be 0 or more.")
        summary = simulate(args.variant, args.players, args.games, args.seed, options)
    except TuteError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(format_summary(summary))
    return 0
