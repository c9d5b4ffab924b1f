"""Reading live tables: lists for the lobby and the view-model of one seat's table.

:func:`table_snapshot` loads a table, its seats and its live match (:mod:`games.table_state`);
:func:`table_view` turns a snapshot into what one viewer may see, built **only** from the
engine's observation for the viewer's seat (``match.observation(seat)``), or the public one for
a spectator, plus public facts of the table (names, bot levels, timers). No other seat's cards
and no stock ever enter a view, so no template can leak them.

Every piece of game logic in the view comes from the engine: which cards are legal is the
observation's ``legal`` list, the buttons for cantos, swaps, capote, claims, the plate or
accusations are exactly its non-card legal actions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet
from django.utils.translation import ngettext

from games import errors as e
from games import messages, table_state
from games.engine import MatchState, action_to_notation, parse_action
from games.engine.bots import LEVELS
from games.engine.records import replay
from games.models import HandRecord, Seat, Table, TableAction

SUIT_ORDER = "OCEB"


def user_related() -> tuple[str, ...]:
    """``select_related`` paths for seat users (with the profile when the user model has one,
    without games knowing the app that defines it)."""
    model = get_user_model()
    try:
        model._meta.get_field("profile")
    except Exception:
        return ("user",)
    return ("user", "user__profile")


def seat_name(seat: Seat) -> str:
    return seat.name


# ----------------------------------------------------------------------------- lists


def lobby_open_tables() -> QuerySet[Table]:
    """Public tables waiting for players, newest first, with their seats."""
    return (
        Table.objects.filter(status=Table.Status.OPEN, is_private=False)
        .prefetch_related(_seat_prefetch())
        .order_by("-created_at")
    )


def lobby_playing_tables(*, limit: int = 20) -> QuerySet[Table]:
    """Public tables in play (to watch), most recent first."""
    return (
        Table.objects.filter(status=Table.Status.PLAYING, is_private=False)
        .annotate(humans=Count("seats", filter=Q(seats__user__isnull=False)))
        .filter(humans__gt=0)
        .prefetch_related(_seat_prefetch())
        .order_by("-started_at")[:limit]
    )


def tables_of_user(*, user: Any, limit: int = 20) -> QuerySet[Table]:
    """The tables where the user sits that are open or in play."""
    return (
        Table.objects.filter(seats__user=user, status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .prefetch_related(_seat_prefetch())
        .order_by("-created_at")
        .distinct()[:limit]
    )


def finished_tables_of_user(*, user: Any, limit: int = 10) -> QuerySet[Table]:
    """The user's last tables that ended: finished, or abandoned in play (their finished
    hands can still be replayed)."""
    return (
        Table.objects.filter(
            seats__user=user, status__in=[Table.Status.FINISHED, Table.Status.ABANDONED]
        )
        .prefetch_related(_seat_prefetch())
        .order_by("-finished_at")
        .distinct()[:limit]
    )


def _seat_prefetch() -> Any:
    from django.db.models import Prefetch

    return Prefetch(
        "seats", queryset=Seat.objects.select_related(*user_related()).order_by("position")
    )


def table_get(*, table_id: int) -> Table | None:
    return Table.objects.filter(pk=table_id).first()


def table_get_by_invite(*, token: str) -> Table | None:
    return Table.objects.filter(invite_token=token).first()


def hand_records(*, table: Table) -> QuerySet[HandRecord]:
    return HandRecord.objects.filter(table=table).order_by("number")


def hand_record_get(*, table: Table, number: int) -> HandRecord | None:
    return HandRecord.objects.filter(table=table, number=number).first()


def actions_since(*, table_id: int, version: int, limit: int = 200) -> list[TableAction]:
    """The log entries after ``version`` (what a reconnecting client missed); all public."""
    return list(
        TableAction.objects.filter(table_id=table_id, index__gte=max(0, version)).order_by("index")[
            :limit
        ]
    )


def may_watch(*, table: Table, user: Any, invited: bool = False) -> bool:
    """Whether ``user`` may see the table: public tables to anyone logged in; private ones to
    their players, their creator and whoever opened the invitation link."""
    if user is None or not user.is_authenticated:
        return False
    if not table.is_private or invited or table.created_by_id == user.pk:
        return True
    return Seat.objects.filter(table=table, user=user).exists()


# ----------------------------------------------------------------------------- snapshot


@dataclass
class Snapshot:
    """A table, its seats and (once started) its live match, read together."""

    table: Table
    seats: list[Seat]
    match: MatchState | None

    def copy(self) -> Snapshot:
        """The same snapshot with a match of its own (views read it, never change it; the
        engine caches legal moves on the object it is asked about)."""
        match = self.match.clone() if self.match is not None else None
        return Snapshot(table=self.table, seats=self.seats, match=match)

    def seat_of(self, user: Any) -> int | None:
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        for seat in self.seats:
            if seat.user_id == user.pk:
                return seat.position
        return None


def _load_snapshot(table_id: int) -> Snapshot:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise e.TableNotFoundError()
    seats = list(
        Seat.objects.filter(table=table).select_related(*user_related()).order_by("position")
    )
    match = None
    if table.status in (Table.Status.PLAYING, Table.Status.FINISHED):
        match = table_state.match_at(table)
    return Snapshot(table=table, seats=seats, match=match)


_snapshot_lock = threading.Lock()
_snapshots: OrderedDict[int, Snapshot] = OrderedDict()
MAX_SNAPSHOTS = 4096


def cached_snapshot(*, table_id: int, revision: int) -> Snapshot | None:
    """The snapshot of ``table_id`` this process holds at ``revision`` or later, or None.
    Never reads the database (safe on an event loop)."""
    with _snapshot_lock:
        cached = _snapshots.get(table_id)
    if cached is not None and cached.table.revision >= revision:
        return cached.copy()
    return None


def table_snapshot(*, table_id: int, revision: int | None = None) -> Snapshot:
    """The table, its seats and its live match, read together.

    With ``revision`` (a change the sockets were told of), a snapshot this process read at
    that revision or later is reused: after a move every socket of the table re-renders, and
    only the first of them reads the database. Without it (a page, a reconnection), always
    from the database. The match is the caller's own copy either way.
    """
    if revision is not None:
        cached = cached_snapshot(table_id=table_id, revision=revision)
        if cached is not None:
            return cached
    snapshot = _load_snapshot(table_id)
    with _snapshot_lock:
        old = _snapshots.get(table_id)
        if old is None or old.table.revision <= snapshot.table.revision:
            _snapshots[table_id] = snapshot
            _snapshots.move_to_end(table_id)
            while len(_snapshots) > MAX_SNAPSHOTS:
                _snapshots.popitem(last=False)
    return snapshot.copy()


def remember_snapshot(table: Table, seats: list[Seat], match: MatchState | None) -> None:
    """Keep what a writer of this process just committed as the table's snapshot (the
    sockets then re-render without reading it back); an older one never replaces a newer."""
    snapshot = Snapshot(table=table, seats=seats, match=match.clone() if match else None)
    with _snapshot_lock:
        old = _snapshots.get(table.pk)
        if old is None or old.table.revision < table.revision:
            _snapshots[table.pk] = snapshot
            _snapshots.move_to_end(table.pk)


def clear_snapshots() -> None:
    """Forget the snapshots read so far (tests; a restart)."""
    with _snapshot_lock:
        _snapshots.clear()


# ----------------------------------------------------------------------------- view-model


@dataclass
class CardView:
    notation: str
    legal: bool = False

    @property
    def name(self) -> str:
        """The card's name in the active language (read only where a page shows it)."""
        return messages.card_name(self.notation)

    @property
    def rank(self) -> str:
        return self.notation[:-1]

    @property
    def suit(self) -> str:
        return self.notation[-1]

    @property
    def suit_name(self) -> str:
        return messages.suit_name(self.suit)


