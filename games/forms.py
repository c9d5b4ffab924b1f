"""The form that opens a table. Its fields follow the chosen variant: the player counts and
the options are those the engine's :class:`~games.engine.Variant` declares."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import conf, messages
from games.engine import REGISTRY, Variant, get_variant
from games.engine.bots import LEVELS
from games.engine.variant import variants

OPTION_PREFIX = "opt_"


def variant_choices() -> list[tuple[str, str]]:
    """The variants in the engine's list order, each with its name in the active language."""
    return [(v.key, messages.variant_name(v.key)) for v in variants()]


def bot_level_choices() -> list[tuple[str, str]]:
    return [(level, messages.bot_level_name(level)) for level in reversed(LEVELS)]


def turn_choices() -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for seconds in conf.TURN_SECONDS_CHOICES:
        if seconds == 0:
            out.append((0, str(_("No timer"))))
        elif seconds < 60:
            out.append((seconds, str(_("%(n)s seconds") % {"n": seconds})))
        elif seconds < conf.CORRESPONDENCE_SECONDS:
            out.append((seconds, str(_("%(n)s min") % {"n": seconds // 60})))
        else:
            out.append((seconds, correspondence_label(seconds)))
    return out


def correspondence_label(seconds: int) -> str:
    """A correspondence time per move in words: ``12 hours per move``, ``3 days per move``."""
    if seconds % 86400 == 0:
        n = seconds // 86400
        text = ngettext("%(n)s day per move", "%(n)s days per move", n)
    else:
        n = seconds // 3600
        text = ngettext("%(n)s hour per move", "%(n)s hours per move", n)
    return str(_("Correspondence: %(time)s") % {"time": text % {"n": n}})


def turn_seconds_field() -> forms.TypedChoiceField:
    """The time for each move (choices set by the form: :func:`turn_choices`)."""
    return forms.TypedChoiceField(
        label=_("Time for each move"),
        coerce=int,
        help_text=_("When it runs out, a bot plays for the absent player, who can come back."),
    )


def bind_variant(form: forms.Form) -> tuple[str, Variant]:
    """Fill the form's ``variant`` choices and read the chosen game (the submitted one, the
    initial one, or the first); it is kept as ``form.variant_key``."""
    choices = variant_choices()
    form.fields["variant"].choices = choices
    source = form.data if form.is_bound else form.initial
    key = source.get("variant") or (choices[0][0] if choices else "cabrero")
    if key not in REGISTRY:
        key = choices[0][0]
    form.variant_key = key  # type: ignore[attr-defined]
    return key, get_variant(key)


def add_option_fields(form: forms.Form, key: str, variant: Variant, *, required: bool) -> None:
    """One field per option the variant declares (``opt_<name>``): a check box for a switch, a
    choice otherwise. ``required`` applies to the choices (a check box never is)."""
    for name, option in variant.options.items():
        label = messages.option_label(name)
        help_text = messages.option_help(key, name)
        if option.choices is None:
            form.fields[OPTION_PREFIX + name] = forms.BooleanField(
                label=label, help_text=help_text, required=False, initial=option.default
            )
        else:
            form.fields[OPTION_PREFIX + name] = forms.TypedChoiceField(
                label=label,
                help_text=help_text,
                required=required,
                initial=option.default,
                choices=[(c, messages.option_value(c)) for c in option.choices],
                coerce=type(option.default),
            )


def option_fields(form: forms.Form) -> list[forms.BoundField]:
    return [form[name] for name in form.fields if name.startswith(OPTION_PREFIX)]


class TableForm(forms.Form):
    variant = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    is_private = forms.BooleanField(
        label=_("Private table"),
        required=False,
        help_text=_("Not listed in the lobby: you invite players with a link."),
    )
    turn_seconds = turn_seconds_field()
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        help_text=_("The result counts for the ratings. No bots at rated tables."),
    )
    fill_with_bots = forms.BooleanField(
        label=_("Fill the empty seats with bots"),
        required=False,
        help_text=_("The game starts at once."),
    )
    bot_level = forms.ChoiceField(label=_("Bot level"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        key, variant = bind_variant(self)
        self.fields["players"].choices = [(p, str(p)) for p in variant.players]
        self.fields["players"].initial = 4 if 4 in variant.players else variant.players[0]
        self.fields["turn_seconds"].choices = turn_choices()
        self.fields["turn_seconds"].initial = conf.default_turn_seconds()
        self.fields["bot_level"].choices = bot_level_choices()
        self.fields["bot_level"].initial = LEVELS[-1]
        add_option_fields(self, key, variant, required=True)

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return option_fields(self)

    @property
    def main_fields(self) -> list[forms.BoundField]:
        return [
            self[name] for name in ("variant", "players", "turn_seconds", "is_private", "rated")
        ]

    def options(self) -> dict[str, Any]:
        return {
            name[len(OPTION_PREFIX) :]: value
            for name, value in self.cleaned_data.items()
            if name.startswith(OPTION_PREFIX)
        }
