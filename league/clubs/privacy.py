"""Each player's own data: everything about him as one JSON document, and closing his account.

``account_export`` gathers what the site holds about one player: his login and email
addresses, his profile, club memberships, the matches he sat at (his seat's figures, not the
engine's record: nothing of other hands), ratings and rating history, competition entries,
the notifications he received and his mail preferences, the chat messages he wrote and the
players he muted. Other people appear only by their public name (a partner, a muted player):
never their email, login or anything else of theirs.

``account_delete`` closes the account for good without rewriting the past. The ``User`` row
stays, deactivated: matches, standings and the ratings computed from them keep pointing at it
(nobody else's rating moves), and every page and the API show him as "Former player" (a
deactivated account, see ``league.rankings.selectors``). What named or reached him goes: user
name (replaced by an unguessable placeholder), names, email addresses (allauth's too),
password, API token, profile name and country, pending join requests, notifications and mail
preferences, chat mutes. His chat messages stay in their tables' history, under "Former
player". Nobody is left waiting for him: he leaves the tables he sits at and withdraws from
tournaments not over and seasons not started (their own services do it, as if he had asked).
A club's last admin must hand the club on first (``LastAdminError``), as when he leaves it.
"""

from __future__ import annotations

import json
import secrets
from contextlib import suppress
from typing import Any

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from games import errors as game_errors
from games import services as game_services
from games.chat.models import ChatMessage, ChatMute
from games.models import Seat, Table
from league.competitions import services as competition_services
from league.competitions.models import Season, SeasonEntry, Tournament, TournamentEntry
from league.notifications.kinds import Kind
from league.notifications.models import Notification, NotificationPreference
from league.rankings.models import MatchParticipant, Rating, RatingHistory

from . import errors
from .models import Membership, Profile, User

EXPORT_FORMAT = "tute-account-export"
EXPORT_VERSION = 1

HISTORY_FIELDS = (
    "variant",
    "table_id",
    "finished_at",
    "shown_before",
    "shown",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "games",
    "wins",
)


def _name(user: User | None) -> str | None:
    return user.public_name if user is not None else None


def _account(user: User) -> dict[str, Any]:
    token = Token.objects.filter(user=user).first()
    return {
        "username": user.username,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "is_staff": user.is_staff,
        "email_addresses": list(
            EmailAddress.objects.filter(user=user)
            .order_by("email")
            .values("email", "verified", "primary")
        ),
        "api_token": {"created": token.created} if token else None,
    }


def _profile(user: User) -> dict[str, Any] | None:
    profile = Profile.objects.filter(user=user).first()
    if profile is None:
        return None
    return {
        "display_name": profile.display_name,
        "country": str(profile.country.code or ""),
        "preferred_language": profile.preferred_language,
    }


def _memberships(user: User) -> list[dict[str, Any]]:
    rows = Membership.objects.filter(user=user).select_related("club").order_by("created_at")
    return [
        {
            "club": m.club.slug,
            "club_name": m.club.name,
            "role": m.role,
            "status": m.status,
            "since": m.created_at,
        }
        for m in rows
    ]


def _entries(user: User) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    tournament_entries = (
        TournamentEntry.objects.filter(player=user) | TournamentEntry.objects.filter(partner=user)
    ).select_related("tournament__club", "player__profile", "partner__profile")
    for t_entry in tournament_entries.order_by("registered_at"):
        mate = t_entry.partner if t_entry.player_id == user.pk else t_entry.player
        rows.append(
            {
                "kind": "tournament",
                "id": t_entry.tournament_id,
                "name": t_entry.tournament.name,
                "club": t_entry.tournament.club.slug,
                "partner": _name(mate),
                "status": t_entry.status,
                "registered_at": t_entry.registered_at,
            }
        )
    season_entries = (
        SeasonEntry.objects.filter(player=user) | SeasonEntry.objects.filter(partner=user)
    ).select_related("season__league__club", "division", "player__profile", "partner__profile")
    for s_entry in season_entries.order_by("registered_at"):
        mate = s_entry.partner if s_entry.player_id == user.pk else s_entry.player
        rows.append(
            {
                "kind": "season",
                "id": s_entry.season_id,
                "name": str(s_entry.season),
                "club": s_entry.season.league.club.slug,
                "division": str(s_entry.division),
                "partner": _name(mate),
                "registered_at": s_entry.registered_at,
            }
        )
    return rows


def _chat(user: User) -> dict[str, Any]:
    messages = ChatMessage.objects.filter(user=user).order_by("created_at", "pk")
    mutes = ChatMute.objects.filter(user=user).select_related("muted_user__profile")
    return {
        "messages": list(
            messages.values(
                "table_id", "channel", "kind", "phrase_key", "text", "created_at", "hidden_by_staff"
            )
        ),
        "muted_players": [_name(mute.muted_user) for mute in mutes],
    }


def _matches(user: User) -> list[dict[str, Any]]:
    """His seat at each finished match: every figure of his own seat (the columns of
    ``MatchParticipant``, so a new figure is exported too), not the match's record."""
    own = [
        field.attname
        for field in MatchParticipant._meta.concrete_fields
        if field.name not in ("id", "match", "user")
    ]
    rows = MatchParticipant.objects.filter(user=user).order_by("finished_at", "match_id")
    return list(rows.values(*own, table_id=F("match__table_id")))


