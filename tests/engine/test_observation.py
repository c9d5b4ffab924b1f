"""Observations: the typed value (:mod:`games.engine.observation`) and its JSON form.

The JSON form is what records, socket frames, the conformance interface and the hidden
information tests read, so it is pinned: every seat's (and the spectator's) match observation
at every step of random matches of every variant, dumped in key order, hashes to the value the
engine gave when observations were built as dicts.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from games.engine import actions as A
from games.engine import get_variant
from games.engine.bots import LEVELS, choose_action
from games.engine.match import MatchState
from games.engine.observation import MatchObservation, Observation, observation_of
from games.engine.state import Phase

#: (variant, players, options, seed) of the matches played.
CONFIGS: list[tuple[str, int, dict[str, Any], int]] = [
    ("cabrero", 3, {}, 1),
    ("cabrero", 3, {"renuncio": True, "acusar": True}, 12),  # the 4 of oros shown
    ("cabrero", 4, {"renuncio": True, "acusar": True}, 2),
    ("cabrero", 5, {"trump_rotation": True, "tiebreak": True}, 3),
    ("cabrero", 6, {"renuncio": True}, 4),
    ("cabrero", 3, {"playoff": True}, 5),
    ("chancho", 4, {"playoff": True}, 6),
    ("chancho", 5, {"renuncio": True, "acusar": True}, 7),
    ("dos", 2, {"games": 1}, 8),
    ("dos", 2, {}, 9),
    ("dos_ar", 2, {}, 10),
    ("parejas", 4, {"games": 1}, 11),
    ("arrastrado", 3, {"plate": True, "hands": 3}, 12),
    ("arrastrado", 4, {"hands": 4}, 13),
    ("arrastrado", 4, {"plate": True, "hands": 4}, 14),
    ("vtt", 4, {"coins_trump": True, "double_101": True}, 15),
    ("vtt", 4, {}, 16),
]


def random_action(match: MatchState, rng: random.Random) -> int:
    """A random legal action; accusations only in the accusation window at the end of a
    hand (accusing in the middle would stop most hands at once)."""
    legal = match.legal_actions()
    if match.hand.phase != Phase.WINDOW:
        legal = [a for a in legal if not A.ACCUSE <= a < A.ACCUSE + 6] or legal
    return legal[rng.randrange(len(legal))]


def random_matches() -> Iterator[MatchState]:
    """Each configured match at every step of a random playout (the same match object)."""
    for key, players, options, seed in CONFIGS:
        rng = random.Random(seed)
        match = get_variant(key).new_match(players=players, seed=seed, options=options)
        while True:
            yield match
            if match.is_terminal():
                break
            match.apply_action(random_action(match, rng))


def observations(match: MatchState, memory: bool = False) -> list[dict[str, Any]]:
    """The JSON observation of every seat and of a spectator (``memory``: a bot's)."""
    seats: list[int | None] = [*range(match.n), None]
    return [match.observation(seat, memory=memory) for seat in seats]


def pin(memory: bool) -> tuple[int, str]:
    """Steps played and the hash of every observation at every step."""
    digest = hashlib.sha256()
    steps = 0
    for match in random_matches():
        for obs in observations(match, memory):
            digest.update(json.dumps(obs).encode())
        steps += 1
    return steps, digest.hexdigest()


def test_observation_json_is_pinned() -> None:
    """What a screen is sent: only the last completed trick during a hand (RULES.md §1
    "Looking back"). Re-pinned when the history was trimmed."""
    assert pin(memory=False) == PINNED_OBSERVATIONS


def test_bot_observation_json_is_pinned() -> None:
    """What a bot is given (``memory=True``): every trick of the hand, as before the trimming;
    this pin is the one the observations had before it, so bots decide as they did."""
    assert pin(memory=True) == PINNED_MEMORY


PINNED_OBSERVATIONS = (3885, "fc38429c24166f14fa51929759237957cab368f158c6115c91cf2bc7979d2b40")
PINNED_MEMORY = (3885, "4ebc4825eee37953147f791ba2692523f97b1a614e1e0692e4c48442f78eca1a")


def test_from_json_reads_back_the_typed_value() -> None:
    """``from_json`` is the inverse of ``to_json`` (bots read a table's JSON observation)."""
    for match in random_matches():
        for seat in [*range(match.n), None]:
            typed = match.observe(seat)
            assert MatchObservation.from_json(typed.to_json()) == typed
            assert Observation.from_json(typed.hand.to_json()) == typed.hand
            assert observation_of(typed.to_json()) == typed.hand


def test_families_fill_their_own_part() -> None:
    parts = {
        "cabrero": {"cabrero"},
        "chancho": {"cabrero"},
        "dos": {"stock", "dos"},
        "dos_ar": {"stock"},
        "parejas": {"teams"},
        "vtt": {"teams", "vtt"},
        "arrastrado": {"arrastrado"},
    }
    for key, names in parts.items():
        variant = get_variant(key)
        obs = variant.new_hand(players=variant.players[0], seed=1).observe(0)
        families = ("cabrero", "arrastrado", "stock", "dos", "teams", "vtt")
        assert {n for n in families if getattr(obs, n) is not None} == names, key
        assert obs.hand is not None and len(obs.hand) == obs.hand_sizes[0]


def test_bots_read_the_typed_value_and_the_json_form_alike() -> None:
    for key in ("cabrero", "dos", "vtt", "arrastrado"):
        variant = get_variant(key)
        match = variant.new_match(players=variant.players[0], seed=5)
        seat = match.current_player()
        for level in LEVELS:
            typed = choose_action(level, match.observe(seat, memory=True), seed=3, iterations=10)
            as_json = choose_action(
                level, match.observation(seat, memory=True), seed=3, iterations=10
            )
            assert typed == as_json


def test_a_screen_sees_the_last_completed_trick_only() -> None:
    """RULES.md §1 "Looking back" (C-24): during a hand every seat and a spectator see the
    trick in play and the last completed trick, which stays until the next one completes;
    ``memory=True`` (a bot) keeps every trick; once the hand is over everything is shown."""
    checked = 0
    for match in random_matches():
        hand = match.hand
        if hand.variant.key == "dos" and "carried" in hand.setup.context:
            continue  # the second deal shows less (tests/engine/test_dos.py)
        tricks = [t.cards for t in hand.history]
        for seat in [*range(hand.n), None]:
            shown = [t.cards for t in hand.observe(seat).history]
            remembered = [t.cards for t in hand.observe(seat, memory=True).history]
            assert len(remembered) == len(tricks) == sum(hand.observe(seat).tricks_won)
            if hand.phase == Phase.END:
                assert len(shown) == len(tricks)
            else:
                assert len(shown) == min(1, len(tricks))
                assert shown == remembered[-1:]
        checked += 1
    assert checked > 3000
