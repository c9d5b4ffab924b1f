"""The hand analysis's API: read a finished hand's analyses, ask for one; the replay page's
rules (nothing during play, private tables 404 for others, bots' seats refused)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.analysis_models import HandAnalysis
from games.models import HandRecord, Table

from .helpers import fast_forward, people_table

pytestmark = pytest.mark.django_db(transaction=True)


def api(user: Any | None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_authenticate(user)
    return client


def url(table: Table, number: int = 1, seat: int | None = None) -> str:
    base = f"/api/matches/{table.pk}/hands/{number}/analysis/"
    return base if seat is None else f"{base}{seat}/"


@pytest.fixture(autouse=True)
def few_deals(settings: Any) -> None:
    settings.TUTE_ANALYSIS_DEALS = 4


def test_ask_then_read(ana: Any, bruno: Any, make_user: Any) -> None:
    table = fast_forward(people_table(ana, bruno))
    listing = api(ana).get(url(table)).json()
    assert listing["hand"] == 1 and [s["seat"] for s in listing["seats"]] == [0, 1]
    assert {s["status"] for s in listing["seats"]} == {"not_requested"}
    carla = make_user("carla")  # a public table, once over: anyone logged in
    response = api(carla).post(url(table), {"seat": 1}, format="json")
    assert response.status_code == 200, response.content  # computed at once (tests)
    body = response.json()
    assert body["status"] == "done" and body["player"] == "bruno"
    assert set(body["counts"]) == {"inaccuracy", "mistake", "blunder"}
    record = HandRecord.objects.get(table=table, number=0)
    for decision in body["analysis"]["decisions"]:
        assert record.record["actions"][decision["step"]] == decision["played"]
    one = api(ana).get(url(table, seat=1)).json()
    assert one["analysis"] == body["analysis"]


def test_errors(ana: Any, bruno: Any) -> None:
    table = fast_forward(people_table(ana, bruno))
    bot = api(ana).post(url(table), {"seat": 2}, format="json")
    assert bot.status_code == 400
    assert bot.json()["detail"] == "Only the seats of people who played the hand are analysed."
    assert api(ana).get(url(table, seat=3)).status_code == 400
    assert api(ana).post(url(table), {"seat": "x"}, format="json").status_code == 400
    hands = HandRecord.objects.filter(table=table).count()
    assert api(ana).get(url(table, number=hands + 1)).status_code == 400
    assert api(ana).get(f"/api/matches/{table.pk + 99}/hands/1/analysis/").status_code == 404
    assert api(None).get(url(table)).status_code in (401, 403)
    assert not HandAnalysis.objects.exists()


def test_nothing_during_play(ana: Any, bruno: Any, make_user: Any) -> None:
    table = people_table(ana, bruno)
    fast_forward(table)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.PLAYING)
    record = HandRecord.objects.get(table=table, number=0)
    HandAnalysis.objects.create(hand=record, seat=0, status="done", data={"secret": 1})
    for user in (ana, bruno, make_user("carla")):
        for response in (
            api(user).get(url(table)),
            api(user).get(url(table, seat=0)),
            api(user).post(url(table), {"seat": 0}, format="json"),
        ):
            assert response.status_code == 404  # as /api/matches/{id}/ is while in play
            assert response.json()["detail"] == "The analysis opens when the match is over."
            assert "secret" not in response.content.decode()


def test_private_table_is_a_404_for_others(ana: Any, bruno: Any, make_user: Any) -> None:
    table = fast_forward(people_table(ana, bruno, is_private=True))
    carla = api(make_user("carla"))
    missing = api(ana).get(f"/api/matches/{table.pk + 99}/hands/1/analysis/").json()
    assert carla.get(url(table)).json() == missing
    assert carla.post(url(table), {"seat": 0}, format="json").status_code == 404
    assert api(bruno).get(url(table)).status_code == 200
