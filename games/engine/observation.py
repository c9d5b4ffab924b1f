"""What one seat may know of a hand, as typed values: :class:`Observation` and its parts.

:meth:`HandState.observe(seat) <games.engine.state.HandState.observe>` builds an
:class:`Observation` (``seat`` None: a spectator); :meth:`MatchState.observe
<games.engine.match.MatchState.observe>` a :class:`MatchObservation` around it. Cards are
written as notations (``"12B"``) and suits as letters (``"O"``), as in the JSON form, so what a
page shows is read straight off the value. Hidden cards (other hands, the stock's order, a
face-down card) are never in it, nor, on a screen, a completed trick before the last one
(``memory=True`` keeps them for a bot).

Every value has ``to_json()``, the JSON form records, socket frames and the conformance
interface use (``observation(seat)`` is ``observe(seat).to_json()``), and ``from_json()``, its
inverse, for a reader handed the JSON form (a bot given a table's observation).

The fields every variant fills are on :class:`Observation`; a family of variants adds its own
in one optional part, ``None`` where the variant has none: :attr:`Observation.cabrero`
(Cabrero, Chancho), :attr:`~Observation.stock` (the two-player games), :attr:`~Observation.dos`
(Spanish tute for two), :attr:`~Observation.teams` (parejas, VTT), :attr:`~Observation.vtt`,
:attr:`~Observation.arrastrado`, :attr:`~Observation.bidding` (remate, codillo, bato). In the
JSON form their fields are flat, after the common ones.

>>> from games.engine import get_variant
>>> hand = get_variant("dos").new_hand(players=2, seed=4)
>>> obs = hand.observe(hand.current_player())
>>> len(obs.hand or ()), obs.stock is not None and obs.stock.stock, obs.cabrero
(8, 24, None)
>>> Observation.from_json(obs.to_json()) == obs
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.engine.cards import COMPILED, SUIT_LETTERS
from games.engine.observation_families import (
    ArrastradoView,
    AuctionCall,
    BiddingView,
    DosView,
    StockSwap,
    StockView,
    TeamView,
    VTTView,
)
from games.engine.observation_parts import (
    JSON,
    AccusationWindow,
    CabreroView,
    CantoView,
    DealSwap,
    SeatCard,
    TrickView,
    as_ints,
    as_opt_int,
)
from games.engine.values import Canto, HandResult, MatchResult

#: Compiled, the classes below that write out their ``__init__`` are mypyc native classes
#: whose ``__init__`` assigns each field directly (a native field write): the one that
#: ``dataclasses`` generates for a frozen class runs interpreted and sets each field through
#: ``object.__setattr__``, a generic attribute lookup (an observation of a hand, 27 fields,
#: cost about 40,000 instructions to make that way). The frozen ``__setattr__`` still guards
#: the fields against interpreted code. In pure Python they set their fields as the generated
#: one does.
_NATIVE: Final = COMPILED
_set: Final = object.__setattr__


def _set_fields(obj: object, **values: Any) -> None:
    """Set the fields of a frozen value in pure Python, as the ``__init__`` that
    ``dataclasses`` generates does (``object.__setattr__``, past the frozen ``__setattr__``)."""
    for name, value in values.items():
        _set(obj, name, value)


# ----------------------------------------------------------------------------- the hand


#: The order the families' fields follow the common ones in an observation's JSON form. (A
#: module constant: compiled, a class attribute of a dataclass became one of its fields, which
#: ``dataclasses.replace`` then passed to ``__init__``.)
_PARTS: Final = ("cabrero", "arrastrado", "stock", "dos", "teams", "vtt", "bidding")


@dataclass(frozen=True, init=False)
class Observation:
    """What ``seat`` (None: a spectator) may know of a hand.

    ``hand`` is the seat's own cards (None for a spectator); ``legal`` the notations of its
    legal actions when it is to act (empty otherwise); ``turn`` -1 once the hand is over;
    ``phase`` ``preplay``, ``play``, ``window`` or ``end``; ``trick`` the cards of the trick in
    play; ``history`` the completed tricks a screen may show: during the hand the last one
    only, none while a trick is in play in Spanish tute's second deal (RULES.md §1 "Looking
    back"), every one once the hand is over; with ``observe(seat, memory=True)`` every one at
    any time (what the seat saw played: a bot's input). ``tricks_won`` counts them all.
    """

    variant: str
    seat: int | None
    players: int
    active: tuple[int, ...]
    dealer: int
    mano: int
    trump: str
    turned: str | None
    out_of_play: tuple[str, ...]
    phase: str
    turn: int
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    trick: tuple[SeatCard, ...]
    lead: str | None
    tricks_won: tuple[int, ...]
    history: tuple[TrickView, ...]
    cantos: tuple[CantoView, ...]
    legal: tuple[str, ...]
    result: HandResult | None
    cabrero: CabreroView | None = None
    arrastrado: ArrastradoView | None = None
    stock: StockView | None = None
    dos: DosView | None = None
    teams: TeamView | None = None
    vtt: VTTView | None = None
    bidding: BiddingView | None = None

    def __init__(
        self,
        variant: str,
        seat: int | None,
        players: int,
        active: tuple[int, ...],
        dealer: int,
        mano: int,
        trump: str,
        turned: str | None,
        out_of_play: tuple[str, ...],
        phase: str,
        turn: int,
        hand: tuple[str, ...] | None,
        hand_sizes: tuple[int, ...],
        trick: tuple[SeatCard, ...],
        lead: str | None,
        tricks_won: tuple[int, ...],
        history: tuple[TrickView, ...],
        cantos: tuple[CantoView, ...],
        legal: tuple[str, ...],
        result: HandResult | None,
        cabrero: CabreroView | None = None,
        arrastrado: ArrastradoView | None = None,
        stock: StockView | None = None,
        dos: DosView | None = None,
        teams: TeamView | None = None,
        vtt: VTTView | None = None,
        bidding: BiddingView | None = None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.variant = variant  # type: ignore[misc]
            self.seat = seat  # type: ignore[misc]
            self.players = players  # type: ignore[misc]
            self.active = active  # type: ignore[misc]
            self.dealer = dealer  # type: ignore[misc]
            self.mano = mano  # type: ignore[misc]
            self.trump = trump  # type: ignore[misc]
            self.turned = turned  # type: ignore[misc]
            self.out_of_play = out_of_play  # type: ignore[misc]
            self.phase = phase  # type: ignore[misc]
            self.turn = turn  # type: ignore[misc]
            self.hand = hand  # type: ignore[misc]
            self.hand_sizes = hand_sizes  # type: ignore[misc]
            self.trick = trick  # type: ignore[misc]
            self.lead = lead  # type: ignore[misc]
            self.tricks_won = tricks_won  # type: ignore[misc]
            self.history = history  # type: ignore[misc]
            self.cantos = cantos  # type: ignore[misc]
            self.legal = legal  # type: ignore[misc]
            self.result = result  # type: ignore[misc]
            self.cabrero = cabrero  # type: ignore[misc]
            self.arrastrado = arrastrado  # type: ignore[misc]
            self.stock = stock  # type: ignore[misc]
            self.dos = dos  # type: ignore[misc]
            self.teams = teams  # type: ignore[misc]
            self.vtt = vtt  # type: ignore[misc]
            self.bidding = bidding  # type: ignore[misc]
            return
        _set_fields(
            self,
            variant=variant,
            seat=seat,
            players=players,
            active=active,
            dealer=dealer,
            mano=mano,
            trump=trump,
            turned=turned,
            out_of_play=out_of_play,
            phase=phase,
            turn=turn,
            hand=hand,
            hand_sizes=hand_sizes,
            trick=trick,
            lead=lead,
            tricks_won=tricks_won,
            history=history,
            cantos=cantos,
            legal=legal,
            result=result,
            cabrero=cabrero,
            arrastrado=arrastrado,
            stock=stock,
            dos=dos,
            teams=teams,
            vtt=vtt,
            bidding=bidding,
        )

    def with_parts(
        self,
        *,
        cabrero: CabreroView | None = None,
        arrastrado: ArrastradoView | None = None,
        stock: StockView | None = None,
        dos: DosView | None = None,
        teams: TeamView | None = None,
        vtt: VTTView | None = None,
        bidding: BiddingView | None = None,
    ) -> Observation:
        """This observation with the families' parts given (a part not given keeps this
        one's): what a variant's ``_observe_extra`` adds. ``dataclasses.replace`` gives the
        same value, through interpreted code that reads every field by name."""
        return Observation(
            self.variant,
            self.seat,
            self.players,
            self.active,
            self.dealer,
            self.mano,
            self.trump,
            self.turned,
            self.out_of_play,
            self.phase,
            self.turn,
            self.hand,
            self.hand_sizes,
            self.trick,
            self.lead,
            self.tricks_won,
            self.history,
            self.cantos,
            self.legal,
            self.result,
            self.cabrero if cabrero is None else cabrero,
            self.arrastrado if arrastrado is None else arrastrado,
            self.stock if stock is None else stock,
            self.dos if dos is None else dos,
            self.teams if teams is None else teams,
            self.vtt if vtt is None else vtt,
            self.bidding if bidding is None else bidding,
        )

    def to_json(self) -> JSON:
        """The JSON form (what ``HandState.observation(seat)`` returns)."""
        out: JSON = {
            "variant": self.variant,
            "seat": self.seat,
            "players": self.players,
            "active": list(self.active),
            "dealer": self.dealer,
            "mano": self.mano,
            "trump": self.trump,
            "turned": self.turned,
            "out_of_play": list(self.out_of_play),
            "phase": self.phase,
            "turn": self.turn,
            "hand": list(self.hand) if self.hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "trick": [c.to_json() for c in self.trick],
            "lead": self.lead,
            "tricks_won": list(self.tricks_won),
            "history": [t.to_json() for t in self.history],
            "cantos": [c.to_json() for c in self.cantos],
            "legal": list(self.legal),
            "result": self.result.to_json() if self.result is not None else None,
        }
        for name in _PARTS:
            part = getattr(self, name)
            if part is not None:
                out.update(part.to_json())
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Observation:
        """The typed value of a JSON hand observation (the inverse of :meth:`to_json`)."""
        seat = data["seat"]
        hand = data["hand"]
        turned = data["turned"]
        lead = data["lead"]
        result = data["result"]
        return cls(
            variant=str(data["variant"]),
            seat=as_opt_int(seat),
            players=int(data["players"]),
            active=as_ints(data["active"]),
            dealer=int(data["dealer"]),
            mano=int(data["mano"]),
            trump=str(data["trump"]),
            turned=None if turned is None else str(turned),
            out_of_play=tuple(str(c) for c in data["out_of_play"]),
            phase=str(data["phase"]),
            turn=int(data["turn"]),
            hand=None if hand is None else tuple(str(c) for c in hand),
            hand_sizes=as_ints(data["hand_sizes"]),
            trick=tuple(SeatCard.from_json(c) for c in data["trick"]),
            lead=None if lead is None else str(lead),
            tricks_won=as_ints(data["tricks_won"]),
            history=tuple(TrickView.from_json(t) for t in data["history"]),
            cantos=tuple(CantoView.from_json(c) for c in data["cantos"]),
            legal=tuple(str(a) for a in data["legal"]),
            result=None if result is None else hand_result_from_json(result),
            cabrero=CabreroView.from_json(data) if "retired" in data else None,
            arrastrado=ArrastradoView.from_json(data) if "turned_at_deal" in data else None,
            stock=StockView.from_json(data) if "stock_bottom" in data else None,
            dos=DosView.from_json(data) if "totals_hidden" in data else None,
            teams=TeamView.from_json(data) if "team_points" in data else None,
            vtt=VTTView.from_json(data) if "trick_suits" in data else None,
            bidding=BiddingView.from_json(data) if "bidding_stage" in data else None,
        )


def hand_result_from_json(data: Mapping[str, Any]) -> HandResult:
    """The :class:`HandResult` of its JSON form (the inverse of ``HandResult.to_json``)."""
    team_points = data.get("team_points")
    return HandResult(
        points=as_ints(data["points"]),
        card_points=as_ints(data["card_points"]),
        tricks=as_ints(data["tricks"]),
        cantos=tuple(
            Canto(
                int(c["seat"]),
                -1 if c["suit"] is None else SUIT_LETTERS.index(c["suit"]),
                int(c["points"]),
            )
            for c in data["cantos"]
        ),
        losers=as_ints(data["losers"]),
        winners=as_ints(data["winners"]),
        reason_code=str(data["reason_code"]),
        reason=str(data["reason"]),
        capote=as_opt_int(data["capote"]),
        tute=as_opt_int(data["tute"]),
        team_points=None if team_points is None else as_ints(team_points),
        extra=dict(data.get("extra") or {}),
    )


# ----------------------------------------------------------------------------- the match


@dataclass(frozen=True, init=False)
class MatchObservation:
    """What ``seat`` (None: a spectator) may know of a match: the options, the match's tally
    (``tally``: the variant's own JSON-ready counts, e.g. Cabrero's lost hands, the games won,
    Arrastrado's ledger), the result of the previous hand, the match's result once over, and
    the hand in play (:class:`Observation`). ``playoff_seats`` (Cabrero's playoff hand, else
    None) maps the hand's seats 0 and 1 to the match's."""

    variant: str
    players: int
    options: Mapping[str, Any]
    hand_number: int
    tally: Mapping[str, Any]
    match_over: bool
    match_result: MatchResult | None
    previous_hand: HandResult | None
    hand: Observation
    playoff_seats: tuple[int, ...] | None = None

    def __init__(
        self,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        hand_number: int,
        tally: Mapping[str, Any],
        match_over: bool,
        match_result: MatchResult | None,
        previous_hand: HandResult | None,
        hand: Observation,
        playoff_seats: tuple[int, ...] | None = None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.variant = variant  # type: ignore[misc]
            self.players = players  # type: ignore[misc]
            self.options = options  # type: ignore[misc]
            self.hand_number = hand_number  # type: ignore[misc]
            self.tally = tally  # type: ignore[misc]
            self.match_over = match_over  # type: ignore[misc]
            self.match_result = match_result  # type: ignore[misc]
            self.previous_hand = previous_hand  # type: ignore[misc]
            self.hand = hand  # type: ignore[misc]
            self.playoff_seats = playoff_seats  # type: ignore[misc]
            return
        _set_fields(
            self,
            variant=variant,
            players=players,
            options=options,
            hand_number=hand_number,
            tally=tally,
            match_over=match_over,
            match_result=match_result,
            previous_hand=previous_hand,
            hand=hand,
            playoff_seats=playoff_seats,
        )

    def to_json(self) -> JSON:
        """The JSON form (what ``MatchState.observation(seat)`` returns)."""
        out: JSON = {
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "hand_number": self.hand_number,
            "match": dict(self.tally),
            "match_over": self.match_over,
            "match_result": self.match_result.to_json() if self.match_result is not None else None,
            "previous_hand": self.previous_hand.to_json()
            if self.previous_hand is not None
            else None,
            "hand": self.hand.to_json(),
        }
        if self.playoff_seats is not None:
            out["playoff_seats"] = list(self.playoff_seats)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchObservation:
        """The typed value of a JSON match observation (the inverse of :meth:`to_json`)."""
        result = data["match_result"]
        previous = data["previous_hand"]
        playoff = data.get("playoff_seats")
        return cls(
            variant=str(data["variant"]),
            players=int(data["players"]),
            options=dict(data["options"]),
            hand_number=int(data["hand_number"]),
            tally=dict(data["match"]),
            match_over=bool(data["match_over"]),
            match_result=(
                None
                if result is None
                else MatchResult(
                    places=as_ints(result["places"]),
                    winners=as_ints(result["winners"]),
                    hands_played=int(result["hands_played"]),
                    summary=str(result["summary"]),
                    extra=dict(result["extra"]),
                )
            ),
            previous_hand=None if previous is None else hand_result_from_json(previous),
            hand=Observation.from_json(data["hand"]),
            playoff_seats=None if playoff is None else as_ints(playoff),
        )


def observation_of(data: Mapping[str, Any] | Observation | MatchObservation) -> Observation:
    """The hand observation in a match or hand observation, typed or JSON."""
    if isinstance(data, Observation):
        return data
    if isinstance(data, MatchObservation):
        return data.hand
    if isinstance(data.get("hand"), Mapping):
        return Observation.from_json(data["hand"])
    return Observation.from_json(data)


__all__ = [
    "AccusationWindow",
    "ArrastradoView",
    "AuctionCall",
    "BiddingView",
    "CabreroView",
    "CantoView",
    "DealSwap",
    "DosView",
    "MatchObservation",
    "Observation",
    "SeatCard",
    "StockSwap",
    "StockView",
    "TeamView",
    "TrickView",
    "VTTView",
    "hand_result_from_json",
    "observation_of",
]
