"""The tantos tiebreak's column says what the tantos are: the stakes balance in the games that
play for stakes (arrastrado, remate, bato), the points scored elsewhere."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.competitions import selectors

from .helpers import make_tournament


def test_the_label_follows_the_variant() -> None:
    with translation.override("en"):
        for key in ("arrastrado", "remate", "bato"):
            assert selectors.tiebreak_label("tantos", key) == "Stakes balance (tantos)"
        for key in ("cabrero", "dos", "codillo", None):
            assert selectors.tiebreak_label("tantos", key) == "Points scored (tantos)"
        assert selectors.tiebreak_columns(["wins", "tantos"], "remate") == [
            "Stakes balance (tantos)"
        ]


def test_a_stakes_tournament_page_heads_the_column_as_a_balance(
    club: Any, organiser: Any, soon: Any
) -> None:
    tournament = make_tournament(
        club, organiser, soon, variant="remate", options={}, tiebreaks=["tantos"]
    )
    html = (
        Client()
        .get(
            reverse("competitions:tournament_detail", args=[tournament.pk]),
            HTTP_ACCEPT_LANGUAGE="en",
        )
        .content.decode()
    )
    assert "Stakes balance (tantos)" in html
    assert "Points scored (tantos)" not in html
