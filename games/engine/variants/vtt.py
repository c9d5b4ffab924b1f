"""Variable Trump Tute (RULES.md §8; seed 002, designed by Mark Steere in 2008).

Four players, North-South (seats 0 and 2) against East-West (seats 1 and 3).

The deal: all 40 cards, one at a time from the dealer's right; the last is dealt face up to the
dealer, names the initial trump and joins his hand (``turned`` in the observation for the whole
hand, ``turned_held`` while he holds it). The seat on the dealer's right leads the first trick.

**The suit cycle.** Cups hold coins, batons break cups, swords cut batons, coins buy swords:
:data:`NEXT_TRUMP` maps a trump to the suit that acts on it (C→B, B→E, E→O, O→C). Whenever a
card of the trump suit is played — any rank, led or not — the lead suit becomes that suit and
trump moves on to the suit that acts on it (a trump led keeps its suit as lead). The changes
take effect at once, so the obligations of the next player use the suits in force. The final
trump of a trick is the initial trump of the next; the lead resets to the suit of the first
card. The observation's ``trump`` and ``lead`` are the suits in force now; ``trick_trump`` is
the trump the current trick started with, ``initial_trump`` the hand's, and ``trick_suits``
lists ``[initial trump, final lead, final trump]`` of each completed trick.

**The trick state** (it differs from the standard one): :attr:`VTTHand.played` is the mask of the
cards in the trick, because a card played before a change may become a trump or the lead suit
afterwards. "Trumps in the trick" means cards of the trump suit in force, whenever they were
played. The winner is found once the trick is complete, with the final suits
(:func:`vtt_winner`): the highest trump if the trick holds one, else the highest lead-suit card.
The seed's four worked examples are the doctests of :func:`vtt_resolve`.

**Obligations** (:func:`vtt_legal`, exactly the seed's three cases): no trump in the trick — a
lead-suit card above the best one there, else a lower lead-suit card, else a trump, else
anything; trumps in the trick and lead ≠ trump — any lead-suit card, else a trump above the
best trump there, else anything; lead = trump (only for completeness: it cannot arise, as a
trump played always moves trump away from the lead) — a higher trump, else a lower one, else
anything.

**Canticles**: after each trick his team wins, each player of that team may declare one
king-horse pair of a suit not yet declared, 20 points whatever the suit, trump included. The
winner declares before leading; his partner in a window (see
:mod:`~games.engine.variants.teams` for the decision on when the window opens).
**Tute**: only immediately after a team wins its first trick, either player holding four kings
or four horses may declare it and wins the game at once.

**Points**: cards + 10 for the last trick + canticles; the team with most wins; equal points:
the team of the last trick.

**Match** (:class:`VTTMatch`): the first team to win ``games`` games (6 or 8, default 6).
The first dealer is drawn from the seed; the deal passes to the right each game.

**Options** (the sheet's closing notes): ``coins_trump`` — the initial trump is coins and the
holder of the 2 of coins leads the first trick of each game; ``double_101`` — a team that wins a
game with 101 points or more is credited with two games.

**Decisions** (the sheet is silent):

* "Trumps in the trick" (obligations 1-3) are the cards of the trump suit in force when the
  player plays, including cards played before a change made their suit trump — the same
  reading the sheet gives for the winner at the end.
* With ``coins_trump`` no card is dealt face up (trump needs no naming); the dealer still deals
  and the deal still passes to the right.
* Under ``double_101`` a game won by tute counts one game: it ends before the points are made.
* The partner of the trick winner declares (or passes) first, then the winner declares before
  leading; the partner is asked on public facts only (:mod:`~games.engine.variants.teams`).

``HandResult.team_points`` is ``(North-South, East-West)``; ``winners``/``losers`` are seats;
``extra["games"]`` the games the win is credited with.
"""

from __future__ import annotations

from typing import ClassVar, Final

from games.engine.cards import (
    ABOVE,
    NOTATION,
    SUIT,
    SUIT_LETTERS,
    SUIT_MASK,
    highest,
    index_of,
)
from games.engine.errors import CardNotInHandError, ObligationError
from games.engine.observation import Observation, VTTView
from games.engine.rules import explain_obligation
from games.engine.state import HandState
from games.engine.variant import Option, Ranking, Variant, gettext_noop, register
from games.engine.variants.teams import TeamHandState, TeamMatch, team_of

OROS: Final = 0
TWO_OF_OROS: Final = index_of(OROS, 2)
#: NEXT_TRUMP[t]: the suit that acts on trump t, where trump moves when a trump is played.
#: Coins (0) → cups (1), cups → batons (3), batons → swords (2), swords → coins.
NEXT_TRUMP: Final[tuple[int, ...]] = (1, 3, 0, 2)
#: Points at or above which a won game counts two under option ``double_101``.
DOUBLE_AT: Final = 101


