"""Each statistic checked on a hand-made match history (figures worked out by hand)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from league.rankings import selectors, services
from league.rankings.tally import tally_match
from tests.factories import club_with
from tests.rankings.support import BASE_TIME

pytestmark = pytest.mark.django_db


def hand(points, winners, losers, *, cantos=(), capote=None, reason="middle", tricks=None):
    return {
        "points": points,
        "card_points": points,
        "tricks": tricks or [1] * len(points),
        "cantos": [{"seat": s, "suit": "O", "points": p, "tute": t} for s, p, t in cantos],
        "winners": winners,
        "losers": losers,
        "reason_code": reason,
        "capote": capote,
        "tute": None,
    }


def store(table_id, variant, users, places, hands=(), result=None, minutes=None, rated=True):
    return services.match_store(
        table_id=table_id,
        variant=variant,
        seat_users=users,
        places=places,
        rated=rated,
        finished_at=BASE_TIME + timedelta(minutes=minutes or table_id),
        hands=list(hands),
        result=result or {"places": places},
    )[0]


@pytest.fixture
def history(players):
    """ana, bruno, carmen (and a bot) play three Cabrero matches and two duels.

    Cabrero 1 (ana 1st, bruno 2nd, carmen 3rd and retired):
      hand 1: points 60/40/30, ana sings 40 and 20, bruno and carmen lose;
      hand 2: ana takes every trick (capote, 130), the others lose;
      hand 3: carmen convicted of renuncio (points 0/50/80).
    Cabrero 2 (bruno 1st, ana 2nd, bot 3rd): hand 1: 10/100/20, bruno sings a tute.
    Cabrero 3, unrated (ana 1st, carmen 1st, bruno 3rd): no hands.
    Dos 1: ana beats bruno (hand 70/50); Dos 2: bruno beats ana (hand 30/90, ana 20).
    """
    ana, bruno, carmen = players[:3]
    a, b, c = ana.pk, bruno.pk, carmen.pk
    store(
        1,
        "cabrero",
        [a, b, c],
        [1, 2, 3],
        hands=[
            hand([60, 40, 30], [0], [1, 2], cantos=[(0, 40, False), (0, 20, False)]),
            hand([130, 0, 0], [0], [1, 2], capote=0),
            hand([0, 50, 80], [0, 1], [2], reason="renuncio"),
        ],
        result={"places": [1, 2, 3], "extra": {"retired_at": [None, None, 2]}},
    )
    store(
        2,
        "cabrero",
        [a, b, None],
        [2, 1, 3],
        hands=[hand([10, 100, 20], [1, 2], [0], cantos=[(1, 0, True)])],
    )
    store(3, "cabrero", [a, c, b], [1, 1, 3], rated=False)
    store(4, "dos", [a, b], [1, 2], hands=[hand([70, 50], [0], [1])])
    store(5, "dos", [b, a], [1, 2], hands=[hand([90, 30], [0], [1], cantos=[(1, 20, False)])])
    services.ratings_apply_pending()
    return ana, bruno, carmen


def test_player_figures_per_variant(history) -> None:
    ana, bruno, carmen = history
    stats = {s.variant: s for s in selectors.player_stats(user=ana)}
    cab = stats["cabrero"]
    assert (cab.games, cab.wins, cab.losses, cab.draws) == (3, 2, 1, 0)
    assert cab.win_rate == pytest.approx(2 / 3)
    assert cab.hands == 4  # 3 in match 1, 1 in match 2
    assert cab.hand_points == 60 + 130 + 0 + 10
    assert cab.average_hand_points == 50.0
    assert (cab.cantos_40, cab.cantos_20, cab.tutes, cab.capotes) == (1, 1, 0, 1)
    assert (cab.renuncios, cab.retirements) == (0, 0)
    assert cab.rating is not None and cab.rating.games == 2  # the unrated match is not rated
    dos = stats["dos"]
    assert (dos.games, dos.wins, dos.losses, dos.hands, dos.hand_points) == (2, 1, 1, 2, 100)
    assert dos.cantos_20 == 1 and dos.win_percent == 50

    carmen_cab = selectors.player_stats(user=carmen)[0]
    assert (carmen_cab.renuncios, carmen_cab.retirements, carmen_cab.hands) == (1, 1, 3)
    bruno_cab = selectors.player_stats(user=bruno)[0]
    assert (bruno_cab.tutes, bruno_cab.wins, bruno_cab.losses) == (1, 1, 2)


def test_rated_only_figures(history) -> None:
    ana = history[0]
    cab = selectors.player_stats(user=ana, rated_only=True)[0]
    assert cab.games == 2


def test_a_draw_is_when_everybody_shares_first_place() -> None:
    rows = tally_match(players=3, places=[1, 1, 1], hands=[])
    assert {r.outcome for r in rows} == {"D"}


def test_head_to_head(history) -> None:
    ana = history[0]
    rows = {h.opponent.username: h for h in selectors.head_to_head(user=ana)}
    # bruno: cabrero 1 (ahead), cabrero 2 (behind), cabrero 3 (ahead), dos 1 (ahead), dos 2
    # (behind)
    assert (rows["bruno"].games, rows["bruno"].wins, rows["bruno"].losses) == (5, 3, 2)
    # carmen: cabrero 1 (ahead), cabrero 3 (level)
    assert (rows["carmen"].games, rows["carmen"].wins, rows["carmen"].draws) == (2, 1, 1)
    assert list(rows) == ["bruno", "carmen"]  # most frequent first; bots are not opponents
    only_dos = selectors.head_to_head(user=ana, variant="dos")
    assert [(h.opponent.username, h.games) for h in only_dos] == [("bruno", 2)]


def test_partners_are_not_opponents(players) -> None:
    a, b, c, d = (p.pk for p in players[:4])
    store(1, "parejas", [a, b, c, d], [1, 2, 1, 2])
    rows = {h.opponent.username: h for h in selectors.head_to_head(user=players[0])}
    assert set(rows) == {"bruno", "diego"}
    assert rows["bruno"].wins == 1


def test_points_distribution(history) -> None:
    ana = history[0]
    bins = selectors.points_distribution(user=ana, variant="cabrero")
    counts = {b.low: b.count for b in bins if b.count}
    assert counts == {0: 1, 10: 1, 60: 1, 130: 1}
    assert sum(b.count for b in bins) == 4
    assert bins[-1].high is None  # 150 and above


def test_rating_history_and_recent_matches(history) -> None:
    ana = history[0]
    points = selectors.rating_history(user=ana, variant="cabrero")
    assert [p.games for p in points] == [1, 2]
    recent = selectors.recent_matches(user=ana)
    assert [m.table_id for m in recent] == [5, 4, 3, 2, 1]
    assert recent[0].my_change is not None and recent[2].my_change is None  # 3 is unrated
    assert recent[0].me.user_id == ana.pk
    assert [p.seat for p in recent[0].participants.all()] == [0, 1]


def test_club_statistics(history) -> None:
    ana, bruno, _carmen = history
    club = club_with(admin=ana, members=[bruno])
    stats = selectors.club_statistics(club=club)
    per_variant = {r["variant"]: r for r in stats.per_variant}
    assert per_variant["cabrero"]["matches"] == 3
    assert per_variant["cabrero"]["people"] == 2  # carmen is not a member
    assert per_variant["cabrero"]["tutes"] == 1
    assert [r["user"].username for r in stats.players] == ["ana", "bruno"]
    assert stats.players[0]["games"] == 5
    assert {m.table_id for m in stats.matches} == {1, 2, 3, 4, 5}


def test_source_statistics(players) -> None:
    a, b = players[0].pk, players[1].pk
    m = store(1, "dos", [a, b], [1, 2], hands=[hand([70, 50], [0], [1])])
    m.source_kind, m.source_id = "tournament_round", 42
    m.save()
    store(2, "dos", [a, b], [2, 1])
    stats = selectors.source_statistics(source_kind="tournament_round", source_ids=[42])
    assert [m.table_id for m in stats.matches] == [1]
    assert stats.players[0]["user"].username == "ana" and stats.players[0]["wins"] == 1
