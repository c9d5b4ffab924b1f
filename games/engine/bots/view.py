"""Reading an observation: the hand part of a match observation, and its public facts as masks.

Bots are given exactly what the engine shows one seat, with the seat's memory of the hand: the
typed observation (:meth:`MatchState.observe` or :meth:`HandState.observe` with
``memory=True``) or its JSON form (``observation(seat, memory=True)``, what a table hands its
bot seats), read back with ``from_json``. A screen sees only the last completed trick (RULES.md
§1 "Looking back"); a bot, like a player, remembers every trick it saw played, and an
observation without them is refused (its bot could not count the cards played).
:class:`View` unpacks it once into the masks and numbers the bots work with and keeps the typed
hand observation (:class:`~games.engine.observation.Observation`) for the rest.

>>> from games.engine import get_variant
>>> m = get_variant("cabrero").new_match(players=4, seed=3)
>>> v = View.of(m.observation(m.current_player(), memory=True))
>>> v.variant, v.own.bit_count(), v.seat == m.current_player()
('cabrero', 10, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.actions import parse_action
from games.engine.cards import SUIT_LETTERS, mask_of, parse_card
from games.engine.observation import MatchObservation, Observation
from games.engine.variant import REGISTRY, Variant

#: What a bot may be given: a match or hand observation, typed or in its JSON form.
AnyObservation = Mapping[str, Any] | Observation | MatchObservation


def typed(observation: AnyObservation) -> Observation | MatchObservation:
    """The typed value of an observation given in any form."""
    if isinstance(observation, Observation | MatchObservation):
        return observation
    if isinstance(observation.get("hand"), Mapping):
        return MatchObservation.from_json(observation)
    return Observation.from_json(observation)


def card_or_none(text: object) -> int:
    """A card index from a notation, or -1 for None."""
    return -1 if text is None else parse_card(text)


@dataclass(frozen=True)
class View:
    """One seat's observation of a hand, unpacked.

    ``obs`` is the typed hand observation; ``options`` the table options (the match observation's,
    or the variant's defaults for a bare hand observation, or none for Cabrero's playoff hand).
    """

    obs: Observation
    options: dict[str, Any]
    variant: str
    seat: int
    n: int
    own: int
    played: int
    out_of_play: int
    legal: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...], tuple[int, ...], int], ...]
    trick: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, observation: AnyObservation) -> View:
        """Unpack a match or hand observation of the seat to act (or of any seat)."""
        given = typed(observation)
        if isinstance(given, MatchObservation):
            hobs = given.hand
            # a hand of another variant inside the match (Cabrero's playoff) has no options
            options = dict(given.options) if given.variant == hobs.variant else {}
        else:
            hobs = given
            options = REGISTRY[hobs.variant].validate_options(None)
        if len(hobs.history) < sum(hobs.tricks_won):
            raise ValueError(
                "A bot decides from what its seat saw of the whole hand: give it "
                "observe(seat, memory=True); a screen's observation shows only the last trick."
            )
        history = tuple(
            (t.leader, t.seats, tuple(parse_card(c) for c in t.cards), t.winner)
            for t in hobs.history
        )
        trick = tuple((t.seat, parse_card(t.card)) for t in hobs.trick)
        played = 0
        for _, _, cards, _ in history:
            for c in cards:
                played |= 1 << c
        for _, c in trick:
            played |= 1 << c
        return cls(
            obs=hobs,
            options=options,
            variant=hobs.variant,
            seat=-1 if hobs.seat is None else hobs.seat,
            n=hobs.players,
            own=mask_of(list(hobs.hand or ())),
            played=played,
            out_of_play=mask_of(list(hobs.out_of_play)),
            legal=tuple(parse_action(a) for a in hobs.legal),
            history=history,
            trick=trick,
        )

    @property
    def variant_obj(self) -> Variant:
        """The registered :class:`Variant` of the hand."""
        return REGISTRY[self.variant]

    @property
    def trump(self) -> int:
        """The trump suit in force."""
        return SUIT_LETTERS.index(self.obs.trump)

    @property
    def sizes(self) -> list[int]:
        """Cards in each seat's hand."""
        return list(self.obs.hand_sizes)