def vtt_suits(trick: list[int], trump: int) -> tuple[int, int]:
    """The lead and trump suits in force after the cards ``trick`` (leader first), for a trick
    that started with ``trump``.

    >>> from games.engine.cards import parse_card as p
    >>> [SUIT_LETTERS[s] for s in vtt_suits([p("10B"), p("11B"), p("4O")], 0)]
    ['O', 'C']
    """
    lead = SUIT[trick[0]]
    for card in trick:
        if SUIT[card] == trump:
            lead = trump
            trump = NEXT_TRUMP[trump]
    return lead, trump


def vtt_legal(hand: int, lead: int, trump: int, played: int) -> int:
    """The cards of ``hand`` that may be played into a trick holding the cards ``played``,
    with ``lead`` and ``trump`` the suits in force (seed 002, obligations 1 to 3).

    >>> from games.engine.cards import mask_of, notation_of_mask as names
    >>> names(vtt_legal(mask_of(["4B", "12B", "2O"]), 3, 0, mask_of(["10B", "11B"])))
    ['12B']
    >>> names(vtt_legal(mask_of(["4B", "2O", "5E"]), 3, 0, mask_of(["10B", "11B"])))
    ['4B']
    >>> names(vtt_legal(mask_of(["2O", "5E"]), 3, 0, mask_of(["10B", "11B"])))
    ['2O']
    >>> # lead coins, trump cups, the 5 of cups already in the trick: any coin will do
    >>> names(vtt_legal(mask_of(["2O", "1O", "7C"]), 0, 1, mask_of(["5C", "10O"])))
    ['2O', '1O']
    >>> # no coin: a cup above the 5, else anything (no lower trump is forced)
    >>> names(vtt_legal(mask_of(["4C", "7C", "2E"]), 0, 1, mask_of(["5C", "10O"])))
    ['7C']
    >>> names(vtt_legal(mask_of(["4C", "2E"]), 0, 1, mask_of(["5C", "10O"])))
    ['4C', '2E']
    """
    follow = hand & SUIT_MASK[lead]
    trumps_in = played & SUIT_MASK[trump]
    if not trumps_in:  # 1. no trump in the trick
        if follow:
            lead_in = played & SUIT_MASK[lead]
            if lead_in:  # (highest(), inlined)
                return follow & ABOVE[lead_in.bit_length() - 1] or follow
            return follow
        return hand & SUIT_MASK[trump] or hand
    above = ABOVE[trumps_in.bit_length() - 1]
    if lead != trump:  # 2. trumps in the trick, lead and trump differ
        return follow or hand & above or hand
    return follow & above or follow or hand  # 3. lead = trump (completeness)


def vtt_winner(trick: list[int], lead: int, trump: int) -> int:
    """Position in ``trick`` of the winning card under the final ``lead`` and ``trump``: the
    highest trump if there is one, else the highest card of the lead suit.

    >>> from games.engine.cards import parse_card as p
    >>> vtt_winner([p("3E"), p("1E"), p("6C"), p("2B")], 3, 2)
    1
    """
    best_trump = best_lead = -1
    pos_trump = pos_lead = 0
    for i, card in enumerate(trick):
        suit = SUIT[card]
        if suit == trump:
            if card > best_trump:
                best_trump, pos_trump = card, i
        elif suit == lead and card > best_lead:
            best_lead, pos_lead = card, i
    return pos_trump if best_trump >= 0 else pos_lead


def vtt_resolve(trick: list[int], trump: int) -> tuple[int, int, int]:
    """``(winner position, final lead, final trump)`` of a trick started with ``trump``.

    The four worked examples of seed 002:

    >>> from games.engine.cards import parse_card as p
    >>> def show(cards, trump):
    ...     w, lead, t = vtt_resolve([p(c) for c in cards], "OCEB".index(trump))
    ...     return w, SUIT_LETTERS[lead], SUIT_LETTERS[t]
    >>> show(["10B", "11B", "4O", "7O"], "O")
    (3, 'O', 'C')
    >>> show(["3E", "1E", "6C", "2B"], "C")
    (1, 'B', 'E')
    >>> show(["11E", "5O", "2B", "7C"], "E")
    (2, 'C', 'B')
    >>> show(["10O", "3B", "5E", "6O"], "B")
    (0, 'O', 'C')
    """
    lead, final = vtt_suits(trick, trump)
    return vtt_winner(trick, lead, final), lead, final


