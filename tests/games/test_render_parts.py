"""The live table in parts (games/live/parts.py, games/live/fragments.py).

Parts common to several viewers are rendered once and handed to each of them: what a viewer
gets must be exactly what a render of his own would give (so nobody gets anything his own view
does not hold), in every variant, for players and spectators, as the game goes on. And the
parts that must stay private (a hand) hold that seat's cards and no other's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from games import presenters, services, snapshots, table_state
from games.engine import get_variant, variant_keys
from games.live import fragments
from games.live import parts as parts_module
from games.live.parts import changed_parts, layout, live_parts, part
from games.models import Table
from games.presenters import memo
from games.presenters.viewmodels import CardView, SeatView, Tally, TallyRow

from .helpers import cards_in, fresh

pytestmark = pytest.mark.django_db(transaction=True)


def _people_table(make_user: Any, variant: str, players: int) -> tuple[Table, list[Any]]:
    users = [make_user() for _ in range(players)]
    table = services.table_create(
        creator=users[0], variant=variant, players=players, turn_seconds=0, seed=99
    )
    for user in users[1:]:
        services.table_sit(table_id=table.pk, user=user)
    return fresh(table), users


def _own_render(view: Any) -> list[str]:
    """The parts as a viewer alone would get them: nothing remembered from anyone else."""
    fragments.clear()
    return live_parts(view)


@pytest.mark.parametrize("variant", variant_keys())
def test_shared_parts_are_what_each_viewer_would_render_for_himself(
    variant: str, make_user: Any
) -> None:
    rng = random.Random(variant)
    players = max(get_variant(variant).players)
    table, users = _people_table(make_user, variant, players)
    watcher = make_user()
    shared_renders = 0
    for step in range(120):
        snapshot = snapshots.table_snapshot(table_id=table.pk)
        language = "es" if step % 2 else "en"
        with translation.override(language):
            views = [presenters.table_view(snapshot=snapshot, user=u) for u in users]
            views.append(presenters.table_view(snapshot=snapshot, user=watcher))
            fragments.clear()
            together = [live_parts(view) for view in views]  # later viewers reuse parts
            before = fragments.stats()["hits"]
            alone = [_own_render(view) for view in views]
            assert together == alone, f"{variant}, step {step}"
            # and the page shows the same table
            page = render_to_string("games/_live.html", {"view": views[0]})
            assert page.rstrip("\n") == "".join(together[0]).rstrip("\n")
        shared_renders += before
        if fresh(table).status != Table.Status.PLAYING:
            break
        mover = next((v for v in views[:-1] if v.your_turn), None)
        if mover is None:
            break
        action = rng.choice(mover.legal)
        services.table_act(
            table_id=table.pk, user=users[mover.your_seat], action=action, version=mover.version
        )
    assert shared_renders > 0  # parts were shared, not only rendered


def test_a_hand_part_holds_its_own_seats_cards_and_no_other(make_user: Any) -> None:
    table, users = _people_table(make_user, "cabrero", 4)
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    match = table_state.match_at(fresh(table))
    public = cards_in(render_to_string("games/_live.html", {"view": _view(snapshot, None)}))
    fragments.clear()
    with translation.override("en"):
        for seat, user in enumerate(users):
            parts = live_parts(presenters.table_view(snapshot=snapshot, user=user))
            own = set(match.hand.hand_of(seat))
            others = set().union(*(match.hand.hand_of(s) for s in range(4) if s != seat))
            assert own <= cards_in(part(parts, "hand", 4))
            assert not cards_in("".join(parts)) & (others - public)
        watcher_parts = live_parts(presenters.table_view(snapshot=snapshot, user=make_user()))
    every = set().union(*(match.hand.hand_of(s) for s in range(4)))
    assert not cards_in("".join(watcher_parts)) & (every - public)
    assert not part(watcher_parts, "hand", 4).strip()  # a spectator has no hand part


@pytest.mark.parametrize("variant", variant_keys())
def test_a_card_changes_a_few_slots_of_the_board_and_never_the_layout(
    variant: str, make_user: Any
) -> None:
    """The board and the panel are slots of a fixed number for the table (``layout``): every
    state of a game has as many parts, and a card that does not end its trick changes one
    trick slot (its own) and no more than three of the seats, not the whole felt."""
    rng = random.Random(f"slots-{variant}")
    players = max(get_variant(variant).players)
    table, users = _people_table(make_user, variant, players)
    names = layout(players)
    before: list[list[str]] | None = None
    cards_seen, hand, played_card, was_done = 0, -1, False, True
    for _ in range(60):
        snapshot = snapshots.table_snapshot(table_id=table.pk)
        with translation.override("en"):
            views = [presenters.table_view(snapshot=snapshot, user=u) for u in users]
            now = [live_parts(view) for view in views]
        assert all(len(parts) == len(names) for parts in now), variant
        same_trick = views[0].hand_number == hand and not (was_done or views[0].trick_done)
        if before is not None and same_trick:
            for old, new in zip(before, now, strict=True):
                changed = [n for n, a, b in zip(names, old, new, strict=True) if a != b]
                tricks = [n for n in changed if n.startswith("board:trick:")]
                seats = [n for n in changed if n.startswith("board:seat:")]
                if played_card:
                    assert len(tricks) == 1, changed
                    assert len(seats) <= 3, changed
                    cards_seen += 1
                assert "board:open" not in changed, changed
        if fresh(table).status != Table.Status.PLAYING:
            break
        mover = next((v for v in views if v.your_turn), None)
        if mover is None:
            break
        cards = [a for a in mover.legal if a[:1].isdigit()]
        action = rng.choice(cards or mover.legal)
        played_card = action in cards
        hand, was_done = views[0].hand_number, views[0].trick_done
        before = now
        services.table_act(
            table_id=table.pk, user=users[mover.your_seat], action=action, version=mover.version
        )
    assert cards_seen > 0


def _view(snapshot: Any, user: Any) -> Any:
    with translation.override("en"):
        return presenters.table_view(snapshot=snapshot, user=user)


def test_a_part_may_read_only_the_values_it_is_keyed_by(make_user: Any) -> None:
    table, users = _people_table(make_user, "cabrero", 4)
    view = _view(snapshots.table_snapshot(table_id=table.pk), users[0])
    only = fragments.Only(view, ("hand_number", "table"))
    assert only.hand_number == view.hand_number
    assert only.table == fragments.table_facts(view.table)
    with pytest.raises(fragments.PartFieldError):
        _ = only.hand  # not in its fingerprint: refused, not rendered empty


def test_fingerprints_tell_apart_what_a_template_could_show(make_user: Any) -> None:
    seat = SeatView(
        position=1,
        name="bruno",
        is_bot=False,
        bot_level="",
        is_empty=False,
        is_you=False,
        away=False,
        timeouts=0,
        cards=8,
        trick_card=CardView("11C"),
    )
    same = SeatView(**{**seat.__dict__, "trick_card": CardView("11C")})
    assert fragments.fingerprint(seat) == fragments.fingerprint(same)
    for change in ({"is_you": True}, {"cards": 7}, {"trick_card": CardView("12C")}):
        other = SeatView(**{**seat.__dict__, **change})
        assert fragments.fingerprint(other) != fragments.fingerprint(seat)
    # a name the repr cannot show whole is walked field by field, still told apart
    odd = SeatView(**{**seat.__dict__, "name": "<b>x"})
    assert fragments.fingerprint(odd) != fragments.fingerprint(
        SeatView(**{**seat.__dict__, "name": "<b>y"})
    )
    assert fragments.fingerprint("a<b") != fragments.fingerprint(mark_safe("a<b"))
    with pytest.raises(TypeError):
        fragments.fingerprint(make_user())  # a model: never a key


def test_a_remembered_piece_is_fingerprinted_by_its_key() -> None:
    """The match so far and the last hand's summary are built once per inputs and language
    (``presenters.memo``): their fingerprint is that key, so equal inputs share a part and any
    other input (or language) does not; an object that is not the remembered piece (a copy, or
    one made after the memo forgot it) is walked as any other value."""
    memo.clear()
    rows = [TallyRow(label="Lost hands", values=[1, 0])]
    with translation.override("en"):
        tally = memo.remembered("tally", ([1, 0], ["a", "b"]), lambda: Tally(["a", "b"], rows))
        again = memo.remembered("tally", ([1, 0], ["a", "b"]), lambda: Tally(["x"], []))
        other = memo.remembered("tally", ([0, 1], ["a", "b"]), lambda: Tally(["a", "b"], rows))
    with translation.override("es"):
        spanish = memo.remembered("tally", ([1, 0], ["a", "b"]), lambda: Tally(["a", "b"], rows))
    assert again is tally  # built once for equal inputs
    assert fragments.fingerprint(tally) == fragments.fingerprint(again)
    assert fragments.fingerprint(tally)[0] == "remembered"
    assert fragments.fingerprint(other) != fragments.fingerprint(tally)  # same fields, other key
    assert fragments.fingerprint(spanish) != fragments.fingerprint(tally)
    copy = Tally(["a", "b"], rows)
    assert fragments.fingerprint(copy)[0] != "remembered"  # not the piece itself: walked
    memo.clear()
    assert fragments.fingerprint(tally)[0] != "remembered"  # forgotten: walked again


def _rendered(template: str) -> int:
    """How many distinct renders of ``template`` the parts' memory holds."""
    return sum(1 for key in list(fragments._parts) if key[0] == template)


