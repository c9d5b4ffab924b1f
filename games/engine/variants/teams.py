"""What the team variants share: four players in two pairs, the deal with a turned card held
by the dealer, the partner's canto window, the team result and a match counted in games.

Used by :mod:`~games.engine.variants.parejas` (RULES.md §6) and
:mod:`~games.engine.variants.vtt` (RULES.md §8).

**Seats and teams.** Seats 0..3 in play order; partners sit opposite, so team ``t`` is seats
``t`` and ``t + 2`` (``seat % 2`` is a seat's team, ``seat ^ 2`` its partner).

**The deal** (:func:`deal_from_right`): one card at a time, counter-clockwise from the seat on the
dealer's right, so ``deck[j]`` goes to seat ``(dealer + 1 + j) % 4`` and the last card,
``deck[39]``, to the dealer. That card is turned up for trump and stays in the dealer's hand.
The observation shows it in ``turned`` for the whole hand (everyone saw it) and says in
``turned_held`` whether the dealer still holds it, so a bot that rebuilds the hidden hands knows
where it is.

**Cantos after a trick won by a team.** Each partner may sing one canto from his own hand. The
trick winner sings, as in every Tute, before leading the next trick (his canto actions are listed
beside his cards). His partner gets a **canto window** first: phase ``WINDOW``, his turn, legal
actions his cantos plus ``pass``; then the winner sings or leads.

**Decision (hidden information):** a window that opened only when the partner holds an unsung
pair would tell the opponents that he holds one. So whether the window opens depends on public
facts only: it opens when the partner holds at least two cards and some unsung pair (or, where
tute may be sung now, all four kings or all four horses) could still be in his hand as far as
the table can tell — none of those cards has been played, and none is known to be elsewhere
(the turned card in the dealer's hand, a pair another seat has shown). A partner with nothing
to sing then simply passes, exactly what he does at a real table. Early in a hand this means a
window after most tricks; late in a hand, when the cantos are played out, none.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from games.engine import actions as A
from games.engine.cards import (
    ALL_HORSES,
    ALL_KINGS,
    FULL_DECK,
    KING_OF,
    PAIR,
    SUIT,
    SUIT_LETTERS,
    mask_of_indices,
)
from games.engine.errors import IllegalActionError, SetupError, WrongPhaseError
from games.engine.match import MatchResult, MatchState
from games.engine.observation import Observation, TeamView
from games.engine.state import HandResult, HandSetup, HandState, Phase

#: The two teams, by seat: team 0 (seats 0 and 2) and team 1 (seats 1 and 3).
TEAMS: Final[tuple[tuple[int, int], tuple[int, int]]] = ((0, 2), (1, 3))
PLAYERS: Final = 4


def team_of(seat: int) -> int:
    """The team (0 or 1) of a seat.

    >>> [team_of(s) for s in range(4)]
    [0, 1, 0, 1]
    """
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner of a seat, the one sitting opposite.

    >>> [partner_of(s) for s in range(4)]
    [2, 3, 0, 1]
    """
    return seat ^ 2


def deal_from_right(deck: list[int], dealer: int, players: int = PLAYERS) -> list[int]:
    """Hands (masks) of dealing ``deck`` (distinct card indices) one card at a time from the
    dealer's right; the last card goes to the dealer.

    >>> from games.engine.cards import NOTATION
    >>> hands = deal_from_right(list(range(40)), dealer=1)
    >>> hands[2] & 1, hands[1] >> 39 & 1
    (1, 1)
    """
    hands = [0] * players
    for i in range(players):  # seat dealer + 1 + i gets every players-th card from deck[i]
        hands[(dealer + 1 + i) % players] = mask_of_indices(deck[i::players])
    return hands


