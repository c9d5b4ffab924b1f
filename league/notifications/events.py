"""One function per event of another league app that a player is told of.

Each is the single call the app's service makes, inside its transaction: the notifications
are stored with the change and pushed or mailed only once it commits
(:func:`~league.notifications.services.notify`). They read the objects the service already
holds and never change them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league.clubs.models import Membership, User

from .kinds import Kind
from .services import notify

if TYPE_CHECKING:
    from league.competitions.models import Board, Fixture


def active_users(ids: list[int]) -> list[User]:
    return list(User.objects.filter(pk__in=ids, is_active=True).select_related("profile"))


def _entry_user_ids(seats: object) -> list[int]:
    ids: list[int] = []
    for seat in seats.select_related("entry").order_by("position"):  # type: ignore[attr-defined]
        ids.extend(seat.entry.user_ids())
    return ids


def board_table_opened(*, board: Board) -> None:
    """A tournament board's live table opened: each of its players is called to it."""
    rnd = board.round
    params = {"event": rnd.tournament.name, "round": rnd.number}
    for user in active_users(_entry_user_ids(board.seats)):
        notify(
            user=user,
            kind=Kind.TABLE_OPEN,
            params=params,
            url=board.table_url,
            key=f"table-open:{board.table_id}",
        )


def fixture_table_opened(*, fixture: Fixture, by: User) -> None:
    """A league fixture's table opened when its last player pressed "play now" (``by``, who
    goes to it): the others, who pressed it earlier and may be on another page, are called."""
    params = {"event": fixture.season.league.name, "round": fixture.round}
    ids = [i for i in _entry_user_ids(fixture.seats) if i != by.pk]
    for user in active_users(ids):
        notify(
            user=user,
            kind=Kind.TABLE_OPEN,
            params=params,
            url=fixture.table_url,
            key=f"table-open:{fixture.table_id}",
        )


def _event_and_params(played: Board | Fixture) -> tuple[Any, dict[str, Any]]:
    """The tournament or season a board or fixture belongs to, and the texts' values."""
    from league.competitions.models import Board

    if isinstance(played, Board):
        return played.round.tournament, {
            "event": played.round.tournament.name,
            "round": played.round.number,
        }
    return played.season, {"event": played.season.league.name, "round": played.round}


def result_set_by_organiser(*, played: Board | Fixture) -> None:
    """An organiser recorded or changed the result of a board or a fixture."""
    event, params = _event_and_params(played)
    for user in active_users(_entry_user_ids(played.seats)):
        notify(
            user=user,
            kind=Kind.RESULT_CHANGED,
            params=params,
            url=event.get_absolute_url(),
        )


def seats_forfeited(*, played: Board | Fixture, user_ids: list[int]) -> None:
    """The absence rule forfeited the seats of these players (they never appeared at the
    table of a board or a fixture before the minutes to appear ran out)."""
    event, params = _event_and_params(played)
    for user in active_users(user_ids):
        notify(
            user=user,
            kind=Kind.SEAT_FORFEITED,
            params=params,
            url=event.get_absolute_url(),
            key=f"forfeited:{played.table_id}",
        )


def _club_staff(membership: Membership, roles: tuple[str, ...]) -> list[User]:
    ids = list(
        Membership.objects.filter(
            club_id=membership.club_id, status=Membership.Status.ACTIVE, role__in=roles
        )
        .exclude(user_id=membership.user_id)
        .values_list("user_id", flat=True)
    )
    return active_users(ids)


def club_join_requested(*, membership: Membership) -> Membership:
    """A player asked to join a club: its organisers and admins, who answer, are told."""
    club = membership.club
    params = {"name": membership.user.public_name, "club": club.name}
    roles = (Membership.Role.ORGANISER, Membership.Role.ADMIN)
    for user in _club_staff(membership, roles):
        notify(user=user, kind=Kind.CLUB_REQUEST, params=params, url=club.get_absolute_url())
    return membership


def club_joined_by_invite(*, membership: Membership) -> Membership:
    """A player joined a club with its invitation link: its admins are told."""
    club = membership.club
    params = {"name": membership.user.public_name, "club": club.name}
    for user in _club_staff(membership, (Membership.Role.ADMIN,)):
        notify(user=user, kind=Kind.CLUB_JOINED, params=params, url=club.get_absolute_url())
    return membership
