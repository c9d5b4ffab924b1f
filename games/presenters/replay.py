"""Finished hands replayed step by step (every hand open), and what a reconnecting client
missed, in words."""

from __future__ import annotations

from games import messages
from games.engine import parse_action
from games.engine.cards import NOTATION
from games.engine.records import replay
from games.engine.variants.chancho import ChanchoRules
from games.models import HandRecord, Table
from games.presenters.summaries import forced_cantos, hand_summary
from games.presenters.table import seat_name
from games.presenters.viewmodels import ReplayView, card_view
from games.selectors.outcomes import hand_in_table_seats
from games.selectors.queries import actions_since, seat_of_action, table_seats
from games.snapshots import Snapshot


def hand_replay(*, table: Table, record: HandRecord, step: int) -> ReplayView:
    """A finished hand after ``step`` actions, every hand open (finished hands only)."""
    seats = table_seats(table=table)
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
        seat = seat_of_action(record, step - 1)
        who = names[seat] if seat is not None and seat < len(names) else "?"
        last = messages.action_description(actions[step - 1], name=who, trump="OCEB"[hand.trump])
    result = None
    if step == len(actions):
        result = hand_summary(
            hand_in_table_seats(record.result, [int(s) for s in playoff], len(names))
            if playoff
            else record.result,
            names,
            record.number,
            forced=forced_cantos(hand.history) if isinstance(hand, ChanchoRules) else (),
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


def missed_lines(*, snapshot: Snapshot, since: int) -> list[str]:
    """What happened after ``since`` in words (public actions only), for a reconnecting client.

    The cards of the hand in play's earlier tricks are left out: a player may look back on
    the last completed trick only (RULES.md §1 "Looking back")."""
    names = [seat_name(s) for s in snapshot.seats]
    rows = actions_since(table_id=snapshot.table.pk, version=since)
    trump = None
    if snapshot.match is not None:
        match = snapshot.match
        trump = "OCEB"[match.hand.trump]
        shown = {c for t in match.hand.observe(None).history for c in t.cards}
        gone = {NOTATION[c] for t in match.hand.history for c in t.cards} - shown
        number = len(match.hands) - 1
        rows = [r for r in rows if r.hand_number != number or r.action not in gone]
    return [
        messages.action_description(
            r.action, name=names[r.seat] if r.seat < len(names) else "?", trump=trump
        )
        for r in rows[-12:]
    ]
