"""The settings a tournament or a league is created with, checked (translated errors).

:func:`check_format` validates what both kinds of event share (the game, its options, table
sizes, time per move, match points by place, tiebreaks) against the engine's description of the
variant and ``games``' own table settings; :func:`check_league_numbers` what only a league has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import pairwise
from typing import Any

from django.utils.translation import gettext as _

from games import conf as games_conf
from games import services as games_services
from games.engine import REGISTRY, get_variant
from games.errors import TableError
from league.pairing import TIEBREAKS

from .. import errors, formats


@dataclass(frozen=True)
class EventFormat:
    variant: str
    shape: str
    options: dict[str, Any]
    table_size: int
    min_table_size: int
    turn_seconds: int
    scoring: dict[str, list[int]]
    tiebreaks: list[str]

    def model_fields(self) -> dict[str, Any]:
        """The :class:`~.models.CompetitionFormat` fields a tournament or league is created with."""
        return asdict(self)


def check_format(
    *,
    variant: str,
    options: Mapping[str, Any] | None,
    table_size: int | None,
    min_table_size: int | None,
    turn_seconds: int,
    scoring: Mapping[int, Sequence[int]] | None,
    tiebreaks: Sequence[str] | None,
    default_tiebreaks: Sequence[str],
) -> EventFormat:
    """Validated settings shared by tournaments and leagues (translated errors)."""
    if variant not in REGISTRY:
        raise errors.InvalidSettingsError(_("Choose one of the games offered."))
    spec = get_variant(variant)
    shape = formats.shape_of(spec)
    sizes = formats.table_sizes_for(spec)
    if shape in (formats.SINGLE, formats.PAIRS):
        table_size, min_table_size = 2, 2
    else:
        if table_size is None:
            table_size = 4 if 4 in sizes else max(sizes)
        if min_table_size is None:
            min_table_size = min(sizes)
    if table_size not in sizes or min_table_size not in sizes or min_table_size > table_size:
        raise errors.InvalidSettingsError(
            _("%(game)s is played at tables of %(sizes)s.")
            % {"game": spec.name, "sizes": ", ".join(str(s) for s in sizes)}
        )
    used = list(range(min_table_size, table_size + 1))
    if any(size not in sizes for size in used):
        raise errors.InvalidSettingsError(
            _("%(game)s is played at tables of %(sizes)s.")
            % {"game": spec.name, "sizes": ", ".join(str(s) for s in sizes)}
        )
    per_entry = formats.seats_per_entry(shape)
    full_options: dict[str, Any] = {}
    for size in used:
        try:
            full_options = games_services.validate_table_settings(
                variant=variant, players=size * per_entry, options=dict(options or {})
            )
        except TableError as error:
            raise errors.InvalidSettingsError(error.message) from None
    if (
        isinstance(turn_seconds, bool)
        or turn_seconds not in games_conf.TURN_SECONDS_CHOICES
        or turn_seconds <= 0
    ):
        raise errors.InvalidSettingsError(
            _(
                "Competition tables need a time for each move, so that an absent player's "
                "seat can be played."
            )
        )
    scheme: dict[int, list[int]] = {}
    for size in used:
        points = list((scoring or {}).get(size) or formats.DEFAULT_SCORING[size])
        if len(points) != size or any(a < b for a, b in pairwise(points)):
            raise errors.InvalidSettingsError(
                _(
                    "Match points for a table of %(n)s: give %(n)s numbers, from the first "
                    "place to the last, never growing."
                )
                % {"n": size}
            )
        if any(p < 0 or p > 1000 for p in points):
            raise errors.InvalidSettingsError(_("Match points lie between 0 and 1000."))
        scheme[size] = points
    chosen = list(default_tiebreaks if tiebreaks is None else tiebreaks)
    if len(set(chosen)) != len(chosen) or any(name not in TIEBREAKS for name in chosen):
        raise errors.InvalidSettingsError(_("Choose each tiebreak at most once."))
    return EventFormat(
        variant=variant,
        shape=shape,
        options=full_options,
        table_size=table_size,
        min_table_size=min_table_size,
        turn_seconds=int(turn_seconds),
        scoring=formats.scheme_to_json(scheme),
        tiebreaks=chosen,
    )


def clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise errors.InvalidSettingsError(_("Give it a name."))
    if len(name) > 100:
        raise errors.InvalidSettingsError(_("That name is too long."))
    return name


def check_league_numbers(
    *, window_days: int, promotion: int, divisions: int, rounds: int | None
) -> None:
    if not 1 <= window_days <= 60:
        raise errors.InvalidSettingsError(_("Each round is played in 1 to 60 days."))
    if not 0 <= promotion <= 10:
        raise errors.InvalidSettingsError(_("Promote and relegate from 0 to 10 players."))
    if not 1 <= divisions <= 10:
        raise errors.InvalidSettingsError(_("A season has from 1 to 10 divisions."))
    if rounds is not None and not 1 <= rounds <= 60:
        raise errors.InvalidSettingsError(_("A season has from 1 to 60 rounds."))


#: The longest grace period an event may give its players to appear at a table (minutes).
MAX_ABSENCE_GRACE_MINUTES = 24 * 60


def check_absence(*, no_show_rule: str, absence_grace_minutes: int) -> dict[str, Any]:
    """The absence rule's model fields of a new event, checked."""
    from ..models import NoShowRule

    if no_show_rule not in NoShowRule.values:
        raise errors.InvalidSettingsError(_("Choose one of the rules offered for no-shows."))
    if (
        isinstance(absence_grace_minutes, bool)
        or not 0 <= int(absence_grace_minutes) <= MAX_ABSENCE_GRACE_MINUTES
    ):
        raise errors.InvalidSettingsError(
            _("Players have from 0 to %(n)s minutes to appear at their table.")
            % {"n": MAX_ABSENCE_GRACE_MINUTES}
        )
    return {"no_show_rule": no_show_rule, "absence_grace_minutes": int(absence_grace_minutes)}
