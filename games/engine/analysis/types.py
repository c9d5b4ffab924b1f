"""Result types of the hand analysis ("Could I have played better?") and the open-cards view.

These names are a contract with the platform (model, Celery task, replay page): fields may be
added, never renamed or removed. Everything here is plain data that round-trips through JSON.

Units: ``points`` are expected hand points for the analysed seat (its side in team games), the
same units as ``objective.value`` of the strong bot; ``p_lose`` is a probability in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MARKS = ("", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Alternative:
    """One legal action at a decision, evaluated on the same sampled deals as the others."""

    action: str  # engine notation, e.g. "12B", "sing:O", "bid:80"
    points: float  # expected hand points for the seat (its side) if it plays this
    p_lose: float | None  # chance of losing the hand (None where it does not apply)
    samples: int  # deals evaluated
    value: float = 0.0  # added field: the strong bot's objective (0..1, about a chance to win)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "points": self.points,
            "p_lose": self.p_lose,
            "samples": self.samples,
            "value": self.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Alternative:
        p_lose = data.get("p_lose")
        return cls(
            action=str(data["action"]),
            points=float(data["points"]),
            p_lose=None if p_lose is None else float(p_lose),
            samples=int(data["samples"]),
            value=float(data.get("value", 0.0)),
        )


@dataclass(frozen=True)
class Decision:
    """A choice of the seat with more than one legal action, and what it cost."""

    step: int  # index into the hand record's "actions" list of the action played
    seat: int
    played: str  # notation actually played
    best: str  # notation of the best alternative
    alternatives: tuple[Alternative, ...]  # every legal action, best first
    cost_points: float  # points(best) - points(played), >= 0
    cost_chance: float  # p_lose(played) - p_lose(best), >= 0 (0.0 where p_lose is None)
    mark: str  # one of MARKS
    cost_value: float = 0.0  # added field: value(best) - value(played), >= 0 (objective units)

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "alternatives": [alt.to_json() for alt in self.alternatives],
            "cost_points": self.cost_points,
            "cost_chance": self.cost_chance,
            "mark": self.mark,
            "cost_value": self.cost_value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        mark = str(data.get("mark", ""))
        if mark not in MARKS:
            raise ValueError(f"unknown mark {mark!r}")
        return cls(
            step=int(data["step"]),
            seat=int(data["seat"]),
            played=str(data["played"]),
            best=str(data["best"]),
            alternatives=tuple(Alternative.from_json(a) for a in data.get("alternatives", ())),
            cost_points=float(data["cost_points"]),
            cost_chance=float(data.get("cost_chance", 0.0)),
            mark=mark,
            cost_value=float(data.get("cost_value", 0.0)),
        )


@dataclass(frozen=True)
class HandAnalysis:
    """The analysis of one seat's decisions in one finished hand."""

    variant: str
    seat: int
    decisions: tuple[Decision, ...]
    points_lost: float  # sum of cost_points
    chance_lost: float = 0.0  # sum of cost_chance (added field: the chance scale's total)
    deals: int = 0  # deals asked per decision (added field; 0 when unknown)

    def counts(self) -> dict[str, int]:
        """How many decisions carry each non-empty mark (every mark present, 0 when none)."""
        out = {mark: 0 for mark in MARKS if mark}
        for decision in self.decisions:
            if decision.mark:
                out[decision.mark] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seat": self.seat,
            "decisions": [d.to_json() for d in self.decisions],
            "points_lost": self.points_lost,
            "chance_lost": self.chance_lost,
            "deals": self.deals,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandAnalysis:
        return cls(
            variant=str(data["variant"]),
            seat=int(data["seat"]),
            decisions=tuple(Decision.from_json(d) for d in data.get("decisions", ())),
            points_lost=float(data["points_lost"]),
            chance_lost=float(data.get("chance_lost", 0.0)),
            deals=int(data.get("deals", 0)),
        )


@dataclass(frozen=True)
class OpenCards:
    """The position after ``step`` actions with every hand visible."""

    step: int
    exact: bool  # True when solved exactly (small enough), else an estimate
    values: tuple[float, ...]  # per seat: hand points reachable with best play by all, all open
    best: str | None  # best action for the seat to move (None at the end)
    line: tuple[str, ...]  # principal line from here (may be short / empty for an estimate)

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "exact": self.exact,
            "values": list(self.values),
            "best": self.best,
            "line": list(self.line),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OpenCards:
        best = data.get("best")
        return cls(
            step=int(data["step"]),
            exact=bool(data["exact"]),
            values=tuple(float(v) for v in data.get("values", ())),
            best=None if best is None else str(best),
            line=tuple(str(a) for a in data.get("line", ())),
        )
