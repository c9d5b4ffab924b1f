"""Storing a finished match: one ``FinishedMatch`` and a ``MatchParticipant`` row per seat with
that seat's figures (:mod:`..tally`).

:func:`match_store` is idempotent: a table's match is stored once (``table_id`` is unique), and
a second announcement returns the stored match untouched. A rated match is stored *pending*
(the rating task rates it, :mod:`.rating`), an unrated one *unrated*, a rated one with fewer
than two sides of people (bots only on one side) *void*; the sides are the engine's
(:func:`..variants.sides_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction

from league.clubs.models import User

from ..models import FinishedMatch, MatchParticipant
from ..tally import tally_match
from ..variants import sides_of


def _rating_status(
    *, rated: bool, sides: Sequence[Sequence[int]] | None, seat_users: Sequence[int | None]
) -> str:
    if not rated or sides is None:
        return FinishedMatch.RatingStatus.UNRATED
    with_people = [side for side in sides if any(seat_users[s] is not None for s in side)]
    if len(with_people) < 2:
        return FinishedMatch.RatingStatus.VOID
    return FinishedMatch.RatingStatus.PENDING


@transaction.atomic
def match_store(
    *,
    table_id: int,
    variant: str,
    seat_users: Sequence[int | None],
    places: Sequence[int],
    rated: bool,
    finished_at: datetime,
    result: Mapping[str, Any] | None = None,
    record: Mapping[str, Any] | None = None,
    hands: Sequence[Mapping[str, Any]] = (),
    bot_levels: Mapping[int, str] | None = None,
    timeouts: Mapping[Any, int] | None = None,
    source_kind: str = "",
    source_id: int | None = None,
    private: bool = False,
) -> tuple[FinishedMatch, bool]:
    """Store a finished match and its seats' figures; ``(match, created)``.

    ``seat_users`` and ``places`` are per seat (``None``: a bot); ``hands`` are the engine's
    hand results in table seats. A user id that no longer exists is stored as an empty seat.
    ``private``: the table was private (the match is then listed only to its players and
    staff; it is rated and counted like any other).
    """
    existing = FinishedMatch.objects.filter(table_id=table_id).first()
    if existing is not None:
        return existing, False
    players = len(seat_users)
    if len(places) != players or players == 0:
        raise ValueError(f"table {table_id}: {players} seats but {len(places)} places")
    known = set(
        User.objects.filter(pk__in=[u for u in seat_users if u is not None]).values_list(
            "pk", flat=True
        )
    )
    users = [u if u in known else None for u in seat_users]
    places = [int(p) for p in places]
    sides = sides_of(variant, players)
    status = _rating_status(rated=rated, sides=sides, seat_users=users)
    rows = tally_match(
        players=players,
        places=places,
        hands=hands,
        result=result,
        sides=sides,
        timeouts=timeouts,
    )
    try:
        with transaction.atomic():
            match = FinishedMatch.objects.create(
                table_id=table_id,
                variant=variant,
                players=players,
                rated=rated,
                finished_at=finished_at,
                hands_played=len(hands),
                places=places,
                result=dict(result or {}),
                record=dict(record) if record is not None else None,
                hands=[dict(h) for h in hands],
                source_kind=source_kind or "",
                source_id=source_id,
                private=private,
                rating_status=status,
            )
    except IntegrityError:  # announced twice at the same moment: the other one stored it
        return FinishedMatch.objects.get(table_id=table_id), False
    levels = bot_levels or {}
    MatchParticipant.objects.bulk_create(
        MatchParticipant(
            match=match,
            seat=row.seat,
            user_id=users[row.seat],
            bot_level=(levels.get(row.seat) or "") if users[row.seat] is None else "",
            variant=variant,
            finished_at=finished_at,
            rated=rated,
            private=private,
            side=row.side,
            place=row.place,
            outcome=row.outcome,
            hands=row.hands,
            hands_won=row.hands_won,
            hands_lost=row.hands_lost,
            hand_points=row.hand_points,
            card_points=row.card_points,
            tricks=row.tricks,
            cantos_40=row.cantos_40,
            cantos_20=row.cantos_20,
            tutes=row.tutes,
            capotes=row.capotes,
            renuncios=row.renuncios,
            retired=row.retired,
            timeouts=row.timeouts,
            points_per_hand=row.points_per_hand,
            contracts=row.contracts,
            contracts_made=row.contracts_made,
            bid_total=row.bid_total,
            batidos=row.batidos,
        )
        for row in rows
    )
    return match, True
