"""Realistic ``match_finished`` payloads for the rankings tests.

``engine_payload`` plays a whole match through the engine with seeded random legal actions and
returns what ``games`` announces for a finished table (seats, places, the engine's result and
record). ``announce`` sends it through ``games.signals.match_finished`` and runs the
on-commit callbacks, as a real finish would.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from games.engine import get_variant
from games.engine.records import hand_record, match_record

BASE_TIME = timezone.make_aware(datetime(2025, 3, 1, 20, 0))


def engine_payload(
    variant: str,
    users: list[int | None],
    *,
    seed: int,
    table_id: int,
    rated: bool = True,
    finished_at: datetime | None = None,
    options: dict[str, Any] | None = None,
    with_hands: bool = False,
) -> dict[str, Any]:
    v = get_variant(variant)
    match = v.new_match(players=len(users), seed=seed, options=options or {})
    rng = random.Random(seed)
    while not match.is_terminal():
        match.apply_action(rng.choice(match.legal_actions()), match.current_player())
    result = match.result().to_json()
    payload: dict[str, Any] = {
        "table_id": table_id,
        "variant": variant,
        "players": len(users),
        "seats": dict(enumerate(users)),
        "bot_levels": {s: "random" for s, u in enumerate(users) if u is None},
        "timeouts": dict.fromkeys(range(len(users)), 0),
        "places": list(result["places"]),
        "winners": list(result["winners"]),
        "rated": rated,
        "result": result,
        "record": match_record(match),
        "source_kind": "",
        "source_id": None,
        "finished_at": finished_at or BASE_TIME + timedelta(minutes=table_id),
    }
    if with_hands:
        payload["hands"] = [
            {"record": hand_record(h), "result": h.result().to_json()} for h in match.hands
        ]
    return payload


def simple_payload(
    variant: str,
    users: list[int | None],
    places: list[int],
    *,
    table_id: int,
    rated: bool = True,
    finished_at: datetime | None = None,
    hands: list[dict[str, Any]] | None = None,
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A payload with the given places and hands (no record to replay)."""
    return {
        "table_id": table_id,
        "variant": variant,
        "players": len(users),
        "seats": dict(enumerate(users)),
        "bot_levels": {},
        "timeouts": {},
        "places": places,
        "winners": [s for s, p in enumerate(places) if p == 1],
        "rated": rated,
        "result": result or {"places": places},
        "record": None,
        "hands": hands or [],
        "finished_at": finished_at or BASE_TIME + timedelta(minutes=table_id),
    }


def announce(payload: dict[str, Any], capture: Any) -> None:
    """Send ``match_finished`` as games does, then run the callbacks queued on commit."""
    from games.signals import match_finished

    with capture(execute=True):
        match_finished.send(sender=None, **payload)


def private_and_public(capture: Any) -> dict[str, Any]:
    """A public and a private finished table, both rated Cabrero, announced as games does.

    Ana, Bruno and Carmen sit at both; Diego at the public one, Fede at the private one (so
    Fede met Ana only there). Eva never played; Sam is staff. Ana (admin), Eva and Fede are
    members of a club. The payloads do not say ``private``: the receiver reads it from
    the table, as it does for games' announcements.
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
        public.pk: [users[n].pk for n in ("ana", "bruno", "carmen", "diego")],
        private.pk: [users[n].pk for n in ("ana", "bruno", "carmen", "fede")],
    }
    for number, (table_id, ids) in enumerate(seats.items()):
        finished_at = timezone.now() - timedelta(hours=2 - number)
        payload = engine_payload(
            "cabrero", ids, seed=30 + number, table_id=table_id, finished_at=finished_at
        )
        announce(payload, capture)
    users["club"] = club_with(admin=users["ana"], members=[users["eva"], users["fede"]])
    users["public"] = public.pk
    users["private"] = private.pk
    return users
