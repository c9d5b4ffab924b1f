"""Pages of the profile's account part: the API token, download my data, delete my account.

The token: a player has at most one (DRF's ``authtoken``, the one ``/api/auth/token/``
gives). The profile shows whether he has one and since when; "Create" (or "Regenerate",
which replaces it) shows the new key once, on the page that answers the POST, never in a
message or a redirect; "Revoke" deletes it. The download is ``privacy.export_response``. The
deletion asks for the password again (checked through allauth, so wrong ones count towards
its lock-out), closes the account (``privacy.account_delete``) and logs out.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from . import privacy, services
from .errors import UserError
from .forms import ProfileForm


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label=gettext_lazy("I understand that my account cannot be restored."), required=True
    )


def profile_context(request: HttpRequest, **extra: Any) -> dict[str, Any]:
    """What the profile page shows (its form, and the account part below it)."""
    profile = services.profile_ensure(user=request.user)
    context: dict[str, Any] = {
        "form": ProfileForm(instance=profile),
        "profile": profile,
        "api_token": Token.objects.filter(user=request.user).first(),
    }
    context.update(extra)
    return context


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    """A new API token (the old one, if any, stops working); its key is shown this once."""
    Token.objects.filter(user=request.user).delete()
    token = Token.objects.create(user=request.user)
    context = profile_context(request, new_token=token.key)
    response = render(request, "league/profile_form.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest) -> HttpResponse:
    deleted, _rows = Token.objects.filter(user=request.user).delete()
    if deleted:
        messages.success(request, _("Your API token is revoked."))
    else:
        messages.error(request, _("You have no token."))
    return redirect("league:profile")


@login_required
def data_export(request: HttpRequest) -> HttpResponse:
    return privacy.export_response(user=request.user)


@login_required
def account_delete(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            if not privacy.password_matches(
                request, user=request.user, password=form.cleaned_data["password"]
            ):
                form.add_error("password", _("That is not your password."))
            else:
                privacy.account_delete(user=request.user)
        except UserError as error:
            form.add_error(None, error.message)
        if form.is_valid():
            logout(request)
            messages.success(
                request, _("Your account is deleted. Your matches stay, under “Former player”.")
            )
            return redirect("league:home")
    return render(request, "league/account_delete.html", {"form": form})
