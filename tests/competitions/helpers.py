"""Playing competition tables to their end through games' services.

Present players choose among the legal actions with the engine's random bot
(:func:`games.engine.bots.choose_action`) and play them with
:func:`games.services.table_act`; an *absent* player's turn timer runs out
(:func:`games.services.table_advance` with a clock past the deadline), after which the bot
plays his seat. Every call goes through ``commit`` so ``match_finished`` fires as in production.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from games import services as games_services
from games import table_state
from games.engine import parse_action
from games.engine.bots import choose_action
from games.models import Seat, Table
from league.competitions import services as competition_services
from league.competitions.models import Tournament


def make_tournament(club: Any, organiser: Any, soon: Any, **extra: Any) -> Tournament:
    """A Swiss tournament of Tute for two (one game a match, 3 rounds) closing ``soon``;
    ``extra`` overrides or adds settings."""
    settings = {
        "name": "Copa",
        "variant": "dos",
        "options": {"games": 1},
        "rounds": 3,
        "registration_closes": soon,
        **extra,
    }
    return competition_services.tournament_create(club=club, organiser=organiser, **settings)


def play_table(
    commit: Callable[..., Any],
    table_id: int,
    *,
    absent: Iterable[int] = (),
    seed: int | str = 0,
    stop_before_end: bool = False,
) -> Any:
    """Play table ``table_id`` to its end; ``absent`` are user ids that never play.

    With ``stop_before_end`` the last move is not played but returned as ``(user, action,
    version)`` for the caller to play (the last mover must be present).
    """
    absent = set(absent)
    users = {
        s.position: s.user for s in Seat.objects.filter(table_id=table_id).select_related("user")
    }
    step = 0
    while True:
        table = Table.objects.get(pk=table_id)
        if table.status != Table.Status.PLAYING:
            return table
        match = table_state.match_at(table)
        position = match.current_player()
        user = users[position]
        if user is None or user.pk in absent:
            late = (table.deadline or table.created_at) + timedelta(seconds=1)
            commit(games_services.table_advance, table_id=table_id, version=table.version, now=late)
        else:
            action = choose_action(
                "random", match.observation(position, memory=True), seed=f"{seed}:{step}"
            )
            if stop_before_end:
                probe = match.clone()
                probe.apply_action(parse_action(action), position)
                if probe.is_terminal():
                    return user, action, table.version
            commit(
                games_services.table_act,
                table_id=table_id,
                user=user,
                action=action,
                version=table.version,
            )
        step += 1


def play_tables(
    commit: Callable[..., Any], table_ids: Iterable[int | None], *, absent: Iterable[int] = ()
) -> None:
    absent = set(absent)
    for table_id in table_ids:
        if table_id is not None:
            play_table(commit, table_id, absent=absent, seed=table_id)
