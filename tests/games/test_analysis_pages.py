"""The hand analysis on the replay page: the summary, the marks and their steps, the seat
picker, the request button, the open-cards view; and nothing of it while the match is played."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.analysis_models import HandAnalysis
from games.engine import analysis as engine_analysis
from games.models import HandRecord, Table
from games.services import analysis

from .helpers import fast_forward, fresh, people_table

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 11


def client_for(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def marked(record: HandRecord, seat: int, marks: list[str]) -> engine_analysis.HandAnalysis:
    """The engine's analysis of ``seat`` with its first decisions that had a choice given
    ``marks`` (7 points each; the best move: another alternative) and no cost elsewhere, so
    that the page has known marks to show."""
    real = engine_analysis.analyse_hand(dict(record.record), seat, deals=4, seed=1)
    decisions = list(real.decisions)
    todo = list(marks)
    for i, d in enumerate(decisions):
        others = [a for a in d.alternatives if a.action != d.played]
        if not todo or not others:
            decisions[i] = dataclasses.replace(d, cost_points=0.0, cost_chance=0.0, mark="")
            continue
        played = next(a for a in d.alternatives if a.action == d.played)
        best = dataclasses.replace(others[0], points=played.points + 7)
        alternatives = (best, *[a for a in d.alternatives if a.action != best.action])
        decisions[i] = dataclasses.replace(
            d, best=best.action, alternatives=alternatives, cost_points=7.0, mark=todo.pop(0)
        )
    assert not todo, "not enough decisions with a choice"
    lost = sum(d.cost_points for d in decisions)
    return dataclasses.replace(real, decisions=tuple(decisions), points_lost=lost)


def store(record: HandRecord, seat: int, result: engine_analysis.HandAnalysis) -> None:
    HandAnalysis.objects.create(
        hand=record,
        seat=seat,
        status=HandAnalysis.Status.DONE,
        data=result.to_json(),
        engine_version=analysis.engine_version(),
    )


@pytest.fixture
def finished(ana: Any, bruno: Any) -> tuple[Table, HandRecord, engine_analysis.HandAnalysis]:
    # a fixed deal: Ana must have two decisions with a choice in the first hand (a random
    # one lacked them about once in a few hundred runs)
    table = fast_forward(people_table(ana, bruno, seed=SEED))
    record = HandRecord.objects.get(table=table, number=0)
    result = marked(record, 0, ["mistake", "blunder"])
    store(record, 0, result)
    return table, record, result


def test_the_replay_shows_the_summary_and_the_marks(ana: Any, finished: Any) -> None:
    table, _record, result = finished
    url = reverse("games:hand_replay", args=[table.pk, 1])
    page = client_for(ana).get(url, {"step": 0}).content.decode()
    assert "Could I have played better?" in page
    assert "1 mistake, 1 blunder, 14 points lost" in page
    steps = [d.step for d in result.decisions if d.mark]
    for step in steps:  # each marked decision links to its step
        assert f'href="?step={step}&amp;seat=0"' in page
    blunder = next(d for d in result.decisions if d.mark == "blunder")
    here = client_for(ana).get(url, {"step": blunder.step, "seat": 0}).content.decode()
    assert "Blunder" in here and "??" in here
    assert "cost 7 points" in here
    assert "Better" in here and "possible moves" in here


def test_a_seat_picker_when_several_people_sat(ana: Any, bruno: Any, finished: Any) -> None:
    table, _record, _result = finished
    url = reverse("games:hand_replay", args=[table.pk, 1])
    page = client_for(bruno).get(url).content.decode()  # Bruno sees his own seat first
    assert "Whose play" in page and "ana" in page
    assert "Analyse this hand (bruno)" in page
    page = client_for(bruno).get(url, {"seat": 0}).content.decode()
    assert "14 points lost" in page


def test_the_button_asks_for_the_analysis(bruno: Any, finished: Any, settings: Any) -> None:
    settings.TUTE_ANALYSIS_DEALS = 4
    table, record, _result = finished
    client = client_for(bruno)
    response = client.post(reverse("games:hand_analyse", args=[table.pk, 1]), {"seat": 1})
    assert response.status_code == 302
    assert HandAnalysis.objects.get(hand=record, seat=1).status == HandAnalysis.Status.DONE
    response = client.post(reverse("games:hand_analyse", args=[table.pk, 1]), {"seat": 3})
    page = client.get(response["Location"]).content.decode()
    assert "Only the seats of people who played the hand are analysed." in page


def test_nothing_while_the_match_is_played(ana: Any, bruno: Any, make_user: Any) -> None:
    table = people_table(ana, bruno)
    fast_forward(table)  # the hands as they would be stored, then the match back in play
    Table.objects.filter(pk=table.pk).update(status=Table.Status.PLAYING)
    record = HandRecord.objects.get(table=table, number=0)
    store(record, 0, marked(record, 0, ["blunder"]))
    url = reverse("games:hand_replay", args=[table.pk, 1])
    for user in (ana, bruno, make_user("carla")):
        client = client_for(user)
        page = client.get(url, {"step": 0, "open": "1"}).content.decode()
        assert "Could I have played better?" not in page
        assert "points lost" not in page and "Best play from here" not in page
        assert "Analyse this hand" not in page
        response = client.post(reverse("games:hand_analyse", args=[table.pk, 1]), {"seat": 0})
        assert (
            "The analysis opens when the match is over."
            in client.get(response["Location"]).content.decode()
        )


def test_a_private_tables_analysis_is_a_404_for_others(
    ana: Any, bruno: Any, make_user: Any
) -> None:
    table = fast_forward(people_table(ana, bruno, is_private=True))
    client = client_for(make_user("carla"))
    assert client.get(reverse("games:hand_replay", args=[table.pk, 1])).status_code == 404
    response = client.post(reverse("games:hand_analyse", args=[table.pk, 1]), {"seat": 0})
    assert response.status_code == 404
    assert not HandAnalysis.objects.exists()


def test_open_cards_at_a_step(ana: Any, finished: Any) -> None:
    table, record, _result = finished
    steps = len(record.record["actions"])
    url = reverse("games:hand_replay", args=[table.pk, 1])
    page = client_for(ana).get(url, {"step": steps - 4}).content.decode()
    assert "Best play from here (open cards)" in page
    page = client_for(ana).get(url, {"step": steps - 4, "open": "1"}).content.decode()
    assert "Best play from here, all cards open" in page
    assert "Exact: every seat plays perfectly" in page or "Estimate:" in page
    assert f'href="?step={steps - 3}&amp;seat=0&amp;open=1"' in page  # "Next" keeps it on
    assert "Hide the open-cards view" in page


def test_spanish_labels(ana: Any, finished: Any) -> None:
    table, _record, _result = finished
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(ana)
    page = client.get(reverse("games:hand_replay", args=[table.pk, 1])).content.decode()
    assert 'id="analysis-title"' in page


def test_a_finished_tables_hand_played_through_the_services_reaches_the_page(
    ana: Any, bruno: Any, settings: Any
) -> None:
    settings.TUTE_ANALYSIS_AUTO = True
    settings.TUTE_ANALYSIS_DEALS = 4
    table = people_table(ana, bruno)
    from .test_analysis_service import play_one_hand

    play_one_hand(table, {0: ana, 1: bruno})
    settings.TUTE_ANALYSIS_AUTO = False
    table = fast_forward(fresh(table))
    assert table.status == Table.Status.FINISHED
    page = client_for(ana).get(reverse("games:hand_replay", args=[table.pk, 1])).content.decode()
    assert "points lost" in page and "Analyse this hand" not in page
