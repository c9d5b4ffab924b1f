"""The families of fields that some variants add to an
:class:`~games.engine.observation.Observation`, beside Cabrero's
(:mod:`games.engine.observation_parts`): the stock of the two-player games
(:class:`StockView`), Spanish tute for two (:class:`DosView`), the team games
(:class:`TeamView`), Variable Trump Tute (:class:`VTTView`), Arrastrado
(:class:`ArrastradoView`) and the bidding tutes (:class:`BiddingView`). Each has ``to_json()``
and ``from_json()``; a family's JSON fields are flat, merged into the hand observation's.

>>> StockView(stock=24, stock_bottom="7O", bottom_taken_by=None).to_json()["stock"]
24
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.engine.cards import COMPILED
from games.engine.observation_parts import JSON, DealSwap, _set_fields, as_ints, as_opt_int

#: Compiled, the families' ``__init__`` write their fields natively (see
#: :data:`games.engine.observation_parts._NATIVE`).
_NATIVE: Final = COMPILED


@dataclass(frozen=True, init=False)
class StockView:
    """The stock of the two-player games: cards left, the face-up bottom card (the turned
    trump) while it lies there, and who drew it."""

    stock: int
    stock_bottom: str | None
    bottom_taken_by: int | None

    def __init__(self, stock: int, stock_bottom: str | None, bottom_taken_by: int | None) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.stock = stock  # type: ignore[misc]
            self.stock_bottom = stock_bottom  # type: ignore[misc]
            self.bottom_taken_by = bottom_taken_by  # type: ignore[misc]
            return
        _set_fields(self, stock=stock, stock_bottom=stock_bottom, bottom_taken_by=bottom_taken_by)

    def to_json(self) -> JSON:
        return {
            "stock": self.stock,
            "stock_bottom": self.stock_bottom,
            "bottom_taken_by": self.bottom_taken_by,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StockView:
        bottom = data["stock_bottom"]
        return cls(
            int(data["stock"]),
            None if bottom is None else str(bottom),
            as_opt_int(data["bottom_taken_by"]),
        )


@dataclass(frozen=True, init=False)
class StockSwap:
    """The Spanish tute for two's exchange for the turned card; ``pending`` while the taker
    has not drawn it yet."""

    seat: int
    gave: str
    took: str
    pending: bool

    def __init__(self, seat: int, gave: str, took: str, pending: bool) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.gave = gave  # type: ignore[misc]
            self.took = took  # type: ignore[misc]
            self.pending = pending  # type: ignore[misc]
            return
        _set_fields(self, seat=seat, gave=gave, took=took, pending=pending)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "gave": self.gave, "took": self.took, "pending": self.pending}


@dataclass(frozen=True, init=False)
class DosView:
    """The Spanish tute for two's fields: which deal, the carried points of a second deal,
    the totals (hidden during a second deal), the swap, capote and the claim."""

    deal: int
    carried: tuple[int, ...] | None
    totals_hidden: bool
    totals: tuple[int, ...] | None
    swap: StockSwap | None
    capote_window: bool
    capote_seat: int | None
    capote_from_trick: int | None
    claim_seat: int | None

    def __init__(
        self,
        deal: int,
        carried: tuple[int, ...] | None,
        totals_hidden: bool,
        totals: tuple[int, ...] | None,
        swap: StockSwap | None,
        capote_window: bool,
        capote_seat: int | None,
        capote_from_trick: int | None,
        claim_seat: int | None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.deal = deal  # type: ignore[misc]
            self.carried = carried  # type: ignore[misc]
            self.totals_hidden = totals_hidden  # type: ignore[misc]
            self.totals = totals  # type: ignore[misc]
            self.swap = swap  # type: ignore[misc]
            self.capote_window = capote_window  # type: ignore[misc]
            self.capote_seat = capote_seat  # type: ignore[misc]
            self.capote_from_trick = capote_from_trick  # type: ignore[misc]
            self.claim_seat = claim_seat  # type: ignore[misc]
            return
        _set_fields(
            self,
            deal=deal,
            carried=carried,
            totals_hidden=totals_hidden,
            totals=totals,
            swap=swap,
            capote_window=capote_window,
            capote_seat=capote_seat,
            capote_from_trick=capote_from_trick,
            claim_seat=claim_seat,
        )

    def to_json(self) -> JSON:
        return {
            "deal": self.deal,
            "carried": list(self.carried) if self.carried is not None else None,
            "totals_hidden": self.totals_hidden,
            "totals": list(self.totals) if self.totals is not None else None,
            "swap": self.swap.to_json() if self.swap is not None else None,
            "capote_window": self.capote_window,
            "capote": (
                None
                if self.capote_seat is None
                else {"seat": self.capote_seat, "from_trick": self.capote_from_trick}
            ),
            "claim": None if self.claim_seat is None else {"seat": self.claim_seat},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DosView:
        swap = data["swap"]
        capote = data["capote"]
        claim = data["claim"]
        carried = data["carried"]
        totals = data["totals"]
        return cls(
            deal=int(data["deal"]),
            carried=None if carried is None else as_ints(carried),
            totals_hidden=bool(data["totals_hidden"]),
            totals=None if totals is None else as_ints(totals),
            swap=(
                None
                if swap is None
                else StockSwap(
                    int(swap["seat"]), str(swap["gave"]), str(swap["took"]), bool(swap["pending"])
                )
            ),
            capote_window=bool(data["capote_window"]),
            capote_seat=None if capote is None else int(capote["seat"]),
            capote_from_trick=None if capote is None else int(capote["from_trick"]),
            claim_seat=None if claim is None else int(claim["seat"]),
        )


@dataclass(frozen=True, init=False)
class TeamView:
    """The team games' fields (parejas, VTT): the teams, the seat's partner, whether the
    dealer still holds the turned card, points and tricks per team, who may sing, the
    partner's canto window (``window_seat`` may sing after ``window_leader``'s trick), the
    suits sung."""

    teams: tuple[tuple[int, ...], ...]
    partner: int | None
    turned_held: bool
    team_points: tuple[int, ...]
    team_tricks: tuple[int, ...]
    may_sing: int | None
    window_seat: int | None
    window_leader: int | None
    sung_suits: tuple[str, ...]

    def __init__(
        self,
        teams: tuple[tuple[int, ...], ...],
        partner: int | None,
        turned_held: bool,
        team_points: tuple[int, ...],
        team_tricks: tuple[int, ...],
        may_sing: int | None,
        window_seat: int | None,
        window_leader: int | None,
        sung_suits: tuple[str, ...],
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.teams = teams  # type: ignore[misc]
            self.partner = partner  # type: ignore[misc]
            self.turned_held = turned_held  # type: ignore[misc]
            self.team_points = team_points  # type: ignore[misc]
            self.team_tricks = team_tricks  # type: ignore[misc]
            self.may_sing = may_sing  # type: ignore[misc]
            self.window_seat = window_seat  # type: ignore[misc]
            self.window_leader = window_leader  # type: ignore[misc]
            self.sung_suits = sung_suits  # type: ignore[misc]
            return
        _set_fields(
            self,
            teams=teams,
            partner=partner,
            turned_held=turned_held,
            team_points=team_points,
            team_tricks=team_tricks,
            may_sing=may_sing,
            window_seat=window_seat,
            window_leader=window_leader,
            sung_suits=sung_suits,
        )

    def to_json(self) -> JSON:
        return {
            "teams": [list(t) for t in self.teams],
            "partner": self.partner,
            "turned_held": self.turned_held,
            "team_points": list(self.team_points),
            "team_tricks": list(self.team_tricks),
            "may_sing": self.may_sing,
            "window": (
                None
                if self.window_seat is None
                else {"seat": self.window_seat, "leader": self.window_leader}
            ),
            "sung_suits": list(self.sung_suits),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TeamView:
        window = data["window"]
        return cls(
            teams=tuple(as_ints(t) for t in data["teams"]),
            partner=as_opt_int(data["partner"]),
            turned_held=bool(data["turned_held"]),
            team_points=as_ints(data["team_points"]),
            team_tricks=as_ints(data["team_tricks"]),
            may_sing=as_opt_int(data["may_sing"]),
            window_seat=None if window is None else int(window["seat"]),
            window_leader=None if window is None else int(window["leader"]),
            sung_suits=tuple(str(s) for s in data["sung_suits"]),
        )


@dataclass(frozen=True, init=False)
class VTTView:
    """Variable Trump Tute's fields: the initial trump, the suit each trump turns into, the
    (trump, lead, final trump) of each completed trick, and the trump in force in the trick."""

    initial_trump: str
    suit_cycle: Mapping[str, str]
    trick_suits: tuple[tuple[str, str, str], ...]
    trick_trump: str

    def __init__(
        self,
        initial_trump: str,
        suit_cycle: Mapping[str, str],
        trick_suits: tuple[tuple[str, str, str], ...],
        trick_trump: str,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.initial_trump = initial_trump  # type: ignore[misc]
            self.suit_cycle = suit_cycle  # type: ignore[misc]
            self.trick_suits = trick_suits  # type: ignore[misc]
            self.trick_trump = trick_trump  # type: ignore[misc]
            return
        _set_fields(
            self,
            initial_trump=initial_trump,
            suit_cycle=suit_cycle,
            trick_suits=trick_suits,
            trick_trump=trick_trump,
        )

    def to_json(self) -> JSON:
        return {
            "initial_trump": self.initial_trump,
            "suit_cycle": dict(self.suit_cycle),
            "trick_suits": [list(t) for t in self.trick_suits],
            "trick_trump": self.trick_trump,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VTTView:
        return cls(
            initial_trump=str(data["initial_trump"]),
            suit_cycle={str(k): str(v) for k, v in data["suit_cycle"].items()},
            trick_suits=tuple((str(a), str(b), str(c)) for a, b, c in data["trick_suits"]),
            trick_trump=str(data["trick_trump"]),
        )


@dataclass(frozen=True, init=False)
class ArrastradoView:
    """Tute Arrastrado's fields: the seat sitting out, the stage before play (``swap``,
    ``plate`` or None), the card turned at the deal, the card a swap is offered for, the
    swap made, the plate (amount, who passed, who went) and the points so far."""

    sitting_out: int | None
    stage: str | None
    turned_at_deal: str
    swap_card: str | None
    swap_passed: tuple[int, ...]
    swap: DealSwap | None
    plate: bool
    plate_amount: int | None
    plate_passed: tuple[int, ...]
    plate_caller: int | None
    points: tuple[int, ...]

    def __init__(
        self,
        sitting_out: int | None,
        stage: str | None,
        turned_at_deal: str,
        swap_card: str | None,
        swap_passed: tuple[int, ...],
        swap: DealSwap | None,
        plate: bool,
        plate_amount: int | None,
        plate_passed: tuple[int, ...],
        plate_caller: int | None,
        points: tuple[int, ...],
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.sitting_out = sitting_out  # type: ignore[misc]
            self.stage = stage  # type: ignore[misc]
            self.turned_at_deal = turned_at_deal  # type: ignore[misc]
            self.swap_card = swap_card  # type: ignore[misc]
            self.swap_passed = swap_passed  # type: ignore[misc]
            self.swap = swap  # type: ignore[misc]
            self.plate = plate  # type: ignore[misc]
            self.plate_amount = plate_amount  # type: ignore[misc]
            self.plate_passed = plate_passed  # type: ignore[misc]
            self.plate_caller = plate_caller  # type: ignore[misc]
            self.points = points  # type: ignore[misc]
            return
        _set_fields(
            self,
            sitting_out=sitting_out,
            stage=stage,
            turned_at_deal=turned_at_deal,
            swap_card=swap_card,
            swap_passed=swap_passed,
            swap=swap,
            plate=plate,
            plate_amount=plate_amount,
            plate_passed=plate_passed,
            plate_caller=plate_caller,
            points=points,
        )

    def to_json(self) -> JSON:
        return {
            "sitting_out": self.sitting_out,
            "stage": self.stage,
            "turned_at_deal": self.turned_at_deal,
            "swap_card": self.swap_card,
            "swap_passed": list(self.swap_passed),
            "swap": self.swap.to_json() if self.swap is not None else None,
            "plate": self.plate,
            "plate_amount": self.plate_amount,
            "plate_passed": list(self.plate_passed),
            "plate_caller": self.plate_caller,
            "points": list(self.points),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ArrastradoView:
        swap = data["swap"]
        stage = data["stage"]
        swap_card = data["swap_card"]
        return cls(
            sitting_out=as_opt_int(data["sitting_out"]),
            stage=None if stage is None else str(stage),
            turned_at_deal=str(data["turned_at_deal"]),
            swap_card=None if swap_card is None else str(swap_card),
            swap_passed=as_ints(data["swap_passed"]),
            swap=None if swap is None else DealSwap.from_json(swap),
            plate=bool(data["plate"]),
            plate_amount=as_opt_int(data["plate_amount"]),
            plate_passed=as_ints(data["plate_passed"]),
            plate_caller=as_opt_int(data["plate_caller"]),
            points=as_ints(data["points"]),
        )


@dataclass(frozen=True, init=False)
class AuctionCall:
    """One public call of a bidding tute's auction: the seat and the action's notation
    (``pass``, ``bid:80``, ``juego``, ``acompano``, ``trump:O``, ``call:1O``, ``exchange:3``)."""

    seat: int
    call: str

    def __init__(self, seat: int, call: str) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.call = call  # type: ignore[misc]
            return
        _set_fields(self, seat=seat, call=call)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "call": self.call}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AuctionCall:
        return cls(int(data["seat"]), str(data["call"]))


@dataclass(frozen=True, init=False)
class BiddingView:
    """The bidding tutes' fields (RULES.md §9: remate, codillo, bato).

    ``stage`` is what the hand waits for before play (``bid``, ``trump``, ``call``,
    ``accompany``, ``exchange``) or None once cards are played; ``auction`` every public call
    in order; ``jugador`` the seat that took the game (None while the auction runs); ``bid`` the
    standing or winning bid (remate); ``trump_named`` whether trump is known yet (``trump`` of
    the observation means nothing before); ``called`` the called card (codillo); ``partner``
    the seat holding it, only once it is public (or to that seat itself); ``playing`` the seats
    that play the hand; ``exchanged`` cards exchanged per seat (-1: not yet, or not playing);
    ``pot`` the pot (bato); ``marked`` the cards this seat has marked to discard (private,
    empty for everyone else).
    """

    stage: str | None
    auction: tuple[AuctionCall, ...]
    jugador: int | None
    bid: int | None
    trump_named: bool
    called: str | None
    partner: int | None
    playing: tuple[int, ...]
    exchanged: tuple[int, ...]
    pot: int | None
    marked: tuple[str, ...]

    def __init__(
        self,
        stage: str | None,
        auction: tuple[AuctionCall, ...],
        jugador: int | None,
        bid: int | None,
        trump_named: bool,
        called: str | None,
        partner: int | None,
        playing: tuple[int, ...],
        exchanged: tuple[int, ...],
        pot: int | None,
        marked: tuple[str, ...],
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.stage = stage  # type: ignore[misc]
            self.auction = auction  # type: ignore[misc]
            self.jugador = jugador  # type: ignore[misc]
            self.bid = bid  # type: ignore[misc]
            self.trump_named = trump_named  # type: ignore[misc]
            self.called = called  # type: ignore[misc]
            self.partner = partner  # type: ignore[misc]
            self.playing = playing  # type: ignore[misc]
            self.exchanged = exchanged  # type: ignore[misc]
            self.pot = pot  # type: ignore[misc]
            self.marked = marked  # type: ignore[misc]
            return
        _set_fields(
            self,
            stage=stage,
            auction=auction,
            jugador=jugador,
            bid=bid,
            trump_named=trump_named,
            called=called,
            partner=partner,
            playing=playing,
            exchanged=exchanged,
            pot=pot,
            marked=marked,
        )

    def to_json(self) -> JSON:
        return {
            "bidding_stage": self.stage,
            "auction": [c.to_json() for c in self.auction],
            "jugador": self.jugador,
            "bid": self.bid,
            "trump_named": self.trump_named,
            "called": self.called,
            "partner": self.partner,
            "playing": list(self.playing),
            "exchanged": list(self.exchanged),
            "pot": self.pot,
            "marked": list(self.marked),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BiddingView:
        stage = data["bidding_stage"]
        called = data["called"]
        return cls(
            stage=None if stage is None else str(stage),
            auction=tuple(AuctionCall.from_json(c) for c in data["auction"]),
            jugador=as_opt_int(data["jugador"]),
            bid=as_opt_int(data["bid"]),
            trump_named=bool(data["trump_named"]),
            called=None if called is None else str(called),
            partner=as_opt_int(data["partner"]),
            playing=as_ints(data["playing"]),
            exchanged=as_ints(data["exchanged"]),
            pot=as_opt_int(data["pot"]),
            marked=tuple(str(c) for c in data["marked"]),
        )