def test_a_trick_renders_the_last_trick_section_again_and_not_the_rest_of_the_panel(
    make_user: Any,
) -> None:
    """The side panel is rendered section by section: a completed trick changes the last
    trick (rendered again), not the match so far nor the last hand's summary (kept)."""
    rng = random.Random(5)
    table, users = _people_table(make_user, "cabrero", 4)
    tally, summary, trick = (
        "games/live/panel/_tally.html",
        "games/live/panel/_previous_hand.html",
        "games/live/panel/_last_trick.html",
    )
    fragments.clear()
    seen_second_hand_tricks = 0
    for _ in range(400):
        snapshot = snapshots.table_snapshot(table_id=table.pk)
        with translation.override("en"):
            views = [presenters.table_view(snapshot=snapshot, user=u) for u in users]
            counts = (_rendered(tally), _rendered(summary), _rendered(trick))
            parts = [live_parts(view) for view in views]
            after = (_rendered(tally), _rendered(summary), _rendered(trick))
        mover = next(v for v in views if v.your_turn)
        first_of_trick = all(not s.trick_card or v.trick_done for v in views for s in v.seats)
        if views[0].hand_number >= 2 and views[0].tricks_played >= 2 and first_of_trick:
            # a trick was just completed in the second hand: the tally and the summary
            # stand, the last trick is new (and the same text for all four players)
            assert 'class="card hand-summary"' in part(parts[0], "panel", 4)
            assert 'class="card tally"' in part(parts[0], "panel", 4)
            assert after[0] == counts[0] and after[1] == counts[1]
            assert after[2] == counts[2] + 1
            assert len({part(p, "panel", 4) for p in parts}) == 1
            seen_second_hand_tricks += 1
            if seen_second_hand_tricks == 3:
                return
        services.table_act(
            table_id=table.pk,
            user=users[mover.your_seat],
            action=rng.choice(mover.legal),
            version=mover.version,
        )
    raise AssertionError("the second hand's tricks were never reached")


