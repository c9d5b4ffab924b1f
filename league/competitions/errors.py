"""Domain errors of competitions.

They extend :mod:`league.errors`, so the views handle them like every league error: a
:class:`CompetitionError` is a user error whose translated message goes on the page; a
:class:`CompetitionPermissionError` (someone who is not an organiser of the club) is answered
with 403. Nothing is written when one is raised: every service is atomic.
"""

from __future__ import annotations

from league.errors import NotAllowedError, UserError


class CompetitionError(UserError):
    """A request about a tournament or a league that cannot be met; the message says why."""


class CompetitionPermissionError(NotAllowedError):
    """Only the club's organisers and admins may do that."""


class InvalidSettingsError(CompetitionError):
    """The settings of a new tournament or league are not valid."""


class RegistrationError(CompetitionError):
    """Registering, withdrawing or checking in is not possible now (window, capacity...)."""


class AlreadyRegisteredError(RegistrationError):
    pass


class NotRegisteredError(RegistrationError):
    pass


class RoundError(CompetitionError):
    """A round cannot be paired or started now (the previous one is unfinished...)."""


class PairingChangeError(CompetitionError):
    pass


class MatchNotOverError(CompetitionError):
    """A result was given for a match that has not ended."""


class ResultError(CompetitionError):
    """A result that cannot be recorded (places that do not fit the table...)."""


class SeasonError(CompetitionError):
    """A season cannot be started, played or closed in its present state."""


class FixtureError(CompetitionError):
    """A fixture cannot be played now (outside its window, not one of its players...)."""
