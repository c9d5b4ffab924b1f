"""Factories for the whole suite (factory_boy). Every user gets a profile (a signal makes it).

``club_with(...)`` builds a club and its members in one call, through the services, so that
tests start from states the site itself can reach.
"""

from __future__ import annotations

from collections.abc import Iterable

import factory
from factory.django import DjangoModelFactory

from league.clubs import services
from league.clubs.models import Club, Membership, User

PASSWORD = "a-good-long-password-42"


class UserFactory(DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def display_name(self, create: bool, extracted: str | None, **kwargs: object) -> None:
        if create and extracted:
            self.profile.display_name = extracted
            self.profile.save(update_fields=["display_name"])


class ClubFactory(DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    description = "Martes y jueves en el bar."


class MembershipFactory(DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.MEMBER
    status = Membership.Status.ACTIVE


def club_with(
    *,
    admin: User | None = None,
    organisers: Iterable[User] = (),
    members: Iterable[User] = (),
    pending: Iterable[User] = (),
    name: str | None = None,
) -> Club:
    """A club made by ``admin`` (a new user if None) with the given members and requests."""
    admin = admin or UserFactory()
    club = services.club_create(name=name or f"Club of {admin.username}", owner=admin)
    for user in organisers:
        MembershipFactory(club=club, user=user, role=Membership.Role.ORGANISER)
    for user in members:
        MembershipFactory(club=club, user=user)
    for user in pending:
        MembershipFactory(club=club, user=user, status=Membership.Status.PENDING)
    return club
