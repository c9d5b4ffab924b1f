"""Reading an observation: the hand part of a match observation, and its public facts as masks.

Bots are given exactly what the engine shows one seat (:meth:`MatchState.observation` or
:meth:`HandState.observation`). :class:`View` unpacks it once into the masks and numbers the
bots work with, without keeping anything else.

>>> from games.engine import get_variant
>>> m = get_variant("cabrero").new_match(players=4, seed=3)
>>> v = View.of(m.observation(m.current_player()))
>>> v.variant, v.own.bit_count(), v.seat == m.current_player()
('cabrero', 10, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.actions import parse_action
from games.engine.cards import SUIT_LETTERS, mask_of, parse_card
from games.engine.variant import REGISTRY, Variant


def hand_observation(observation: dict[str, Any]) -> dict[str, Any]:
    """The hand observation inside a match observation (or the observation itself)."""
    hand = observation.get("hand")
    if isinstance(hand, dict):
        return hand
    return observation


def card_or_none(text: object) -> int:
    """A card index from a notation, or -1 for None."""
    return -1 if text is None else parse_card(text)


@dataclass(frozen=True)
class View:
    """One seat's observation of a hand, unpacked.

    ``obs`` is the hand observation; ``options`` the table options (the match observation's,
    or the variant's defaults for a bare hand observation, or none for Cabrero's playoff hand).
    """

    obs: dict[str, Any]
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
    def of(cls, observation: dict[str, Any]) -> View:
        """Unpack a match or hand observation of the seat to act (or of any seat)."""
        hobs = hand_observation(observation)
        key = str(hobs["variant"])
        variant = REGISTRY[key]
        if hobs is observation:
            options = variant.validate_options(None)
        elif observation.get("variant") == key:
            options = dict(observation.get("options") or {})
        else:  # a hand of another variant inside the match: Cabrero's playoff
            options = {}
        history = tuple(
            (
                int(t["leader"]),
                tuple(int(s) for s in t["seats"]),
                tuple(parse_card(c) for c in t["cards"]),
                int(t["winner"]),
            )
            for t in hobs["history"]
        )
        trick = tuple((int(t["seat"]), parse_card(t["card"])) for t in hobs["trick"])
        played = 0
        for _, _, cards, _ in history:
            for c in cards:
                played |= 1 << c
        for _, c in trick:
            played |= 1 << c
        seat = hobs["seat"]
        return cls(
            obs=hobs,
            options=options,
            variant=key,
            seat=-1 if seat is None else int(seat),
            n=int(hobs["players"]),
            own=mask_of(hobs["hand"] or []),
            played=played,
            out_of_play=mask_of(hobs["out_of_play"]),
            legal=tuple(parse_action(a) for a in hobs["legal"]),
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
        return SUIT_LETTERS.index(self.obs["trump"])

    @property
    def sizes(self) -> list[int]:
        """Cards in each seat's hand."""
        return [int(x) for x in self.obs["hand_sizes"]]
