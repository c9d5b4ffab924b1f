"""The state of one hand: the state machine that runs the rule hooks variants override.

Design (after OpenSpiel's ``State`` and python-chess's ``Board``):

* A hand is created from a :class:`HandSetup` (player count, seed, options, dealer, and the
  match context a variant needs). The deal is a seeded chance step done in the constructor
  (:func:`games.engine.deal.shuffled_deck`), so a hand is fully determined by its setup and its
  list of actions (:attr:`HandState.log`).
* Actions are ints (:mod:`games.engine.actions`). :meth:`HandState.legal_actions` lists those of
  the seat to act, :meth:`HandState.apply_action` applies one in place, :meth:`HandState.apply`
  returns a new state and leaves this one alone. Both validate first, so an action that raises
  leaves the state unchanged.
* The trick loop is written once here, on bit masks, for speed. A variant is a subclass that
  overrides the named hooks of :class:`games.engine.hooks.HandRules` (the base of
  :class:`HandState`, with the standard rules as defaults): ``_deal``, ``_follow_mask``,
  ``_lead_extras``, ``_after_trick``, ``_apply_other``, ``_other_actions``, ``_finish``,
  ``_observe_extra``; class attributes say which cantos it admits.
* :meth:`HandState.observe` gives what one seat may know as a typed
  :class:`~games.engine.observation.Observation` (``observe(None)``: a spectator), and
  :meth:`HandState.observation` its JSON form. Hidden cards (other hands, the stock, a
  face-down card) are never in them; during a hand a screen's observation holds only the last
  completed trick (:meth:`HandState.tricks_shown`, RULES.md §1 "Looking back"), and
  ``memory=True`` every one (a bot's input).

The value types a hand makes (:class:`Phase`, :class:`HandSetup`, :class:`Canto`,
:class:`Trick`, :class:`HandResult`) live in :mod:`games.engine.values`, what the copies share
in :mod:`games.engine.copies`; this module re-exports them, so ``from games.engine.state import
HandResult`` keeps working.

Words of the game used as names: *mano* (the seat that leads the first trick), *canto* (declaring
a king and horse of one suit: 20, or 40 in trump; "acuse"), *tute* (four kings or four horses),
*capote* (one side taking every trick), *renuncio* (breaking an obligation), *baza* (a trick).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from games.engine import actions as A
from games.engine.cards import (
    ALL_HORSES,
    ALL_KINGS,
    CHUNKS,
    COMPILED,
    NOTATION,
    POINTS,
    SUIT,
    SUIT_LETTERS,
    SUIT_NAMES_EN,
    indices,
    notation_of_mask,
)
from games.engine.copies import COPIED_LISTS, copy_slowly, slot_names
from games.engine.deal import shuffled_deck
from games.engine.errors import (
    CardNotInHandError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    ObligationError,
    SetupError,
    WrongPhaseError,
)
from games.engine.hooks import HandRules
from games.engine.native import mypyc_attr
from games.engine.observation import CantoView, Observation, SeatCard, TrickView
from games.engine.rules import LAST_TRICK_BONUS, explain_obligation
from games.engine.values import Canto, HandResult, HandSetup, Phase, Trick

if TYPE_CHECKING:
    from games.engine.variant import Variant

__all__ = [
    "COPIED_LISTS",
    "LAST_TRICK_BONUS",
    "Canto",
    "HandResult",
    "HandSetup",
    "HandState",
    "Phase",
    "Trick",
    "shuffled_deck",
    "slot_names",
]

_PLAY: Final = Phase.PLAY
_END: Final = Phase.END
_C0: Final = CHUNKS[0]
_C1: Final = CHUNKS[1]
_C2: Final = CHUNKS[2]
_C3: Final = CHUNKS[3]
_new_tuple: Final = tuple.__new__
_TRICK: Final = Trick

# The bits of HandState._HOOKS: which default hooks a class keeps.
_BEST: Final = 1
_TAKE: Final = 2
_WINNER: Final = 4
_ON_TRICK: Final = 8
_OVER: Final = 16
_AFTER: Final = 32
_EXTRAS: Final = 64
_CLONE_EXTRA: Final = 128
_DICT: Final = 256


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class HandState(HandRules):
    """One hand of a trick-taking Tute variant. Subclasses are the variants' hands (which
    override the rule hooks of :class:`~games.engine.hooks.HandRules`)."""

    variant: ClassVar[Variant]
    #: Whether the class keeps the default :meth:`_update_best`, and the default trick-end
    #: hooks (:meth:`_winner_of_trick`, :meth:`_on_trick`, :meth:`_hand_over`,
    #: :meth:`_after_trick`): the trick loop then inlines them. Set for each subclass by
    #: ``__init_subclass__``; a variant overriding a hook gets it called as usual.
    _DEFAULT_BEST: ClassVar[bool] = True
    _DEFAULT_TAKE: ClassVar[bool] = True
    #: The same, hook by hook, for classes that override some of the trick-end hooks: the
    #: ones kept are inlined, the others called.
    _DEFAULT_WINNER: ClassVar[bool] = True
    _DEFAULT_ON_TRICK: ClassVar[bool] = True
    _DEFAULT_OVER: ClassVar[bool] = True
    _DEFAULT_AFTER: ClassVar[bool] = True
    #: Whether the class keeps the default :meth:`_lead_extras` and :meth:`_canto_actions`:
    #: ``legal_actions`` then skips them when the leader holds no pair (nor a tute).
    _DEFAULT_EXTRAS: ClassVar[bool] = True
    #: Whether the class keeps the default (empty) :meth:`_clone_extra`.
    _DEFAULT_CLONE_EXTRA: ClassVar[bool] = True
    #: Whether the class's states have a ``__dict__`` (a subclass without ``__slots__``): a
    #: copy then takes its entries too.
    _HAS_DICT: ClassVar[bool] = False
    #: The flags above as one int of bits (``_BEST``, ``_TAKE``, ...), which every state
    #: copies into its field ``_hooks``: the trick loop tests that field (compiled, a native
    #: field is read far faster than a class attribute; in pure Python a slot is as fast).
    #: Only flags of methods and of the class's layout: compiled, ``__init_subclass__`` runs
    #: before the class body's plain class attributes are set (``CANTO_AFTER_WIN`` ...).
    _HOOKS: ClassVar[int] = (
        _BEST | _TAKE | _WINNER | _ON_TRICK | _OVER | _AFTER | _EXTRAS | _CLONE_EXTRA
    )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        base = HandRules
        cls._DEFAULT_BEST = cls._update_best is base._update_best
        cls._DEFAULT_WINNER = cls._winner_of_trick is base._winner_of_trick
        cls._DEFAULT_ON_TRICK = cls._on_trick is base._on_trick
        cls._DEFAULT_OVER = cls._hand_over is base._hand_over
        cls._DEFAULT_AFTER = cls._after_trick is base._after_trick
        cls._DEFAULT_TAKE = (
            cls._DEFAULT_WINNER
            and cls._DEFAULT_ON_TRICK
            and cls._DEFAULT_OVER
            and cls._DEFAULT_AFTER
        )
        cls._DEFAULT_EXTRAS = (
            cls._lead_extras is base._lead_extras and cls._canto_actions is base._canto_actions
        )
        cls._DEFAULT_CLONE_EXTRA = cls._clone_extra is HandState._clone_extra
        cls._HAS_DICT = bool(cls.__dictoffset__)
        cls._HOOKS = (
            (_BEST if cls._DEFAULT_BEST else 0)
            | (_TAKE if cls._DEFAULT_TAKE else 0)
            | (_WINNER if cls._DEFAULT_WINNER else 0)
            | (_ON_TRICK if cls._DEFAULT_ON_TRICK else 0)
            | (_OVER if cls._DEFAULT_OVER else 0)
            | (_AFTER if cls._DEFAULT_AFTER else 0)
            | (_EXTRAS if cls._DEFAULT_EXTRAS else 0)
            | (_CLONE_EXTRA if cls._DEFAULT_CLONE_EXTRA else 0)
            | (_DICT if cls._HAS_DICT else 0)
        )

    __slots__ = ()  # the fields are the slots of HandRules

    def __init__(self, setup: HandSetup) -> None:
        self._hooks = self._HOOKS
        n = setup.players
        self.setup = setup
        self.n = n
        self.active = tuple(range(n))
        self.next_seat = [(s + 1) % n for s in range(n)]
        self.hands = [0] * n
        self.trump = 0
        self.dealer = setup.dealer
        self.mano = (setup.dealer + 1) % n
        self.turn = self.mano
        self.leader = self.mano
        self.trick = []
        self.trick_seats = []
        self.lead = -1
        self.best = -1
        self.best_seat = -1
        self.taken = [0] * n
        self.tricks = [0] * n
        self.card_pts = [0] * n
        self.cantos = []
        self.sung = 0  # suits whose canto has been sung, as a 4-bit mask
        self.sang = [False] * n
        self.may_sing = -1
        self.phase = Phase.PLAY
        self.log = []
        self.history = []
        self.tute_seat = -1
        self.out_of_play = 0  # face-up cards that are out of play
        self.turned = -1  # the face-up trump card, where the variant shows one
        self._result = None
        self._legal = 0  # the card mask legal_actions() last computed, valid while
        self._legal_at = -1  # the log still has this length
        if setup.deck is not None:
            deck = list(setup.deck)
            if sorted(deck) != list(range(40)):
                raise SetupError("A stacked deck must hold each of the 40 cards once.")
        else:
            deck = shuffled_deck(setup.seed)
        self._deal(deck)
        self.turn = self.leader = self.mano
        self.k = len(self.active)

    # ----------------------------------------------------------------- the public API

    def current_player(self) -> int:
        """The seat to act, or -1 once the hand is over."""
        return -1 if self.phase is _END else self.turn

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.phase is _END

    def legal_actions(self) -> list[int]:
        """The actions the seat to act may take now (cards as indices 0..39)."""
        phase = self.phase
        if phase is _PLAY:
            seat = self.turn
            self._legal_at = len(self.log)
            if self.trick:
                legal = self._legal = self._follow_mask(seat, self.hands[seat])
                if COMPILED:  # compiled, a native call to indices() costs next to nothing
                    return indices(legal)
                return [
                    *_C0[legal & 1023],
                    *_C1[(legal >> 10) & 1023],  # indices(), inlined
                    *_C2[(legal >> 20) & 1023],
                    *_C3[legal >> 30],
                ]
            hand = self.hands[seat]
            legal = self._legal = self._lead_mask(seat, hand)
            acts = indices(legal)
            if self.may_sing == seat:
                if not self._hooks & _EXTRAS:
                    acts += self._lead_extras(seat)
                elif (  # the default hooks: cantos only with a pair (or a tute) in hand
                    hand & (hand << 1) & ALL_KINGS
                    or (
                        ((hand & ALL_KINGS) == ALL_KINGS or (hand & ALL_HORSES) == ALL_HORSES)
                        and self.ADMITS_TUTE
                    )
                ) and self.CANTO_AFTER_WIN:  # (class attributes last: compiled, a slow read)
                    acts += self._canto_actions(seat)
            return acts
        if phase is _END:
            return []
        return self._other_actions()

    def legal_card_mask(self) -> int:
        """The cards the seat to act may play now, as a mask (0 outside play)."""
        if self.phase != Phase.PLAY:
            return 0
        seat = self.turn
        if self.trick:
            return self._follow_mask(seat, self.hands[seat])
        return self._lead_mask(seat, self.hands[seat])

    def apply_action(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` in place, for ``seat`` if given (checked against the turn).

        Raises an :class:`IllegalActionError` subclass, leaving the state unchanged, if the
        action is not legal now.
        """
        phase = self.phase
        if seat is not None and seat != self.turn and phase is not _END:
            raise NotYourTurnError(
                f"It is not your turn: seat {self.turn} is to play.", turn=self.turn
            )
        if phase is _PLAY and 0 <= action < 40:
            self._play_card(action)
        elif phase is _END:
            raise GameOverError("The hand is over.")
        else:
            if action not in self.legal_actions():
                self._reject(action)
            self._apply_other(action)
            self.log.append(action)

    def apply(self, action: int, seat: int | None = None) -> HandState:
        """A new state with ``action`` applied; this one is left unchanged."""
        child = self.clone()
        child.apply_action(action, seat)
        return child

    def result(self) -> HandResult:
        """The hand's result; only once it is over."""
        if self._result is None:
            raise IllegalActionError("The hand is not over yet.")
        return self._result

    # ----------------------------------------------------------------- internals

    def _reject(self, action: int) -> None:
        if 0 <= action < 40:
            raise WrongPhaseError("You cannot play a card now.")
        if A.SING <= action < A.SING + 4 or action == A.TUTE:
            if self.phase == Phase.PLAY and self.trick:
                raise WrongPhaseError("You can only sing before leading, after winning a trick.")
            if self.may_sing != self.turn:
                raise WrongPhaseError("You can only sing right after winning a trick, once.")
            raise IllegalActionError("You do not hold that canto, or it has already been sung.")
        raise WrongPhaseError(f"'{A.action_to_notation(action)}' is not possible now.")

    def _play_card(self, card: int) -> None:
        seat = self.turn
        bit = 1 << card
        hands = self.hands
        hand = hands[seat]
        trick = self.trick
        log = self.log
        if self._legal_at == len(log):
            legal = self._legal
        else:
            legal = self._follow_mask(seat, hand) if trick else self._lead_mask(seat, hand)
        if not legal & bit:
            self._reject_card(card, legal)
        hands[seat] = hand ^ bit
        log.append(card)
        self.may_sing = -1
        if trick:
            if self._hooks & _BEST:  # HandState._update_best, inlined
                best = self.best
                if SUIT[card] == SUIT[best]:
                    if card > best:
                        self.best = card
                        self.best_seat = seat
                elif SUIT[card] == self.trump:
                    self.best = card
                    self.best_seat = seat
            else:
                self._update_best(seat, card)
        else:
            self.lead = SUIT[card]
            self.best = card
            self.best_seat = seat
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) == self.k:
            self._take_trick()
        else:
            self.turn = self.next_seat[seat]

    def _reject_card(self, card: int, legal: int) -> None:
        if not self.hands[self.turn] >> card & 1:
            raise CardNotInHandError(f"You do not hold the {NOTATION[card]}.", card=NOTATION[card])
        if self.trick:
            msg, params = explain_obligation(card, legal, self.lead, self.trump, self.best)
            raise ObligationError(msg, **params)
        raise ObligationError(f"You may not lead the {NOTATION[card]} now.", card=NOTATION[card])

    def _take_trick(self) -> None:
        hooks = self._hooks
        plain = hooks & _TAKE
        winner = self.best_seat if hooks & _WINNER else self._winner_of_trick()
        cards = self.trick
        mask = 0
        pts = 0
        for c in cards:
            mask |= 1 << c
            pts += POINTS[c]
        # (lst[i] = lst[i] + x, not lst[i] += x: compiled, that is native integer arithmetic)
        taken = self.taken
        taken[winner] = taken[winner] | mask
        tricks = self.tricks
        tricks[winner] = tricks[winner] + 1
        card_pts = self.card_pts
        card_pts[winner] = card_pts[winner] + pts
        # tuple.__new__ skips the NamedTuple's Python-level __new__ (same Trick, faster).
        self.history.append(
            _new_tuple(_TRICK, (self.leader, tuple(self.trick_seats), tuple(cards), winner))
        )
        self.trick = []
        self.trick_seats = []
        self.lead = self.best = self.best_seat = -1
        self.turn = self.leader = winner
        if plain:  # the default hooks, inlined
            hands = self.hands
            # (any(hands), written so that mypyc compiles it: any of a list is a generic call;
            # the winner's own hand first, a native test that settles all tricks but the last)
            if hands[winner] or hands.count(0) < len(hands):
                self.may_sing = winner
            else:
                card_pts[winner] = card_pts[winner] + LAST_TRICK_BONUS
                self._end()
            return
        # Each default hook kept by the class is inlined; the overridden ones are called.
        forced = not hooks & _ON_TRICK and self._on_trick(winner, mask)
        hands = self.hands
        over = (
            self._hand_over()
            if not hooks & _OVER
            else not hands[winner] and hands.count(0) == len(hands)
        )
        if over:
            card_pts[winner] = card_pts[winner] + LAST_TRICK_BONUS
            self._end()
        else:
            if hooks & _AFTER:
                self.may_sing = winner
            else:
                self._after_trick(winner)
            if forced:
                self.may_sing = -1

    def _end(self) -> None:
        self.phase = Phase.END
        self.may_sing = -1
        self._result = self._finish()

    # ----------------------------------------------------------------- copies

    def clone(self) -> HandState:
        """An independent copy.

        Every field of the base state is copied by :meth:`_copy_fields` (the lists that change
        in place, :data:`~games.engine.copies.COPIED_LISTS`, are copied; everything else is
        immutable or never mutated in place and is shared); then the variant's
        :meth:`_clone_extra` copies its own fields.
        """
        cls = type(self)
        new: HandState = cls.__new__(cls)
        self._copy_to(new)
        return new

    def copy_into(self, other: HandState) -> None:
        """Make ``other``, a state of the same class, an independent copy of this one (what
        :meth:`clone` returns, without allocating a new state): for searches that reuse one
        scratch state per playout. ``other`` must not share lists with a state still in use
        other than through :meth:`clone` (its copied lists are replaced, not mutated)."""
        if type(other) is not type(self):
            raise TypeError(
                f"copy_into needs a {type(self).__name__}, not a {type(other).__name__}."
            )
        self._copy_to(other)

    def _copy_to(self, new: HandState) -> None:
        try:
            self._copy_fields(new)
            if not self._hooks & _CLONE_EXTRA:
                self._clone_extra(new)
        except AttributeError:  # a state being built field by field (the bots' restore)
            copy_slowly(self, new)
            return
        if self._hooks & _DICT:
            cast(Any, new).__dict__.update(cast(Any, self).__dict__)

    def _copy_fields(self, new: HandState) -> None:
        """Copy every field of the base state into ``new`` (fresh copies of the lists)."""
        new.setup = self.setup
        new.n = self.n
        new.active = self.active
        new.next_seat = self.next_seat
        new.hands = [*self.hands]
        new.trump = self.trump
        new.dealer = self.dealer
        new.mano = self.mano
        new.turn = self.turn
        new.leader = self.leader
        new.trick = [*self.trick]
        new.trick_seats = [*self.trick_seats]
        new.lead = self.lead
        new.best = self.best
        new.best_seat = self.best_seat
        new.taken = [*self.taken]
        new.tricks = [*self.tricks]
        new.card_pts = [*self.card_pts]
        new.cantos = [*self.cantos]
        new.sung = self.sung
        new.sang = [*self.sang]
        new.may_sing = self.may_sing
        new.phase = self.phase
        new.log = [*self.log]
        new.history = [*self.history]
        new.tute_seat = self.tute_seat
        new.out_of_play = self.out_of_play
        new.turned = self.turned
        new._result = self._result
        new.k = self.k
        new._legal = self._legal
        new._legal_at = self._legal_at
        new._hooks = self._hooks

    def _clone_extra(self, new: HandState) -> None:
        """Copy a variant's own fields into ``new``: every field its class adds, a fresh copy
        of each list (override when adding fields, calling the base class's first)."""

    # ----------------------------------------------------------------- points

    def canto_points(self) -> list[int]:
        """Canto points per seat so far."""
        out = [0] * self.n
        for c in self.cantos:
            s = c.seat
            out[s] = out[s] + c.points
        return out

    def hand_points(self) -> list[int]:
        """Card points + last trick + cantos, per seat, so far."""
        cp = self.canto_points()
        return [self.card_pts[s] + cp[s] for s in range(self.n)]

    # ----------------------------------------------------------------- observations

    def tricks_shown(self) -> int:
        """How many of the last completed tricks a seat may look back on during the hand
        (RULES.md §1 "Looking back", C-24): the last one, which stays in view until the next
        trick completes. A variant that shows fewer overrides it (Spanish tute's second deal)."""
        return 1

    def observe(self, seat: int | None, *, memory: bool = False) -> Observation:
        """What ``seat`` may know (``None``: a spectator), as a typed value.

        Holds the seat's own hand, never another's; the stock's order and face-down cards
        never appear. ``history`` is what a screen may show of the completed tricks: during
        the hand only the last :meth:`tricks_shown` of them (RULES.md §1 "Looking back"),
        every one once the hand is over (the replay). ``memory`` True gives every completed
        trick during the hand too: what the seat saw played and remembers, the decision input
        of a bot, never sent to a screen. The variant's fields are added by its
        :meth:`_observe_extra`.
        """
        n = self.n
        hands = self.hands
        tricks = self.history
        if not memory and self.phase != _END:
            shown = self.tricks_shown()
            tricks = tricks[max(0, len(tricks) - shown) :] if shown else []
        obs = Observation(
            variant=self.variant.key,
            seat=seat,
            players=n,
            active=tuple(self.active),
            dealer=self.dealer,
            mano=self.mano,
            trump=SUIT_LETTERS[self.trump],
            turned=NOTATION[self.turned] if self.turned >= 0 else None,
            out_of_play=tuple(notation_of_mask(self.out_of_play)),
            phase=self.phase.name.lower(),
            turn=self.current_player(),
            hand=tuple(notation_of_mask(hands[seat])) if seat is not None else None,
            hand_sizes=tuple(hands[s].bit_count() for s in range(n)),
            trick=tuple(
                SeatCard(s, NOTATION[c]) for s, c in zip(self.trick_seats, self.trick, strict=True)
            ),
            lead=SUIT_LETTERS[self.lead] if self.lead >= 0 else None,
            tricks_won=tuple(self.tricks),
            history=tuple(
                TrickView(t.leader, t.seats, tuple(NOTATION[c] for c in t.cards), t.winner)
                for t in tricks
            ),
            cantos=tuple(
                CantoView(
                    c.seat, SUIT_LETTERS[c.suit] if c.suit >= 0 else None, c.points, c.suit < 0
                )
                for c in self.cantos
            ),
            legal=(
                tuple(A.action_to_notation(a) for a in self.legal_actions())
                if seat is not None and seat == self.current_player()
                else ()
            ),
            result=self._result,
        )
        return self._observe_extra(obs, seat)

    def observation(self, seat: int | None, *, memory: bool = False) -> dict[str, Any]:
        """:meth:`observe` in its JSON form (records, socket frames, the conformance CLI)."""
        return self.observe(seat, memory=memory).to_json()

    def public_observation(self) -> dict[str, Any]:
        """What a spectator may know."""
        return self.observation(None)

    def hand_of(self, seat: int) -> list[str]:
        """The cards a seat holds (for the server and tests; never send another seat's)."""
        return notation_of_mask(self.hands[seat])

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(notation_of_mask(h)) for h in self.hands)
        return (
            f"<{type(self).__name__} trump={SUIT_NAMES_EN[self.trump]} turn={self.turn} "
            f"phase={self.phase.name} hands=[{hands}]>"
        )