def account_export(*, user: User) -> dict[str, Any]:
    """Everything about ``user`` as plain values (datetimes and decimals for a JSON encoder
    that knows them, such as ``DjangoJSONEncoder``)."""
    history = RatingHistory.objects.filter(user=user).order_by("finished_at", "pk")
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": timezone.now(),
        "account": _account(user),
        "profile": _profile(user),
        "memberships": _memberships(user),
        "matches": _matches(user),
        "ratings": list(
            Rating.objects.filter(user=user)
            .order_by("variant")
            .values("variant", "shown", "mu", "sigma", "games", "wins", "last_played_at")
        ),
        "rating_history": list(history.values(*HISTORY_FIELDS)),
        "competition_entries": _entries(user),
        "notifications": list(
            Notification.objects.filter(user=user)
            .order_by("created_at", "pk")
            .values("kind", "params", "url", "created_at", "read_at")
        ),
        "notification_preferences": list(
            NotificationPreference.objects.filter(user=user)
            .order_by("kind")
            .values("kind", "email")
        ),
        "chat": _chat(user),
    }


def export_response(*, user: User) -> HttpResponse:
    """The export as a JSON file to download (the profile page's button and the API)."""
    body = json.dumps(
        account_export(user=user), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2
    )
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    stamp = timezone.now().strftime("%Y%m%d")
    response["Content-Disposition"] = f'attachment; filename="tute-my-data-{stamp}.json"'
    response["Cache-Control"] = "no-store"
    return response


class TooManyAttemptsError(errors.UserError):
    """allauth's lock-out: too many wrong passwords for this account or from this address."""


def password_matches(request: HttpRequest, *, user: User, password: str) -> bool:
    """Whether ``password`` is ``user``'s, checked through allauth's adapter so that a wrong
    one counts towards the login form's lock-out (``TooManyAttemptsError`` once reached)."""
    try:
        checked = get_adapter(request).authenticate(
            request, username=user.username, password=password
        )
    except ValidationError as error:
        raise TooManyAttemptsError(" ".join(error.messages)) from error
    return checked is not None and checked.pk == user.pk


def _refuse_if_last_admin(user: User) -> None:
    for membership in Membership.objects.filter(
        user=user, role=Membership.Role.ADMIN, status=Membership.Status.ACTIVE
    ).select_related("club"):
        active = Membership.objects.filter(
            club=membership.club, status=Membership.Status.ACTIVE, user__is_active=True
        ).exclude(user=user)
        if active.exists() and not active.filter(role=Membership.Role.ADMIN).exists():
            raise errors.LastAdminError(
                _(
                    "You are the last admin of %(club)s: make another member admin first, "
                    "then delete your account."
                )
                % {"club": membership.club.name}
            )


def _leave_what_is_to_come(user: User) -> None:
    """Nobody waits for a closed account: he leaves the tables he sits at (an open table's
    seat is free again, a bot plays his seat at a table in play) and withdraws from
    tournaments not over and from seasons not started, through their own services."""
    live = (Table.Status.OPEN, Table.Status.PLAYING)
    seated = Seat.objects.filter(user=user, table__status__in=live).values_list("table_id")
    for (table_id,) in seated:
        # A table that moved on meanwhile has nothing to leave.
        with suppress(game_errors.TableError), transaction.atomic():
            game_services.table_leave(table_id=table_id, user=user)
    tournaments = Tournament.objects.filter(
        entries__in=TournamentEntry.objects.filter(status=TournamentEntry.Status.ACTIVE).filter(
            models.Q(player=user) | models.Q(partner=user)
        )
    ).exclude(status=Tournament.Status.FINISHED)
    for tournament in tournaments.distinct():
        with suppress(errors.UserError), transaction.atomic():
            competition_services.tournament_withdraw(tournament=tournament, user=user)
    seasons = Season.objects.filter(
        status=Season.Status.DRAFT,
        entries__in=SeasonEntry.objects.filter(models.Q(player=user) | models.Q(partner=user)),
    )
    for season in seasons.distinct():
        with suppress(errors.UserError), transaction.atomic():
            competition_services.season_withdraw(season=season, user=user)


def _forget_his_name_in_others_notifications(user: User) -> None:
    """Club staff were told his name when he asked to join or joined by invitation: the
    request notifications go (the request itself goes too), the others say "Former player".
    The name was frozen in ``params``; these are matched by it and by his clubs' names."""
    clubs = list(Membership.objects.filter(user=user).values_list("club__name", flat=True))
    about_him = Notification.objects.filter(
        params__name=user.public_name, params__club__in=clubs
    ).exclude(user=user)
    about_him.filter(kind=Kind.CLUB_REQUEST).delete()
    for notification in about_him.filter(kind=Kind.CLUB_JOINED):
        notification.params = {**notification.params, "name": str(_("Former player"))}
        notification.save(update_fields=["params"])


@transaction.atomic
def account_delete(*, user: User) -> None:
    """Close ``user``'s account for good (see the module docstring). Logging the request out
    is the caller's job; his other sessions end with the password they were bound to."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if not user.is_active:
        raise errors.UserError(_("This account is already closed."))
    _refuse_if_last_admin(user)
    _leave_what_is_to_come(user)
    _forget_his_name_in_others_notifications(user)
    Token.objects.filter(user=user).delete()
    EmailAddress.objects.filter(user=user).delete()
    Notification.objects.filter(user=user).delete()
    NotificationPreference.objects.filter(user=user).delete()
    ChatMute.objects.filter(user=user).delete()
    Membership.objects.filter(user=user, status=Membership.Status.PENDING).delete()
    Profile.objects.filter(user=user).update(display_name="", country="")
    user.username = f"former-{user.pk}-{secrets.token_hex(6)}"
    user.email = ""
    user.first_name = ""
    user.last_name = ""
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.set_unusable_password()
    user.save()
