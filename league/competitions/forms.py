"""Forms of competitions. They parse and validate input; the services decide and write.

The tournament and league forms follow the chosen game, like the table form of ``games``: the
options are those the engine's variant declares (``?variant=`` picks the game before the form is
filled in). Match points are typed per table size ("4 2 1 0"); tiebreaks are chosen in order.

The page posts, in the hidden ``built_for``, the game its fields were built for. A form whose
chosen game differs (the game was changed in the page without its fields following) is never
saved: :attr:`EventForm.game_changed` tells the view, which shows a fresh form of the chosen
game (:meth:`EventForm.carried_over`) asking to check the options. ``choose_game`` is the
button that only changes the game.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import conf as games_conf
from games import forms as game_forms
from games.engine import get_variant
from games.forms import (
    OPTION_PREFIX,
    add_option_fields,
    bind_variant,
    turn_choices,
    turn_seconds_field,
)

from . import duplicate, formats, selectors
from .models import DEFAULT_ABSENCE_GRACE_MINUTES, Format, NoShowRule
from .services.validation import MAX_ABSENCE_GRACE_MINUTES

DATETIME_FORMAT = "%Y-%m-%dT%H:%M"
TIEBREAK_SLOTS = 6
#: The hidden input naming the game the page's fields were built for.
BUILT_FOR = "built_for"
#: The submit button that changes the game without creating anything.
CHOOSE_GAME = "choose_game"
#: Fields whose choices or defaults depend on the game (with the options and match points).
GAME_FIELDS = ("table_size", "min_table_size")


def _datetime_field(label: Any, *, required: bool, help_text: Any = "") -> forms.DateTimeField:
    return forms.DateTimeField(
        label=label,
        required=required,
        help_text=help_text,
        input_formats=[DATETIME_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_FORMAT),
    )


class EventForm(forms.Form):
    """What tournaments and leagues share: name, game, tables, time, scoring, tiebreaks."""

    default_tiebreaks: tuple[str, ...] = ()

    name = forms.CharField(label=_("Name"), max_length=100)
    variant = forms.ChoiceField(label=_("Game"))
    table_size = forms.TypedChoiceField(
        label=_("Players per table"),
        coerce=int,
        required=False,
        help_text=_("For games of three to six players; the others are played two by two."),
    )
    min_table_size = forms.TypedChoiceField(
        label=_("Smallest table"),
        coerce=int,
        required=False,
        help_text=_("When the players do not divide evenly, some tables may have fewer seats."),
    )
    turn_seconds = turn_seconds_field()
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        help_text=_("The results count for the ratings."),
    )
    chat_enabled = forms.BooleanField(
        label=_("Table chat open"),
        required=False,
        initial=True,
        help_text=_("Players may talk at their tables (quick phrases and messages)."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        key, variant = bind_variant(self)
        self.shape = formats.shape_of(variant)
        sizes = formats.table_sizes_for(variant)
        size_choices = [(s, str(s)) for s in sizes]
        self.fields["table_size"].choices = size_choices
        self.fields["min_table_size"].choices = size_choices
        self.fields["table_size"].initial = 4 if 4 in sizes else sizes[-1]
        self.fields["min_table_size"].initial = sizes[0]
        if self.shape != formats.TABLE:
            del self.fields["table_size"]
            del self.fields["min_table_size"]
        self.fields["turn_seconds"].choices = [(s, label) for s, label in turn_choices() if s]
        self.fields["turn_seconds"].initial = games_conf.default_turn_seconds() or 60
        add_option_fields(self, key, variant, required=False)
        used = sizes if self.shape == formats.TABLE else (2,)
        self.point_sizes = list(used)
        for size in used:
            self.fields[f"points_{size}"] = forms.CharField(
                label=_("Match points at a table of %(n)s") % {"n": size},
                help_text=_("From the first place to the last, e.g. %(example)s.")
                % {"example": " ".join(str(p) for p in formats.DEFAULT_SCORING[size])},
                initial=" ".join(str(p) for p in formats.DEFAULT_SCORING[size]),
                required=False,
            )
        choices_tb = [("", "—"), *selectors.tiebreak_choices()]
        for slot in range(1, TIEBREAK_SLOTS + 1):
            default = self.default_tiebreaks
            self.fields[f"tiebreak_{slot}"] = forms.ChoiceField(
                label=_("Tiebreak %(n)s") % {"n": slot},
                choices=choices_tb,
                required=False,
                initial=default[slot - 1] if slot <= len(default) else "",
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        scoring: dict[int, tuple[int, ...]] = {}
        for size in self.point_sizes:
            text = (data.get(f"points_{size}") or "").strip()
            if not text:
                continue
            try:
                scoring[size] = formats.parse_points(text)
            except formats.FormatError:
                self.add_error(f"points_{size}", _("Write whole numbers separated by spaces."))
        data["scoring"] = scoring
        data["tiebreaks"] = [
            data[f"tiebreak_{slot}"]
            for slot in range(1, TIEBREAK_SLOTS + 1)
            if data.get(f"tiebreak_{slot}")
        ]
        return data

    @property
    def game_changed(self) -> bool:
        """Submitted for another game than the one its fields were built for (``built_for``);
        such a form is not to be saved: its options, table sizes and points belong to the
        other game. A submission without ``built_for`` (a client not using the page) reads
        every field for the game it names."""
        built_for = self.data.get(BUILT_FOR) if self.is_bound else None
        return bool(built_for) and built_for != self.variant_key

    def game_label(self) -> str:
        return str(dict(self.fields["variant"].choices).get(self.variant_key, self.variant_key))

    def carried_over(self) -> dict[str, Any]:
        """The initial values of a fresh form for the chosen game: what was typed in the fields
        every game shares; the fields of the game (options, table sizes, points) are left to
        that game's defaults."""
        out: dict[str, Any] = {"variant": self.variant_key}
        for name, field in self.fields.items():
            if name == "variant" or name in GAME_FIELDS:
                continue
            if name.startswith((OPTION_PREFIX, "points_")):
                continue
            out[name] = field.widget.value_from_datadict(
                self.data, self.files, self.add_prefix(name)
            )
        return out

    def options(self) -> dict[str, Any]:
        variant = get_variant(self.variant_key)
        out: dict[str, Any] = {}
        for name, option in variant.options.items():
            value = self.cleaned_data.get(OPTION_PREFIX + name)
            out[name] = option.default if value in (None, "") else value
        return out

    def format_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "variant": self.variant_key,
            "options": self.options(),
            "table_size": data.get("table_size") or None,
            "min_table_size": data.get("min_table_size") or None,
            "turn_seconds": data["turn_seconds"],
            "rated": data["rated"],
            "chat_enabled": data["chat_enabled"],
            "scoring": data["scoring"] or None,
            "tiebreaks": data["tiebreaks"],
        }

    def option_fields(self) -> list[Any]:
        return game_forms.option_fields(self)

    def point_fields(self) -> list[Any]:
        return [self[f"points_{size}"] for size in self.point_sizes]

    def tiebreak_fields(self) -> list[Any]:
        return [self[f"tiebreak_{slot}"] for slot in range(1, TIEBREAK_SLOTS + 1)]


