"""The tournament and league forms follow the game chosen in them: a form whose fields were
built for one game never creates an event of another with them; changing the game (the
"Choose this game" button, or htmx on change) re-renders the game's fields and keeps the rest."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from league.competitions.models import League, Tournament
from tests.competitions.test_views import client_for

pytestmark = pytest.mark.django_db


def _built_for(html: str) -> str:
    found = re.search(r'name="built_for" value="([^"]*)"', html)
    assert found, "the form does not say which game its fields were built for"
    return found.group(1)


def _cabrero_post(soon: Any, **extra: str) -> dict[str, str]:
    """What the page built for Tute Cabrero posts, with the game changed to ``variant``."""
    return {
        "built_for": "cabrero",
        "variant": "cabrero",
        "name": "Copa de otoño",
        "table_size": "5",
        "min_table_size": "3",
        "rounds": "4",
        "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
        "capacity": "12",
        "no_show_rule": "forfeit",
        "turn_seconds": "30",
        "points_3": "3 1 0",
        "points_4": "4 2 1 0",
        "points_5": "6 3 2 1 0",
        "opt_tiebreak": "on",
        "tiebreak_1": "wins",
        **extra,
    }


def test_a_form_built_for_cabrero_posted_with_spanish_tute_creates_nothing(
    club: Any, organiser: Any, soon: Any
) -> None:
    client = client_for(organiser)
    url = reverse("competitions:tournament_create", args=[club.slug])
    page = client.get(url + "?variant=cabrero").content.decode()
    assert _built_for(page) == "cabrero"

    response = client.post(url, _cabrero_post(soon, variant="dos"))

    assert response.status_code == 200
    assert not Tournament.objects.exists()
    html = response.content.decode()
    assert "You changed the game: the options below are now those of Tute for two (Spanish)" in (
        html
    )
    # The form is now Spanish tute's: its own options at their defaults, no table sizes.
    assert _built_for(html) == "dos"
    assert re.search(r'<option value="dos" selected>', html)
    assert 'name="opt_games"' in html and 'name="opt_tiebreak"' not in html
    assert 'name="table_size"' not in html and 'name="points_5"' not in html
    # What every game shares is kept.
    assert 'value="Copa de otoño"' in html and 'value="12"' in html
    assert re.search(r'<option value="forfeit" selected>', html)

    # Pressed again, the tournament is Spanish tute's, with its defaults.
    response = client.post(
        url,
        {
            "built_for": "dos",
            "variant": "dos",
            "name": "Copa de otoño",
            "rounds": "4",
            "registration_closes": soon.strftime("%Y-%m-%dT%H:%M"),
            "no_show_rule": "forfeit",
            "turn_seconds": "30",
            "opt_games": "3",
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert (tournament.variant, tournament.options) == ("dos", {"games": 3})


def test_the_same_game_creates_at_once(club: Any, organiser: Any, soon: Any) -> None:
    client = client_for(organiser)
    url = reverse("competitions:tournament_create", args=[club.slug])
    response = client.post(url, _cabrero_post(soon))
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert (tournament.variant, tournament.table_size) == ("cabrero", 5)
    assert tournament.options["tiebreak"] is True


def test_choose_this_game_rerenders_for_the_game_and_creates_nothing(
    club: Any, organiser: Any, soon: Any
) -> None:
    client = client_for(organiser)
    url = reverse("competitions:league_create", args=[club.slug])
    page = client.get(url).content.decode()
    assert 'name="choose_game"' in page and 'hx-trigger="change"' in page
    response = client.post(
        url,
        {
            "built_for": "dos",
            "variant": "cabrero",
            "choose_game": "1",
            "name": "Liga de invierno",
            "window_days": "9",
            "opt_games": "5",
        },
    )
    assert response.status_code == 200
    assert not League.objects.exists()
    html = response.content.decode()
    assert "You changed the game" not in html
    assert 'class="errorlist' not in html
    assert _built_for(html) == "cabrero"
    assert 'name="table_size"' in html and "Match points at a table of 6" in html
    assert 'value="Liga de invierno"' in html and 'value="9"' in html

    # The same button while the game is unchanged only shows the page again.
    again = client.post(url, {"built_for": "cabrero", "variant": "cabrero", "choose_game": "1"})
    assert again.status_code == 200 and not League.objects.exists()


def test_the_message_is_translated(club: Any, organiser: Any, soon: Any) -> None:
    client = client_for(organiser, "es")
    url = reverse("competitions:tournament_create", args=[club.slug])
    html = client.post(url, _cabrero_post(soon, variant="dos")).content.decode()
    assert not Tournament.objects.exists()
    assert "Ha cambiado el juego" in html
