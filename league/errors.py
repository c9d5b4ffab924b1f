"""Domain errors of the league app.

Every ``LeagueError`` is a user error: its message is translated and meant for the page (views
show it with django messages). ``LeaguePermissionError`` is the kind a view answers with 403.
"""

from __future__ import annotations


class LeagueError(Exception):
    """Something a player asked for that cannot be done; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class LeaguePermissionError(LeagueError):
    """The player's role does not allow the action."""


class ClubNameTakenError(LeagueError):
    pass


class AlreadyMemberError(LeagueError):
    pass


class NotMemberError(LeagueError):
    pass


class LastAdminError(LeagueError):
    """A club must keep at least one admin."""


class InvalidInviteError(LeagueError):
    pass


class InvalidRoleError(LeagueError):
    pass


class NotPendingError(LeagueError):
    pass
