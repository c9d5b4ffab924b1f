"""Domain errors of live tables.

Every :class:`TableError` is a *user* error: something a player asked for that cannot be done.
It carries a stable ``code`` (sent in WebSocket error frames and used by tests) and a message
already translated into the language active when it was raised (``gettext``, not lazy: the
service runs inside the request's or the socket's language). Views show the message on the
page; consumers send it in an error frame. Anything else a service raises is a bug.

:class:`IllegalMoveError` wraps an engine :class:`~games.engine.IllegalActionError`: its code
is the engine's (``obligation``, ``card_not_in_hand``, ``not_your_turn``...) and its message is
the engine's explanation in the player's language (:mod:`games.messages`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


class TableError(Exception):
    """A request about a table that cannot be met; ``message`` says why, for the player."""

    code = "table_error"

    def __init__(self, message: str | None = None, **params: Any) -> None:
        self.params = params
        self.message = message if message is not None else self.default_message()
        super().__init__(self.message)

    def default_message(self) -> str:
        return _("That cannot be done at this table.")

    def __str__(self) -> str:
        return str(self.message)


class TableNotFoundError(TableError):
    code = "table_not_found"

    def default_message(self) -> str:
        return _("There is no such table.")


class TablePermissionError(TableError):
    """The player may not do that here (not the table's creator, a private table...)."""

    code = "forbidden"

    def default_message(self) -> str:
        return _("You may not do that at this table.")


class InvalidTableSettingsError(TableError):
    """The variant, player count or options asked for a new table are not valid."""

    code = "bad_settings"

    def default_message(self) -> str:
        return _("Those table settings are not valid.")


class TableNotOpenError(TableError):
    code = "table_not_open"

    def default_message(self) -> str:
        return _("The game at this table has already started or ended.")


class TableNotPlayingError(TableError):
    code = "table_not_playing"

    def default_message(self) -> str:
        return _("There is no game in play at this table.")


class TableAbandonedError(TableNotPlayingError):
    """The table was abandoned: no move, seat change or second abandonment applies."""

    code = "table_abandoned"

    def default_message(self) -> str:
        return _("This table was abandoned: its game cannot go on.")


class TableFinishedError(TableError):
    """The match is over (it has a result): it cannot be abandoned."""

    code = "table_finished"

    def default_message(self) -> str:
        return _("The match at this table is over: it cannot be abandoned.")


class TableCancelledError(TableError):
    """The table was closed before its game started: there is nothing to abandon."""

    code = "table_cancelled"

    def default_message(self) -> str:
        return _("This table was closed before its game started.")


class AbandonReasonError(TableError):
    """The reason given for abandoning a table is too long (``params["limit"]``)."""

    code = "bad_reason"

    def default_message(self) -> str:
        return _("The reason is too long: at most %(limit)s characters.") % {
            "limit": self.params.get("limit", 0)
        }


class SeatTakenError(TableError):
    code = "seat_taken"

    def default_message(self) -> str:
        return _("That seat is taken.")


class TableFullError(TableError):
    code = "table_full"

    def default_message(self) -> str:
        return _("Every seat at this table is taken.")


class AlreadySeatedError(TableError):
    code = "already_seated"

    def default_message(self) -> str:
        return _("You already have a seat at this table.")


class NotSeatedError(TableError):
    code = "not_seated"

    def default_message(self) -> str:
        return _("You do not sit at this table.")


class InvitationRequiredError(TableError):
    code = "invitation_required"

    def default_message(self) -> str:
        return _("This table is private: you need its invitation link.")


class BotsNotAllowedError(TableError):
    code = "bots_not_allowed"

    def default_message(self) -> str:
        return _("Bots cannot sit at a rated table.")


class UnknownBotLevelError(TableError):
    code = "bad_bot_level"

    def default_message(self) -> str:
        return _("There is no bot of that level.")


class StaleVersionError(TableError):
    """The client acted on a state that is no longer the table's: nothing was applied.

    ``params["version"]`` is the table's current version.
    """

    code = "stale_version"

    def default_message(self) -> str:
        return _("The table moved on before your move arrived; it was not played. Look again.")


class NotYourTurnError(TableError):
    code = "not_your_turn"

    def default_message(self) -> str:
        return _("It is not your turn.")


class IllegalMoveError(TableError):
    """The engine refused the action; ``code`` is the engine error's code."""

    def __init__(self, message: str, *, code: str, **params: Any) -> None:
        self.code = code
        super().__init__(message, **params)


class BadFrameError(TableError):
    """A WebSocket frame the protocol does not know (consumers only)."""

    code = "bad_frame"

    def default_message(self) -> str:
        return _("The message from your browser could not be understood. Reload the page.")
