"""The club statistics page's auction block: per bidding tute, the hands the club's members
took on, kept and failed, the average bid and the times batido, summed over their seats (the
hand-made history of test_bidding_stats, worked out by hand); none for a club without them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from league.rankings import selectors
from tests.factories import club_with
from tests.rankings.test_bidding_stats import history  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def _rows(html: str) -> dict[str, list[str]]:
    block = html[html.index('id="group-auction-title"') :]
    block = block[: block.index("</table>")]
    rows = {}
    for row in re.findall(r"<tr>(.*?)</tr>", block, re.S):
        cells = [c.strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if cells:
            rows[cells[0]] = cells[1:]
    return rows


def test_club_auction_figures_sum_the_members_seats(history: list[Any]) -> None:  # noqa: F811
    ana, bruno, carmen, diego = history[:4]
    club = club_with(admin=ana, members=[bruno, carmen, diego])
    stats = selectors.club_statistics(club=club)
    auction = {r["variant"]: r for r in stats.auction}
    assert set(auction) == {"remate", "codillo", "bato"}  # not dos
    # Remate: Ana 80 made and 75 failed, Bruno 100 failed (the bot's 60 is nobody's).
    rem = auction["remate"]
    assert (rem["contracts"], rem["contracts_made"], rem["contracts_failed"]) == (3, 1, 2)
    assert (rem["average_bid"], rem["contracts_made_percent"], rem["batidos"]) == (85.0, 33, None)
    # Codillo: Ana took two games on and won one, Bruno one, lost; no bids with a value.
    cod = auction["codillo"]
    assert (cod["contracts"], cod["contracts_made"], cod["average_bid"]) == (3, 1, None)
    # Bato: Ana jugador twice, batido once; Bruno batido once as her companion.
    bat = auction["bato"]
    assert (bat["contracts"], bat["contracts_made"], bat["batidos"]) == (2, 1, 2)

    html = Client().get(reverse("rankings:club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en")
    rows = _rows(html.content.decode())
    assert rows["Tute Remate"] == ["3", "1", "2", "33%", "85.0", "–"]
    assert rows["Codillo"][:5] == ["3", "1", "2", "33%", "–"]
    assert rows["Bato"][-1] == "2"


def test_a_club_without_bidding_games_has_no_auction_block(players: list[Any]) -> None:
    club = club_with(admin=players[0], members=players[1:3])
    html = Client().get(reverse("rankings:club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert html.status_code == 200
    assert "group-auction-title" not in html.content.decode()
    assert selectors.club_statistics(club=club).auction == []
