"""Every change the league app makes to the database.

Each service is a keyword-only function named ``<thing>_<action>``, runs in one transaction and
raises a ``league.errors.UserError`` (with a message for the player) when the request cannot
be met, so that nothing is ever half-written. Permission checks live here, not in the views:
a ``NotAllowedError`` means the actor's role does not allow the action.

Roles: *admins* manage the club (roles, removals, the invitation link); *organisers* answer
join requests (and later run the club's competitions); *members* play.
"""

from __future__ import annotations

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.clubs import errors
from league.notifications import events as notification_events

from .models import Club, Language, Membership, Profile, User, new_invite_token

RESERVED_SLUGS = frozenset({"new"})


# --- accounts -------------------------------------------------------------------------------


@transaction.atomic
def user_create(
    *,
    username: str,
    email: str,
    password: str,
    display_name: str = "",
    country: str = "",
    preferred_language: str = Language.SPANISH,
    is_staff: bool = False,
    is_superuser: bool = False,
) -> User:
    """A new player with a profile (sign-up itself goes through allauth's form)."""
    if User.objects.filter(username__iexact=username).exists():
        raise errors.UserError(_("That user name is already taken."))
    user = User(username=username, email=email, is_staff=is_staff, is_superuser=is_superuser)
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise errors.UserError(" ".join(exc.messages)) from exc
    user.set_password(password)
    user.save()
    profile_update(
        user=user,
        display_name=display_name,
        country=country,
        preferred_language=preferred_language,
    )
    return user


def profile_ensure(*, user: User) -> Profile:
    """The user's profile, created empty if missing (every user has one)."""
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


@transaction.atomic
def profile_update(
    *, user: User, display_name: str, country: str, preferred_language: str
) -> Profile:
    if preferred_language not in Language.values:
        raise errors.UserError(_("Choose one of the languages offered."))
    profile, _created = Profile.objects.select_for_update().get_or_create(user=user)
    profile.display_name = " ".join(display_name.split())
    profile.country = country
    profile.preferred_language = preferred_language
    try:
        profile.full_clean(exclude=["user"])
    except ValidationError as exc:
        raise errors.UserError(" ".join(exc.messages)) from exc
    profile.save()
    return profile


@transaction.atomic
def profile_set_language(*, user: User, language: str) -> Profile:
    if language not in Language.values:
        raise errors.UserError(_("Choose one of the languages offered."))
    profile, _created = Profile.objects.select_for_update().get_or_create(user=user)
    if profile.preferred_language != language:
        profile.preferred_language = language
        profile.save(update_fields=["preferred_language"])
    return profile


# --- clubs ----------------------------------------------------------------------------------


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise errors.UserError(_("A club needs a name."))
    if len(name) > Club._meta.get_field("name").max_length:  # type: ignore[operator]
        raise errors.UserError(_("That name is too long."))
    return name


def _name_taken_error(name: str) -> errors.ClubNameTakenError:
    return errors.ClubNameTakenError(
        _("A club called “%(name)s” already exists. Choose another name.") % {"name": name}
    )


def _unique_slug(name: str) -> str:
    base = slugify(name)[:80] or "club"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _locked(club: Club) -> Club:
    """The club row, locked until the transaction ends (serialises role changes)."""
    return Club.objects.select_for_update().get(pk=club.pk)


def _active_membership(club: Club, user: User) -> Membership | None:
    return Membership.objects.filter(club=club, user=user, status=Membership.Status.ACTIVE).first()


def _require_organiser(club: Club, actor: User) -> Membership:
    membership = _active_membership(club, actor)
    if membership is None or not membership.can_organise:
        raise errors.NotAllowedError(_("Only the club's organisers and admins can do that."))
    return membership


def _require_admin(club: Club, actor: User) -> Membership:
    membership = _active_membership(club, actor)
    if membership is None or not membership.is_admin:
        raise errors.NotAllowedError(_("Only the club's admins can do that."))
    return membership


def _admin_count(club: Club) -> int:
    return Membership.objects.filter(
        club=club, role=Membership.Role.ADMIN, status=Membership.Status.ACTIVE
    ).count()


@transaction.atomic
def club_create(*, name: str, owner: User, description: str = "") -> Club:
    """A new club, with its creator as its first admin."""
    name = _clean_name(name)
    if Club.objects.filter(name__iexact=name).exists():
        raise _name_taken_error(name)
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name,
                slug=_unique_slug(name),
                description=description.strip(),
                created_by=owner,
            )
    except IntegrityError as exc:  # the same name created at the same moment
        raise _name_taken_error(name) from exc
    Membership.objects.create(
        club=club, user=owner, role=Membership.Role.ADMIN, status=Membership.Status.ACTIVE
    )
    return club


@transaction.atomic
def club_update(*, club: Club, actor: User, name: str, description: str) -> Club:
    """Rename a club or change its description (admins). The address (slug) stays."""
    _require_admin(club, actor)
    club = _locked(club)
    name = _clean_name(name)
    if Club.objects.filter(name__iexact=name).exclude(pk=club.pk).exists():
        raise _name_taken_error(name)
    club.name = name
    club.description = description.strip()
    try:
        with transaction.atomic():
            club.save(update_fields=["name", "description"])
    except IntegrityError as exc:
        raise _name_taken_error(name) from exc
    return club


