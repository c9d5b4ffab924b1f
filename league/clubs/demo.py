"""Demo data of the league app: four players and a club (``manage.py seed_demo``).

Idempotent: what exists is left as it is, so running it again keeps every change made on the
site. Every demo player's password is ``settings.TUTE_DEMO_PASSWORD``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import transaction

from . import services
from .models import Club, Membership, User

DEMO_CLUB = "Club Tute Demo"

# user name, display name, country, language, role in the demo club
DEMO_PLAYERS = [
    ("ana", "Ana García", "ES", "es", Membership.Role.ADMIN),
    ("bruno", "Bruno Rossi", "AR", "es", Membership.Role.ORGANISER),
    ("carmen", "Carmen López", "ES", "es", Membership.Role.MEMBER),
    ("diego", "Diego Fernández", "UY", "en", Membership.Role.MEMBER),
]


def demo_users() -> dict[str, User]:
    return {u.username: u for u in User.objects.filter(username__in=[p[0] for p in DEMO_PLAYERS])}


@transaction.atomic
def seed(*, log: Callable[[str], None] = print) -> None:
    users = demo_users()
    for username, display_name, country, language, _role in DEMO_PLAYERS:
        if username in users:
            continue
        users[username] = services.user_create(
            username=username,
            email=f"{username}@example.com",
            password=settings.TUTE_DEMO_PASSWORD,
            display_name=display_name,
            country=country,
            preferred_language=language,
            # ana may open the Django admin, so that its pages can be seen in the demo.
            is_staff=username == "ana",
            is_superuser=username == "ana",
        )
        log(f"demo player {username}")

    club = Club.objects.filter(name=DEMO_CLUB).first()
    if club is None:
        owner = users[DEMO_PLAYERS[0][0]]
        club = services.club_create(
            name=DEMO_CLUB,
            owner=owner,
            description="Un club de ejemplo para probar la plataforma. "
            "An example club to try the platform.",
        )
        for username, _name, _country, _language, role in DEMO_PLAYERS[1:]:
            membership = services.club_join_by_invite(token=club.invite_token, user=users[username])
            if role != Membership.Role.MEMBER:
                services.membership_set_role(membership=membership, role=role, actor=owner)
        log(f"demo club {DEMO_CLUB}")
