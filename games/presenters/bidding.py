"""The bidding tutes on the table page (RULES.md §9: ``remate``, ``codillo``, ``bato``).

:func:`fill_bidding` reads the observation's bidding part (``hand.bidding``, a
:class:`~games.engine.observation_families.BiddingView`) and the viewer's legal actions, and puts
on the :class:`~games.presenters.viewmodels.TableView`:

* ``view.bidding`` (a :class:`BiddingPanel`): the auction so far with who made each call, what
  the hand waits for, the jugador, the bid, the called card, the partner once public, the pot;
  and, on the viewer's turn, the controls for exactly the legal calls: pass, juego, acompaño,
  the legal bids (a stepper), the four trumps, the callable cards by suit, the exchange;
* on each seat, what it said last and its part in the hand (``SeatView.tags``);
* in the exchange, the viewer's cards as toggles (``discard:7E``) with the marked ones raised.

Like the rest of the view it is built only from the viewer's observation: the secret partner
is in it only once public, or for the partner himself (a discreet line); the discards and the
others' marks never are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import messages
from games.engine.observation import Observation
from games.engine.observation_families import BiddingView
from games.presenters.viewmodels import CardView, TableView, card_view

SUITS = "OCEB"
#: The actions the bidding panel offers (the generic buttons leave them to it).
PANEL_WORDS = ("pass", "juego", "acompano", "exchange")
PANEL_PREFIXES = ("bid:", "trump:", "call:", "discard:")


def is_panel_action(notation: str) -> bool:
    """Whether the bidding panel (not the generic button row) offers ``notation``."""
    word = notation.lower()
    return word in PANEL_WORDS or word.startswith(PANEL_PREFIXES)


@dataclass
class AuctionLine:
    """One public call: who (table position, name) and what, in words."""

    seat: int
    name: str
    text: str
    kind: str


@dataclass
class CallSuit:
    """The cards of one suit the jugador may call (codillo), for one tab of the picker."""

    letter: str
    name: str
    cards: list[CardView]
    checked: bool = False


@dataclass
class BiddingPanel:
    variant: str
    stage: str | None
    #: What the hand waits for, in words (the panel's heading).
    stage_text: str
    lines: list[AuctionLine]
    jugador: int | None = None
    jugador_name: str = ""
    bid: int | None = None
    trump_named: bool = False
    trump_name: str = ""
    called: CardView | None = None
    partner: int | None = None
    partner_name: str = ""
    #: The viewer holds the called card (codillo; his own secret).
    you_hold_called: bool = False
    pot: int | None = None
    #: The deck has no 2s (remate): said once instead of four cards out of play.
    without_twos: bool = False
    #: The viewer's controls, on his turn: exactly his legal calls.
    your_turn: bool = False
    can_pass: bool = False
    pass_label: str = ""
    can_juego: bool = False
    can_acompano: bool = False
    bids: list[int] = field(default_factory=list)
    trumps: list[tuple[str, str, str]] = field(default_factory=list)
    call_suits: list[CallSuit] = field(default_factory=list)
    exchanging: bool = False
    can_exchange: bool = False
    exchange_label: str = ""
    marked: int = 0
    #: The hint over the viewer's cards on his turn ("" keeps the generic one).
    hint: str = ""
    #: The turn line when someone else is to speak ("" keeps "X to play.").
    turn_text: str = ""

    @property
    def in_auction(self) -> bool:
        """Before play: the panel takes the middle of the felt."""
        return self.stage is not None

    @property
    def bids_text(self) -> str:
        return ",".join(str(b) for b in self.bids)

    @property
    def has_hand_controls(self) -> bool:
        """Buttons by the hand (the call picker lies on the felt)."""
        return bool(
            self.can_pass
            or self.can_juego
            or self.can_acompano
            or self.bids
            or self.trumps
            or self.can_exchange
        )

    @property
    def has_controls(self) -> bool:
        """Any control at all: those by the hand, or the call picker on the felt."""
        return self.has_hand_controls or bool(self.call_suits)


def call_text(call: str) -> tuple[str, str]:
    """A public call in words, with its kind (``pass``, ``bid``, ``trump``...)."""
    word = call.lower()
    kind, _sep, arg = word.partition(":")
    if kind == "pass":
        return _("passes"), kind
    if kind == "bid":
        return _("bids %(points)s") % {"points": arg}, kind
    if kind == "juego":
        return _("juego: plays the hand"), kind
    if kind in ("acompano", "acompaño"):
        return _("acompaño: plays along"), "acompano"
    if kind == "trump":
        return _("names %(suit)s trump") % {"suit": messages.suit_name(arg.upper())}, kind
    if kind == "call":
        return _("calls the %(card)s") % {"card": messages.card_name(call[5:])}, kind
    if kind == "exchange":
        n = int(arg) if arg.isdigit() else 0
        if n == 0:
            return _("keeps his cards"), kind
        return ngettext("changes %(n)s card", "changes %(n)s cards", n) % {"n": n}, kind
    return call, kind


def _seat_tag(kind: str, text: str) -> tuple[str, str]:
    """A short badge for a seat's last call."""
    if kind == "pass":
        return ("tag-pass", _("passed"))
    if kind == "bid":
        return ("tag-bid", text)
    if kind == "juego":
        return ("tag-juego", _("juego"))
    if kind == "acompano":
        return ("tag-acompano", _("acompaño"))
    return ("", "")