def no_show_field() -> forms.ChoiceField:
    """What becomes of an absent player's seat (tournaments and leagues)."""
    return forms.ChoiceField(
        label=_("No-shows"),
        required=False,
        choices=NoShowRule.choices,
        initial=NoShowRule.FORFEIT,
        help_text=_(
            "A no-show is a player who has not appeared at his table (never connected to it nor "
            "made a move) when the minutes to appear are over."
        ),
    )


def absence_grace_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=_("Minutes to appear at a table"),
        required=False,
        min_value=0,
        max_value=MAX_ABSENCE_GRACE_MINUTES,
        initial=DEFAULT_ABSENCE_GRACE_MINUTES,
        help_text=_("The players are told when their table opens; absent ones are then forfeited."),
    )


def absence_kwargs(data: dict[str, Any]) -> dict[str, Any]:
    grace = data.get("absence_grace_minutes")
    return {
        "no_show_rule": data.get("no_show_rule") or NoShowRule.FORFEIT,
        "absence_grace_minutes": DEFAULT_ABSENCE_GRACE_MINUTES if grace is None else grace,
    }


class TournamentForm(EventForm):
    default_tiebreaks = formats.TOURNAMENT_TIEBREAKS

    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=30, initial=5)
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Format.choices,
        initial=Format.SWISS,
        required=False,  # Swiss when left out
        help_text=_(
            "Duplicate: every table of a round plays the same deals, and each player's result "
            "on a deal is compared with the others who held the same cards. Every table is "
            "full (no smaller tables): the players must fill at least two."
        ),
    )
    boards = forms.IntegerField(
        label=_("Boards per round (duplicate)"),
        min_value=1,
        max_value=duplicate.MAX_BOARDS,
        required=False,
        help_text=_(
            "The hands of each round compared between the tables. By default as many as "
            "every match lasts."
        ),
    )
    registration_opens = _datetime_field(
        _("Registration opens"), required=False, help_text=_("Now if empty.")
    )
    registration_closes = _datetime_field(
        _("Registration closes"),
        required=True,
        help_text=_(
            "Late entries are accepted until then, while no more than half the rounds have been "
            "played."
        ),
    )
    capacity = forms.IntegerField(
        label=_("Capacity"), min_value=2, required=False, help_text=_("No limit if empty.")
    )
    members_only = forms.BooleanField(label=_("Club members only"), required=False, initial=True)
    checkin_required = forms.BooleanField(
        label=_("Check-in required"),
        required=False,
        help_text=_("Players who have not checked in when round 1 is paired are left out."),
    )
    no_show_rule = no_show_field()
    absence_grace_minutes = absence_grace_field()
    bye_points = forms.DecimalField(
        label=_("Points for a bye"),
        required=False,
        min_value=0,
        decimal_places=2,
        help_text=_("A draw if empty: the mean of the points of a table."),
    )
    auto_advance = forms.BooleanField(
        label=_("Pair the next round automatically"),
        required=False,
        initial=True,
        help_text=_("As soon as the last table of a round has its result."),
    )
    review_pairings = forms.BooleanField(
        label=_("Review pairings before play"),
        required=False,
        help_text=_("The tables open when an organiser says so, not at once."),
    )

    field_order = [
        "name",
        "variant",
        "table_size",
        "min_table_size",
        "rounds",
        "format",
        "boards",
        "registration_opens",
        "registration_closes",
        "capacity",
        "members_only",
        "checkin_required",
        "no_show_rule",
        "absence_grace_minutes",
        "turn_seconds",
        "rated",
        "chat_enabled",
        "auto_advance",
        "review_pairings",
        "bye_points",
    ]

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **self.format_kwargs(),
            "rounds": data["rounds"],
            "registration_opens": data.get("registration_opens"),
            "registration_closes": data["registration_closes"],
            "capacity": data.get("capacity"),
            "members_only": data["members_only"],
            "checkin_required": data["checkin_required"],
            **absence_kwargs(data),
            "auto_advance": data["auto_advance"],
            "review_pairings": data["review_pairings"],
            "bye_points": data.get("bye_points"),
            "format": data.get("format") or Format.SWISS,
            "boards": data.get("boards"),
        }


