"""One seat's view of a table: :func:`table_view` turns a snapshot into what one viewer may see.

It is built **only** from the engine's observation for the viewer's seat
(``match.observe(seat)``, a typed :class:`~games.engine.observation.MatchObservation`), or the
public one for a spectator (``observe(None)``), plus public facts of the
table (names, bot levels, timers). No other seat's cards and no stock ever enter a view, so no
template can leak them.

Every piece of game logic in the view comes from the engine: which cards are legal is the
observation's ``legal`` actions, the buttons for cantos, swaps, capote, claims, the plate or
accusations are exactly its non-card legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import messages
from games.engine import parse_action
from games.engine.bots import LEVELS
from games.engine.observation import MatchObservation, Observation
from games.engine.observation_parts import TrickView as ObservedTrick
from games.engine.variants.chancho import ChanchoRules
from games.models import Seat, Table
from games.presenters.bidding import fill_bidding, tally_notes
from games.presenters.memo import remembered
from games.presenters.summaries import Forced, canto_line, forced_cantos, hand_summary
from games.presenters.viewmodels import (
    ActionButton,
    RematchOffer,
    SeatView,
    TableView,
    Tally,
    TallyRow,
    TrickView,
    card_view,
)
from games.render_language import active_language
from games.snapshots import Snapshot


def seat_name(seat: Seat) -> str:
    return seat.name


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
            position=position,
            name=name,
            is_bot=is_bot,
            bot_level=bot_level,
            is_empty=is_empty,
            is_you=position == your_seat,
            away=away,
            timeouts=timeouts,
        )
        for position, name, is_bot, bot_level, is_empty, away, timeouts in _seat_facts(snapshot)
    ]
    variant_name, options = _table_words(snapshot)
    view = TableView(
        table=table,
        variant_name=variant_name,
        options=options,
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
    view.rematch = rematch_offer(snapshot, your_seat)
    match = snapshot.match
    if match is None:
        return view
    _fill_game(view, match.observe(your_seat), previous_forced(match))
    return view


def _table_words(snapshot: Snapshot) -> tuple[str, list[tuple[str, str]]]:
    """The variant's name and the options' labels in the active language, once per snapshot
    and language (a table's variant and options never change)."""
    key = ("table_words", active_language())
    words = snapshot.memo.get(key)
    if words is None:
        table = snapshot.table
        words = snapshot.memo[key] = (messages.variant_name(table.variant), _options(table))
    return words  # type: ignore[no-any-return]


def _seat_facts(snapshot: Snapshot) -> list[tuple[int, str, bool, str, bool, bool, int]]:
    """What every viewer is shown of each seat (its name in the active language), worked out
    once per snapshot and language: the seats of a snapshot never change."""
    key = ("seat_facts", active_language())
    facts = snapshot.memo.get(key)
    if facts is None:
        facts = snapshot.memo[key] = [
            (s.position, seat_name(s), s.is_bot, s.bot_level, s.is_empty, s.away, s.timeouts)
            for s in snapshot.seats
        ]
    return facts  # type: ignore[no-any-return]


def rematch_offer(snapshot: Snapshot, your_seat: int | None) -> RematchOffer | None:
    """Play again at a finished table no competition opened (None: not offered); the
    acceptances are kept by :func:`games.services.table_rematch_accept`."""
    table = snapshot.table
    if table.status != Table.Status.FINISHED or table.source_kind:
        return None
    accepted = set(table.rematch_accepted or [])
    people = [s for s in snapshot.seats if s.user_id is not None]
    you = snapshot.seats[your_seat] if your_seat is not None else None
    url = ""
    if table.rematch_table_id is not None:
        url = reverse("games:table_detail", args=[table.rematch_table_id])
    return RematchOffer(
        accepted=[s.name for s in people if s.user_id in accepted],
        waiting=[s.name for s in people if s.user_id not in accepted],
        you_accepted=you is not None and you.user_id in accepted,
        you_seated=you is not None and you.user_id is not None,
        new_table_url=url,
    )


def previous_forced(match: Any) -> Forced:
    """The cantos forced in the previous hand of a Chancho match (its tricks are public)."""
    if len(match.hands) > 1 and isinstance(match.hands[-2], ChanchoRules):
        return forced_cantos(match.hands[-2].history)
    return ()


def _fill_game(view: TableView, obs: MatchObservation, forced: Forced = ()) -> None:
    """Copy an engine observation into the view (nothing else about cards goes in)."""
    names = view.seat_names
    hand = obs.hand
    view.started = True
    view.finished = obs.match_over
    view.hand_number = obs.hand_number + 1
    view.trump = hand.trump or ""
    view.trump_name = messages.suit_name(view.trump) if view.trump else ""
    if hand.turned:
        view.turned = card_view(hand.turned)
    view.out_of_play = [card_view(c) for c in hand.out_of_play]
    view.phase = hand.phase
    local = _local_to_table(obs)
    view.turn = local(hand.turn) if hand.turn >= 0 and not view.finished else None
    view.turn_name = names[view.turn] if view.turn is not None else ""
    view.your_turn = view.turn is not None and view.turn == view.your_seat
    legal = list(hand.legal) if view.your_turn else []
    view.legal = legal
    legal_set = set(legal)
    view.hand = [card_view(c, c in legal_set) for c in hand.hand or ()]
    trump = view.trump
    by_hand_seat = {
        seat: names[local(seat)] for seat in range(len(names)) if local(seat) is not None
    }
    others = [a for a in legal if not _is_card(a)]
    view.buttons = [
        ActionButton(
            a,
            messages.pass_label(others, hand.phase)
            if a.lower() == "pass"
            else messages.action_label(a, trump=trump, names=by_hand_seat),
            confirm=messages.confirm_label(a) if a.lower() in messages.CONFIRMED_ACTIONS else "",
            question=messages.confirm_question(a),
        )
        for a in others
    ]
    sizes = hand.hand_sizes
    tricks_won = hand.tricks_won
    active = {local(s) for s in hand.active}
    for i, seat in enumerate(hand_seats(obs, len(view.seats))):
        sv = view.seats[seat]
        sv.cards = sizes[i] if i < len(sizes) else None
        sv.tricks = tricks_won[i] if i < len(tricks_won) else 0
    for sv in view.seats:
        sv.is_turn = sv.position == view.turn
        sv.is_dealer = local(hand.dealer) == sv.position
        sv.is_mano = local(hand.mano) == sv.position
        sv.sitting_out = bool(active) and sv.position not in active and not view.finished
    history = hand.history
    if hand.trick:
        for play in hand.trick:
            view.seats[local(play.seat)].trick_card = card_view(play.card)
    elif history and not view.finished:
        last = history[-1]
        view.trick_done = True
        for seat, card in zip(last.seats, last.cards, strict=False):
            sv = view.seats[local(seat)]
            sv.trick_card = card_view(card)
            sv.took_trick = local(last.winner) == sv.position
    view.tricks_played = sum(hand.tricks_won)  # the history shows the last trick only
    view.last_trick = _trick_view(history[-1], names, local) if history else None
    view.cantos = [
        canto_line(names[local(c.seat)], suit=c.suit, points=c.points, tute=c.tute)
        for c in hand.cantos
    ]
    if obs.previous_hand is not None:
        number = obs.hand_number - (0 if view.finished else 1)
        result = obs.previous_hand.to_json()
        view.previous_hand = remembered(
            "summary",
            (result, names, number, forced),
            lambda: hand_summary(result, names, number, forced=forced),
        )
    tally = obs.tally
    view.tally = remembered("tally", (tally, names), lambda: _tally(tally, names))
    _fill_extras(view, hand, local)
    fill_bidding(view, hand, local)
    lost = tally.get("lost")
    retired_at = tally.get("retired_at") or []
    for sv in view.seats:
        if isinstance(lost, list) and sv.position < len(lost):
            sv.lost = lost[sv.position]
        if sv.position < len(retired_at) and retired_at[sv.position] is not None:
            sv.retired = True
    if view.finished and obs.match_result is not None:
        places = obs.match_result.places
        view.places = sorted(((p, names[s]) for s, p in enumerate(places)), key=lambda x: x[0])
        view.turn = None


def _is_card(notation: str) -> bool:
    try:
        return 0 <= parse_action(notation) < 40
    except Exception:
        return False


def hand_seats(obs: MatchObservation, n: int) -> list[int]:
    """Table positions of the hand's seats (a playoff hand numbers its two seats 0 and 1)."""
    if obs.playoff_seats:
        return list(obs.playoff_seats)
    return list(range(min(n, obs.hand.players)))


def _local_to_table(obs: MatchObservation) -> Any:
    """The table position of a seat of the hand in play (None for none)."""
    playoff = obs.playoff_seats

    def local(seat: int | None) -> int | None:
        if seat is None or seat < 0:
            return None
        if playoff:
            return int(playoff[seat]) if seat < len(playoff) else None
        return seat

    return local


def _trick_view(trick: ObservedTrick, names: list[str], local: Any) -> TrickView:
    return TrickView(
        cards=[
            (names[local(s)], card_view(c)) for s, c in zip(trick.seats, trick.cards, strict=False)
        ],
        winner=names[local(trick.winner)],
    )


def _tally(match: Mapping[str, Any], names: list[str]) -> Tally | None:
    """The match so far: whatever per-seat (or per-team) counts the variant's tally keeps."""
    labels = {
        "lost": _("Lost hands"),
        "games": _("Games won"),
        "ledger": _("Stakes (tantos)"),
        "points": _("Points"),
        "score": _("Score"),
        "game_points": _("Game points"),
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
        ("games_to_win", ""),
        ("target", ""),
        ("plate", _("In the plate: %(n)s tantos.")),
    ):
        value = match.get(key)
        if key == "target" and "game_points" in match:
            continue  # a target of game points (codillo): bidding.tally_notes says it
        if isinstance(value, int) and not isinstance(value, bool):
            if not text:
                text = ngettext("%(n)s game wins the match.", "%(n)s games win the match.", value)
            notes.append(text % {"n": value})
    notes.extend(tally_notes(match))
    if not rows and not notes:
        return None
    return Tally(columns=columns, rows=rows, notes=notes)


def _fill_extras(view: TableView, hand: Observation, local: Any) -> None:
    """Public facts some variants add to a hand's observation (stock, teams, points)."""
    stock = hand.stock
    if stock is not None:
        view.stock = stock.stock
        # The trump badge shows the card lying face up under the stock (the 7 after a swap),
        # and none once a player has drawn it.
        taken = stock.bottom_taken_by is not None
        view.turned = card_view(stock.stock_bottom) if stock.stock_bottom and not taken else None
        if stock.stock_bottom and not taken:
            view.stock_bottom = card_view(stock.stock_bottom)
    swap = hand.dos.swap if hand.dos is not None else None
    if swap is not None and swap.pending:
        # The 7 (or 2) lies under the turned card, which waits for the swapper's next trick.
        view.turned = card_view(swap.took)
        mapped = local(swap.seat)
        view.swap_waiting = _(
            "%(name)s takes the %(card)s on winning a trick; the %(gave)s lies under it."
        ) % {
            "name": view.seat_names[mapped] if mapped is not None else "?",
            "card": messages.card_name(swap.took),
            "gave": messages.card_name(swap.gave),
        }
    vtt = hand.vtt
    if vtt is not None:
        # The suits in force now (they change as trumps are played) and the trump the trick
        # started with, when it has moved on.
        if hand.lead and hand.trick:
            view.lead_name = messages.suit_name(hand.lead)
        if vtt.trick_trump and vtt.trick_trump != view.trump:
            view.trick_trump_name = messages.suit_name(vtt.trick_trump)
        if vtt.initial_trump != view.trump:
            view.turned = None  # the dealt-up card named the first trump, not the one now
    if view.your_seat is not None and hand.teams is not None:
        for team in hand.teams.teams:
            if view.your_seat in team:
                for seat in team:
                    mapped = local(seat)
                    if mapped is not None and mapped != view.your_seat:
                        view.seats[mapped].partner = True
    points: tuple[int, ...] | None = None
    if hand.dos is not None and hand.dos.totals is not None and not hand.dos.totals_hidden:
        points = hand.dos.totals
    elif hand.arrastrado is not None:
        points = hand.arrastrado.points
    if points is not None:
        for i, value in enumerate(points):
            mapped = local(i)
            if mapped is not None and mapped < len(view.seats) and isinstance(value, int):
                view.seats[mapped].points = value
