"""Errors of accounts and clubs: user errors (see :mod:`league.errors`) with a message."""

from __future__ import annotations

from league.errors import NotAllowedError, UserError

__all__ = [
    "AlreadyMemberError",
    "ClubNameTakenError",
    "InvalidInviteError",
    "InvalidRoleError",
    "LastAdminError",
    "NotAllowedError",
    "NotMemberError",
    "NotPendingError",
    "UserError",
]


class ClubNameTakenError(UserError):
    pass


class AlreadyMemberError(UserError):
    pass


class NotMemberError(UserError):
    pass


class LastAdminError(UserError):
    """A club must keep at least one admin."""


class InvalidInviteError(UserError):
    pass


class InvalidRoleError(UserError):
    pass


class NotPendingError(UserError):
    pass
