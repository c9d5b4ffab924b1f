"""The parts of an :class:`~games.engine.observation.Observation`: the small values it is made
of (a card on the table, a trick, a canto, a swap) and the fields each family of variants adds
(:class:`CabreroView`, :class:`StockView`, :class:`DosView`, :class:`TeamView`,
:class:`VTTView`, :class:`ArrastradoView`). Each has ``to_json()`` and ``from_json()``; a
family's JSON fields are flat, merged into the hand observation's.

>>> CabreroView(None, (), (), (), accusations=True).to_json()["accusation_window"] is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.engine.cards import COMPILED

#: Compiled, the classes below that write out their ``__init__`` are mypyc native classes
#: whose ``__init__`` assigns each field directly (a native field write): the one that
#: ``dataclasses`` generates for a frozen class runs interpreted and sets each field through
#: ``object.__setattr__``, a generic attribute lookup (an observation of a hand, 27 fields,
#: cost about 40,000 instructions to make that way). The frozen ``__setattr__`` still guards
#: the fields against interpreted code. In pure Python they set their fields as the generated
#: one does.
_NATIVE: Final = COMPILED
_set: Final = object.__setattr__

#: A JSON object.
JSON = dict[str, Any]


def as_ints(values: Any) -> tuple[int, ...]:
    """A tuple of ints from a JSON list."""
    return tuple(int(v) for v in values)


def as_opt_int(value: Any) -> int | None:
    """An int from JSON, None staying None."""
    return None if value is None else int(value)


# ----------------------------------------------------------------------------- small parts


@dataclass(frozen=True, init=False)
class SeatCard:
    """A card a seat put face up: one of the trick in play, or Cabrero's shown 4 of oros."""

    seat: int
    card: str

    def __init__(
        self,
        seat: int,
        card: str,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.card = card  # type: ignore[misc]
            return
        _set(self, "seat", seat)
        _set(self, "card", card)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "card": self.card}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatCard:
        return cls(int(data["seat"]), str(data["card"]))


@dataclass(frozen=True, init=False)
class TrickView:
    """A completed trick: who led, the seats and cards in play order, and who took it."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[str, ...]
    winner: int

    def __init__(
        self,
        leader: int,
        seats: tuple[int, ...],
        cards: tuple[str, ...],
        winner: int,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.leader = leader  # type: ignore[misc]
            self.seats = seats  # type: ignore[misc]
            self.cards = cards  # type: ignore[misc]
            self.winner = winner  # type: ignore[misc]
            return
        _set(self, "leader", leader)
        _set(self, "seats", seats)
        _set(self, "cards", cards)
        _set(self, "winner", winner)

    def to_json(self) -> JSON:
        return {
            "leader": self.leader,
            "seats": list(self.seats),
            "cards": list(self.cards),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrickView:
        return cls(
            int(data["leader"]),
            as_ints(data["seats"]),
            tuple(str(c) for c in data["cards"]),
            int(data["winner"]),
        )


@dataclass(frozen=True, init=False)
class CantoView:
    """A canto sung: ``suit`` a letter, None for a tute (then ``tute`` is True)."""

    seat: int
    suit: str | None
    points: int
    tute: bool

    def __init__(
        self,
        seat: int,
        suit: str | None,
        points: int,
        tute: bool,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.suit = suit  # type: ignore[misc]
            self.points = points  # type: ignore[misc]
            self.tute = tute  # type: ignore[misc]
            return
        _set(self, "seat", seat)
        _set(self, "suit", suit)
        _set(self, "points", points)
        _set(self, "tute", tute)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "suit": self.suit, "points": self.points, "tute": self.tute}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CantoView:
        suit = data["suit"]
        return cls(
            int(data["seat"]),
            None if suit is None else str(suit),
            int(data["points"]),
            bool(data["tute"]),
        )


@dataclass(frozen=True, init=False)
class DealSwap:
    """A public exchange for the turned card (Cabrero for three, Arrastrado): the seat, the
    card it gave, the card it took (None when taken unseen, face down)."""

    seat: int
    gave: str
    took: str | None

    def __init__(
        self,
        seat: int,
        gave: str,
        took: str | None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.gave = gave  # type: ignore[misc]
            self.took = took  # type: ignore[misc]
            return
        _set(self, "seat", seat)
        _set(self, "gave", gave)
        _set(self, "took", took)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "gave": self.gave, "took": self.took}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealSwap:
        took = data["took"]
        return cls(int(data["seat"]), str(data["gave"]), None if took is None else str(took))


# ----------------------------------------------------------------------------- families


@dataclass(frozen=True, init=False)
class AccusationWindow:
    """Cabrero's accusation window at the end of a hand: whose turn, who has passed."""

    seat: int
    passed: tuple[int, ...]

    def __init__(
        self,
        seat: int,
        passed: tuple[int, ...],
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.passed = passed  # type: ignore[misc]
            return
        _set(self, "seat", seat)
        _set(self, "passed", passed)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "passed": list(self.passed)}


