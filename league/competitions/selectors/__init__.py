"""Read-side queries of competitions, split by subject. Nothing here writes, and nothing here
imports the services (the services may read through these selectors).

``common``       who may organise, club and user look-ups, how points are written.
``standings``    tournament and division standings (computed on read), tiebreak names.
``tournaments``  tournaments, their field with seeds, rounds, boards, change log.
``leagues``      leagues, seasons, divisions with fixtures, fixtures waiting for players.
``my_matches``   a player's boards and fixtures ("my matches").
``exports``      the CSV exports of tournaments and seasons.
``absences``     a player's results decided by absence (his statistics page shows them).
``duplicate``    a duplicate tournament's standings and per-board comparisons.

This package re-exports the public selectors (``selectors.tournament_get(...)``); its modules
import each other directly, never through this ``__init__``.
"""

from .common import club_for_slug, may_organise, organised_clubs, user_named
from .duplicate import DuplicateResults, duplicate_results
from .exports import (
    season_results_csv,
    season_standings_csv,
    tournament_results_csv,
    tournament_standings_csv,
)
from .leagues import (
    DivisionView,
    fixture_get,
    fixture_waiting_for,
    league_get,
    league_list,
    league_seasons,
    season_changes,
    season_current,
    season_divisions,
    season_entry_get,
    season_entry_of,
    season_get,
    season_undecided_fixtures,
)
from .my_matches import MyMatch, my_matches
from .standings import (
    SHOWN_IN_STANDINGS,
    division_standings,
    tiebreak_choices,
    tiebreak_columns,
    tiebreak_label,
    tournament_standings,
)
from .tournaments import (
    board_get,
    board_seats,
    entry_get,
    entry_of,
    registration_is_open,
    round_get,
    round_is_open,
    tournament_changes,
    tournament_entries,
    tournament_field,
    tournament_get,
    tournament_list,
    tournament_rounds,
)

__all__ = [
    "SHOWN_IN_STANDINGS",
    "DivisionView",
    "DuplicateResults",
    "MyMatch",
    "board_get",
    "board_seats",
    "club_for_slug",
    "division_standings",
    "duplicate_results",
    "entry_get",
    "entry_of",
    "fixture_get",
    "fixture_waiting_for",
    "league_get",
    "league_list",
    "league_seasons",
    "may_organise",
    "my_matches",
    "organised_clubs",
    "registration_is_open",
    "round_get",
    "round_is_open",
    "season_changes",
    "season_current",
    "season_divisions",
    "season_entry_get",
    "season_entry_of",
    "season_get",
    "season_results_csv",
    "season_standings_csv",
    "season_undecided_fixtures",
    "tiebreak_choices",
    "tiebreak_columns",
    "tiebreak_label",
    "tournament_changes",
    "tournament_entries",
    "tournament_field",
    "tournament_get",
    "tournament_list",
    "tournament_results_csv",
    "tournament_rounds",
    "tournament_standings",
    "tournament_standings_csv",
    "user_named",
]
