"""What every competition service shares: the clock, who may act, the change log, entries.

Services that depend on the time take ``now`` (tests freeze the clock by passing it);
:func:`current_time` resolves it. Organiser actions call :func:`require_organiser`, which raises
:class:`~league.competitions.errors.CompetitionPermissionError` (a 403) for anyone who is not an
active organiser or admin of the club. Every organiser change that alters a result or a pairing
is written to the :class:`~league.competitions.models.ChangeLog` by :func:`log_change`, with the
reason the organiser gave.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import formats as dj_formats
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clubs.models import Club, Membership

from .. import errors, formats
from ..models import ChangeLog, League, Season, Shape, Tournament

#: ``source_kind`` of the live tables a tournament board or a league fixture opens.
BOARD_SOURCE = "competitions.board"
FIXTURE_SOURCE = "competitions.fixture"


def current_time(now: datetime | None) -> datetime:
    return now or timezone.now()


def when_text(moment: datetime) -> str:
    return dj_formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def active_membership(club: Club, user: Any) -> Membership | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Membership.objects.filter(club=club, user=user, status=Membership.Status.ACTIVE).first()


def require_organiser(club: Club, user: Any) -> None:
    membership = active_membership(club, user)
    if membership is None or not membership.can_organise:
        raise errors.CompetitionPermissionError(
            _("Only the club's organisers and admins can do that.")
        )


def require_user(user: Any) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise errors.CompetitionPermissionError(_("Log in first."))


def clean_reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise errors.CompetitionError(_("Say why: the reason is kept in the change log."))
    return reason[:1000]


def log_change(
    *,
    kind: str,
    by: Any,
    reason: str,
    summary: str,
    before: dict[str, Any],
    after: dict[str, Any],
    tournament: Tournament | None = None,
    season: Season | None = None,
) -> ChangeLog:
    return ChangeLog.objects.create(
        kind=kind,
        by=by,
        reason=reason,
        summary=summary,
        before=before,
        after=after,
        tournament=tournament,
        season=season,
    )


def scheme_of(event: Tournament | League) -> dict[int, tuple[int, ...]]:
    return formats.scheme_from_json(event.scoring)


def check_partner(*, shape: str, user: Any, partner: Any, club: Club, members_only: bool) -> None:
    if shape != Shape.PAIRS:
        if partner is not None:
            raise errors.RegistrationError(_("This game is not played in pairs."))
        return
    if partner is None:
        raise errors.RegistrationError(_("This game is played in pairs: choose your partner."))
    if partner.pk == user.pk:
        raise errors.RegistrationError(_("Your partner must be another player."))
    if members_only and active_membership(club, partner) is None:
        raise errors.RegistrationError(
            _("%(name)s is not a member of %(club)s.")
            % {"name": partner.public_name, "club": club.name}
        )


def player_or_partner(user: Any) -> Q:
    return Q(player=user) | Q(partner=user)


def taken_by(entries: Any, users: Sequence[Any]) -> Any:
    """The first of ``entries`` in which any of ``users`` plays (as player or partner)."""
    ids = [u.pk for u in users if u is not None]
    for entry in entries.select_related("player", "partner"):
        if entry.player_id in ids or entry.partner_id in ids:
            return entry
    return None


def locked_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)
