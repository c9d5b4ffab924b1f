"""The demo's duplicate Cabrero evening (``manage.py seed_demo``): finished, every board of its
round compared between its two tables, the results page showing it; made once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from league.competitions import selectors
from league.competitions.demo_duplicate import DUPLICATE_EVENING, PLAYERS, STYLES
from league.competitions.models import DealResult, Tournament

# The history plays its tables through the services, each committed before its result follows.
pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_has_a_finished_duplicate_cabrero_evening(settings) -> None:
    settings.TUTE_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())
    evening = Tournament.objects.get(name=DUPLICATE_EVENING)
    assert evening.is_duplicate and evening.variant == "cabrero"
    assert evening.status == Tournament.Status.FINISHED
    results = selectors.duplicate_results(tournament=evening)
    assert {row.entry.player.username for row in results.standings} == set(PLAYERS)
    assert all(row.boards > 0 for row in results.standings)
    assert [r.number for r in results.rounds] == [1]
    for rnd in results.rounds:
        assert [b.number for b in rnd.boards] == list(range(1, evening.boards + 1))
        for board in rnd.boards:
            assert [g.position for g in board.groups] == [0, 1, 2]
            assert all(len(g.results) == 2 for g in board.groups)
            # the same cards are played in two styles (one policy would play them alike)
            for group in board.groups:
                styles = {STYLES.get(c.entry.player.username, "heuristic") for c in group.results}
                assert len(styles) == 2
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("competitions:tournament_duplicate", args=[evening.pk])
    )
    html = page.content.decode()
    assert page.status_code == 200 and DUPLICATE_EVENING in html and "Board 4" in html
    rows = DealResult.objects.count()
    call_command("seed_demo", stdout=StringIO())
    assert Tournament.objects.filter(name=DUPLICATE_EVENING).count() == 1
    assert DealResult.objects.count() == rows
