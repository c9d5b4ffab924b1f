"""The rule hooks of a hand, with their default (standard Tute) rules: what a variant overrides.

:class:`HandRules` is the base of :class:`~games.engine.state.HandState`: the state machine
there (the trick loop, validation, copies, observations) calls these hooks, and a variant's
hand is a subclass that overrides some of them, after OpenSpiel's game/state split and
python-chess's variant boards:

* the deal (``_deal``), the obligations (``_follow_mask``, ``_lead_mask``), the actions other
  than cards (``_lead_extras``, ``_other_actions``, ``_apply_other``), the end of a trick
  (``_update_best``, ``_winner_of_trick``, ``_on_trick``, ``_after_trick``, ``_hand_over``),
  the result (``_finish``) and the variant's fields of an observation (``_observe_extra``);
* the cantos (``canto_value``, ``_canto_actions``, ``_sing``, ``_sing_tute``) and the class
  attributes that say which ones the variant admits;
* the conformance queries (``legal_in_trick``, ``resolve_trick``).

The fields of a hand are declared here, with their types (so the hooks may assign them, and
the compiled build lays out its native classes from them), and set by ``HandState.__init__``.

>>> from games.engine import get_variant
>>> hand = get_variant("cabrero").new_hand(players=4, seed=1)
>>> hand.canto_value(hand.trump), hand.canto_value((hand.trump + 1) % 4)
(40, 20)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from games.engine import actions as A
from games.engine.cards import (
    ABOVE,
    ALL_HORSES,
    ALL_KINGS,
    KING_OF,
    SUIT,
    SUIT_MASK,
)
from games.engine.errors import WrongPhaseError
from games.engine.native import mypyc_attr
from games.engine.rules import standard_legal, trick_winner
from games.engine.values import Canto, HandResult, HandSetup, Phase, Trick

if TYPE_CHECKING:
    from games.engine.observation import Observation


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class HandRules:
    """The rule hooks of a hand and their defaults (see the module docstring).

    In the compiled build this and every hand class is a mypyc native class (fixed, typed
    fields; ``serializable`` so that ``cls.__new__(cls)`` makes a blank state for the copies,
    interpreted subclasses allowed for tests and experiments).
    """

    #: Every field of a hand, set by ``HandState.__init__`` (slots here so the hooks may
    #: assign them; a variant adds its own in its subclass's ``__slots__`` and declares their
    #: types in its class body, as the compiled build's native classes need).
    __slots__ = (  # noqa: RUF023  (grouped by meaning, not sorted)
        "setup",
        "n",
        "active",
        "next_seat",
        "hands",
        "trump",
        "dealer",
        "mano",
        "turn",
        "leader",
        "trick",
        "trick_seats",
        "lead",
        "best",
        "best_seat",
        "taken",
        "tricks",
        "card_pts",
        "cantos",
        "sung",
        "sang",
        "may_sing",
        "phase",
        "log",
        "history",
        "tute_seat",
        "out_of_play",
        "turned",
        "_result",
        "k",
        "_legal",
        "_legal_at",
        "_hooks",
    )

    #: The winner of a trick may sing one canto before leading the next.
    CANTO_AFTER_WIN: ClassVar[bool] = True
    #: Tute (four kings or four horses) may be sung and wins the hand.
    ADMITS_TUTE: ClassVar[bool] = True
    #: Las cuarenta must be sung before any veinte (Tute Arrastrado).
    FORTY_FIRST: ClassVar[bool] = False
    #: The value of a canto in trump and in another suit.
    CANTO_TRUMP: ClassVar[int] = 40
    CANTO_OTHER: ClassVar[int] = 20
    # The types of the fields (the compiled build's native classes are laid out from them).
    setup: HandSetup
    n: int
    active: tuple[int, ...]
    next_seat: list[int]
    hands: list[int]
    trump: int
    dealer: int
    mano: int
    turn: int
    leader: int
    trick: list[int]
    trick_seats: list[int]
    lead: int
    best: int
    best_seat: int
    taken: list[int]
    tricks: list[int]
    card_pts: list[int]
    cantos: list[Canto]
    sung: int
    sang: list[bool]
    may_sing: int
    phase: Phase
    log: list[int]
    history: list[Trick]
    tute_seat: int
    out_of_play: int
    turned: int
    _result: HandResult | None
    k: int
    _legal: int
    _legal_at: int
    #: The class's ``HandState._HOOKS`` (which default hooks it keeps), copied into each state
    #: so that the trick loop tests a field, not a class attribute.
    _hooks: int

    # ----------------------------------------------------------------- hooks to override

    def _deal(self, deck: list[int]) -> None:
        """Deal ``deck`` (shuffled indices): set hands, trump, mano, active seats."""
        raise NotImplementedError

    def _follow_mask(self, seat: int, hand: int) -> int:
        """Cards ``seat`` may play into a trick already led: the standard obligations by
        default (:func:`games.engine.rules.standard_legal`, inlined here for speed)."""
        lead = self.lead
        best = self.best
        follow = hand & SUIT_MASK[lead]
        trump = self.trump
        trumped = SUIT[best] == trump and lead != trump
        if follow:
            if trumped:
                return follow
            return follow & ABOVE[best] or follow
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if not trumped:
                return trumps
            return trumps & ABOVE[best] or hand
        return hand

    def _lead_mask(self, seat: int, hand: int) -> int:
        """Cards ``seat`` may lead. Any card by default."""
        return hand

    def _lead_extras(self, seat: int) -> list[int]:
        """Non-card actions open to the leader before he leads (cantos by default)."""
        if self.may_sing == seat and self.CANTO_AFTER_WIN:
            return self._canto_actions(seat)
        return []

    def _other_actions(self) -> list[int]:
        """Legal actions in a phase other than PLAY."""
        return []

    def _apply_other(self, action: int) -> None:
        """Apply a validated non-card action (override to add kinds)."""
        if A.SING <= action < A.SING + 4:
            self._sing(self.turn, action - A.SING)
        elif action == A.TUTE:
            self._sing_tute(self.turn)
        else:  # pragma: no cover - guarded by legal_actions
            raise WrongPhaseError("That action is not part of this game.")

    def _on_trick(self, winner: int, mask: int) -> bool:
        """Called when ``winner`` takes the cards ``mask``; return True if that used up the
        winner's canto for this trick (Chancho's forced canto)."""
        return False

    def _after_trick(self, winner: int) -> None:
        """Called after a trick is taken, when cards remain to be played."""
        self.may_sing = winner

    def _hand_over(self) -> bool:
        """Whether the last trick has been played (all hands empty by default)."""
        hands = self.hands
        return hands.count(0) == len(hands)  # not any(hands), compiled as a primitive

    def _finish(self) -> HandResult:
        """Compute the result once the hand is over."""
        raise NotImplementedError

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        """The observation with the variant's fields added (``seat`` None for the public
        one): ``obs.with_parts(<family>=...)``; none by default."""
        return obs

    def _winner_of_trick(self) -> int:
        """Seat that takes the complete trick (the running best by default)."""
        return self.best_seat

    def _update_best(self, seat: int, card: int) -> None:
        """Track the winning card of the trick after ``card`` is played."""
        best = self.best
        if SUIT[card] == SUIT[best]:
            if card > best:
                self.best = card
                self.best_seat = seat
        elif SUIT[card] == self.trump:
            self.best = card
            self.best_seat = seat

    # ----------------------------------------------------------------- conformance queries

    @classmethod
    def legal_in_trick(cls, hand: int, trick: list[int], trump: int, stock: int = 0) -> int:
        """Cards of ``hand`` playable after the cards ``trick`` (leader first) with ``trump``;
        ``stock`` is the number of cards left in the stock (two-player variants).

        The conformance ``legal`` query; the standard obligations by default.
        """
        if not trick:
            return hand
        winner = trick_winner(trick, trump)
        return standard_legal(hand, SUIT[trick[0]], trump, trick[winner])

    @classmethod
    def resolve_trick(cls, trick: list[int], trump: int) -> tuple[int, int, int]:
        """``(winner position, lead suit, trump suit)`` at the end of a complete trick.

        The conformance ``trick`` query; the standard rule by default.
        """
        return trick_winner(trick, trump), SUIT[trick[0]], trump

    # ----------------------------------------------------------------- cantos

    def canto_value(self, suit: int) -> int:
        """Points of a canto in ``suit`` in this hand."""
        return self.CANTO_TRUMP if suit == self.trump else self.CANTO_OTHER

    def _canto_actions(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        pairs = hand & (hand << 1) & ALL_KINGS  # the king's bit of each pair held
        out = []
        if self.ADMITS_TUTE and (
            (hand & ALL_KINGS) == ALL_KINGS or (hand & ALL_HORSES) == ALL_HORSES
        ):
            out.append(A.TUTE)
        if not pairs:
            return out
        sung = self.sung
        if self.FORTY_FIRST:
            t = self.trump
            if not sung >> t & 1 and pairs >> KING_OF[t] & 1:
                out.append(A.SING + t)
                return out
        for s in range(4):
            if pairs >> KING_OF[s] & 1 and not sung >> s & 1:
                out.append(A.SING + s)
        return out

    def _sing(self, seat: int, suit: int) -> None:
        self.sung |= 1 << suit
        self.sang[seat] = True
        self.cantos.append(Canto(seat, suit, self.canto_value(suit)))
        self.may_sing = -1

    def _sing_tute(self, seat: int) -> None:
        self.sang[seat] = True
        self.tute_seat = seat
        self.cantos.append(Canto(seat, -1, 0))
        self.may_sing = -1
        self._end()

    def _end(self) -> None:
        """End the hand (the state machine's; declared for the hooks that end it)."""
        raise NotImplementedError
