"""The form that opens a table. Its fields follow the chosen variant: the player counts and
the options are those the engine's :class:`~games.engine.Variant` declares."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import conf, messages
from games.engine import REGISTRY, get_variant
from games.engine.bots import LEVELS

OPTION_PREFIX = "opt_"


def variant_choices() -> list[tuple[str, str]]:
    order = ["cabrero", "chancho", "dos", "dos_ar", "parejas", "arrastrado", "vtt"]
    keys = sorted(REGISTRY, key=lambda k: (order.index(k) if k in order else 99, k))
    return [(k, messages.variant_name(k)) for k in keys]


def bot_level_choices() -> list[tuple[str, str]]:
    return [(level, messages.bot_level_name(level)) for level in reversed(LEVELS)]


def turn_choices() -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for seconds in conf.TURN_SECONDS_CHOICES:
        if seconds == 0:
            out.append((0, str(_("No timer"))))
        elif seconds < 60:
            out.append((seconds, str(_("%(n)s seconds") % {"n": seconds})))
        else:
            out.append((seconds, str(_("%(n)s min") % {"n": seconds // 60})))
    return out


class TableForm(forms.Form):
    variant = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    is_private = forms.BooleanField(
        label=_("Private table"),
        required=False,
        help_text=_("Not listed in the lobby: you invite players with a link."),
    )
    turn_seconds = forms.TypedChoiceField(
        label=_("Time for each move"),
        coerce=int,
        help_text=_("When it runs out, a bot plays for the absent player, who can come back."),
    )
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
        choices = variant_choices()
        self.fields["variant"].choices = choices
        source = self.data if self.is_bound else self.initial
        key = source.get("variant") or (choices[0][0] if choices else "cabrero")
        if key not in REGISTRY:
            key = choices[0][0]
        self.variant_key = key
        variant = get_variant(key)
        self.fields["players"].choices = [(p, str(p)) for p in variant.players]
        self.fields["players"].initial = 4 if 4 in variant.players else variant.players[0]
        self.fields["turn_seconds"].choices = turn_choices()
        self.fields["turn_seconds"].initial = conf.default_turn_seconds()
        self.fields["bot_level"].choices = bot_level_choices()
        self.fields["bot_level"].initial = LEVELS[-1]
        for name, option in variant.options.items():
            label = messages.option_label(name)
            help_text = messages.option_help(key, name)
            if option.choices is None:
                self.fields[OPTION_PREFIX + name] = forms.BooleanField(
                    label=label, help_text=help_text, required=False, initial=option.default
                )
            else:
                self.fields[OPTION_PREFIX + name] = forms.TypedChoiceField(
                    label=label,
                    help_text=help_text,
                    initial=option.default,
                    choices=[(c, messages.option_value(c)) for c in option.choices],
                    coerce=type(option.default),
                )

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(OPTION_PREFIX)]

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
