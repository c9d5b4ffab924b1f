"""Benchmark: pair 1,000 entries in a mid-tournament round. ``python -m league.pairing bench``.

:func:`simulate` plays a seeded Swiss tournament with the pairing itself: ratings drawn from a
normal law, results drawn from the ratings (Elo expectation for one against one, a
rating-weighted finishing order at tables, 3/2/1/0 match points by place at a table of four,
2/1/0 for a win, draw or loss one against one). Each round's pairing feeds the next round's
histories, so the field of round five has the score groups, the repeats to avoid and the byes
of a real event. :func:`main` times the pairing of that round.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from dataclasses import replace

from league.pairing.generator import pair
from league.pairing.types import Entry, Pairing, PlayerId

TIME_LIMIT = 2.0
"""Seconds a pairing of 1,000 entries may take."""


def _play_table(
    table: Sequence[PlayerId], ratings: dict[PlayerId, float], rng: random.Random
) -> dict[PlayerId, float]:
    """Match points of one table, drawn from the ratings."""
    if len(table) == 2:
        a, b = table
        expected = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
        roll = rng.random()
        if roll < 0.1:
            return {a: 1, b: 1}
        return {a: 2, b: 0} if roll < 0.1 + 0.9 * expected else {a: 0, b: 2}
    left = list(table)
    places: list[PlayerId] = []
    while left:
        weights = [10 ** (ratings[p] / 800) for p in left]
        chosen = rng.choices(left, weights=weights)[0]
        places.append(chosen)
        left.remove(chosen)
    top = len(places) - 1
    return {p: top - place for place, p in enumerate(places)}


def simulate(players: int, rounds: int, table_size: int, *, seed: int = 5) -> list[Entry]:
    """The field after ``rounds`` rounds of a seeded Swiss tournament paired by :func:`pair`."""
    rng = random.Random(seed)
    entries: dict[PlayerId, Entry] = {
        f"p{i:04d}": Entry(f"p{i:04d}", score=0, rating=round(rng.gauss(1500, 200)))
        for i in range(players)
    }
    ratings: dict[PlayerId, float] = {key: entry.rating for key, entry in entries.items()}
    for _ in range(rounds):
        pairing = pair(list(entries.values()), table_size=table_size)
        for table in pairing.tables:
            points = _play_table(table, ratings, rng)
            for p in table:
                entry = entries[p]
                others = tuple(q for q in table if q != p)
                entries[p] = replace(
                    entry, score=entry.score + points[p], opponents=entry.opponents + others
                )
        for p in pairing.byes:
            entry = entries[p]
            entries[p] = replace(entry, score=entry.score + 2, byes=entry.byes + 1)
    return list(entries.values())


def time_pairing(entries: Sequence[Entry], table_size: int) -> tuple[float, Pairing]:
    """Seconds one pairing of ``entries`` takes, and the pairing."""
    start = time.perf_counter()
    pairing = pair(entries, table_size=table_size)
    return time.perf_counter() - start, pairing


def main(players: int = 1000, rounds_played: int = 4, repeat: int = 3) -> int:
    """Print the time of pairing round ``rounds_played + 1``; 1 if a case is over the limit.

    Each pairing is timed ``repeat`` times (the answer is the same each time): the best time
    is the machine's, the worst shows what a busy machine costs.
    """
    status = 0
    for table_size, label in ((2, "one against one"), (4, "tables of four")):
        field = simulate(players, rounds_played, table_size)
        runs = [time_pairing(field, table_size) for _ in range(max(1, repeat))]
        best = min(seconds for seconds, _ in runs)
        worst = max(seconds for seconds, _ in runs)
        pairing = runs[0][1]
        verdict = "ok" if best < TIME_LIMIT else "TOO SLOW"
        print(
            f"{players} entries, {label}, round {rounds_played + 1}: {best:.3f} s "
            f"(worst of {len(runs)}: {worst:.3f} s; {len(pairing.tables)} tables, "
            f"{len(pairing.byes)} byes, {pairing.repeats} repeats) {verdict}"
        )
        if best >= TIME_LIMIT:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
