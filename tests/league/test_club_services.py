"""Club services: every rule of clubs, roles, join requests and invitations."""

from __future__ import annotations

import pytest

from league.clubs import errors, services
from league.clubs.models import Club, Membership
from tests.factories import UserFactory, club_with

pytestmark = pytest.mark.django_db


def role_of(club: Club, user) -> tuple[str, str] | None:
    m = Membership.objects.filter(club=club, user=user).first()
    return (m.role, m.status) if m else None


def test_club_create_makes_the_owner_admin() -> None:
    owner = UserFactory()
    club = services.club_create(name="  Peña   del Tute ", owner=owner, description=" Hola ")
    assert club.name == "Peña del Tute"
    assert club.slug == "pena-del-tute"
    assert club.description == "Hola"
    assert club.created_by == owner
    assert len(club.invite_token) >= 16
    assert role_of(club, owner) == ("admin", "active")


def test_club_names_are_unique_whatever_the_case_and_nothing_is_half_written() -> None:
    services.club_create(name="Los Ases", owner=UserFactory())
    with pytest.raises(errors.ClubNameTakenError):
        services.club_create(name="los ases", owner=UserFactory())
    assert Club.objects.count() == 1
    assert Membership.objects.count() == 1


def test_club_slugs_stay_unique_and_avoid_reserved_words() -> None:
    owner = UserFactory()
    assert services.club_create(name="New", owner=owner).slug == "new-2"
    assert services.club_create(name="Ases!", owner=owner).slug == "ases"
    assert services.club_create(name="Ases?", owner=owner).slug == "ases-2"
    assert services.club_create(name="¿?", owner=owner).slug == "club"


def test_club_create_needs_a_name() -> None:
    with pytest.raises(errors.UserError):
        services.club_create(name="   ", owner=UserFactory())
    assert not Club.objects.exists()


def test_join_request_is_pending_and_cannot_be_repeated() -> None:
    player = UserFactory()
    club = club_with()
    services.club_request_join(club=club, user=player)
    assert role_of(club, player) == ("member", "pending")
    with pytest.raises(errors.AlreadyMemberError):
        services.club_request_join(club=club, user=player)
    assert Membership.objects.filter(club=club, user=player).count() == 1


def test_members_cannot_ask_to_join_again() -> None:
    member = UserFactory()
    club = club_with(members=[member])
    with pytest.raises(errors.AlreadyMemberError):
        services.club_request_join(club=club, user=member)


@pytest.mark.parametrize("approver_role", ["admin", "organiser"])
def test_organisers_and_admins_answer_join_requests(approver_role: str) -> None:
    organiser, asker, other = UserFactory(), UserFactory(), UserFactory()
    club = club_with(organisers=[organiser], pending=[asker, other])
    approver = organiser if approver_role == "organiser" else club.created_by
    membership = Membership.objects.get(club=club, user=asker)
    services.membership_approve(membership=membership, actor=approver)
    assert role_of(club, asker) == ("member", "active")
    with pytest.raises(errors.NotPendingError):
        services.membership_approve(membership=membership, actor=approver)
    services.membership_reject(
        membership=Membership.objects.get(club=club, user=other), actor=approver
    )
    assert role_of(club, other) is None
    services.club_request_join(club=club, user=other)  # may ask again
    assert role_of(club, other) == ("member", "pending")


def test_members_and_strangers_cannot_answer_requests() -> None:
    member, asker, stranger = UserFactory(), UserFactory(), UserFactory()
    club = club_with(members=[member], pending=[asker])
    membership = Membership.objects.get(club=club, user=asker)
    for actor in (member, stranger):
        with pytest.raises(errors.NotAllowedError):
            services.membership_approve(membership=membership, actor=actor)
        with pytest.raises(errors.NotAllowedError):
            services.membership_reject(membership=membership, actor=actor)
    assert role_of(club, asker) == ("member", "pending")


def test_pending_organiser_has_no_powers() -> None:
    asker, other = UserFactory(), UserFactory()
    club = club_with(pending=[asker, other])
    Membership.objects.filter(club=club, user=asker).update(role="organiser")
    with pytest.raises(errors.NotAllowedError):
        services.membership_approve(
            membership=Membership.objects.get(club=club, user=other), actor=asker
        )


def test_invitation_link_joins_directly_once() -> None:
    player = UserFactory()
    club = club_with()
    services.club_join_by_invite(token=club.invite_token, user=player)
    assert role_of(club, player) == ("member", "active")
    with pytest.raises(errors.AlreadyMemberError):
        services.club_join_by_invite(token=club.invite_token, user=player)
    assert Membership.objects.filter(club=club, user=player).count() == 1


def test_invitation_link_turns_a_pending_request_into_membership() -> None:
    asker = UserFactory()
    club = club_with(pending=[asker])
    services.club_join_by_invite(token=club.invite_token, user=asker)
    assert role_of(club, asker) == ("member", "active")