class LeagueForm(EventForm):
    default_tiebreaks = formats.LEAGUE_TIEBREAKS

    double_round_robin = forms.BooleanField(
        label=_("Meet twice"),
        required=False,
        help_text=_("Every player meets every other twice, once at home (as mano) and once away."),
    )
    rounds = forms.IntegerField(
        label=_("Rounds per season"),
        min_value=1,
        max_value=60,
        required=False,
        help_text=_(
            "For games of three to six players, whose tables rotate. Empty: enough rounds for "
            "everyone to meet everyone."
        ),
    )
    window_days = forms.IntegerField(
        label=_("Days to play each round"), min_value=1, max_value=60, initial=7
    )
    divisions = forms.IntegerField(label=_("Divisions"), min_value=1, max_value=10, initial=1)
    promotion = forms.IntegerField(
        label=_("Promoted and relegated"),
        min_value=0,
        max_value=10,
        initial=1,
        help_text=_("Players going up from each division, and down from the one above it."),
    )
    no_show_rule = no_show_field()
    absence_grace_minutes = absence_grace_field()

    field_order = [
        "name",
        "variant",
        "table_size",
        "min_table_size",
        "double_round_robin",
        "rounds",
        "window_days",
        "divisions",
        "promotion",
        "no_show_rule",
        "absence_grace_minutes",
        "turn_seconds",
        "rated",
        "chat_enabled",
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.shape != formats.TABLE:
            del self.fields["rounds"]

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **self.format_kwargs(),
            "double_round_robin": data["double_round_robin"],
            "rounds": data.get("rounds") or None,
            "window_days": data["window_days"],
            "divisions": data["divisions"],
            "promotion": data["promotion"],
            **absence_kwargs(data),
        }


class ResultForm(forms.Form):
    """A place (or a forfeit) for each entry at a table, and the reason for the change.

    With ``in_play`` (a match that never finishes) the form offers ``abandon``: ticked, the live
    table is stopped for good and the result is set; unticked, the service refuses (the match is
    not over)."""

    FORFEIT = "forfeit"

    reason = forms.CharField(
        label=_("Reason"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Kept in the change log with your name."),
    )

    def __init__(self, *args: Any, seats: list[Any], in_play: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        if in_play:
            self.fields["abandon"] = forms.BooleanField(
                label=_("Stop the match in play"),
                help_text=_(
                    "The game at its table ends without a result, and the places given here count."
                ),
                required=False,
            )
        choices = [(str(p), str(p)) for p in range(1, len(seats) + 1)]
        choices.append((self.FORFEIT, str(_("Forfeit"))))
        for seat in seats:
            initial = self.FORFEIT if seat.forfeit else str(seat.place or "")
            self.fields[f"place_{seat.entry_id}"] = forms.ChoiceField(
                label=seat.entry.name, choices=choices, initial=initial
            )

    def places(self) -> dict[int, int | None]:
        out: dict[int, int | None] = {}
        for seat in self.seats:
            value = self.cleaned_data[f"place_{seat.entry_id}"]
            out[seat.entry_id] = None if value == self.FORFEIT else int(value)
        return out

    def place_fields(self) -> list[Any]:
        return [self[f"place_{seat.entry_id}"] for seat in self.seats]


def main_fields(form: forms.Form) -> list[Any]:
    """The fields of an event form that are neither options, points nor tiebreaks."""
    skip = (OPTION_PREFIX, "points_", "tiebreak_")
    return [form[name] for name in form.fields if not name.startswith(skip)]