def _stage_text(b: BiddingView, variant: str, turn_name: str, yours: bool) -> tuple[str, str]:
    """(the panel's heading, the turn line for the others) while the hand waits for ``stage``."""
    stage = b.stage
    who = {"name": turn_name}
    if stage == "bid" and variant == "remate":
        if yours:
            return _("Raise the bid or pass."), ""
        return _("The auction"), _("%(name)s to bid.") % who
    if stage == "bid":
        if yours:
            return _("Juego (you play the hand) or pass?"), ""
        return _("The auction"), _("%(name)s to speak.") % who
    if stage == "trump":
        if yours:
            return _("You play the hand: name trump."), ""
        return _("The auction is over"), _("%(name)s names trump.") % who
    if stage == "call":
        if yours:
            return _("Call a card you do not hold: its holder is your secret partner."), ""
        return _("The auction is over"), _("%(name)s calls a card.") % who
    if stage == "accompany":
        if yours:
            return _("Play along (acompaño) or pass?"), ""
        return _("Who plays along?"), _("%(name)s: acompaño or pass?") % who
    if stage == "exchange":
        if yours:
            return _("Tap up to 4 cards to change, then confirm."), ""
        return _("The exchange"), _("%(name)s changes cards.") % who
    return "", ""


def fill_bidding(view: TableView, hand: Observation, local: Any) -> None:
    """Put a bidding tute's auction, controls and seat tags on ``view`` (nothing for other
    games). ``local`` maps the hand's seats to table positions."""
    b = hand.bidding
    if b is None:
        return
    names = view.seat_names
    yours = view.your_turn
    legal = view.legal
    stage_text, turn_text = _stage_text(b, hand.variant, view.turn_name, yours)
    lines = []
    last: dict[int, tuple[str, str]] = {}
    for c in b.auction:
        seat = local(c.seat)
        if seat is None or seat >= len(names):
            continue
        text, kind = call_text(c.call)
        lines.append(AuctionLine(seat=seat, name=names[seat], text=text, kind=kind))
        if kind in ("pass", "bid", "juego", "acompano"):
            last[seat] = _seat_tag(kind, text)
    jugador = local(b.jugador)
    panel = BiddingPanel(
        variant=hand.variant,
        stage=b.stage,
        stage_text=stage_text,
        turn_text=turn_text,
        lines=lines,
        jugador=jugador,
        jugador_name=names[jugador] if jugador is not None else "",
        bid=b.bid,
        trump_named=b.trump_named,
        trump_name=messages.suit_name(hand.trump) if b.trump_named and hand.trump else "",
        called=card_view(b.called) if b.called else None,
        pot=b.pot,
        your_turn=yours,
    )
    partner = local(b.partner)
    if partner is not None and partner == view.your_seat and not _called_played(b, hand):
        # The observation tells the holder alone: a discreet line for him, no badge.
        panel.you_hold_called = True
    elif partner is not None and partner != jugador:
        panel.partner = partner
        panel.partner_name = names[partner]
    # Cards out of play that say nothing new: the turned card (shown with the trump) and,
    # in a deck without its four 2s, the 2s (one line says so).
    if view.turned is not None:
        view.out_of_play = [c for c in view.out_of_play if c.notation != view.turned.notation]
    if len(view.out_of_play) == 4 and all(c.rank == "2" for c in view.out_of_play):
        view.out_of_play = []
        panel.without_twos = True
    if not b.trump_named:
        # Before trump is named the observation's trump means nothing.
        view.trump = ""
        view.trump_name = ""
    _fill_controls(panel, b, legal, view)
    _tag_seats(view, b, panel, last, local)
    view.bidding = panel
    # The generic button row keeps what the panel does not offer (cantos...).
    view.buttons = [btn for btn in view.buttons if not is_panel_action(btn.action)]


def _called_played(b: BiddingView, hand: Observation) -> bool:
    """Whether the called card is on the table or in a finished trick (the partner public)."""
    if b.called is None:
        return False
    return any(b.called in t.cards for t in hand.history) or any(
        p.card == b.called for p in hand.trick
    )


