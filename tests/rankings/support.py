"""Finished tables for the rankings tests, announced as games announces them.

``engine_outcome`` plays a whole match through the engine with seeded random legal actions and
returns the :class:`games.outcome.TableOutcome` games builds for such a finished table: its
seats, places, the engine's result and record, and every hand in table seats (made by games'
own :func:`games.selectors.outcomes.hand_outcome`, so a Cabrero playoff hand is mapped back as
games maps it). ``simple_outcome`` gives chosen places and hands. ``announce`` sends
``games.signals.match_finished`` as games does (``send_robust`` with the older keyword
arguments and ``outcome=``), fails on any receiver's error, and runs the on-commit callbacks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from games.engine import get_variant
from games.engine.records import hand_record, match_record
from games.outcome import HandOutcome, OutcomeStatus, SeatOutcome, TableOutcome
from games.selectors.outcomes import hand_outcome

BASE_TIME = timezone.make_aware(datetime(2025, 3, 1, 20, 0))


def _outcome(
    variant: str,
    users: Sequence[int | None],
    places: Sequence[int],
    *,
    table_id: int,
    rated: bool,
    private: bool,
    finished_at: datetime | None,
    hands: tuple[HandOutcome, ...],
    result: Mapping[str, Any],
    record: Mapping[str, Any] | None,
    bot_level: str,
) -> TableOutcome:
    """A finished table's outcome with the fields games fills (no turn ran out)."""
    sides = get_variant(variant).side_seats(len(users))
    return TableOutcome(
        table_id=table_id,
        status=OutcomeStatus.FINISHED,
        variant=variant,
        players=len(users),
        sides=tuple(tuple(side) for side in sides),
        seats=tuple(
            SeatOutcome(
                position=position,
                user_id=user,
                bot_level=bot_level if user is None else "",
                place=int(places[position]),
            )
            for position, user in enumerate(users)
        ),
        rated=rated,
        private=private,
        finished_at=finished_at or BASE_TIME + timedelta(minutes=table_id),
        places=tuple(int(p) for p in places),
        winners=tuple(int(w) for w in result.get("winners") or ()),
        hands=hands,
        result=result,
        record=record,
    )


def engine_outcome(
    variant: str,
    users: list[int | None],
    *,
    seed: int,
    table_id: int,
    rated: bool = True,
    private: bool = False,
    finished_at: datetime | None = None,
    options: dict[str, Any] | None = None,
) -> TableOutcome:
    """A match of ``variant`` played to its end by seeded random moves, as games reports it."""
    v = get_variant(variant)
    match = v.new_match(players=len(users), seed=seed, options=options or {})
    rng = random.Random(seed)
    while not match.is_terminal():
        match.apply_action(rng.choice(match.legal_actions()), match.current_player())
    result = match.result().to_json()
    hands = tuple(
        hand_outcome(number, hand_record(hand), hand.result().to_json(), len(users))
        for number, hand in enumerate(match.hands)
        if hand.is_terminal()
    )
    return _outcome(
        variant,
        users,
        result["places"],
        table_id=table_id,
        rated=rated,
        private=private,
        finished_at=finished_at,
        hands=hands,
        result=result,
        record=match_record(match),
        bot_level="random",
    )


def simple_outcome(
    variant: str,
    users: list[int | None],
    places: list[int],
    *,
    table_id: int,
    rated: bool = True,
    finished_at: datetime | None = None,
    hands: list[dict[str, Any]] | None = None,
    result: dict[str, Any] | None = None,
) -> TableOutcome:
    """An outcome with the given places and hands (results in table seats; no record)."""
    every_seat = tuple(range(len(users)))
    return _outcome(
        variant,
        users,
        places,
        table_id=table_id,
        rated=rated,
        private=False,
        finished_at=finished_at,
        hands=tuple(
            HandOutcome(number=number, result=hand, seats=every_seat)
            for number, hand in enumerate(hands or [])
        ),
        result=result or {"places": places},
        record=None,
        bot_level="",
    )


def older_kwargs(outcome: TableOutcome) -> dict[str, Any]:
    """The keyword arguments games still sends beside ``outcome`` (``games.signals``)."""
    return {
        "table_id": outcome.table_id,
        "variant": outcome.variant,
        "players": outcome.players,
        "seats": dict(enumerate(outcome.seat_users)),
        "bot_levels": outcome.bot_levels,
        "source_kind": outcome.source_kind,
        "source_id": outcome.source_id,
        "timeouts": outcome.timeouts,
        "places": list(outcome.places),
        "winners": list(outcome.winners),
        "rated": outcome.rated,
        "private": outcome.private,
        "result": outcome.result,
        "record": outcome.record,
    }


def announce(outcome: TableOutcome, capture: Any) -> None:
    """Send ``match_finished`` as games does, then run the callbacks queued on commit; a
    receiver's error fails the test (``send_robust`` would only return it)."""
    from games.models import Table
    from games.signals import match_finished

    with capture(execute=True):
        responses = match_finished.send_robust(
            sender=Table, **older_kwargs(outcome), outcome=outcome
        )
    for _receiver, response in responses:
        if isinstance(response, Exception):
            raise response


def private_and_public(capture: Any) -> dict[str, Any]:
    """A public and a private finished table, both rated Cabrero, announced as games does.

    Ana, Bruno and Carmen sit at both; Diego at the public one, Fede at the private one (so
    Fede met Ana only there). Eva never played; Sam is staff. Ana (admin), Eva and Fede are
    members of a club. Each outcome says whether its table was private, as games builds it
    from the table.
    """
    from games.models import Table
    from tests.factories import UserFactory, club_with

    names = ["ana", "bruno", "carmen", "diego", "eva", "fede"]
    users = {n: UserFactory(username=n, display_name=n.capitalize()) for n in names}
    users["sam"] = UserFactory(username="sam", display_name="Sam", is_staff=True)
    public = Table.objects.create(
        variant="cabrero", players=4, rated=True, status=Table.Status.FINISHED
    )
    private = Table.objects.create(
        variant="cabrero", players=4, rated=True, is_private=True, status=Table.Status.FINISHED
    )
    seats = {
        public: [users[n].pk for n in ("ana", "bruno", "carmen", "diego")],
        private: [users[n].pk for n in ("ana", "bruno", "carmen", "fede")],
    }
    for number, (table, ids) in enumerate(seats.items()):
        finished_at = timezone.now() - timedelta(hours=2 - number)
        outcome = engine_outcome(
            "cabrero",
            ids,
            seed=30 + number,
            table_id=table.pk,
            private=table.is_private,
            finished_at=finished_at,
        )
        announce(outcome, capture)
    users["club"] = club_with(admin=users["ana"], members=[users["eva"], users["fede"]])
    users["public"] = public.pk
    users["private"] = private.pk
    return users
