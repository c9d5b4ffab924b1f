"""Forms of the league app. They validate input; the services do the writing."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.db import transaction
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from . import services
from .models import Language, Profile, User

PROFILE_FIELDS = ("display_name", "country", "preferred_language")


class SignupForm(AllauthSignupForm):
    """allauth's sign-up plus the profile fields; user and profile are saved together."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in PROFILE_FIELDS:
            self.fields[name] = Profile._meta.get_field(name).formfield()
        current = (translation.get_language() or "")[:2]
        if current in Language.values:
            self.fields["preferred_language"].initial = current

    def save(self, request: HttpRequest) -> User:
        with transaction.atomic():
            user: User = super().save(request)
        return user

    def custom_signup(self, request: HttpRequest, user: User) -> None:
        super().custom_signup(request, user)
        services.profile_update(
            user=user,
            display_name=self.cleaned_data.get("display_name") or "",
            country=self.cleaned_data.get("country") or "",
            preferred_language=self.cleaned_data["preferred_language"],
        )


class ProfileForm(forms.ModelForm):
    """Validates the profile page; ``services.profile_update`` saves it."""

    class Meta:
        model = Profile
        fields = PROFILE_FIELDS


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=80)
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Where and when you play, who may join: whatever a newcomer should know."),
    )
