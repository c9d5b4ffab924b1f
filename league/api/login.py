"""Password checks of the API through django-allauth, as the login form makes them.

Getting a token and deleting one's account take a password. Both go through allauth's adapter
(``get_adapter().authenticate``), so they share the form's protection: its ``login`` rate limit
per address, its ``login_failed`` limit (per address, and per user name or email: the
lock-out, which then refuses the right password too until it expires) and, for a token,
its rules: an inactive account gets none, and when ``ACCOUNT_EMAIL_VERIFICATION`` is
"mandatory" neither does an account whose email address is not verified (the verification
mail is sent again, as the form does). Refusals are DRF exceptions with a message: 400 for a
wrong password, 403 for an inactive or unverified account, 429 when rate-limited.

allauth's rate limits are ``ACCOUNT_RATE_LIMITS`` (its defaults unless set; the test settings
turn them off, and the tests that need them turn them on).
"""

from __future__ import annotations

from typing import Any

from allauth.account import app_settings as allauth_settings
from allauth.account.adapter import get_adapter
from allauth.account.internal.flows.email_verification import send_verification_email_at_login
from allauth.account.internal.flows.login import derive_login_method, is_login_rate_limited
from allauth.account.models import Login
from allauth.account.utils import has_verified_email
from allauth.core import ratelimit
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _
from rest_framework.exceptions import PermissionDenied, Throttled, ValidationError

from league.clubs import privacy
from league.clubs.models import User


def _too_many() -> Throttled:
    return Throttled(detail=_("Too many login attempts. Try again later."))


def credentials_for(login: str, password: str) -> dict[str, Any]:
    """The credentials allauth's login form builds from what was typed (a user name or an
    email): the same keys, so the same lock-out counters."""
    login = login.strip()
    method = derive_login_method(login)
    credentials: dict[str, Any] = {method.value: login}
    username = allauth_settings.LoginMethod.USERNAME
    if username in allauth_settings.LOGIN_METHODS and method != username:
        credentials[username.value] = login
    credentials["password"] = password
    return credentials


def check_password(request: HttpRequest, credentials: dict[str, Any]) -> User | None:
    """The user these credentials name, or None for a wrong password; ``Throttled`` once
    allauth's limits are reached."""
    if not ratelimit.consume(request, action="login"):
        raise _too_many()
    try:
        user = get_adapter(request).authenticate(request, **credentials)
    except DjangoValidationError as error:  # too_many_login_attempts: the lock-out
        raise Throttled(detail=" ".join(error.messages)) from error
    return user


def token_user(request: HttpRequest, login: str, password: str) -> User:
    """The user who may have a token for this login and password (see the module)."""
    credentials = credentials_for(login, password)
    user = check_password(request, credentials)
    if user is None:
        raise ValidationError({"detail": _("Wrong user name or password.")})
    if not user.is_active:
        raise PermissionDenied(_("This account is inactive."))
    attempt = Login(user=user, email=credentials.get("email"))
    if is_login_rate_limited(request, attempt):
        raise _too_many()
    mandatory = allauth_settings.EmailVerificationMethod.MANDATORY
    if attempt.email_verification == mandatory and not has_verified_email(user, attempt.email):
        send_verification_email_at_login(request, attempt)
        raise PermissionDenied(
            _(
                "Your email address is not verified yet. Follow the link in the message we "
                "sent you, then ask for a token again."
            )
        )
    return user


def password_confirmed(request: HttpRequest, user: User, password: str) -> None:
    """Raise unless ``password`` is ``user``'s (re-entered before deleting the account)."""
    if not ratelimit.consume(request, action="login"):
        raise _too_many()
    try:
        matches = privacy.password_matches(request, user=user, password=password)
    except privacy.TooManyAttemptsError as error:
        raise Throttled(detail=error.message) from error
    if not matches:
        raise ValidationError({"password": [_("That is not your password.")]})