def test_bidding_parts_read_only_the_auction_facts_they_show(make_user: Any) -> None:
    """In a bidding tute the corner, the turn line and the auction's board get only the
    auction's facts their templates read (not the viewer's own controls, hint and bids):
    the viewers who see them alike share one render, and a template asking for anything
    else is refused loudly."""
    players = max(get_variant("remate").players)
    table, users = _people_table(make_user, "remate", players)
    snapshot = snapshots.table_snapshot(table_id=table.pk)
    fragments.clear()
    with translation.override("en"):
        views = [presenters.table_view(snapshot=snapshot, user=u) for u in users]
        parts = [live_parts(view) for view in views]
        renders = {
            name: _rendered(f"games/{name}.html")
            for name in ("live/_corner", "live/_turn", "_bidding_board")
        }
        alone = [_own_render(view) for view in views]
    assert parts == alone
    # one corner for all, a turn line and a board for the speaker and one for the others
    assert renders == {"live/_corner": 1, "live/_turn": 2, "_bidding_board": 2}
    assert all(view.bidding is not None and view.bidding.in_auction for view in views)
    speaker = next(i for i, view in enumerate(views) if view.your_turn)
    others = [p for i, p in enumerate(parts) if i != speaker]
    assert len({p[1] for p in parts}) == 1  # the corner: alike for all
    assert len({p[2] for p in others}) == 1  # the turn line: alike but for the speaker
    boards = {part(p, "board", players).split('<section class="auction"')[1] for p in others}
    assert len(boards) == 1  # the board's auction
    # the speaker's own controls differ from the others' (their views are not equal)...
    assert views[speaker].bidding != views[(speaker + 1) % players].bidding
    # ...and no narrowed value hands out what its template was not given
    narrowed = parts_module.TurnBidding("a", "b")
    with pytest.raises(fragments.PartFieldError):
        _ = narrowed.bids