@transaction.atomic
def club_request_join(*, club: Club, user: User) -> Membership:
    """Ask to join: a pending membership that an organiser approves or rejects."""
    existing = Membership.objects.filter(club=club, user=user).first()
    if existing is not None:
        if existing.is_active:
            raise errors.AlreadyMemberError(
                _("You are already a member of %(club)s.") % {"club": club.name}
            )
        raise errors.AlreadyMemberError(
            _("You have already asked to join %(club)s. An organiser will answer soon.")
            % {"club": club.name}
        )
    try:
        with transaction.atomic():
            return notification_events.club_join_requested(
                membership=Membership.objects.create(
                    club=club,
                    user=user,
                    role=Membership.Role.MEMBER,
                    status=Membership.Status.PENDING,
                )
            )
    except IntegrityError as exc:  # a double click: the first request won
        raise errors.AlreadyMemberError(
            _("You have already asked to join %(club)s. An organiser will answer soon.")
            % {"club": club.name}
        ) from exc


@transaction.atomic
def club_join_by_invite(*, token: str, user: User) -> Membership:
    """Join directly as a member with the club's invitation link."""
    club = Club.objects.filter(invite_token=token).first()
    if club is None:
        raise errors.InvalidInviteError(
            _("This invitation link is no longer valid. Ask the club for a new one.")
        )
    existing = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if existing is not None:
        if existing.is_active:
            raise errors.AlreadyMemberError(
                _("You are already a member of %(club)s.") % {"club": club.name}
            )
        existing.status = Membership.Status.ACTIVE
        existing.role = Membership.Role.MEMBER
        existing.save(update_fields=["status", "role"])
        return notification_events.club_joined_by_invite(membership=existing)
    try:
        with transaction.atomic():
            return notification_events.club_joined_by_invite(
                membership=Membership.objects.create(
                    club=club,
                    user=user,
                    role=Membership.Role.MEMBER,
                    status=Membership.Status.ACTIVE,
                )
            )
    except IntegrityError as exc:
        raise errors.AlreadyMemberError(
            _("You are already a member of %(club)s.") % {"club": club.name}
        ) from exc


@transaction.atomic
def club_rotate_invite(*, club: Club, actor: User) -> Club:
    """A new invitation link; the old one stops working (admins)."""
    _require_admin(club, actor)
    club = _locked(club)
    club.invite_token = new_invite_token()
    club.save(update_fields=["invite_token"])
    return club


@transaction.atomic
def club_leave(*, club: Club, user: User) -> None:
    """Leave a club, or withdraw a join request. The last admin must hand over first."""
    club = _locked(club)
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is None:
        raise errors.NotMemberError(_("You are not a member of %(club)s.") % {"club": club.name})
    if membership.is_admin and _admin_count(club) <= 1:
        raise errors.LastAdminError(
            _("You are the last admin of %(club)s. Make another member admin before you leave.")
            % {"club": club.name}
        )
    membership.delete()


def _pending(membership: Membership) -> Membership:
    locked = Membership.objects.select_for_update().filter(pk=membership.pk).first()
    if locked is None or locked.is_active:
        raise errors.NotPendingError(_("This request has already been answered."))
    return locked


@transaction.atomic
def membership_approve(*, membership: Membership, actor: User) -> Membership:
    """Accept a join request (organisers and admins)."""
    _require_organiser(membership.club, actor)
    membership = _pending(membership)
    membership.status = Membership.Status.ACTIVE
    membership.save(update_fields=["status"])
    return membership


@transaction.atomic
def membership_reject(*, membership: Membership, actor: User) -> None:
    """Turn down a join request (organisers and admins); the player may ask again."""
    _require_organiser(membership.club, actor)
    _pending(membership).delete()


@transaction.atomic
def membership_set_role(*, membership: Membership, role: str, actor: User) -> Membership:
    """Make a member a member, an organiser or an admin (admins). One admin always remains."""
    _require_admin(membership.club, actor)
    if role not in Membership.Role.values:
        raise errors.InvalidRoleError(_("Choose one of the roles offered."))
    club = _locked(membership.club)
    membership = Membership.objects.get(pk=membership.pk)
    if not membership.is_active:
        raise errors.NotMemberError(_("Approve the request before giving a role."))
    if (
        membership.role == Membership.Role.ADMIN
        and role != Membership.Role.ADMIN
        and _admin_count(club) <= 1
    ):
        raise errors.LastAdminError(
            _("%(club)s needs at least one admin. Make another member admin first.")
            % {"club": club.name}
        )
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, actor: User) -> None:
    """Remove a member from the club (admins). To leave yourself, use ``club_leave``."""
    _require_admin(membership.club, actor)
    if membership.user_id == actor.pk:
        raise errors.UserError(_("To leave the club yourself, use “Leave club”."))
    Membership.objects.filter(pk=membership.pk).delete()