class VTTHand(TeamHandState):
    """A game of Variable Trump Tute: the suits in force change within the trick."""

    __slots__ = ("initial_trump", "played")

    def _clone_extra(self, new: HandState) -> None:
        assert isinstance(new, VTTHand)
        new.initial_trump = self.initial_trump
        new.played = self.played

    CANTO_AFTER_WIN: ClassVar[bool] = True
    ADMITS_TUTE: ClassVar[bool] = True
    #: A canticle is worth 20 in every suit, trump included.
    CANTO_TRUMP: ClassVar[int] = 20
    CANTO_OTHER: ClassVar[int] = 20

    def _deal(self, deck: list[int]) -> None:
        super()._deal(deck)
        if self.setup.options.get("coins_trump"):
            self.turned = -1
            self.trump = OROS
            self._set_mano(next(s for s in range(4) if self.hands[s] >> TWO_OF_OROS & 1))
        self.played = 0  # the cards of the trick in play, as a mask
        self.initial_trump = self.trump

    # ----------------------------------------------------------------- the trick

    def _follow_mask(self, seat: int, hand: int) -> int:
        return vtt_legal(hand, self.lead, self.trump, self.played)

    def _play_card(self, card: int) -> None:
        seat = self.turn
        bit = 1 << card
        hand = self.hands[seat]
        trick = self.trick
        if self._legal_at == len(self.log):
            legal = self._legal
        else:
            legal = self._follow_mask(seat, hand) if trick else self._lead_mask(seat, hand)
        if not legal & bit:
            self._reject_card(card, legal)
        self.hands[seat] = hand ^ bit
        self.log.append(card)
        self.may_sing = -1
        suit = SUIT[card]
        if trick:
            self.played |= bit
        else:
            self.played = bit
            self.lead = suit
        if suit == self.trump:  # any trump changes the suits in force at once
            self.lead = suit
            self.trump = NEXT_TRUMP[suit]
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) == self.k:
            self._take_trick()
        else:
            self.turn = self.next_seat[seat]

    def _winner_of_trick(self) -> int:
        return self.trick_seats[vtt_winner(self.trick, self.lead, self.trump)]

    def _reject_card(self, card: int, legal: int) -> None:
        if not self.hands[self.turn] >> card & 1:
            raise CardNotInHandError(f"You do not hold the {NOTATION[card]}.", card=NOTATION[card])
        lead, trump, played = self.lead, self.trump, self.played
        trumps_in = played & SUIT_MASK[trump]
        best = highest(trumps_in) if trumps_in else highest(played & SUIT_MASK[lead])
        msg, params = explain_obligation(card, legal, lead, trump, best)
        raise ObligationError(msg, **params)

    @classmethod
    def legal_in_trick(cls, hand: int, trick: list[int], trump: int, stock: int = 0) -> int:
        """The conformance ``legal`` query: ``trump`` is the trump at the start of the trick."""
        if not trick:
            return hand
        lead, now = vtt_suits(trick, trump)
        played = 0
        for card in trick:
            played |= 1 << card
        return vtt_legal(hand, lead, now, played)

    @classmethod
    def resolve_trick(cls, trick: list[int], trump: int) -> tuple[int, int, int]:
        """The conformance ``trick`` query: winner, final lead and final trump."""
        return vtt_resolve(trick, trump)

    # ----------------------------------------------------------------- canticles, tute

    def _tute_open(self, seat: int) -> bool:
        """Tute only right after the seat's team has won its first trick."""
        t = team_of(seat)
        return self.tricks[t] + self.tricks[t + 2] == 1

    def _tute_closed_message(self) -> str:
        return "Tute may only be declared right after your team wins its first trick."

    def _games_credited(self, team: int, team_points: list[int], code: str) -> int:
        if (
            self.setup.options.get("double_101")
            and code != "tute"
            and team_points[team] >= DOUBLE_AT
        ):
            return 2
        return 1

    # ----------------------------------------------------------------- observation

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        obs = super()._observe_extra(obs, seat)
        suits = []
        trump = self.initial_trump  # the final trump of each trick starts the next
        for t in self.history:
            lead, final = vtt_suits(list(t.cards), trump)
            suits.append((SUIT_LETTERS[trump], SUIT_LETTERS[lead], SUIT_LETTERS[final]))
            trump = final
        return obs.with_parts(
            vtt=VTTView(
                initial_trump=SUIT_LETTERS[self.initial_trump],
                suit_cycle={SUIT_LETTERS[s]: SUIT_LETTERS[NEXT_TRUMP[s]] for s in range(4)},
                trick_suits=tuple(suits),
                trick_trump=SUIT_LETTERS[trump],
            ),
        )


class VTTMatch(TeamMatch):
    """A match of Variable Trump Tute: the first team to win ``games`` games."""

    def target(self) -> int:
        """Games a team needs to win the match."""
        return int(self.options["games"])


VTT: Final = register(
    Variant(
        key="vtt",
        name=gettext_noop("Variable Trump Tute"),
        players=(4,),
        hand_class=VTTHand,
        match_class=VTTMatch,
        teams=True,
        options=(
            Option(
                "games",
                6,
                "Games a team must win to take the match.",
                choices=(6, 8),
                label=gettext_noop("Games in the match"),
            ),
            Option(
                "coins_trump",
                False,
                "The initial trump is coins and the holder of the 2 of "
                "coins leads the first trick.",
                label=gettext_noop("Coins are the first trump"),
            ),
            Option(
                "double_101",
                False,
                "A team that wins a game with 101 points or more is credited with two games.",
                label=gettext_noop("101 points count as two games"),
            ),
        ),
        summary=gettext_noop(
            "Two teams; every trump played changes the lead and trump suits within the trick."
        ),
        ranking=Ranking.GAMES,
        order=70,
    )
)