@dataclass(frozen=True, init=False)
class CabreroView:
    """Cabrero's and Chancho's fields. ``offences`` is None until the hand is over (the JSON
    form then has no such key); ``accusations`` says whether the table plays ``acusar`` (the
    JSON form has ``accusation_window`` only then)."""

    sitting_out: int | None
    retired: tuple[int, ...]
    swaps: tuple[DealSwap, ...]
    shown: tuple[SeatCard, ...]
    offences: tuple[tuple[int, str], ...] | None = None
    accusations: bool = False
    accusation_window: AccusationWindow | None = None

    def __init__(
        self,
        sitting_out: int | None,
        retired: tuple[int, ...],
        swaps: tuple[DealSwap, ...],
        shown: tuple[SeatCard, ...],
        offences: tuple[tuple[int, str], ...] | None = None,
        accusations: bool = False,
        accusation_window: AccusationWindow | None = None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.sitting_out = sitting_out  # type: ignore[misc]
            self.retired = retired  # type: ignore[misc]
            self.swaps = swaps  # type: ignore[misc]
            self.shown = shown  # type: ignore[misc]
            self.offences = offences  # type: ignore[misc]
            self.accusations = accusations  # type: ignore[misc]
            self.accusation_window = accusation_window  # type: ignore[misc]
            return
        _set(self, "sitting_out", sitting_out)
        _set(self, "retired", retired)
        _set(self, "swaps", swaps)
        _set(self, "shown", shown)
        _set(self, "offences", offences)
        _set(self, "accusations", accusations)
        _set(self, "accusation_window", accusation_window)

    def to_json(self) -> JSON:
        out: JSON = {
            "sitting_out": self.sitting_out,
            "retired": list(self.retired),
            "swaps": [w.to_json() for w in self.swaps],
            "shown": [w.to_json() for w in self.shown],
        }
        if self.offences is not None:
            out["offences"] = [[s, c] for s, c in self.offences]
        if self.accusations:
            window = self.accusation_window
            out["accusation_window"] = window.to_json() if window is not None else None
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CabreroView:
        window = data.get("accusation_window")
        offences = data.get("offences")
        return cls(
            sitting_out=as_opt_int(data["sitting_out"]),
            retired=as_ints(data["retired"]),
            swaps=tuple(DealSwap.from_json(w) for w in data["swaps"]),
            shown=tuple(SeatCard.from_json(w) for w in data["shown"]),
            offences=None if offences is None else tuple((int(s), str(c)) for s, c in offences),
            accusations="accusation_window" in data,
            accusation_window=(
                None
                if window is None
                else AccusationWindow(int(window["seat"]), as_ints(window["passed"]))
            ),
        )


@dataclass(frozen=True, init=False)
class StockView:
    """The stock of the two-player games: cards left, the face-up bottom card (the turned
    trump) while it lies there, and who drew it."""

    stock: int
    stock_bottom: str | None
    bottom_taken_by: int | None

    def __init__(
        self,
        stock: int,
        stock_bottom: str | None,
        bottom_taken_by: int | None,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.stock = stock  # type: ignore[misc]
            self.stock_bottom = stock_bottom  # type: ignore[misc]
            self.bottom_taken_by = bottom_taken_by  # type: ignore[misc]
            return
        _set(self, "stock", stock)
        _set(self, "stock_bottom", stock_bottom)
        _set(self, "bottom_taken_by", bottom_taken_by)

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

    def __init__(
        self,
        seat: int,
        gave: str,
        took: str,
        pending: bool,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.gave = gave  # type: ignore[misc]
            self.took = took  # type: ignore[misc]
            self.pending = pending  # type: ignore[misc]
            return
        _set(self, "seat", seat)
        _set(self, "gave", gave)
        _set(self, "took", took)
        _set(self, "pending", pending)

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
        _set(self, "deal", deal)
        _set(self, "carried", carried)
        _set(self, "totals_hidden", totals_hidden)
        _set(self, "totals", totals)
        _set(self, "swap", swap)
        _set(self, "capote_window", capote_window)
        _set(self, "capote_seat", capote_seat)
        _set(self, "capote_from_trick", capote_from_trick)
        _set(self, "claim_seat", claim_seat)

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
        _set(self, "teams", teams)
        _set(self, "partner", partner)
        _set(self, "turned_held", turned_held)
        _set(self, "team_points", team_points)
        _set(self, "team_tricks", team_tricks)
        _set(self, "may_sing", may_sing)
        _set(self, "window_seat", window_seat)
        _set(self, "window_leader", window_leader)
        _set(self, "sung_suits", sung_suits)

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
        _set(self, "initial_trump", initial_trump)
        _set(self, "suit_cycle", suit_cycle)
        _set(self, "trick_suits", trick_suits)
        _set(self, "trick_trump", trick_trump)

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
        _set(self, "sitting_out", sitting_out)
        _set(self, "stage", stage)
        _set(self, "turned_at_deal", turned_at_deal)
        _set(self, "swap_card", swap_card)
        _set(self, "swap_passed", swap_passed)
        _set(self, "swap", swap)
        _set(self, "plate", plate)
        _set(self, "plate_amount", plate_amount)
        _set(self, "plate_passed", plate_passed)
        _set(self, "plate_caller", plate_caller)
        _set(self, "points", points)

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

    def __init__(
        self,
        seat: int,
        call: str,
    ) -> None:
        if _NATIVE:  # compiled: native field writes (see _NATIVE)
            self.seat = seat  # type: ignore[misc]
            self.call = call  # type: ignore[misc]
            return
        _set(self, "seat", seat)
        _set(self, "call", call)

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
        _set(self, "stage", stage)
        _set(self, "auction", auction)
        _set(self, "jugador", jugador)
        _set(self, "bid", bid)
        _set(self, "trump_named", trump_named)
        _set(self, "called", called)
        _set(self, "partner", partner)
        _set(self, "playing", playing)
        _set(self, "exchanged", exchanged)
        _set(self, "pot", pot)
        _set(self, "marked", marked)

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