def test_changed_parts() -> None:
    assert changed_parts(None, ["a", "b"]) is None
    assert changed_parts(["a"], ["a", "b"]) is None  # another layout: all of them
    assert changed_parts(["a", "b", "c"], ["a", "x", "c"]) == [[1, "x"]]
    assert changed_parts(["a", "b"], ["a", "b"]) == []


def test_squeeze_gives_what_the_regular_expression_gave() -> None:
    """``fragments.squeeze`` works line by line for speed; it must give, for any text, what
    ``_INDENTED.sub("\\n", text)`` gives (runs of white space holding a line break become one
    line break; other white space, Unicode's included, stays)."""
    rng = random.Random(2026)
    alphabet = [" ", " ", "\t", "\n", "\n", "\r", "\f", "\v", "\xa0", "\x1c", "\u2028", "a", "<"]
    samples = ["", "\n", "a", " \n ", "a \n\n  b  ", "  x", "x\r\n", "\xa0 \n\xa0"]
    samples += ["".join(rng.choices(alphabet, k=rng.randint(0, 24))) for _ in range(20000)]
    for text in samples:
        assert fragments.squeeze(text) == fragments._INDENTED.sub("\n", text), repr(text)


def test_the_remembered_parts_are_bounded_and_the_first_made_go_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over ``MAX_PARTS`` the oldest part is forgotten (and made again when asked), whether or
    not it was used since; a remembered part is not made again."""
    fragments.clear()
    monkeypatch.setattr(fragments, "MAX_PARTS", 2)
    made: list[str] = []
    renders = fragments.stats()["renders"]

    def remember(name: str) -> str:
        return fragments._remembered(("test", name), lambda: made.append(name) or f"<b>{name}</b>")

    assert remember("a") == "<b>a</b>"
    remember("b")
    remember("a")  # a hit: not made again, and not moved to the end
    assert made == ["a", "b"]
    remember("c")  # the third part: the first made, "a", goes
    assert made == ["a", "b", "c"]
    remember("b")
    remember("c")
    assert made == ["a", "b", "c"]
    remember("a")
    assert made == ["a", "b", "c", "a"]
    assert fragments.stats()["renders"] == renders + 4
    fragments.clear()
