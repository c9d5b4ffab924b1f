"""The user errors every league app raises (clubs, competitions, rankings).

A :class:`UserError` is a user error: its message is translated and meant for the person who
asked (pages show it with django messages, the API answers 400 with it, see
:mod:`league.api.exceptions` and :mod:`league.view_actions`). :class:`NotAllowedError` is the
kind answered with 403: the person's role does not allow the action. Each app derives its own
errors from these two (:mod:`league.clubs.errors`, :mod:`league.competitions.errors`).
"""

from __future__ import annotations


class UserError(Exception):
    """Something a player asked for that cannot be done; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class NotAllowedError(UserError):
    """The player's role does not allow the action."""
