"""Records: a hand or a match as JSON (variant, options, seed, actions), and replay.

A record is the whole truth of a game: replaying it through the engine gives the identical
state, because the deal is drawn from the seed and every later change is an action. The format
is versioned (``"format": 1``); actions are written in their notation (``"12B"``, ``"sing:O"``).
A hand dealt from a stacked deck records the deck (``"deck"``, notations in deal order).

>>> from games.engine import get_variant
>>> m = get_variant("cabrero").new_match(players=4, seed="demo")
>>> m.apply_action(m.legal_actions()[0])
>>> rec = match_record(m)
>>> len(rec["actions"]), replay(rec).hand.log == m.hand.log
(1, True)
"""

from __future__ import annotations

from typing import Any

from games.engine.actions import action_to_notation, parse_action
from games.engine.cards import NOTATION, parse_card
from games.engine.errors import RecordError, TuteError
from games.engine.match import MatchState
from games.engine.state import HandSetup, HandState
from games.engine.variant import REGISTRY

FORMAT = 1


def match_record(match: MatchState) -> dict[str, Any]:
    """The record of a match (finished or not)."""
    return {
        "format": FORMAT,
        "kind": "match",
        "variant": match.variant.key,
        "players": match.n,
        "options": dict(match.options),
        "seed": match.seed,
        "dealer": match.first_dealer,
        "actions": [action_to_notation(a) for a in match.log],
    }


def hand_record(hand: HandState) -> dict[str, Any]:
    """The record of one hand (its setup, including the match context, and its actions)."""
    s = hand.setup
    rec: dict[str, Any] = {
        "format": FORMAT,
        "kind": "hand",
        "variant": hand.variant.key,
        "players": s.players,
        "options": dict(s.options),
        "seed": s.seed,
        "dealer": s.dealer,
        "first": s.first,
        "hand_number": s.hand_number,
        "context": dict(s.context),
        "actions": [action_to_notation(a) for a in hand.log],
    }
    if s.deck is not None:  # a stacked deck replaces the seed's shuffle
        rec["deck"] = [NOTATION[c] for c in s.deck]
    return rec


def replay(record: dict[str, Any]) -> Any:
    """Rebuild the state a record describes (a :class:`MatchState` or a :class:`HandState`).

    Raises :class:`RecordError` if the record is malformed or an action in it is illegal.
    """
    if not isinstance(record, dict):
        raise RecordError("A record is a JSON object.")
    if record.get("format") != FORMAT:
        raise RecordError(
            f"Unknown record format {record.get('format')!r}; this engine reads format {FORMAT}."
        )
    try:
        variant = REGISTRY[record["variant"]]
        kind = record["kind"]
        actions = [parse_action(a) for a in record["actions"]]
        if kind == "match":
            state: Any = variant.new_match(
                players=record["players"],
                seed=record["seed"],
                options=record["options"],
                dealer=record["dealer"],
            )
        elif kind == "hand":
            opts = variant.validate_options(record["options"])
            deck = record.get("deck")
            setup = HandSetup(
                players=record["players"],
                seed=record["seed"],
                options=opts,
                dealer=record["dealer"],
                first=record["first"],
                hand_number=record["hand_number"],
                context=record.get("context") or {},
                deck=None if deck is None else tuple(parse_card(c) for c in deck),
            )
            state = variant.match_class.hand_class_for(variant, setup)(setup)
        else:
            raise RecordError(f"Unknown record kind {kind!r}.")
    except KeyError as exc:
        raise RecordError(f"The record lacks {exc}.") from None
    except TuteError as exc:
        raise RecordError(f"The record cannot be set up: {exc}") from None
    for i, action in enumerate(actions):
        try:
            state.apply_action(action)
        except TuteError as exc:
            raise RecordError(
                f"Action {i + 1} ({action_to_notation(action)}) is illegal: {exc}"
            ) from None
    return state