@dataclass
class SeatView:
    position: int
    name: str
    is_bot: bool
    bot_level: str
    is_empty: bool
    is_you: bool
    away: bool
    timeouts: int
    cards: int | None = None
    tricks: int = 0
    is_turn: bool = False
    is_dealer: bool = False
    is_mano: bool = False
    trick_card: CardView | None = None
    took_trick: bool = False
    sitting_out: bool = False
    retired: bool = False
    lost: int | None = None
    partner: bool = False
    points: int | None = None

    @property
    def stats(self) -> str:
        """``10 cards · 2 tricks · 1 hand lost``: the seat's counts in words."""
        parts = []
        if self.cards is not None:
            n = self.cards
            parts.append(ngettext("%(counter)s card", "%(counter)s cards", n) % {"counter": n})
        n = self.tricks
        parts.append(ngettext("%(counter)s trick", "%(counter)s tricks", n) % {"counter": n})
        if self.points is not None:
            n = self.points
            parts.append(ngettext("%(counter)s point", "%(counter)s points", n) % {"counter": n})
        if self.lost is not None:
            n = self.lost
            parts.append(
                ngettext("%(counter)s hand lost", "%(counter)s hands lost", n) % {"counter": n}
            )
        if self.timeouts:
            n = self.timeouts
            parts.append(
                ngettext("%(counter)s timeout", "%(counter)s timeouts", n) % {"counter": n}
            )
        return " · ".join(parts)


