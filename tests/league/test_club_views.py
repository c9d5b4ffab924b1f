"""Club pages: what each role sees and may do, and how refusals are shown."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Membership
from tests.factories import UserFactory, club_with

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def url(name: str, club: Club, membership: Membership | None = None) -> str:
    kwargs: dict[str, object] = {"slug": club.slug}
    if membership is not None:
        kwargs["membership_id"] = membership.pk
    return reverse(f"league:{name}", kwargs=kwargs)


def test_club_list_and_page_are_public() -> None:
    member = UserFactory(display_name="Carmen López")
    club = club_with(members=[member], name="Peña Central")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    listing = client.get(reverse("league:club_list")).content.decode()
    assert "Peña Central" in listing
    assert "2 members" in listing
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Carmen López" in page
    assert "Log in to ask to join this club." in page
    assert club.invite_token not in page


def test_unknown_club_is_404() -> None:
    assert Client().get("/clubs/nowhere/").status_code == 404


def test_create_club_from_the_form(user, client_for) -> None:
    client = client_for(user)
    assert client.get(reverse("league:club_create")).status_code == 200
    response = client.post(
        reverse("league:club_create"), {"name": "Peña Central", "description": "Los martes"}
    )
    club = Club.objects.get()
    assert response.status_code == 302
    assert response.url == club.get_absolute_url()
    assert Membership.objects.get(club=club).user == user
    page = client.get(response.url).content.decode()
    assert "Your club is ready." in page
    assert club.invite_token in page  # the admin sees the invitation link


def test_create_club_with_a_taken_name_shows_the_error(user, client_for) -> None:
    club_with(name="Peña Central")
    response = client_for(user).post(reverse("league:club_create"), {"name": "peña central"})
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert Club.objects.count() == 1


def test_create_club_needs_login() -> None:
    response = Client().post(reverse("league:club_create"), {"name": "X"})
    assert response.status_code == 302
    assert not Club.objects.exists()


def test_ask_to_join_twice_gets_a_clear_message(user, client_for) -> None:
    club = club_with()
    client = client_for(user)
    first = client.post(url("club_join_request", club))
    assert first.status_code == 302
    assert "Your request has been sent." in " ".join(messages_of(first))
    second = client.post(url("club_join_request", club), follow=True)
    assert "You have already asked to join" in second.content.decode()
    assert Membership.objects.filter(club=club, user=user).count() == 1
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Withdraw my request" in page


def test_join_request_is_post_only(user, client_for) -> None:
    club = club_with()
    assert client_for(user).get(url("club_join_request", club)).status_code == 405
    assert not Membership.objects.filter(user=user).exists()


def test_organiser_approves_a_request(user, other_user, client_for) -> None:
    club = club_with(organisers=[user], pending=[other_user])
    request = Membership.objects.get(club=club, user=other_user)
    client = client_for(user)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Requests to join" in page
    assert club.invite_token in page  # organisers may invite
    response = client.post(url("membership_approve", club, request), follow=True)
    assert "Bruno Rossi is now a member." in response.content.decode()
    request.refresh_from_db()
    assert request.is_active


def test_member_cannot_approve_403(user, other_user, client_for) -> None:
    club = club_with(members=[user], pending=[other_user])
    request = Membership.objects.get(club=club, user=other_user)
    client = client_for(user)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Requests to join" not in page
    assert club.invite_token not in page
    response = client.post(url("membership_approve", club, request))
    assert response.status_code == 403
    assert "Only the club&#x27;s organisers and admins can do that." in response.content.decode()
    request.refresh_from_db()
    assert not request.is_active


def test_membership_of_another_club_is_404(user, other_user, client_for) -> None:
    mine = club_with(admin=user)
    theirs = club_with(pending=[other_user])
    request = Membership.objects.get(club=theirs, user=other_user)
    response = client_for(user).post(url("membership_approve", mine, request))
    assert response.status_code == 404
    request.refresh_from_db()
    assert not request.is_active


def test_htmx_request_gets_the_members_partial(user, other_user, client_for) -> None:
    club = club_with(admin=user, pending=[other_user])
    request = Membership.objects.get(club=club, user=other_user)
    response = client_for(user).post(
        url("membership_approve", club, request), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="members"' in html
    assert "Bruno Rossi is now a member." in html
    assert "2 members" in html


def test_admin_changes_a_role_and_sees_refusals(user, other_user, client_for) -> None:
    club = club_with(admin=user, members=[other_user])
    theirs = Membership.objects.get(club=club, user=other_user)
    mine = Membership.objects.get(club=club, user=user)
    client = client_for(user)
    client.post(url("membership_role", club, theirs), {"role": "organiser"})
    theirs.refresh_from_db()
    assert theirs.role == "organiser"
    response = client.post(url("membership_role", club, theirs), {"role": "emperor"}, follow=True)
    assert "Choose one of the roles offered." in response.content.decode()
    theirs.refresh_from_db()
    assert theirs.role == "organiser"
    response = client.post(url("membership_role", club, mine), {"role": "member"}, follow=True)
    assert "needs at least one admin" in response.content.decode()
    mine.refresh_from_db()
    assert mine.role == "admin"


def test_organiser_cannot_change_roles_or_remove_403(user, other_user, client_for) -> None:
    club = club_with(organisers=[user], members=[other_user])
    theirs = Membership.objects.get(club=club, user=other_user)
    client = client_for(user)
    assert client.post(url("membership_role", club, theirs), {"role": "admin"}).status_code == 403
    assert client.post(url("membership_remove", club, theirs)).status_code == 403
    assert client.post(url("club_invite_rotate", club)).status_code == 403
    assert client.get(url("club_edit", club)).status_code == 403
    theirs.refresh_from_db()
    assert theirs.role == "member"


def test_admin_removes_a_member(user, other_user, client_for) -> None:
    club = club_with(admin=user, members=[other_user])
    theirs = Membership.objects.get(club=club, user=other_user)
    page = client_for(user).get(reverse("league:club_detail", args=[club.slug])).content.decode()
    # One click does not remove anybody: the button only opens a confirmation naming him.
    assert '<summary class="button button-danger">Remove…</summary>' in page
    assert "Yes, remove Bruno Rossi from the club" in page
    response = client_for(user).post(url("membership_remove", club, theirs), follow=True)
    assert "Bruno Rossi is no longer in the club." in response.content.decode()
    assert not Membership.objects.filter(pk=theirs.pk).exists()


def test_last_admin_leaving_gets_a_clear_error(user, client_for) -> None:
    club = club_with(admin=user)
    response = client_for(user).post(url("club_leave", club), follow=True)
    assert "You are the last admin of" in response.content.decode()
    assert Membership.objects.filter(club=club, user=user).exists()


def test_member_leaves(user, client_for) -> None:
    club = club_with(members=[user])
    response = client_for(user).post(url("club_leave", club))
    assert response.url == reverse("league:club_list")
    assert not Membership.objects.filter(club=club, user=user).exists()


def test_invitation_link_page_then_join(user, client_for) -> None:
    club = club_with(name="Peña Central")
    client = client_for(user)
    invite = club.get_invite_path()
    page = client.get(invite)
    assert page.status_code == 200
    assert "Join Peña Central" in page.content.decode()
    assert not Membership.objects.filter(user=user).exists()  # a GET changes nothing
    response = client.post(invite, follow=True)
    assert "Welcome to Peña Central!" in response.content.decode()
    assert Membership.objects.get(club=club, user=user).is_active
    again = client.get(invite, follow=True)
    assert "You are already a member of Peña Central." in again.content.decode()


def test_invitation_link_for_visitors_goes_through_login() -> None:
    club = club_with()
    response = Client().get(club.get_invite_path())
    assert response.status_code == 302
    assert response.url == f"{reverse('account_login')}?next={club.get_invite_path()}"


def test_stale_invitation_link_is_404_with_a_message(user, client_for) -> None:
    club = club_with()
    old = club.get_invite_path()
    client_for(club.created_by).post(url("club_invite_rotate", club))
    client = client_for(user)
    response = client.get(old)
    assert response.status_code == 404
    assert "no longer valid" in response.content.decode()
    assert client.post(old).status_code == 404
    assert not Membership.objects.filter(user=user).exists()


def test_admin_edits_the_club(user, client_for) -> None:
    club = club_with(admin=user, name="Uno")
    client = client_for(user)
    assert client.get(url("club_edit", club)).status_code == 200
    response = client.post(url("club_edit", club), {"name": "Uno y Dos", "description": "Nuevo"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.description) == ("Uno y Dos", "Nuevo")


def test_home_lists_my_clubs_and_waiting_requests(user, other_user, client_for) -> None:
    club_with(admin=user, name="Peña Central", pending=[other_user])
    html = client_for(user).get("/").content.decode()
    assert "Peña Central" in html
    assert "A player is waiting for your answer to join a club." in html


def test_home_tells_a_newcomer_what_to_do() -> None:
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    assert "Create your account" in html
    assert reverse("account_signup") in html
    assert reverse("account_login") in html
