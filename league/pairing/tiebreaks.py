"""Standings and tiebreaks, for one against one and for tables of three to six.

**Input.** A list of :class:`TableResult`, one per table per round: the round, and for each
entry at the table a :class:`PlayerResult` with its *match points* (what the tournament scores:
2/1/0 for a won, drawn, lost match, or points by place at a Cabrero table, …) and its *tantos*
(the points scored in play, the "points scored" tiebreak). A bye is a :class:`TableResult` with
``bye=True`` and a single entry, holding whatever the event awards for a bye.

**Score** is the sum of an entry's match points, byes included.

**Opponents.** At a table of more than two, every other entry at the table is an opponent.
``p`` *beat* ``o`` at a table when ``p`` took more match points there than ``o``; equal match
points are half a win each. For one against one this is the chess meaning (1, ½, 0).

**Per-round contributions.** Tables may have different sizes in one event (a table of four, a
table of three), so metrics that sum over opponents average over the opponents of each round
first, and then sum over the rounds: one round always weighs one opponent.

**Byes** are counted as *a draw against oneself*: a virtual opponent whose score is the entry's
own final score, met once, drawn. So a bye adds the entry's own score to Buchholz, half of it
to Sonneborn-Berger, nothing to wins and nothing to head-to-head; its match points count in the
score and its tantos (usually none) in tantos. It neither rewards nor punishes an entry's
Buchholz for an opponent it never had.

The metrics (each a :data:`Tiebreak`, registered by name in :data:`TIEBREAKS`):

``buchholz``
    Sum over rounds of the mean final score of that round's opponents.
``median_buchholz``
    The same contributions with the highest and the lowest one left out (0 with two rounds or
    fewer).
``sonneborn_berger``
    Sum over rounds of the mean, over that round's opponents, of (1 if beaten, ½ if level, 0 if
    not) × the opponent's final score.
``wins``
    Rounds in which no opponent at the table took more match points and at least one took
    fewer (a drawn match is not a win; both survivors of a Cabrero table win).
``tantos``
    Sum of tantos.
``head_to_head``
    Only among the entries still tied when it is applied: for each table shared with another of
    them, 1 if beaten, ½ if level, 0 if not.

Arithmetic is exact (:class:`fractions.Fraction`), so ties are true ties; rows carry floats.

>>> results = [
...     TableResult(1, (PlayerResult("a", 2, 70), PlayerResult("b", 0, 50))),
...     TableResult(1, (PlayerResult("c", 2),), bye=True),
...     TableResult(2, (PlayerResult("c", 2, 80), PlayerResult("a", 0, 40))),
...     TableResult(2, (PlayerResult("b", 2),), bye=True),
... ]
>>> [(row.place, row.player, row.score, row.tiebreaks["buchholz"]) for row in standings(results)]
[(1, 'c', 4.0, 6.0), (2, 'a', 2.0, 6.0), (3, 'b', 2.0, 4.0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from league.pairing.ranking import id_key
from league.pairing.types import PairingError, PlayerId


class ResultError(PairingError):
    """Results that cannot be ranked: an empty table, an entry twice in a round, …."""

    code = "bad_results"


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """What one entry took at one table: match points and tantos."""

    player: PlayerId
    points: float
    tantos: float = 0


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table (or one bye) of one round.

    A table lists two entries or more; a bye (``bye=True``) exactly one.

    >>> TableResult(3, (PlayerResult("a", 2),), bye=True).players
    ('a',)
    """

    round: int
    results: tuple[PlayerResult, ...]
    bye: bool = False

    def __post_init__(self) -> None:
        if self.bye and len(self.results) != 1:
            raise ResultError(f"a bye holds exactly one entry, not {len(self.results)}")
        if not self.bye and len(self.results) < 2:
            raise ResultError("a table holds at least two entries")
        if len(set(self.players)) != len(self.results):
            raise ResultError(f"an entry appears twice at one table of round {self.round}")

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """The ids at the table."""
        return tuple(result.player for result in self.results)


@dataclass(frozen=True)
class _Round:
    """One round seen from one entry: its own result and its opponents' (none for a bye)."""

    own: PlayerResult
    opponents: tuple[PlayerResult, ...]
    bye: bool


