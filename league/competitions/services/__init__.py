"""Every change competitions make to the database, split by subject.

Each service is a keyword-only function named ``<thing>_<action>``, runs in one transaction and
raises a :class:`~league.competitions.errors.CompetitionError` (translated, for the page) when
the request cannot be met, so nothing is half-written. Organiser actions raise
:class:`~league.competitions.errors.CompetitionPermissionError` (a 403) for anyone who is not an
active organiser or admin of the club. Services that depend on the time take ``now`` (tests
freeze the clock by passing it).

``common``       the clock, who may act, the change log, entries' partners (shared helpers).
``validation``   the settings of a new tournament or league, checked against the engine.
``tables``       opening and abandoning live tables through ``games``' services.
``tournaments``  creating a tournament; registration, withdrawal, check-in; drops, reinstatements.
``rounds``       pairing a round (:mod:`league.pairing` through the adapter), opening its tables,
                 finishing it and pairing the next.
``results``      recording a finished table's result on its board or fixture; the sweep.
``overrides``    an organiser's logged corrections: pairing changes and results set by hand.
``leagues``      leagues and seasons: creation, registration, divisions, start, close.
``fixtures``     league fixtures: generation, "play now", closing the play windows.
``absence``      the absence rule: after the grace period (or at a correspondence deadline)
                 the seats of players who never appeared are forfeited, or played by a bot.

**A tournament round** (see docs/competitions.md): :func:`round_pair` stores the boards and byes
and opens a live table per board with :func:`games.services.table_create`
(``source_kind="competitions.board"``). When a table's match ends, ``games`` sends
``match_finished``; :mod:`league.competitions.receivers` calls :func:`match_result_record`,
which scores the places and, when the round's last board is in, finishes the round and
(``auto_advance``) pairs the next one.

**A league season**: :func:`season_start` generates the fixtures, each with a play window.
Players press "play now" (:func:`fixture_play_now`); when all of a fixture's players are ready
its table opens. :func:`fixtures_close_windows` (Celery beat) forfeits the fixtures whose window
closed unplayed. :func:`season_close` ranks each division, promotes and relegates, and makes the
next season.

This package re-exports the public services, so callers write
``from league.competitions import services; services.round_pair(...)``; its modules import each
other directly, never through this ``__init__``.
"""

from ..formats import READY_MINUTES
from ..selectors.standings import division_standings
from .absence import absences_apply
from .common import BOARD_SOURCE, FIXTURE_SOURCE
from .fixtures import fixture_play_now, fixtures_close_windows, fixtures_generate
from .leagues import (
    league_create,
    season_assign,
    season_close,
    season_create,
    season_register,
    season_start,
    season_withdraw,
)
from .overrides import fixture_result_override, pairing_change, result_override
from .results import match_result_record, results_collect
from .rounds import round_pair, round_start
from .tournaments import (
    MAX_ROUNDS,
    entry_drop,
    entry_reinstate,
    tournament_check_in,
    tournament_create,
    tournament_register,
    tournament_withdraw,
)

__all__ = [
    "BOARD_SOURCE",
    "FIXTURE_SOURCE",
    "MAX_ROUNDS",
    "READY_MINUTES",
    "absences_apply",
    "division_standings",
    "entry_drop",
    "entry_reinstate",
    "fixture_play_now",
    "fixture_result_override",
    "fixtures_close_windows",
    "fixtures_generate",
    "league_create",
    "match_result_record",
    "pairing_change",
    "result_override",
    "results_collect",
    "round_pair",
    "round_start",
    "season_assign",
    "season_close",
    "season_create",
    "season_register",
    "season_start",
    "season_withdraw",
    "tournament_check_in",
    "tournament_create",
    "tournament_register",
    "tournament_withdraw",
]
