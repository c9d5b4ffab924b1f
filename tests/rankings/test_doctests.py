"""The doctests of the rankings' modules that have them: the skill model, the tally of a
match, what the rankings ask the engine (sides, shapes) and the points bands."""

from __future__ import annotations

import doctest

import pytest

import league.skill
import league.skill.model
from league.rankings import tally, variants
from league.rankings.selectors import points


@pytest.mark.parametrize("module", [league.skill, league.skill.model, tally, variants, points])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted and not result.failed
