"""A match: a sequence of hands under one variant, with its own tally and end.

:class:`MatchState` offers the same interface as a hand (``current_player``, ``legal_actions``,
``apply_action``, ``apply``, ``is_terminal``, ``observe``, ``observation``) and passes actions to
the hand in play. When a hand ends the match updates its tally (``_on_hand_end``) and deals the
next hand (``_next_setup``) or ends (``_finish``). A match is therefore fully determined by its
variant, player count, options, seed, first dealer and one flat list of actions. ``observe``
gives a :class:`~games.engine.observation.MatchObservation`; :class:`MatchResult` lives in
:mod:`games.engine.values` (re-exported here).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from hashlib import blake2b
from typing import TYPE_CHECKING, Any

from games.engine.errors import GameOverError, IllegalActionError
from games.engine.native import mypyc_attr
from games.engine.observation import MatchObservation
from games.engine.state import HandResult, HandSetup, HandState
from games.engine.values import MatchResult

if TYPE_CHECKING:
    from games.engine.variant import Variant

__all__ = ["MatchResult", "MatchState", "hand_seed"]


def hand_seed(seed: int | str, number: int) -> str:
    """The seed of hand ``number`` of a match (a string, so any seed type works).

    >>> hand_seed(42, 3)
    '42/3'
    """
    return f"{seed}/{number}"


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class MatchState:
    """A match of some variant; subclasses hold each variant's match rules.

    In the compiled build the match classes are mypyc native classes (``serializable``, so
    that :meth:`clone` can copy one with :func:`copy.copy`)."""

    def __init__(
        self,
        variant: Variant,
        players: int,
        options: dict[str, Any],
        seed: int | str,
        dealer: int | None,
    ) -> None:
        self.variant = variant
        self.n = players
        self.options = options
        self.seed = seed
        self.hands: list[HandState] = []
        self.log: list[int] = []
        self._result: MatchResult | None = None
        self._init_tally()
        first = self.first_setup(players, options, seed, dealer)
        self.first_dealer = first.dealer
        self.hands.append(self._new_hand(first))

    @classmethod
    def check_setup(cls, players: int, options: Mapping[str, Any]) -> None:
        """Refuse option combinations the variant does not admit (after per-option checks)."""

    @classmethod
    def first_setup(
        cls, players: int, options: Mapping[str, Any], seed: int | str, dealer: int | None
    ) -> HandSetup:
        """The setup of the first hand; a dealer drawn from the seed when none is given."""
        if dealer is None:
            dealer = (
                int.from_bytes(blake2b(f"{seed}:dealer".encode(), digest_size=8).digest(), "little")
                % players
            )
        return HandSetup(
            players=players,
            seed=hand_seed(seed, 0),
            options=options,
            dealer=dealer,
            first=True,
            hand_number=0,
            context={},
        )

    @classmethod
    def hand_class_for(cls, variant: Variant, setup: HandSetup) -> type[HandState]:
        """The hand class that plays ``setup`` (a variant may vary it by option)."""
        return variant.hand_class

    @classmethod
    def first_hand(
        cls,
        variant: Variant,
        players: int,
        options: Mapping[str, Any],
        seed: int | str,
        dealer: int | None,
    ) -> HandState:
        """The first hand of a match, dealt (``Variant.new_hand`` without a stacked deck or a
        later hand's arguments; the arguments checked by the caller)."""
        setup = cls.first_setup(players, options, seed, dealer)
        return cls.hand_class_for(variant, setup)(setup)

    # ----------------------------------------------------------------- hooks

    def _init_tally(self) -> None:
        """Set up the match's running tally (lost hands, games, ledger, ...)."""

    def _context(self) -> dict[str, Any]:
        """What the next hand needs to know of the match."""
        return {}

    def _next_dealer(self) -> int:
        """The dealer of the next hand: the previous mano by default (RULES.md §2)."""
        return self.hand.mano

    def _next_setup(self) -> HandSetup | None:
        """The next hand's setup, or None when the match is over."""
        k = len(self.hands)
        return HandSetup(
            players=self.n,
            seed=hand_seed(self.seed, k),
            options=self.options,
            dealer=self._next_dealer(),
            first=False,
            hand_number=k,
            context=self._context(),
        )

    def _on_hand_end(self, result: HandResult) -> None:
        """Update the tally with a finished hand."""

    def _finish(self) -> MatchResult:
        raise NotImplementedError

    def _ranked_result(self, totals: Sequence[int], shown: str) -> MatchResult:
        """The result of a match ranked by ``totals`` (a ledger or points per seat, highest
        first; equal totals share a place): the winners are the first, named in the summary
        as ``seat s (<shown>)``, ``shown`` formatting the seat's total (``"{:+d}"``)."""
        n = self.n
        places = tuple(1 + sum(1 for o in range(n) if totals[o] > totals[s]) for s in range(n))
        winners = tuple(s for s in range(n) if places[s] == 1)
        summary = (
            "Winner"
            + ("s: " if len(winners) > 1 else ": ")
            + ", ".join(f"seat {s} ({shown.format(totals[s])})" for s in winners)
        )
        return MatchResult(
            places=places,
            winners=winners,
            hands_played=len(self.hands),
            summary=summary,
            extra=self._tally_json(),
        )

    def _tally_json(self) -> dict[str, Any]:
        """The tally as public JSON (lost hands, games, ledger, ...)."""
        return {}

    def _new_hand(self, setup: HandSetup) -> HandState:
        return self.hand_class_for(self.variant, setup)(setup)

    # ----------------------------------------------------------------- public API

    @property
    def hand(self) -> HandState:
        """The hand in play (the last one once the match is over)."""
        return self.hands[-1]

    def current_player(self) -> int:
        """The seat to act, or -1 when the match is over."""
        return -1 if self._result is not None else self.hand.current_player()

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self._result is not None

    def legal_actions(self) -> list[int]:
        """Legal actions of the seat to act."""
        return [] if self._result is not None else self.hand.legal_actions()

    def apply_action(self, action: int, seat: int | None = None) -> None:
        """Apply an action in place (validated first: an illegal one changes nothing)."""
        if self._result is not None:
            raise GameOverError("The match is over.")
        hand = self.hand
        hand.apply_action(action, seat)
        self.log.append(action)
        if hand.is_terminal():
            self._on_hand_end(hand.result())
            setup = self._next_setup()
            if setup is None:
                self._result = self._finish()
            else:
                self.hands.append(self._new_hand(setup))

    def apply(self, action: int, seat: int | None = None) -> MatchState:
        """A new match state with ``action`` applied."""
        child = self.clone()
        child.apply_action(action, seat)
        return child

    def result(self) -> MatchResult:
        """The match result, once over."""
        if self._result is None:
            raise IllegalActionError("The match is not over yet.")
        return self._result

    def clone(self) -> MatchState:
        """An independent copy (finished hands are shared: they no longer change)."""
        new = copy.copy(self)  # every field, shared; then fresh copies of the mutable ones
        new.hands = [*self.hands[:-1], self.hands[-1].clone()]
        new.log = list(self.log)
        self._clone_tally(new)
        return new

    def _clone_tally(self, new: MatchState) -> None:
        """Copy mutable tally fields into ``new``."""

    def observe(self, seat: int | None, *, memory: bool = False) -> MatchObservation:
        """What ``seat`` (None: a spectator) may know: the match tally, the hand in play and
        the result of the previous hand, as a typed value. ``memory``: every completed trick
        of the hand in play, for a bot (see :meth:`HandState.observe`)."""
        prev = self.hands[-2].result() if len(self.hands) > 1 else None
        if self._result is not None:
            prev = self.hand.result()
        return MatchObservation(
            variant=self.variant.key,
            players=self.n,
            options=dict(self.options),
            hand_number=len(self.hands) - 1,
            tally=self._tally_json(),
            match_over=self._result is not None,
            match_result=self._result,
            previous_hand=prev,
            hand=self.hand.observe(seat, memory=memory),
        )

    def observation(self, seat: int | None, *, memory: bool = False) -> dict[str, Any]:
        """:meth:`observe` in its JSON form."""
        return self.observe(seat, memory=memory).to_json()

    def public_observation(self) -> dict[str, Any]:
        """What a spectator may know."""
        return self.observation(None)
