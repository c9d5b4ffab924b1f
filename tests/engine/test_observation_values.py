"""The observation's values write their ``__init__`` out (native field writes when compiled)
and add a variant's part with ``Observation.with_parts``: they give what the generated
``__init__`` and ``dataclasses.replace`` gave, and stay frozen, on either build."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.engine import get_variant, variant_keys
from games.engine.observation import MatchObservation, Observation
from games.engine.observation_parts import CantoView, SeatCard, TrickView

PARTS = ("cabrero", "arrastrado", "stock", "dos", "teams", "vtt", "bidding")


def _observations(key: str) -> list[Observation]:
    variant = get_variant(key)
    players = 4 if 4 in variant.players else min(variant.players)
    match = variant.new_match(players=players, seed=f"values-{key}")
    rng = random.Random(key)
    seen = []
    for _ in range(60):
        if match.is_terminal():
            break
        for seat in [*range(players), None]:
            seen.append(match.observe(seat).hand)
            seen.append(match.observe(seat, memory=True).hand)
        match.apply_action(rng.choice(match.legal_actions()))
    return seen


@pytest.mark.parametrize("key", variant_keys())
def test_with_parts_gives_what_replace_gave(key: str) -> None:
    parts_seen = set()
    for obs in _observations(key):
        assert obs.with_parts() == obs
        for name in PARTS:
            part = getattr(obs, name)
            if part is None:
                continue
            parts_seen.add(name)
            bare = dataclasses.replace(obs, **{name: None})
            assert bare.with_parts(**{name: part}) == obs
            assert dataclasses.replace(bare, **{name: part}) == obs
            # the other parts are kept
            assert all(
                getattr(bare.with_parts(**{name: part}), n) == getattr(obs, n) for n in PARTS
            )
    assert parts_seen  # every variant adds a family's part


@pytest.mark.parametrize("key", ["cabrero", "dos", "remate"])
def test_the_written_out_init_takes_every_field_by_position_and_by_name(key: str) -> None:
    for obs in _observations(key)[:40]:
        fields = dataclasses.fields(Observation)
        assert Observation(*(getattr(obs, f.name) for f in fields)) == obs
        assert Observation(**{f.name: getattr(obs, f.name) for f in fields}) == obs
        for value in [*obs.trick, *obs.history, *obs.cantos]:
            names = [f.name for f in dataclasses.fields(type(value))]
            assert type(value)(*(getattr(value, n) for n in names)) == value


def test_the_values_stay_frozen() -> None:
    match = get_variant("dos").new_match(players=2, seed="frozen")
    observed = match.observe(0)
    values = [
        observed,
        observed.hand,
        observed.hand.stock,
        observed.hand.dos,
        SeatCard(0, "1O"),
        TrickView(0, (0, 1), ("1O", "3O"), 0),
        CantoView(1, "B", 20, False),
    ]
    for value in values:
        name = dataclasses.fields(value)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, getattr(value, name))
    assert isinstance(observed, MatchObservation)
    assert hash(SeatCard(0, "1O")) == hash(SeatCard(0, "1O"))