@dataclass
class ActionButton:
    action: str
    label: str


@dataclass
class TrickView:
    cards: list[tuple[str, CardView]]
    winner: str


@dataclass
class HandSummary:
    number: int
    rows: list[dict[str, Any]]
    reason: str
    cantos: list[str]


@dataclass
class TallyRow:
    label: str
    values: list[Any]


@dataclass
class Tally:
    """The match so far: one column per seat, or per team in team variants."""

    columns: list[str]
    rows: list[TallyRow]
    notes: list[str] = field(default_factory=list)


@dataclass
class TableView:
    table: Table
    variant_name: str
    options: list[tuple[str, str]]
    seats: list[SeatView]
    your_seat: int | None
    version: int
    revision: int
    started: bool = False
    finished: bool = False
    hand_number: int = 0
    trump: str = ""
    trump_name: str = ""
    turned: CardView | None = None
    out_of_play: list[CardView] = field(default_factory=list)
    phase: str = ""
    turn: int | None = None
    turn_name: str = ""
    your_turn: bool = False
    hand: list[CardView] = field(default_factory=list)
    legal: list[str] = field(default_factory=list)
    buttons: list[ActionButton] = field(default_factory=list)
    trick_done: bool = False
    last_trick: TrickView | None = None
    tricks_played: int = 0
    cantos: list[str] = field(default_factory=list)
    previous_hand: HandSummary | None = None
    tally: Tally | None = None
    stock: int | None = None
    stock_bottom: CardView | None = None
    trick_trump_name: str = ""
    places: list[tuple[int, str]] = field(default_factory=list)
    deadline: Any = None
    deadline_kind: str = ""
    you_away: bool = False
    can_manage: bool = False
    bot_levels: list[tuple[str, str]] = field(default_factory=list)

    @property
    def seat_names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def seats_around(self) -> list[SeatView]:
        """The seats in play order, starting after the viewer's (his own comes last)."""
        if self.your_seat is None:
            return list(self.seats)
        k = self.your_seat + 1
        return self.seats[k:] + self.seats[:k]

    @property
    def others(self) -> list[SeatView]:
        return [s for s in self.seats_around if not s.is_you]

    @property
    def you(self) -> SeatView | None:
        return self.seats[self.your_seat] if self.your_seat is not None else None

    @property
    def empty_seats(self) -> int:
        return sum(1 for s in self.seats if s.is_empty)


def card_view(notation: str, legal: bool = False) -> CardView:
    return CardView(notation=notation, legal=legal)


def _options(table: Table) -> list[tuple[str, str]]:
    return [
        (messages.option_label(name), messages.option_value(value))
        for name, value in sorted(table.options.items())
        if value not in (False, None, "")
    ]


def table_view(*, snapshot: Snapshot, user: Any) -> TableView:
    """What ``user`` sees of the table: his seat's observation, or the public one."""
    table = snapshot.table
    your_seat = snapshot.seat_of(user)
    seats = [
        SeatView(
            position=s.position,
            name=seat_name(s),
            is_bot=s.is_bot,
            bot_level=s.bot_level,
            is_empty=s.is_empty,
            is_you=s.position == your_seat,
            away=s.away,
            timeouts=s.timeouts,
        )
        for s in snapshot.seats
    ]
    view = TableView(
        table=table,
        variant_name=messages.variant_name(table.variant),
        options=_options(table),
        seats=seats,
        your_seat=your_seat,
        version=table.version,
        revision=table.revision,
        deadline=table.deadline,
        deadline_kind=table.deadline_kind,
    )
    if your_seat is not None:
        view.you_away = snapshot.seats[your_seat].away
    view.can_manage = your_seat is not None or (
        user is not None and table.created_by_id is not None and table.created_by_id == user.pk
    )
    if table.is_open:
        view.bot_levels = [(lvl, messages.bot_level_name(lvl)) for lvl in reversed(LEVELS)]
    match = snapshot.match
    if match is None:
        return view
    obs = match.observation(your_seat) if your_seat is not None else match.public_observation()
    _fill_game(view, obs)
    return view


