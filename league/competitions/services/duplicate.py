"""Duplicate tournaments: the settings, a round's shared deal and seats, the per-hand results.

A duplicate tournament is paired like a Swiss one (:mod:`.rounds`), with three differences made
here: every table of a round is the same size and there are at least two
(:func:`check_round_field`); the round draws one seed and one first dealer that all its tables
share (:func:`prepare_round`), so hand *k* deals the same cards to the same seats everywhere;
and each table's entries are seated so the positions turn (:func:`rotated_plans`). When a
table's match ends, :func:`record_deals` stores each entry's result on each of the round's
boards (the first ``boards`` hands) from the table's ``TableOutcome``: the hand's number, its
deal fingerprint, the entry's position and score
(:func:`league.competitions.duplicate.board_score`).
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from games.engine import REGISTRY, get_variant
from games.outcome import TableOutcome

from .. import duplicate, errors
from ..adapter import BoardPlan
from ..models import Board, BoardSeat, DealResult, Format, Round, Tournament
from .validation import EventFormat


def duplicate_settings(
    fmt: EventFormat, format: str, boards: int | None
) -> tuple[EventFormat, dict[str, Any]]:
    """The format checked: a duplicate tournament's tables are all of ``table_size`` (its
    smallest table is the same) and it compares ``boards`` hands per round (by default
    :func:`~league.competitions.duplicate.default_boards`)."""
    if format not in Format.values:
        raise errors.InvalidSettingsError(_("Choose Swiss or duplicate."))
    if format != Format.DUPLICATE:
        return fmt, {"format": Format.SWISS, "boards": None}
    if boards in (None, ""):
        boards = duplicate.default_boards(get_variant(fmt.variant), fmt.options)
    try:
        count = int(boards)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        count = 0
    if isinstance(boards, bool) or not 1 <= count <= duplicate.MAX_BOARDS:
        raise errors.InvalidSettingsError(
            _("A duplicate round compares from 1 to %(n)s boards.") % {"n": duplicate.MAX_BOARDS}
        )
    fmt = replace(fmt, min_table_size=fmt.table_size)
    return fmt, {"format": Format.DUPLICATE, "boards": count}


def check_round_field(tournament: Tournament, entries: int) -> None:
    """Refuse a duplicate round the players cannot fill: tables of different sizes would not
    share a deal, and one table has nobody to be compared with."""
    why = duplicate.check_field(entries, tournament.table_size)
    if why is None:
        return
    size = tournament.table_size * tournament.seats_per_entry
    if why == "one table":
        raise errors.RoundError(
            _(
                "A duplicate round needs at least two tables of %(size)s players, so that each "
                "hand can be compared: %(n)s entries are not enough (at least %(min)s)."
            )
            % {"size": size, "n": entries, "min": 2 * tournament.table_size}
        )
    raise errors.RoundError(
        _(
            "In a duplicate round every table plays the same deals, so every table needs "
            "%(size)s players: %(n)s entries cannot be seated (withdraw or add entries to make "
            "a multiple of %(k)s)."
        )
        % {"size": size, "n": entries, "k": tournament.table_size}
    )


def prepare_round(rnd: Round, tournament: Tournament) -> None:
    """Draw the deal every table of the round shares."""
    rnd.deal_seed = secrets.randbits(63)
    rnd.first_dealer = secrets.randbelow(tournament.table_size * tournament.seats_per_entry)
    rnd.save(update_fields=["deal_seed", "first_dealer"])


def rotated_plans(plans: Sequence[BoardPlan], seats: Sequence[BoardSeat], number: int) -> list[Any]:
    """The pairing's tables with their entries re-seated so that each entry takes the
    positions it held least (:func:`~league.competitions.duplicate.rotate_seats`). Tables of
    two entries are paired again so that each entry owing the first seat meets one owing the
    second (:func:`~league.competitions.duplicate.side_pairing`): the Swiss pairing may set two
    entries that both held the first seat against each other."""
    history: dict[int, list[int]] = defaultdict(lambda: [0] * 6)
    for seat in seats:
        if not seat.board.is_bye:
            history[seat.entry_id][seat.position] += 1
    tables = [p.entries for p in plans if not p.is_bye]
    if tables and all(len(t) == 2 for t in tables):
        met: dict[int, set[int]] = defaultdict(set)
        by_board: dict[int, list[int]] = defaultdict(list)
        for seat in seats:
            if not seat.board.is_bye:
                by_board[seat.board_id].append(seat.entry_id)
        for group in by_board.values():
            for entry in group:
                met[entry].update(e for e in group if e != entry)
        ranked = [e for t in tables for e in t]
        turned = iter(duplicate.side_pairing(ranked, history, met))
        return [p if p.is_bye else replace(p, entries=next(turned)) for p in plans]
    turned = iter(duplicate.rotate_seats(tables, history, number))
    return [p if p.is_bye else replace(p, entries=next(turned)) for p in plans]


def record_deals(
    tournament: Tournament, board: Board, seats: Sequence[BoardSeat], outcome: TableOutcome
) -> int:
    """Store each entry's result on each board the table played (hands 1 to ``boards``, the
    hands every seat played). An entry that forfeited (absent, its seat played by a bot) has
    none: a bot's play is not compared with the players'. Idempotent for the board. Returns the
    rows written."""
    board.deal_results.all().delete()
    variant = REGISTRY.get(outcome.variant)
    limit = tournament.boards or duplicate.DEFAULT_BOARDS
    rows = []
    for hand in outcome.full_hands:
        number = _board_number(hand.number)
        if number > limit:
            continue
        for seat in seats:
            if seat.forfeit:
                continue
            score, points = duplicate.board_score(
                variant, tournament.shape, hand.result, seat.position, len(seats)
            )
            rows.append(
                DealResult(
                    board=board,
                    entry_id=seat.entry_id,
                    number=number,
                    deal=hand.deal or f"{board.round_id}/{number}",
                    position=seat.position,
                    score=score,
                    hand_points=points,
                    table_id=outcome.table_id,
                )
            )
    DealResult.objects.bulk_create(rows)
    return len(rows)


def _board_number(hand_number: int) -> int:
    """Boards are numbered from 1, as the replay pages number a match's hands (the outcome's
    hand numbers start at 0)."""
    return hand_number + 1
