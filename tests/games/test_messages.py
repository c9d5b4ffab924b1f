"""games.messages: the engine's codes and English texts in the player's language."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from django.utils import translation

from games import messages
from games.engine import get_variant, parse_action, variants
from games.engine.errors import ObligationError, TuteError


def engine_reasons() -> set[str]:
    found: set[str] = set()
    for module in pkgutil.iter_modules(variants.__path__):
        reasons = getattr(
            importlib.import_module(f"{variants.__name__}.{module.name}"), "REASONS", None
        )
        if isinstance(reasons, dict):
            found.update(reasons.values())
    return found


def test_every_reason_the_engine_gives_is_translated() -> None:
    missing = engine_reasons() - messages.known_reasons()
    assert not missing, f"add these to games/messages.py: {sorted(missing)}"
    with translation.override("es"):
        for english in engine_reasons():
            assert messages.hand_reason("x", english) != english


def test_an_obligation_error_in_spanish_and_english() -> None:
    # Play until the seat to act holds a card the obligations forbid, and try it.
    match = get_variant("cabrero").new_match(players=4, seed=11)
    error = None
    for _ in range(40):
        hand = match.hand
        legal = set(match.legal_actions())
        held = [parse_action(c) for c in hand.hand_of(match.current_player())]
        illegal = [c for c in held if c not in legal]
        if illegal and hand.trick:
            try:
                match.apply_action(illegal[0], match.current_player())
            except ObligationError as exc:
                error = exc
                break
        match.apply_action(sorted(legal)[0], match.current_player())
    assert error is not None
    with translation.override("es"):
        spanish = messages.engine_error_message(error)
    with translation.override("en"):
        english = messages.engine_error_message(error)
    assert spanish.startswith(("Debe", "No tiene")) and english.startswith(("You must", "You have"))
    with translation.override("en"):
        assert all(messages.card_name(c) in english for c in error.params["legal"])


@pytest.mark.parametrize(
    ("code", "params", "spanish"),
    [
        ("card_not_in_hand", {"card": "12B"}, "No tiene el rey de bastos."),
        ("not_your_turn", {"turn": 2}, "No es su turno."),
        ("bad_notation", {}, "Esa no es una jugada de este juego."),
    ],
)
def test_engine_error_codes(code: str, params: dict[str, object], spanish: str) -> None:
    error = TuteError("whatever the engine said", **params)
    error.code = code
    with translation.override("es"):
        assert messages.engine_error_message(error) == spanish


def test_fixed_engine_messages_are_translated() -> None:
    error = TuteError("You can only sing right after winning a trick, once.")
    error.code = "wrong_phase"
    with translation.override("es"):
        assert messages.engine_error_message(error).startswith("Solo puede cantar")
    error = TuteError("Something new the engine says.")
    error.code = "wrong_phase"
    with translation.override("en"):
        assert messages.engine_error_message(error) == "That is not possible now."


def test_action_labels_follow_the_trump() -> None:
    with translation.override("es"):
        assert messages.action_label("sing:O", trump="O") == "Cantar las cuarenta en oros"
        assert messages.action_label("sing:C", trump="O") == "Cantar las veinte en copas"
        assert messages.action_label("capote") == "Anunciar capote"
    with translation.override("en"):
        assert messages.action_label("accuse:2") == "Accuse seat 3 of renuncio"


def test_variant_names_and_unknown_keys() -> None:
    with translation.override("es"):
        assert messages.variant_name("dos") == "Tute para dos (español)"
    assert messages.variant_name("no_such_variant") == "no_such_variant"
    assert messages.option_label("brand_new_option") == "Brand new option"
