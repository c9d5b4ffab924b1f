"""Players and clubs.

``User`` is the login (user name, email, password), kept as a model of our own so it can grow;
``Profile`` is what other players see (display name, country, language). A ``Club`` has
``Membership`` rows: one per player, with a role and a status (a join request is a pending
membership). Changes go through ``league.clubs.services``; these models hold data and invariants.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField


class User(AbstractUser):
    """A player's login. What others see of him is on ``profile``."""

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    @property
    def public_name(self) -> str:
        """His display name, else his user name; "Former player" once the account is closed
        (deactivated), wherever a page, an export or a socket shows him."""
        if not self.is_active:
            return str(_("Former player"))
        profile = getattr(self, "profile", None)
        return profile.name if profile is not None else self.username


class Language(models.TextChoices):
    # Names of languages are shown in their own language in the switcher; here translated.
    SPANISH = "es", _("Spanish")
    ENGLISH = "en", _("English")
    ITALIAN = "it", _("Italian")


def initials_of(name: str) -> str:
    """Up to two capital letters for an avatar: the first letters of the first and last words.

    >>> initials_of("ana maría lópez")
    'AL'
    >>> initials_of("Bruno")
    'B'
    >>> initials_of("  ")
    '?'
    """
    words = [word for word in name.split() if word[:1].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][0].upper()
    return (words[0][0] + words[-1][0]).upper()


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="profile",
        verbose_name=_("user"),
    )
    display_name = models.CharField(
        _("display name"),
        max_length=60,
        blank=True,
        help_text=_("The name other players see. Your user name if empty."),
    )
    country = CountryField(_("country"), blank=True)
    preferred_language = models.CharField(
        _("preferred language"),
        max_length=8,
        choices=Language.choices,
        default=Language.SPANISH,
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        if not self.user.is_active:
            return str(_("Former player"))
        return self.display_name or self.user.username

    @property
    def avatar_initials(self) -> str:
        return initials_of(self.name)


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("slug"), max_length=90, unique=True)
    description = models.TextField(_("description"), blank=True, max_length=2000)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    invite_token = models.CharField(
        _("invitation token"), max_length=64, unique=True, default=new_invite_token
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="league_club_name_unique_ci"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:club_detail", kwargs={"slug": self.slug})

    def get_invite_path(self) -> str:
        return reverse("league:club_invite", kwargs={"token": self.invite_token})


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("Member")
        ORGANISER = "organiser", _("Organiser")
        ADMIN = "admin", _("Administrator")

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        PENDING = "pending", _("Pending approval")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="league_membership_unique"),
        ]
        indexes = [models.Index(fields=["club", "status", "role"])]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role}, {self.status})"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def can_organise(self) -> bool:
        """Organisers and admins approve join requests (and later run leagues)."""
        return self.is_active and self.role in (self.Role.ORGANISER, self.Role.ADMIN)

    @property
    def is_admin(self) -> bool:
        return self.is_active and self.role == self.Role.ADMIN
