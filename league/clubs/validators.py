"""Password validators whose messages live in the site's own catalogues.

Django 5.2's Italian catalogue lacks the "too short" message (its entry still has the old
``%(min_length)d`` msgid), and a message missing from a catalogue falls back to the site's
default language: Italian pages said "La contraseña es demasiado corta". The same msgid in
our sources puts it in ``locale/``, which Django reads before its own catalogues.
"""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.utils.translation import ngettext


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    def get_error_message(self) -> str:
        return (
            ngettext(
                "This password is too short. It must contain at least %d character.",
                "This password is too short. It must contain at least %d characters.",
                self.min_length,
            )
            % self.min_length
        )
