"""The engine's error hierarchy.

Every error a player or a caller can provoke derives from :class:`TuteError` and carries a
message a person can read. Errors about an action (:class:`IllegalActionError` and its
subclasses) are raised *before* the state changes, so a state that raised is unchanged.

``code`` is a stable machine-readable name (for an API or a socket error frame, which may
translate it); ``str(error)`` is the English explanation; ``params`` holds the values the
message was built from, so a UI can render it in another language.
"""

from __future__ import annotations

from typing import Any


class TuteError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "tute_error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class NotationError(TuteError, ValueError):
    """A card, suit or action written in a notation the engine does not know."""

    code = "bad_notation"


class UnknownVariantError(TuteError, KeyError):
    """No variant is registered under that key."""

    code = "unknown_variant"

    def __str__(self) -> str:  # KeyError would quote the message
        return self.message


class SetupError(TuteError, ValueError):
    """A hand or match cannot be set up as asked (player count, options, dealer)."""

    code = "bad_setup"


class InvalidPlayerCountError(SetupError):
    """The variant is not played by that many players."""

    code = "bad_player_count"


class InvalidOptionError(SetupError):
    """An unknown option or a value the option does not take."""

    code = "bad_option"


class RecordError(TuteError, ValueError):
    """A record cannot be read or replayed."""

    code = "bad_record"


class IllegalActionError(TuteError, ValueError):
    """The action is not allowed now; the state is unchanged."""

    code = "illegal_action"


class GameOverError(IllegalActionError):
    """The hand or match has ended; no action is possible."""

    code = "game_over"


class NotYourTurnError(IllegalActionError):
    """A seat tried to act when it is another seat's turn."""

    code = "not_your_turn"


class WrongPhaseError(IllegalActionError):
    """An action of a kind the current phase does not admit (e.g. a canto while following)."""

    code = "wrong_phase"


class CardNotInHandError(IllegalActionError):
    """The card is not in the acting seat's hand."""

    code = "card_not_in_hand"


class ObligationError(IllegalActionError):
    """The card is in hand but breaks an obligation (follow suit, beat, trump)."""

    code = "obligation"