def test_unknown_invitation_link_is_refused() -> None:
    with pytest.raises(errors.InvalidInviteError):
        services.club_join_by_invite(token="nope", user=UserFactory())
    assert not Membership.objects.exists()


def test_only_admins_rotate_the_invitation_link() -> None:
    organiser = UserFactory()
    club = club_with(organisers=[organiser])
    old = club.invite_token
    with pytest.raises(errors.NotAllowedError):
        services.club_rotate_invite(club=club, actor=organiser)
    club.refresh_from_db()
    assert club.invite_token == old
    services.club_rotate_invite(club=club, actor=club.created_by)
    club.refresh_from_db()
    assert club.invite_token != old
    with pytest.raises(errors.InvalidInviteError):
        services.club_join_by_invite(token=old, user=UserFactory())


def test_admins_change_roles() -> None:
    member = UserFactory()
    club = club_with(members=[member])
    m = Membership.objects.get(club=club, user=member)
    services.membership_set_role(membership=m, role="organiser", actor=club.created_by)
    assert role_of(club, member) == ("organiser", "active")
    services.membership_set_role(membership=m, role="admin", actor=club.created_by)
    assert role_of(club, member) == ("admin", "active")


def test_organisers_cannot_change_roles() -> None:
    organiser, member = UserFactory(), UserFactory()
    club = club_with(organisers=[organiser], members=[member])
    m = Membership.objects.get(club=club, user=member)
    with pytest.raises(errors.NotAllowedError):
        services.membership_set_role(membership=m, role="admin", actor=organiser)
    assert role_of(club, member) == ("member", "active")


def test_role_must_be_one_of_the_roles() -> None:
    member = UserFactory()
    club = club_with(members=[member])
    m = Membership.objects.get(club=club, user=member)
    with pytest.raises(errors.InvalidRoleError):
        services.membership_set_role(membership=m, role="king", actor=club.created_by)
    assert role_of(club, member) == ("member", "active")


def test_a_pending_request_gets_no_role() -> None:
    asker = UserFactory()
    club = club_with(pending=[asker])
    m = Membership.objects.get(club=club, user=asker)
    with pytest.raises(errors.NotMemberError):
        services.membership_set_role(membership=m, role="organiser", actor=club.created_by)


def test_the_last_admin_cannot_step_down() -> None:
    club = club_with()
    admin = club.created_by
    m = Membership.objects.get(club=club, user=admin)
    with pytest.raises(errors.LastAdminError):
        services.membership_set_role(membership=m, role="member", actor=admin)
    assert role_of(club, admin) == ("admin", "active")


def test_the_last_admin_cannot_leave_but_can_after_handing_over() -> None:
    member = UserFactory()
    club = club_with(members=[member])
    admin = club.created_by
    with pytest.raises(errors.LastAdminError):
        services.club_leave(club=club, user=admin)
    assert role_of(club, admin) == ("admin", "active")
    services.membership_set_role(
        membership=Membership.objects.get(club=club, user=member), role="admin", actor=admin
    )
    services.club_leave(club=club, user=admin)
    assert role_of(club, admin) is None
    assert role_of(club, member) == ("admin", "active")


def test_members_leave_and_strangers_cannot() -> None:
    member, asker, stranger = UserFactory(), UserFactory(), UserFactory()
    club = club_with(members=[member], pending=[asker])
    services.club_leave(club=club, user=member)
    services.club_leave(club=club, user=asker)  # withdraws the request
    assert role_of(club, member) is None
    assert role_of(club, asker) is None
    with pytest.raises(errors.NotMemberError):
        services.club_leave(club=club, user=stranger)


def test_admins_remove_members_but_not_themselves() -> None:
    member, organiser = UserFactory(), UserFactory()
    club = club_with(members=[member], organisers=[organiser])
    admin = club.created_by
    with pytest.raises(errors.NotAllowedError):
        services.membership_remove(
            membership=Membership.objects.get(club=club, user=member), actor=organiser
        )
    services.membership_remove(
        membership=Membership.objects.get(club=club, user=member), actor=admin
    )
    assert role_of(club, member) is None
    with pytest.raises(errors.UserError):
        services.membership_remove(
            membership=Membership.objects.get(club=club, user=admin), actor=admin
        )
    assert role_of(club, admin) == ("admin", "active")


def test_club_update_is_for_admins_and_keeps_names_unique() -> None:
    organiser = UserFactory()
    club = club_with(organisers=[organiser], name="Uno")
    club_with(name="Dos")
    with pytest.raises(errors.NotAllowedError):
        services.club_update(club=club, actor=organiser, name="Tres", description="")
    with pytest.raises(errors.ClubNameTakenError):
        services.club_update(club=club, actor=club.created_by, name="DOS", description="")
    services.club_update(club=club, actor=club.created_by, name="Uno bis", description="x")
    club.refresh_from_db()
    assert (club.name, club.slug, club.description) == ("Uno bis", "uno", "x")