class Record:
    """The results indexed by entry: each one's rounds and final score.

    >>> record = Record([TableResult(1, (PlayerResult("a", 2), PlayerResult("b", 0)))])
    >>> record.score("a"), record.score("b")
    (Fraction(2, 1), Fraction(0, 1))
    """

    def __init__(self, results: Iterable[TableResult], players: Iterable[PlayerId] = ()) -> None:
        self.rounds: dict[PlayerId, list[_Round]] = {p: [] for p in players}
        seen: set[tuple[int, PlayerId]] = set()
        for table in results:
            for own in table.results:
                if (table.round, own.player) in seen:
                    raise ResultError(f"{own.player!r} has two results in round {table.round}")
                seen.add((table.round, own.player))
                others = tuple(r for r in table.results if r is not own)
                self.rounds.setdefault(own.player, []).append(_Round(own, others, table.bye))
        self._score = {
            p: sum((Fraction(r.own.points) for r in rounds), Fraction(0))
            for p, rounds in self.rounds.items()
        }

    @property
    def players(self) -> list[PlayerId]:
        """Every entry with a result (or named at construction)."""
        return list(self.rounds)

    def score(self, player: PlayerId) -> Fraction:
        """The entry's final score: the sum of its match points (0 if unknown)."""
        return self._score.get(player, Fraction(0))


Tiebreak = Callable[[Record, PlayerId, frozenset[PlayerId]], Fraction]
"""A tiebreak: the record, the entry, and the entries tied with it (itself included) when the
tiebreak is applied (only head-to-head looks at them). Higher is better."""


def _beat(mine: float, theirs: float) -> Fraction:
    """1 if ``mine`` is more, ½ if equal, 0 if less."""
    if mine > theirs:
        return Fraction(1)
    if mine == theirs:
        return Fraction(1, 2)
    return Fraction(0)


def _buchholz_terms(record: Record, player: PlayerId) -> list[Fraction]:
    """One term per round: the mean final score of the opponents (own score for a bye)."""
    own = record.score(player)
    terms: list[Fraction] = []
    for rnd in record.rounds.get(player, []):
        if rnd.bye:
            terms.append(own)
        else:
            total = sum((record.score(o.player) for o in rnd.opponents), Fraction(0))
            terms.append(total / len(rnd.opponents))
    return terms


def buchholz(record: Record, player: PlayerId, tied: frozenset[PlayerId] = frozenset()) -> Fraction:
    """Sum over rounds of the mean final score of the round's opponents; a bye adds own score.

    >>> record = Record([
    ...     TableResult(1, (PlayerResult("a", 3), PlayerResult("b", 1), PlayerResult("c", 0))),
    ...     TableResult(2, (PlayerResult("a", 0), PlayerResult("b", 2))),
    ... ])
    >>> buchholz(record, "a")     # round 1: (3 + 0) / 2, round 2: 3
    Fraction(9, 2)
    """
    return sum(_buchholz_terms(record, player), Fraction(0))


def median_buchholz(
    record: Record, player: PlayerId, tied: frozenset[PlayerId] = frozenset()
) -> Fraction:
    """Buchholz without its highest and its lowest round (0 with two rounds or fewer).

    >>> record = Record([
    ...     TableResult(1, (PlayerResult("a", 2), PlayerResult("b", 0))),
    ...     TableResult(2, (PlayerResult("a", 2), PlayerResult("c", 2))),
    ...     TableResult(3, (PlayerResult("a", 0), PlayerResult("d", 4))),
    ... ])
    >>> median_buchholz(record, "a")   # terms 0, 2, 4: keep 2
    Fraction(2, 1)
    """
    terms = sorted(_buchholz_terms(record, player))
    return sum(terms[1:-1], Fraction(0))


def sonneborn_berger(
    record: Record, player: PlayerId, tied: frozenset[PlayerId] = frozenset()
) -> Fraction:
    """Sum over rounds of the mean over opponents of (1 beaten, ½ level, 0) × their score.

    A bye adds half the entry's own score (a draw against itself).

    >>> record = Record([
    ...     TableResult(1, (PlayerResult("a", 2), PlayerResult("b", 0))),
    ...     TableResult(2, (PlayerResult("a", 1), PlayerResult("c", 1))),
    ...     TableResult(2, (PlayerResult("b", 2),), bye=True),
    ... ])
    >>> sonneborn_berger(record, "a")   # beat b (2 points), drew c (1 point)
    Fraction(5, 2)
    """
    total = Fraction(0)
    for rnd in record.rounds.get(player, []):
        if rnd.bye:
            total += record.score(player) / 2
            continue
        mine = rnd.own.points
        earned = sum(
            (_beat(mine, o.points) * record.score(o.player) for o in rnd.opponents), Fraction(0)
        )
        total += earned / len(rnd.opponents)
    return total


def wins(record: Record, player: PlayerId, tied: frozenset[PlayerId] = frozenset()) -> Fraction:
    """Rounds where nobody at the table took more match points and somebody took fewer.

    >>> record = Record([
    ...     TableResult(1, (PlayerResult("a", 2), PlayerResult("b", 2), PlayerResult("c", 0))),
    ...     TableResult(2, (PlayerResult("a", 1), PlayerResult("b", 1))),
    ... ])
    >>> wins(record, "a"), wins(record, "c")
    (Fraction(1, 1), Fraction(0, 1))
    """
    count = 0
    for rnd in record.rounds.get(player, []):
        if rnd.bye:
            continue
        mine = rnd.own.points
        if all(o.points <= mine for o in rnd.opponents) and any(
            o.points < mine for o in rnd.opponents
        ):
            count += 1
    return Fraction(count)


