"""Hand analysis in the pure engine: "Could I have played better?" and the open-cards view.

The types are the contract with the platform; see ``types.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.analysis.types import MARKS, Alternative, Decision, HandAnalysis, OpenCards

__all__ = [
    "MARKS",
    "Alternative",
    "Decision",
    "HandAnalysis",
    "OpenCards",
    "analyse_hand",
    "open_cards",
]


def analyse_hand(
    record: Mapping[str, Any],
    seat: int,
    *,
    deals: int = 24,
    seed: int | str = 0,
    budget_ms: float | None = None,
) -> HandAnalysis:
    """Analyse every decision of ``seat`` in a finished hand record (being written)."""
    raise NotImplementedError


def open_cards(record: Mapping[str, Any], step: int, *, seed: int | str = 0) -> OpenCards:
    """The position after ``step`` actions with all hands visible (being written)."""
    raise NotImplementedError
