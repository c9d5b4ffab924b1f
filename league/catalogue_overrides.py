"""Messages of other packages whose wording the site's own catalogues set.

Django reads ``locale/`` (``LOCALE_PATHS``) before any app's catalogue, so a msgid listed here
and translated in ``locale/`` replaces the package's translation. Nothing imports this module:
it only puts the msgids in front of ``makemessages``.

* django-allauth's Spanish says "¿Ha olvidado tu contraseña?", mixing "usted" and "tú"; the
  site speaks to players as "usted" everywhere.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

OVERRIDDEN = (
    gettext_noop("Forgot your password?"),  # django-allauth, account/forms.py (login form)
    gettext_noop("Your email has been changed from %(from_email)s to %(to_email)s."),
)
