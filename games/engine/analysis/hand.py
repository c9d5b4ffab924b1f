"""Analysing a finished hand from its record: the seat's decisions, one by one.

:func:`analyse_hand` replays the hand record (:func:`games.engine.records.replay`'s format,
``"kind": "hand"``) and, at every action of the chosen seat that had more than one legal
choice, takes the seat's observation with its memory of the hand
(``HandState.observe(seat, memory=True)``) and hands it — and only it — to
:func:`games.engine.analysis.decisions.evaluate`. Forced moves are not decisions.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from games.engine.actions import action_to_notation, parse_action
from games.engine.analysis.decisions import evaluate, view_of
from games.engine.analysis.types import Decision, HandAnalysis
from games.engine.bots.view import View
from games.engine.errors import RecordError
from games.engine.records import replay
from games.engine.state import HandState
from games.engine.variant import REGISTRY

#: Deals per decision by default: a Cabrero hand analyses in well under a second on one core
#: (figures in docs/analysis.md); more deals only sharpen the estimates.
DEALS = 48


def start_of(record: Mapping[str, Any]) -> HandState:
    """The hand a record describes, before any action."""
    if record.get("kind") != "hand":
        raise RecordError("Hand analysis reads a hand record (kind 'hand').")
    state = replay({**dict(record), "actions": []})
    assert isinstance(state, HandState)
    return state


def options_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """The hand's table options, validated as the replay does."""
    return dict(REGISTRY[record["variant"]].validate_options(record.get("options")))


def decision_points(record: Mapping[str, Any], seat: int) -> list[tuple[int, View, str]]:
    """``(step, view, played)`` for each action of ``seat`` with more than one legal choice:
    the view is built from the seat's observation with memory only."""
    state = start_of(record)
    if not 0 <= seat < state.n:
        raise ValueError(f"Seat {seat} is not a seat of this {state.n}-player hand.")
    options = options_of(record)
    out: list[tuple[int, View, str]] = []
    for step, notation in enumerate(record["actions"]):
        action = parse_action(notation)
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            view = view_of(state.observe(seat, memory=True), options)
            out.append((step, view, action_to_notation(action)))
        state.apply_action(action)
    return out


def analyse_hand(
    record: Mapping[str, Any],
    seat: int,
    *,
    deals: int = DEALS,
    seed: int | str = 0,
    budget_ms: float | None = None,
) -> HandAnalysis:
    """Every decision of ``seat`` in the hand ``record``, each legal alternative evaluated on
    ``deals`` deals sampled from the seat's information at that moment. Deterministic given
    ``seed`` when ``budget_ms`` is None; with a budget (milliseconds for the whole hand, shared
    evenly among the decisions still to analyse) a decision may use fewer deals."""
    if deals < 1:
        raise ValueError("deals must be at least 1.")
    points = decision_points(record, seat)
    start = time.perf_counter()
    decisions: list[Decision] = []
    for i, (step, view, played) in enumerate(points):
        deadline = None
        if budget_ms is not None:
            end = start + budget_ms / 1000
            left = len(points) - i
            now = time.perf_counter()
            deadline = now + max(0.0, end - now) / left
        decisions.append(evaluate(view, step, played, deals=deals, seed=seed, deadline=deadline))
    return HandAnalysis(
        variant=str(record["variant"]),
        seat=seat,
        decisions=tuple(decisions),
        points_lost=round(sum(d.cost_points for d in decisions), 4),
        chance_lost=round(sum(d.cost_chance for d in decisions), 4),
        deals=deals,
    )
