"""The chat's user errors: :class:`games.errors.TableError` subclasses, so the table socket
sends them as ``error`` frames (stable ``code``, translated message) and the API as 4xx."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.errors import TableError, TablePermissionError


class ChatError(TableError):
    code = "chat_error"

    def default_message(self) -> str:
        return _("That message cannot be sent.")


class ChatEmptyError(ChatError):
    code = "chat_empty"

    def default_message(self) -> str:
        return _("Write a message or choose a quick phrase.")


class ChatTooLongError(ChatError):
    code = "chat_too_long"

    def default_message(self) -> str:
        return _("The message is too long: at most %(limit)s characters.") % {
            "limit": self.params.get("limit", 0)
        }


class ChatUnknownPhraseError(ChatError):
    code = "chat_bad_phrase"

    def default_message(self) -> str:
        return _("There is no such quick phrase.")


class ChatTooFastError(ChatError):
    code = "chat_too_fast"

    def default_message(self) -> str:
        return _("You are writing too fast: wait a few seconds.")


class ChatOffError(ChatError):
    code = "chat_off"

    def default_message(self) -> str:
        return _("The chat is turned off at this table.")


class ChatForbiddenError(TablePermissionError):
    """Not allowed to read or write this table's chat, to mute or report that."""

    code = "chat_forbidden"

    def default_message(self) -> str:
        return _("You may not do that in this table's chat.")


class ChatReportError(ChatError):
    code = "chat_bad_report"

    def default_message(self) -> str:
        return _("That message cannot be reported.")