def _fill_controls(panel: BiddingPanel, b: BiddingView, legal: list[str], view: TableView) -> None:
    if not panel.your_turn:
        return
    words = {a.lower() for a in legal}
    panel.can_pass = "pass" in words
    panel.pass_label = _("Pass (paso)")
    panel.can_juego = "juego" in words
    panel.can_acompano = "acompano" in words
    panel.bids = sorted(int(a[4:]) for a in words if a.startswith("bid:") and a[4:].isdigit())
    panel.trumps = [
        (f"trump:{s}", s, messages.suit_name(s)) for s in SUITS if f"trump:{s.lower()}" in words
    ]
    callable_cards = [a[5:].upper() for a in legal if a.lower().startswith("call:")]
    if callable_cards:
        trump = view.trump if b.trump_named else ""
        for s in SUITS:
            cards = [c for c in _by_rank(callable_cards) if c.endswith(s)]
            if cards:
                panel.call_suits.append(
                    CallSuit(
                        letter=s,
                        name=messages.suit_name(s),
                        cards=[CardView(c, legal=True, action=f"call:{c}") for c in cards],
                        checked=s == trump,
                    )
                )
        if panel.call_suits and not any(s.checked for s in panel.call_suits):
            panel.call_suits[0].checked = True
    discards = {a[8:].upper() for a in legal if a.lower().startswith("discard:")}
    if b.stage == "exchange" and (discards or "exchange" in words):
        panel.exchanging = True
        marked = set(b.marked)
        panel.marked = len(marked)
        view.hand = [
            CardView(
                c.notation,
                legal=c.notation in discards,
                action=f"discard:{c.notation}",
                marked=c.notation in marked,
            )
            for c in view.hand
        ]
        panel.can_exchange = "exchange" in words
        n = len(marked)
        panel.exchange_label = (
            ngettext("Exchange %(n)s card", "Exchange %(n)s cards", n) % {"n": n}
            if n
            else _("Keep my cards")
        )
        panel.hint = _("(tap the cards to change: they rise)")
    elif panel.has_controls and not any(c.legal for c in view.hand):
        panel.hint = _("(no card now: choose below)")


_RANK_ORDER = ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2")


def _by_rank(cards: list[str]) -> list[str]:
    """Cards from the highest (as, tres, rey...) down."""
    return sorted(cards, key=lambda c: (_RANK_ORDER.index(c[:-1]) if c[:-1] in _RANK_ORDER else 99))


def _tag_seats(
    view: TableView,
    b: BiddingView,
    panel: BiddingPanel,
    last: dict[int, tuple[str, str]],
    local: Any,
) -> None:
    playing = {local(s) for s in b.playing}
    for sv in view.seats:
        tags: list[tuple[str, str]] = []
        pos = sv.position
        if pos == panel.jugador:
            tags.append(("tag-jugador", _("jugador")))
            if panel.bid is not None and b.stage != "bid":
                tags.append(("tag-bid", _("bid %(points)s") % {"points": panel.bid}))
        elif pos == panel.partner:
            if view.your_seat == panel.jugador:
                sv.partner = True  # "your partner", as in the games in pairs
            else:
                tags.append(("tag-partner", _("partner of the jugador")))
        if pos == panel.jugador and view.your_seat is not None:
            sv.partner = sv.partner or view.your_seat == panel.partner
        if b.stage in ("bid", "accompany") and pos in last:
            cls, text = last[pos]
            if cls and not (pos == panel.jugador and cls == "tag-juego"):
                tags.append((cls, text))
        elif panel.jugador is not None and pos != panel.jugador and pos in playing:
            if panel.bid is not None:  # an auction of bids: the two others are the contra
                tags.append(("tag-contra", _("contra")))
            elif panel.pot is not None:  # juego and acompaño: those who play along
                tags.append(("tag-along", _("plays along")))
        idx = _hand_index(pos, local, len(b.exchanged))
        if idx is not None and b.exchanged[idx] >= 0 and panel.variant == "bato":
            n = b.exchanged[idx]
            tags.append(
                (
                    "tag-exchange",
                    ngettext("changed %(n)s", "changed %(n)s", n) % {"n": n}
                    if n
                    else _("kept his cards"),
                )
            )
        sv.tags = [t for t in tags if t[1]]


def _hand_index(position: int, local: Any, n: int) -> int | None:
    for i in range(n):
        if local(i) == position:
            return i
    return None


def tally_notes(match: dict[str, Any]) -> list[str]:
    """The match so far of a bidding tute, beyond its per-seat counts: the game points that
    win it (codillo), how many of its hands are played (remate, bato)."""
    notes = []
    target = match.get("target")
    if "game_points" in match and isinstance(target, int):
        notes.append(
            ngettext("%(n)s game point wins the match.", "%(n)s game points win the match.", target)
            % {"n": target}
        )
    hands, done = match.get("hands"), match.get("hands_finished")
    if isinstance(hands, int) and isinstance(done, int) and "ledger" in match:
        notes.append(_("Hands played: %(done)s of %(n)s.") % {"done": done, "n": hands})
    return notes