def _fill_game(view: TableView, obs: dict[str, Any]) -> None:
    """Copy an engine observation into the view (nothing else about cards goes in)."""
    names = view.seat_names
    hand = obs["hand"]
    view.started = True
    view.finished = bool(obs.get("match_over"))
    view.hand_number = int(obs.get("hand_number", 0)) + 1
    view.trump = hand.get("trump") or ""
    view.trump_name = messages.suit_name(view.trump) if view.trump else ""
    if hand.get("turned"):
        view.turned = card_view(hand["turned"])
    view.out_of_play = [card_view(c) for c in hand.get("out_of_play") or []]
    view.phase = hand.get("phase", "")
    local = _local_to_table(obs)
    turn = hand.get("turn", -1)
    view.turn = local(turn) if turn is not None and turn >= 0 and not view.finished else None
    view.turn_name = names[view.turn] if view.turn is not None else ""
    view.your_turn = view.turn is not None and view.turn == view.your_seat
    legal = list(hand.get("legal") or []) if view.your_turn else []
    view.legal = legal
    legal_set = set(legal)
    view.hand = [card_view(c, c in legal_set) for c in hand.get("hand") or []]
    trump = view.trump
    by_hand_seat = {
        seat: names[local(seat)] for seat in range(len(names)) if local(seat) is not None
    }
    view.buttons = [
        ActionButton(a, messages.action_label(a, trump=trump, names=by_hand_seat))
        for a in legal
        if not _is_card(a)
    ]
    sizes = hand.get("hand_sizes") or []
    tricks_won = hand.get("tricks_won") or []
    active = {local(s) for s in hand.get("active") or []}
    for i, seat in enumerate(hand_seats(obs, len(view.seats))):
        sv = view.seats[seat]
        sv.cards = sizes[i] if i < len(sizes) else None
        sv.tricks = tricks_won[i] if i < len(tricks_won) else 0
    for sv in view.seats:
        sv.is_turn = sv.position == view.turn
        sv.is_dealer = local(hand.get("dealer", -1)) == sv.position
        sv.is_mano = local(hand.get("mano", -1)) == sv.position
        sv.sitting_out = bool(active) and sv.position not in active and not view.finished
    trick = hand.get("trick") or []
    history = hand.get("history") or []
    if trick:
        for play in trick:
            view.seats[local(play["seat"])].trick_card = card_view(play["card"])
    elif history and not view.finished:
        last = history[-1]
        view.trick_done = True
        for seat, card in zip(last["seats"], last["cards"], strict=False):
            sv = view.seats[local(seat)]
            sv.trick_card = card_view(card)
            sv.took_trick = local(last["winner"]) == sv.position
    view.tricks_played = len(history)
    view.last_trick = _trick_view(history[-1], names, local) if history else None
    view.cantos = [_canto_text(c, names, local) for c in hand.get("cantos") or []]
    if obs.get("previous_hand"):
        number = int(obs.get("hand_number", 0)) - (0 if view.finished else 1)
        view.previous_hand = _hand_summary(obs["previous_hand"], names, number)
    view.tally = _tally(obs.get("match") or {}, names)
    _fill_extras(view, hand, local)
    tally = obs.get("match") or {}
    lost = tally.get("lost")
    retired_at = tally.get("retired_at") or []
    for sv in view.seats:
        if isinstance(lost, list) and sv.position < len(lost):
            sv.lost = lost[sv.position]
        if sv.position < len(retired_at) and retired_at[sv.position] is not None:
            sv.retired = True
    if view.finished and obs.get("match_result"):
        places = obs["match_result"].get("places") or []
        view.places = sorted(((p, names[s]) for s, p in enumerate(places)), key=lambda x: x[0])
        view.turn = None


def _is_card(notation: str) -> bool:
    try:
        return 0 <= parse_action(notation) < 40
    except Exception:
        return False


def hand_seats(obs: dict[str, Any], n: int) -> list[int]:
    """Table positions of the hand's seats (a playoff hand numbers its two seats 0 and 1)."""
    playoff = obs.get("playoff_seats")
    if playoff:
        return [int(s) for s in playoff]
    return list(range(min(n, int(obs["hand"].get("players", n)))))


def _local_to_table(obs: dict[str, Any]) -> Any:
    playoff = obs.get("playoff_seats")

    def local(seat: int | None) -> int | None:
        if seat is None or seat < 0:
            return None
        if playoff:
            return int(playoff[seat]) if seat < len(playoff) else None
        return seat

    return local