def deck_for_hands(hands: list[list[int]], dealer: int) -> list[int]:
    """The deck order that :func:`deal_from_right` turns into ``hands`` (ten card indices per
    seat); the dealer's last listed card is dealt last, so it is the turned card. For stacked
    decks in tests and for bots that deal a determinized hand.

    >>> hands = [list(range(s * 10, s * 10 + 10)) for s in range(4)]
    >>> deck = deck_for_hands(hands, dealer=3)
    >>> deal_from_right(deck, 3)[2] == sum(1 << c for c in hands[2]), deck[-1]
    (True, 39)
    """
    if len(hands) != PLAYERS or any(len(h) != 40 // PLAYERS for h in hands):
        raise SetupError("Give ten cards for each of the four seats.")
    return [hands[(dealer + 1 + j) % PLAYERS][j // PLAYERS] for j in range(40)]


#: SUNG_KINGS[sung]: the kings of the suits in the 4-bit mask ``sung`` (``HandState.sung``).
SUNG_KINGS: Final[tuple[int, ...]] = tuple(
    sum(1 << KING_OF[s] for s in range(4) if sung >> s & 1) for sung in range(16)
)

REASONS: Final = {
    "tute": "Tute: the team that sang it wins the game at once.",
    "more_points": "The team with more points wins.",
    "tie_last_trick": "Equal points: the team that took the last trick wins.",
}


class TeamHandState(HandState):
    """A hand of a four-player team variant: deal, partner's canto window, team result.

    Subclasses set the obligations and the trick (VTT) and may narrow when tute is open
    (:meth:`_tute_open`) or credit more than one game for a win (:meth:`_games_credited`).
    """

    __slots__ = ()

    # ----------------------------------------------------------------- deal

    def _deal(self, deck: list[int]) -> None:
        if self.n != PLAYERS:
            raise SetupError(f"{self.variant.name} is played by four players, in two pairs.")
        dealer = self.dealer
        self.hands = deal_from_right(deck, dealer)
        self.turned = deck[-1]
        self.trump = SUIT[self.turned]
        self._set_mano((dealer + 1) % PLAYERS)

    def _set_mano(self, seat: int) -> None:
        """Make ``seat`` lead the first trick (play order stays counter-clockwise)."""
        self.mano = seat
        self.active = tuple((seat + i) % PLAYERS for i in range(PLAYERS))

    # ----------------------------------------------------------------- cantos

    def _tute_open(self, seat: int) -> bool:
        """Whether ``seat`` may sing tute after the trick just taken (any won trick here)."""
        return True

    def _canto_actions(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if not (
            hand & (hand << 1) & ALL_KINGS
            or (hand & ALL_KINGS) == ALL_KINGS
            or (hand & ALL_HORSES) == ALL_HORSES
        ):
            return []  # no pair and no tute in hand: nothing to sing (the common case)
        acts = super()._canto_actions(seat)
        if acts and acts[0] == A.TUTE and not self._tute_open(seat):
            del acts[0]
        return acts

    def _window_possible(self, seat: int) -> bool:
        """Whether, on public facts alone, ``seat`` might hold a canto he may sing now."""
        hands = self.hands
        size = hands[seat].bit_count()
        if size < 2:
            return False
        taken = self.taken  # played, or publicly known to be in another hand
        ruled_out = self.out_of_play | taken[0] | taken[1] | taken[2] | taken[3]
        dealer = self.dealer
        turned = self.turned
        if turned >= 0 and dealer != seat and hands[dealer] >> turned & 1:
            ruled_out |= 1 << turned
        for c in self.cantos:
            if c.seat != seat and c.suit >= 0:
                ruled_out |= PAIR[c.suit]
        unknown = FULL_DECK & ~ruled_out
        # a king bit for each suit whose king and horse (one bit below) are both unknown
        if unknown & (unknown << 1) & ALL_KINGS & ~SUNG_KINGS[self.sung]:
            return True
        return (
            size >= 4
            and self._tute_open(seat)
            and (unknown & ALL_KINGS == ALL_KINGS or unknown & ALL_HORSES == ALL_HORSES)
        )

    def _after_trick(self, winner: int) -> None:
        self.may_sing = winner
        partner = partner_of(winner)
        if self._window_possible(partner):
            self.phase = Phase.WINDOW  # the winner stays ``leader`` and leads once it closes
            self.turn = partner

    def _other_actions(self) -> list[int]:
        if self.phase == Phase.WINDOW:
            return [*self._canto_actions(self.turn), A.PASS]
        return []

    def _apply_other(self, action: int) -> None:
        if self.phase != Phase.WINDOW:
            super()._apply_other(action)
            return
        seat = self.turn
        if action == A.TUTE:
            self._sing_tute(seat)
            return
        if A.SING <= action < A.SING + 4:
            self._sing(seat, action - A.SING)
        self.phase = Phase.PLAY
        self.turn = self.may_sing = self.leader

    def _reject(self, action: int) -> None:
        seat = self.turn
        if self.phase == Phase.WINDOW:
            if 0 <= action < 40:
                raise WrongPhaseError(
                    f"Your partner (seat {self.leader}) took the trick: sing a canto or "
                    "pass before he leads.",
                    leader=self.leader,
                )
            if action == A.TUTE and not self._tute_open(seat):
                raise IllegalActionError(self._tute_closed_message())
            if A.SING <= action < A.SING + 4 or action == A.TUTE:
                raise IllegalActionError(
                    "You do not hold that canto, or it has already been sung.",
                    canto=A.action_to_notation(action),
                )
        elif A.SING <= action < A.SING + 4 or action == A.TUTE:
            if self.phase == Phase.PLAY and self.trick:
                raise WrongPhaseError(
                    "You can only sing before leading, after your team wins a trick."
                )
            if self.may_sing != seat:
                raise WrongPhaseError(
                    "You can only sing right after your team wins a trick, once per trick."
                )
            if action == A.TUTE and not self._tute_open(seat):
                raise IllegalActionError(self._tute_closed_message())
        super()._reject(action)

    def _tute_closed_message(self) -> str:
        return "Tute cannot be sung now."

    # ----------------------------------------------------------------- result

    def team_points(self) -> list[int]:
        """Points per team so far: cards + last trick + cantos of both partners."""
        p = self.hand_points()
        return [p[0] + p[2], p[1] + p[3]]

    def _games_credited(self, team: int, team_points: list[int], code: str) -> int:
        """Games a won hand counts for in the match (one here)."""
        return 1

    def _finish(self) -> HandResult:
        points = self.hand_points()
        tp = [points[0] + points[2], points[1] + points[3]]
        tute = self.tute_seat if self.tute_seat >= 0 else None
        if tute is not None:
            win, code = team_of(tute), "tute"
        elif tp[0] != tp[1]:
            win, code = (0 if tp[0] > tp[1] else 1), "more_points"
        else:
            win, code = team_of(self.history[-1].winner), "tie_last_trick"
        return HandResult(
            points=tuple(points),
            card_points=tuple(self.card_pts),
            tricks=tuple(self.tricks),
            cantos=tuple(self.cantos),
            losers=TEAMS[1 - win],
            winners=TEAMS[win],
            reason_code=code,
            reason=REASONS[code],
            tute=tute,
            team_points=tuple(tp),
            extra={
                "winning_team": win,
                "games": self._games_credited(win, tp, code),
                "teams": [list(t) for t in TEAMS],
            },
        )

    # ----------------------------------------------------------------- observation

    def _observe_extra(self, obs: Observation, seat: int | None) -> Observation:
        window = self.phase == Phase.WINDOW
        return obs.with_parts(
            teams=TeamView(
                teams=tuple(tuple(t) for t in TEAMS),
                partner=partner_of(seat) if seat is not None else None,
                turned_held=self.turned >= 0 and bool(self.hands[self.dealer] >> self.turned & 1),
                team_points=tuple(self.team_points()),
                team_tricks=(self.tricks[0] + self.tricks[2], self.tricks[1] + self.tricks[3]),
                may_sing=self.may_sing if self.may_sing >= 0 else None,
                window_seat=self.turn if window else None,
                window_leader=self.leader if window else None,
                sung_suits=tuple(SUIT_LETTERS[s] for s in range(4) if self.sung >> s & 1),
            ),
        )


class TeamMatch(MatchState):
    """A match of a team variant: games won per team, up to a target; the deal passes to the
    right (the next seat in play order)."""

    #: Name of the option that sets the match length.
    GAMES_OPTION: ClassVar[str] = "games"

    def target(self) -> int:
        """Games a team needs to win the match."""
        raise NotImplementedError

    def _init_tally(self) -> None:
        self.games = [0, 0]

    def _clone_tally(self, new: MatchState) -> None:
        assert isinstance(new, TeamMatch)
        new.games = list(self.games)

    def _on_hand_end(self, result: HandResult) -> None:
        self.games[int(result.extra["winning_team"])] += int(result.extra["games"])

    def _next_dealer(self) -> int:
        return (self.hand.dealer + 1) % PLAYERS

    def _next_setup(self) -> HandSetup | None:
        if max(self.games) >= self.target():
            return None
        return super()._next_setup()

    def _finish(self) -> MatchResult:
        win = 0 if self.games[0] > self.games[1] else 1
        places = tuple(1 if team_of(s) == win else 2 for s in range(PLAYERS))
        a, b = TEAMS[win]
        return MatchResult(
            places=places,
            winners=TEAMS[win],
            hands_played=len(self.hands),
            summary=f"Seats {a} and {b} win {self.games[win]} games to {self.games[1 - win]}.",
            extra={
                "games": list(self.games),
                "target": self.target(),
                "teams": [list(t) for t in TEAMS],
            },
        )

    def _tally_json(self) -> dict[str, Any]:
        return {
            "games": list(self.games),
            "target": self.target(),
            "teams": [list(t) for t in TEAMS],
        }
