"""The Tute rules engine: pure Python, no Django, usable alone (``python -m games.engine``).

Public API::

    from games.engine import get_variant
    match = get_variant("cabrero").new_match(players=4, seed=7)
    while not match.is_terminal():
        seat = match.current_player()
        action = match.legal_actions()[0]
        match.apply_action(action, seat)
    match.result().places

Modules, one role each:

* :mod:`~games.engine.cards` (cards and masks), :mod:`~games.engine.actions` (actions as ints),
  :mod:`~games.engine.rules` (obligations and trick winners), :mod:`~games.engine.deal` (the
  seeded shuffle);
* a hand: :mod:`~games.engine.values` (its value types: ``Phase``, ``HandSetup``, ``Canto``,
  ``Trick``, ``HandResult``, ``MatchResult``), :mod:`~games.engine.hooks` (the rule hooks a
  variant overrides, with the standard rules), :mod:`~games.engine.state` (the state machine,
  ``HandState``), :mod:`~games.engine.copies` (its generated copies);
* what a seat may know: :mod:`~games.engine.observation` (``Observation``,
  ``MatchObservation``: typed, with ``to_json``/``from_json``) and
  :mod:`~games.engine.observation_parts` and :mod:`~games.engine.observation_families` (their
  parts, one per family of variants);
* :mod:`~games.engine.match` (a match), :mod:`~games.engine.variant` (descriptions: players,
  sides, options with their labels, names; the registry), :mod:`~games.engine.variants` (one
  module per variant, or a few by role for the big ones: ``cabrero_hand``,
  ``cabrero_renuncio``, ``cabrero_match``; ``arrastrado_hand``, ``arrastrado_stakes``,
  ``arrastrado_match``);
* :mod:`~games.engine.records` (JSON records and replay), :mod:`~games.engine.conformance`,
  :mod:`~games.engine.bots`, and the command line (``simulate``, ``bench``, ``arena``).

>>> m = get_variant("cabrero").new_match(players=4, seed=1)
>>> m.hand.trump, len(m.legal_actions())
(0, 10)
"""

from games.engine import compiled as _compiled  # first: picks the pure or compiled build
from games.engine import variants as _variants  # noqa: F401  (registers the variants)
from games.engine.actions import action_to_notation, parse_action
from games.engine.cards import Card, Suit, mask_of, notation_of_mask, parse_card
from games.engine.errors import (
    CardNotInHandError,
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    InvalidPlayerCountError,
    NotationError,
    NotYourTurnError,
    ObligationError,
    RecordError,
    SetupError,
    TuteError,
    UnknownVariantError,
    WrongPhaseError,
)
from games.engine.match import MatchResult, MatchState
from games.engine.observation import MatchObservation, Observation
from games.engine.state import HandResult, HandSetup, HandState, Phase
from games.engine.variant import REGISTRY, Option, Variant

#: The build this process runs, ``"pure"`` or ``"compiled"`` (:mod:`games.engine.compiled`).
BUILD: str = _compiled.ACTIVE


def get_variant(key: str) -> Variant:
    """The variant registered under ``key``; :class:`UnknownVariantError` otherwise.

    >>> get_variant("dos_xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.errors.UnknownVariantError: Unknown variant 'dos_xx'. Known: ..., cabrero, ...
    """
    try:
        return REGISTRY[key]
    except (KeyError, TypeError):
        known = ", ".join(sorted(REGISTRY))
        raise UnknownVariantError(
            f"Unknown variant {key!r}. Known: {known}.", variant=key
        ) from None


def variant_keys() -> list[str]:
    """Keys of the registered variants."""
    return sorted(REGISTRY)


__all__ = [
    "Card",
    "CardNotInHandError",
    "GameOverError",
    "HandResult",
    "HandSetup",
    "HandState",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidPlayerCountError",
    "MatchObservation",
    "MatchResult",
    "MatchState",
    "NotYourTurnError",
    "NotationError",
    "ObligationError",
    "Observation",
    "Option",
    "Phase",
    "RecordError",
    "SetupError",
    "Suit",
    "TuteError",
    "UnknownVariantError",
    "Variant",
    "WrongPhaseError",
    "action_to_notation",
    "get_variant",
    "mask_of",
    "notation_of_mask",
    "parse_action",
    "parse_card",
    "variant_keys",
]