def _trick_view(trick: dict[str, Any], names: list[str], local: Any) -> TrickView:
    return TrickView(
        cards=[
            (names[local(s)], card_view(c))
            for s, c in zip(trick["seats"], trick["cards"], strict=False)
        ],
        winner=names[local(trick["winner"])],
    )


def _canto_text(canto: dict[str, Any], names: list[str], local: Any) -> str:
    return messages.canto_description(
        name=names[local(canto["seat"])],
        suit=canto.get("suit"),
        points=int(canto.get("points") or 0),
        tute=bool(canto.get("tute")),
    )


def _hand_summary(result: dict[str, Any], names: list[str], number: int) -> HandSummary:
    losers = set(result.get("losers") or [])
    points = result.get("points") or []
    tricks = result.get("tricks") or []
    cantos = result.get("cantos") or []
    canto_pts = [0] * len(names)
    for c in cantos:
        if 0 <= c["seat"] < len(names):
            canto_pts[c["seat"]] += int(c.get("points") or 0)
    charges = (result.get("extra") or {}).get("charges") or {}
    rows = []
    for seat, name in enumerate(names):
        if seat >= len(points):
            break
        rows.append(
            {
                "name": name,
                "points": points[seat],
                "tricks": tricks[seat] if seat < len(tricks) else 0,
                "cantos": canto_pts[seat],
                "lost": seat in losers,
                "charge": charges.get(str(seat), 1 if seat in losers else 0),
            }
        )
    local = lambda s: s  # noqa: E731  (results are in table positions)
    return HandSummary(
        number=number + 1,
        rows=rows,
        reason=messages.hand_reason(result.get("reason_code", ""), result.get("reason", "")),
        cantos=[_canto_text(c, names, local) for c in cantos],
    )


def _tally(match: dict[str, Any], names: list[str]) -> Tally | None:
    """The match so far: whatever per-seat (or per-team) counts the variant's tally keeps."""
    from django.utils.translation import gettext as _

    labels = {
        "lost": _("Lost hands"),
        "games": _("Games won"),
        "ledger": _("Stakes (tantos)"),
        "points": _("Points"),
        "score": _("Score"),
    }
    n = len(names)
    teams = match.get("teams")
    width = n
    columns = list(names)
    if isinstance(teams, list) and teams and all(isinstance(t, list) for t in teams):
        width = len(teams)
        columns = [" & ".join(names[s] for s in team if s < n) for team in teams]
    rows = []
    for key, value in match.items():
        # Only the counts kept per seat (or team) named above: other lists of the right
        # length are not such counts (``game_winners`` holds the seat that won each game).
        if key not in labels or not isinstance(value, list) or len(value) != width:
            continue
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            rows.append(TallyRow(label=labels[key], values=list(value)))
    notes = []
    for key, text in (
        ("to_retire", _("%(n)s lost hands and a player retires.")),
        ("to_lose", _("%(n)s lost hands lose the match.")),
        ("games_to_win", _("%(n)s games win the match.")),
        ("target", _("%(n)s games win the match.")),
        ("plate", _("In the plate: %(n)s tantos.")),
    ):
        value = match.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            notes.append(text % {"n": value})
    if not rows and not notes:
        return None
    return Tally(columns=columns, rows=rows, notes=notes)


def _fill_extras(view: TableView, hand: dict[str, Any], local: Any) -> None:
    """Public facts some variants add to a hand's observation (stock, teams, points)."""
    stock = hand.get("stock")
    if isinstance(stock, int) and not isinstance(stock, bool):
        view.stock = stock
    bottom = hand.get("stock_bottom")
    if isinstance(bottom, str) and bottom and not hand.get("bottom_taken_by"):
        view.stock_bottom = card_view(bottom)
    trick_trump = hand.get("trick_trump")
    if isinstance(trick_trump, str) and trick_trump and trick_trump != view.trump:
        view.trick_trump_name = messages.suit_name(trick_trump)
    teams = hand.get("teams")
    if view.your_seat is not None and isinstance(teams, list):
        for team in teams:
            if view.your_seat in team:
                for seat in team:
                    mapped = local(seat)
                    if mapped is not None and mapped != view.your_seat:
                        view.seats[mapped].partner = True
    points = None
    if isinstance(hand.get("totals"), list) and not hand.get("totals_hidden"):
        points = hand["totals"]
    elif isinstance(hand.get("points"), list):
        points = hand["points"]
    if points is not None:
        for i, value in enumerate(points):
            mapped = local(i)
            if mapped is not None and mapped < len(view.seats) and isinstance(value, int):
                view.seats[mapped].points = value