def tantos(record: Record, player: PlayerId, tied: frozenset[PlayerId] = frozenset()) -> Fraction:
    """Sum of the tantos (points scored in play), byes' included.

    >>> tantos(Record([TableResult(1, (PlayerResult("a", 2, 71), PlayerResult("b", 0, 59)))]), "a")
    Fraction(71, 1)
    """
    return sum((Fraction(rnd.own.tantos) for rnd in record.rounds.get(player, [])), Fraction(0))


def head_to_head(record: Record, player: PlayerId, tied: frozenset[PlayerId]) -> Fraction:
    """Among the entries still tied: 1 per tied opponent beaten, ½ per level, at shared tables.

    >>> record = Record([
    ...     TableResult(1, (PlayerResult("a", 3), PlayerResult("b", 1), PlayerResult("c", 0))),
    ... ])
    >>> head_to_head(record, "b", frozenset({"a", "b", "c"}))
    Fraction(1, 1)
    >>> head_to_head(record, "b", frozenset({"a", "b"}))
    Fraction(0, 1)
    """
    total = Fraction(0)
    for rnd in record.rounds.get(player, []):
        for o in rnd.opponents:
            if o.player in tied and o.player != player:
                total += _beat(rnd.own.points, o.points)
    return total


TIEBREAKS: dict[str, Tiebreak] = {
    "buchholz": buchholz,
    "median_buchholz": median_buchholz,
    "sonneborn_berger": sonneborn_berger,
    "wins": wins,
    "tantos": tantos,
    "head_to_head": head_to_head,
}
"""Every tiebreak by name (the names a tournament's settings may store)."""

DEFAULT_TIEBREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "wins", "tantos")
"""The tiebreaks :func:`standings` applies when none are given, in that order."""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``place`` is shared by entries equal on score and every tiebreak (1, 2, 2, 4, …); rows with
    the same place are listed by id. ``tiebreaks`` maps each tiebreak's name to its value.
    """

    place: int
    player: PlayerId
    score: float
    tiebreaks: dict[str, float] = field(default_factory=dict)


def standings(
    results: Iterable[TableResult],
    tiebreaks: Sequence[str | Tiebreak] = DEFAULT_TIEBREAKS,
    *,
    players: Iterable[PlayerId] = (),
) -> list[StandingRow]:
    """The standings: by score, then each tiebreak in turn among the entries still tied.

    ``tiebreaks`` are names from :data:`TIEBREAKS` or functions (named by ``__name__``).
    ``players`` adds entries without results (score 0). Raises :class:`ResultError` on an
    unknown tiebreak name or an entry with two results in one round.

    >>> rows = standings([TableResult(1, (PlayerResult(1, 1), PlayerResult(2, 1)))], ["wins"])
    >>> [(row.place, row.player, row.tiebreaks) for row in rows]
    [(1, 1, {'wins': 0.0}), (1, 2, {'wins': 0.0})]
    """
    if isinstance(tiebreaks, str):
        tiebreaks = (tiebreaks,)
    metrics: list[tuple[str, Tiebreak]] = []
    for tiebreak in tiebreaks:
        if isinstance(tiebreak, str):
            if tiebreak not in TIEBREAKS:
                raise ResultError(
                    f"unknown tiebreak {tiebreak!r}; known: {', '.join(sorted(TIEBREAKS))}"
                )
            metrics.append((tiebreak, TIEBREAKS[tiebreak]))
        else:
            metrics.append((tiebreak.__name__, tiebreak))
    record = Record(results, players)
    values: dict[PlayerId, dict[str, Fraction]] = defaultdict(dict)
    by_score: dict[Fraction, list[PlayerId]] = defaultdict(list)
    for p in record.players:
        by_score[record.score(p)].append(p)
    groups = [by_score[score] for score in sorted(by_score, reverse=True)]
    for name, metric in metrics:
        split: list[list[PlayerId]] = []
        for group in groups:
            tied = frozenset(group)
            by_value: dict[Fraction, list[PlayerId]] = defaultdict(list)
            for p in group:
                values[p][name] = metric(record, p, tied)
                by_value[values[p][name]].append(p)
            split.extend(by_value[value] for value in sorted(by_value, reverse=True))
        groups = split
    rows: list[StandingRow] = []
    for group in groups:
        place = len(rows) + 1
        for p in sorted(group, key=id_key):
            rows.append(
                StandingRow(
                    place=place,
                    player=p,
                    score=float(record.score(p)),
                    tiebreaks={name: float(values[p][name]) for name, _ in metrics},
                )
            )
    return rows
