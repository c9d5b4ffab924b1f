"""Copies of hand states (``clone``, ``copy_into``) and the per-class hook flags of the trick
loop; plus pinned random play of the two-player and team variants, so that their speed-ups
stay behaviour-preserving (``test_core.py`` pins Cabrero and Chancho)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from games.engine import get_variant
from games.engine.records import hand_record
from games.engine.state import COPIED_LISTS, HandState, slot_names
from games.engine.variant import REGISTRY
from games.engine.variants.cabrero import CabreroHand
from games.engine.variants.dos import DosHand
from games.engine.variants.dos_ar import DosArHand
from games.engine.variants.parejas import ParejasHand
from games.engine.variants.stock import StockHand
from games.engine.variants.teams import TeamHandState
from games.engine.variants.vtt import VTTHand

from .helpers import random_action


def _players(key: str) -> int:
    players = REGISTRY[key].players
    return 4 if 4 in players else min(players)


def _positions(
    key: str, count: int, seed: int = 0, options: dict[str, Any] | None = None
) -> list[HandState]:
    """States at random points of random hands."""
    v = get_variant(key)
    rng = random.Random(seed)
    out = []
    for i in range(count):
        hand = v.new_hand(players=_players(key), seed=f"copies/{i}", options=options)
        stop = rng.randrange(60)
        while not hand.is_terminal() and len(hand.log) < stop:
            hand.apply_action(random_action(hand, rng))
        out.append(hand)
    return out


def _finish(state: HandState, rng: random.Random) -> list[Any]:
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return [state.log, state.result().to_json()]


def _fingerprint(state: HandState) -> str:
    return json.dumps(
        [
            hand_record(state),
            state.public_observation(),
            [state.observation(s) for s in range(state.n)],
        ],
        sort_keys=True,
    )


ALL_VARIANTS = sorted(REGISTRY)


@pytest.mark.parametrize("key", ALL_VARIANTS)
def test_a_clone_is_equal_and_independent(key: str) -> None:
    for k, hand in enumerate(_positions(key, 12)):
        before = _fingerprint(hand)
        twin = hand.clone()
        assert type(twin) is type(hand)
        assert _fingerprint(twin) == before
        assert twin.legal_actions() == hand.legal_actions()
        for name in COPIED_LISTS:  # the lists that change in place are the twin's own
            assert getattr(twin, name) is not getattr(hand, name)
        # Playing the twin on leaves the original exactly as it was, and the original then
        # plays on exactly as the twin would have.
        played = _finish(twin, random.Random(k))
        assert _fingerprint(hand) == before
        assert _finish(hand, random.Random(k)) == played


@pytest.mark.parametrize("key", ALL_VARIANTS)
def test_a_clone_copies_every_field_of_its_class(key: str) -> None:
    # The copies are explicit (_copy_fields, each class's _clone_extra): none may be missed.
    options = {"renuncio": True, "acusar": True} if key in ("cabrero", "chancho") else None
    for hand in _positions(key, 6, seed=2) + _positions(key, 3, seed=3, options=options):
        twin = hand.clone()
        for name in slot_names(type(hand)):
            assert hasattr(twin, name) == hasattr(hand, name), name
            if hasattr(hand, name):
                assert getattr(twin, name) == getattr(hand, name), name


@pytest.mark.parametrize("key", ALL_VARIANTS)
def test_copy_into_reuses_a_state(key: str) -> None:
    states = _positions(key, 8, seed=1)
    scratch = states[0].clone()
    for k, hand in enumerate(states):
        if type(hand) is not type(scratch):  # pragma: no cover - one class per variant here
            continue
        before = _fingerprint(hand)
        hand.copy_into(scratch)
        assert _fingerprint(scratch) == before
        played = _finish(scratch, random.Random(k))
        assert _fingerprint(hand) == before
        assert _finish(hand.clone(), random.Random(k)) == played


def test_copy_into_refuses_another_class() -> None:
    dos = get_variant("dos").new_hand(players=2, seed=1)
    dos_ar = get_variant("dos_ar").new_hand(players=2, seed=1)
    with pytest.raises(TypeError, match="DosArHand"):
        dos.copy_into(dos_ar)


def test_a_variants_own_lists_are_copied_by_clone_extra() -> None:
    # Cabrero's offences (a list of its own) are copied by its _clone_extra.
    hand = get_variant("cabrero").new_hand(players=4, seed=3, options={"renuncio": True})
    twin = hand.clone()
    assert isinstance(twin, CabreroHand) and isinstance(hand, CabreroHand)
    assert twin.offences == hand.offences and twin.offences is not hand.offences


def test_a_state_missing_fields_is_copied_field_by_field() -> None:
    # A state being built field by field (as the bots' restore does) may lack some fields:
    # the generated copy falls back to copying those it has.
    hand = get_variant("dos_ar").new_hand(players=2, seed=5)
    partial = DosArHand.__new__(DosArHand)
    for name in slot_names(DosArHand):
        if name != "stock_pos":
            setattr(partial, name, getattr(hand, name))
    twin = partial.clone()
    assert not hasattr(twin, "stock_pos")
    assert twin.hands == hand.hands and twin.hands is not partial.hands
    assert twin.log is not partial.log


def test_a_subclass_without_slots_keeps_its_own_fields() -> None:
    class Noted(DosArHand):  # no __slots__: its states have a __dict__
        pass

    Noted.variant = REGISTRY["dos_ar"]
    hand = Noted(get_variant("dos_ar").new_hand(players=2, seed=6).setup)
    hand.note = "x"  # type: ignore[attr-defined]
    assert hand.clone().note == "x"  # type: ignore[attr-defined]


def test_slot_names_list_every_field_once() -> None:
    names = slot_names(DosHand)
    assert len(names) == len(set(names))
    assert {"hands", "log", "stock", "stock_pos", "capote_seat", "_legal_at"} <= set(names)
    assert names.index("hands") < names.index("stock") < names.index("capote_seat")


def test_hook_flags_follow_the_overrides() -> None:
    # The trick loop inlines exactly the default hooks a class keeps.
    assert CabreroHand._DEFAULT_TAKE and CabreroHand._DEFAULT_EXTRAS
    assert CabreroHand._DEFAULT_CLONE_EXTRA is False
    assert not StockHand._DEFAULT_TAKE and not StockHand._DEFAULT_AFTER
    assert StockHand._DEFAULT_WINNER and StockHand._DEFAULT_ON_TRICK and StockHand._DEFAULT_OVER
    assert not DosHand._DEFAULT_ON_TRICK and not DosHand._DEFAULT_AFTER
    assert not TeamHandState._DEFAULT_EXTRAS and not TeamHandState._DEFAULT_AFTER
    assert not VTTHand._DEFAULT_WINNER and VTTHand._DEFAULT_ON_TRICK
    assert ParejasHand._DEFAULT_CLONE_EXTRA and ParejasHand._DEFAULT_BEST


def test_an_overridden_after_trick_hook_is_called() -> None:
    calls: list[int] = []

    class Counting(DosArHand):
        __slots__ = ()

        def _after_trick(self, winner: int) -> None:
            calls.append(winner)
            super()._after_trick(winner)

    Counting.variant = REGISTRY["dos_ar"]
    assert not Counting._DEFAULT_AFTER
    hand = Counting(get_variant("dos_ar").new_hand(players=2, seed=8).setup)
    rng = random.Random(8)
    while not hand.is_terminal():
        hand.apply_action(random_action(hand, rng))
    winners = [t.winner for t in hand.history]
    assert calls and calls == winners[: len(calls)] and len(calls) >= len(winners) - 1


# ------------------------------------------------------------------ pinned random play


def _pinned_play(key: str, options: dict[str, Any], hands: int) -> str:
    v = get_variant(key)
    players = _players(key)
    rng = random.Random(f"{key}{sorted(options.items())}")
    out: list[Any] = []
    for i in range(hands):
        context = (
            {"carried": [rng.randrange(101), rng.randrange(101)]}
            if key == "dos" and i % 2
            else None
        )
        hand = v.new_hand(players=players, seed=i, options=options, context=context)
        while not hand.is_terminal():
            legal = hand.legal_actions()
            out.append(legal)
            hand.apply_action(legal[rng.randrange(len(legal))])
        out.append(hand.result().to_json())
        out.append(hand.observation(0))
    for i in range(hands // 10):
        match = v.new_match(players=players, seed=i, options=options)
        while not match.is_terminal():
            match.apply_action(random_action(match, rng))
        out.append([match.log, match.result().to_json()])
    return hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()[:16]


#: Digests of random play with the engine before its speed-ups (hands: legal lists, results,
#: observations; matches: logs and results). A deliberate rule change updates them.
PINNED = {
    ("dos", "{}"): "81604dbc81ba3e43",  # the swap waits for the next trick won (issue 12)
    ("dos_ar", "{}"): "3b4e1edaa6be8a64",
    ("parejas", "{}"): "7518b4c8cdea4493",
    ("vtt", "{}"): "d64130f3eda50436",
    ("vtt", '{"coins_trump": true, "double_101": true}'): "3a14d278d63381e9",
}


@pytest.mark.parametrize("key,options", sorted(PINNED))
def test_random_play_is_pinned(key: str, options: str) -> None:
    assert _pinned_play(key, json.loads(options), 60) == PINNED[key, options]