# ----------------------------------------------------------------------------- replays


@dataclass
class ReplayView:
    number: int
    step: int
    steps: int
    trump_name: str
    turned: CardView | None
    seats: list[dict[str, Any]]
    last: str
    trick_done: bool
    result: HandSummary | None


def hand_replay(*, table: Table, record: HandRecord, step: int) -> ReplayView:
    """A finished hand after ``step`` actions, every hand open (finished hands only)."""
    seats = list(
        Seat.objects.filter(table=table).select_related(*user_related()).order_by("position")
    )
    names = [seat_name(s) for s in seats]
    data = dict(record.record)
    actions = list(data.get("actions") or [])
    context = data.get("context") or {}
    playoff = context.get("seats")
    step = max(0, min(step, len(actions)))
    hand = replay({**data, "actions": actions[:step]})

    def pos(local: int) -> int:
        return int(playoff[local]) if playoff else local

    trick_cards = dict(zip(hand.trick_seats, hand.trick, strict=False))
    trick_done = False
    if (
        not hand.trick
        and hand.history
        and step == len(hand.log)
        and step
        and 0 <= parse_action(actions[step - 1]) < 40
    ):
        last_trick = hand.history[-1]
        trick_cards = dict(zip(last_trick.seats, last_trick.cards, strict=False))
        trick_done = True
    from games.engine.cards import NOTATION

    seat_views = []
    for local in range(hand.n):
        p = pos(local)
        seat_views.append(
            {
                "name": names[p] if p < len(names) else str(p),
                "cards": [card_view(c) for c in hand.hand_of(local)],
                "trick_card": card_view(NOTATION[trick_cards[local]])
                if local in trick_cards
                else None,
                "tricks": hand.tricks[local],
                "is_turn": hand.current_player() == local,
                "is_dealer": hand.dealer == local,
                "is_mano": hand.mano == local,
            }
        )
    last = ""
    if step:
        seat = _seat_of_action(record, step - 1)
        who = names[seat] if seat is not None and seat < len(names) else "?"
        last = messages.action_description(actions[step - 1], name=who, trump="OCEB"[hand.trump])
    result = None
    if step == len(actions):
        result = _hand_summary(
            _result_in_table_positions(record.result, playoff, len(names)), names, record.number
        )
    return ReplayView(
        number=record.number + 1,
        step=step,
        steps=len(actions),
        trump_name=messages.suit_name("OCEB"[hand.trump]),
        turned=card_view(NOTATION[hand.turned]) if hand.turned >= 0 else None,
        seats=seat_views,
        last=last,
        trick_done=trick_done,
        result=result,
    )


def _seat_of_action(record: HandRecord, index_in_hand: int) -> int | None:
    row = (
        TableAction.objects.filter(table_id=record.table_id, hand_number=record.number)
        .order_by("index")
        .values_list("seat", flat=True)[index_in_hand : index_in_hand + 1]
    )
    return next(iter(row), None)


def _result_in_table_positions(
    result: dict[str, Any], playoff: list[int] | None, n: int
) -> dict[str, Any]:
    if not playoff:
        return result
    out = dict(result)
    for key in ("points", "tricks", "card_points"):
        values = [0] * n
        for local, value in enumerate(result.get(key) or []):
            values[int(playoff[local])] = value
        out[key] = values
    out["losers"] = [int(playoff[s]) for s in result.get("losers") or []]
    out["cantos"] = [{**c, "seat": int(playoff[c["seat"]])} for c in result.get("cantos") or []]
    return out


def missed_lines(*, snapshot: Snapshot, since: int) -> list[str]:
    """What happened after ``since`` in words (public actions only), for a reconnecting client."""
    names = [seat_name(s) for s in snapshot.seats]
    rows = actions_since(table_id=snapshot.table.pk, version=since)
    trump = None
    if snapshot.match is not None:
        trump = "OCEB"[snapshot.match.hand.trump]
    return [
        messages.action_description(
            r.action, name=names[r.seat] if r.seat < len(names) else "?", trump=trump
        )
        for r in rows[-12:]
    ]


def action_notation(action: int) -> str:
    return action_to_notation(action)
