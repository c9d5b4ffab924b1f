"""In a real browser (Chromium driven by Playwright; marked ``browser``): the tournament form
creates the game chosen in its dropdown, with JavaScript (htmx re-renders the game's fields
on change) and without (the server refuses a form built for another game, once); the
standings tables of a tournament and of a season are wholly reachable at 1280x800 and at
375x740, the page never scrolling sideways."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from league.competitions import services
from league.competitions.models import Board, Fixture, Tournament
from tests.competitions.helpers import make_tournament, play_tables
from tests.factories import MembershipFactory, UserFactory
from tests.league.test_browser import PHONE, log_in

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def _open_form(context: Any, base: str, club: Any, organiser: Any) -> Any:
    log_in(context, base, organiser)
    page = context.new_page()
    page.goto(base + reverse("competitions:tournament_create", args=[club.slug]))
    expect(page.locator("#id_variant")).to_have_value("cabrero")
    expect(page.locator("input[name=built_for]")).to_have_value("cabrero")
    return page


def test_spanish_tute_chosen_in_the_dropdown_is_the_game_created(
    live_server: Any, browser_context_factory: Any, club: Any, organiser: Any, soon: Any
) -> None:
    page = _open_form(browser_context_factory(**LAPTOP), live_server.url, club, organiser)
    page.fill("#id_name", "Copa de invierno")
    page.select_option("#id_variant", "dos")
    # htmx brings the form back built for Spanish tute, keeping the name.
    expect(page.locator("input[name=built_for]")).to_have_value("dos")
    expect(page.locator("#id_opt_games")).to_be_visible()
    expect(page.locator("#id_table_size")).to_have_count(0)
    expect(page.locator("#id_name")).to_have_value("Copa de invierno")
    page.fill("#id_registration_closes", soon.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/competitions/tournaments/\d+/$"))
    tournament = Tournament.objects.get()
    assert (tournament.name, tournament.variant) == ("Copa de invierno", "dos")
    assert tournament.options == {"games": 3}


def test_without_javascript_a_form_built_for_another_game_is_shown_again(
    live_server: Any, browser_context_factory: Any, club: Any, organiser: Any, soon: Any
) -> None:
    context = browser_context_factory(java_script_enabled=False, **LAPTOP)
    page = _open_form(context, live_server.url, club, organiser)
    page.fill("#id_name", "Copa sin guion")
    page.fill("#id_registration_closes", soon.strftime("%Y-%m-%dT%H:%M"))
    page.check("#id_opt_tiebreak")
    page.select_option("#id_variant", "dos")
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_load_state()
    # Nothing is created with Cabrero's options: the form is Spanish tute's now.
    assert not Tournament.objects.exists()
    expect(page.get_by_role("alert")).to_contain_text("You changed the game")
    expect(page.locator("input[name=built_for]")).to_have_value("dos")
    expect(page.locator("#id_variant")).to_have_value("dos")
    expect(page.locator("#id_opt_tiebreak")).to_have_count(0)
    expect(page.locator("#id_name")).to_have_value("Copa sin guion")
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/competitions/tournaments/\d+/$"))
    assert Tournament.objects.get().variant == "dos"

    # "Choose this game" changes the game and creates nothing.
    page.goto(live_server.url + reverse("competitions:tournament_create", args=[club.slug]))
    page.select_option("#id_variant", "vtt")
    page.get_by_role("button", name="Choose this game").click()
    page.wait_for_load_state()
    expect(page.locator("input[name=built_for]")).to_have_value("vtt")
    expect(page.locator("#id_opt_coins_trump")).to_have_count(1)
    expect(page.get_by_role("alert")).to_have_count(0)
    assert Tournament.objects.count() == 1

    # Enter in a field creates (the default button is "Create", not "Choose this game").
    page.fill("#id_registration_closes", soon.strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_name", "Copa variable")
    page.press("#id_name", "Enter")
    page.wait_for_url(re.compile(r"/competitions/tournaments/\d+/$"))
    assert Tournament.objects.get(name="Copa variable").variant == "vtt"


#: For each standings table: does it fit its box or scroll inside it, and can its last
#: column be scrolled into view and seen (nothing on top of it, not cut by a parent)?
REACH_JS = """() => {
  const doc = document.documentElement;
  const out = {pageScrollsSideways: doc.scrollWidth > doc.clientWidth, tables: []};
  for (const table of document.querySelectorAll('table.data-table')) {
    const wrap = table.parentElement;
    const style = getComputedStyle(wrap);
    const fits = table.getBoundingClientRect().width <= wrap.clientWidth + 1;
    const scrolls = ['auto', 'scroll'].includes(style.overflowX)
      && wrap.scrollWidth > wrap.clientWidth;
    const box = wrap.getBoundingClientRect();
    const ends = 'tr:first-child > *:last-child, tr:last-child > *:last-child';
    const cells = [...table.querySelectorAll(ends)];
    const seen = cells.map(cell => {
      cell.scrollIntoView({block: 'center', inline: 'nearest'});
      const r = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && cell.contains(hit) && r.right <= innerWidth + 1 && r.left >= -1;
    });
    out.tables.push({fits, scrolls, left: box.left, right: box.right, seen,
                     tableWidth: table.getBoundingClientRect().width, boxWidth: wrap.clientWidth});
  }
  out.pageScrollsSideways = out.pageScrollsSideways || doc.scrollWidth > doc.clientWidth;
  return out;
}"""


def _long_named_players(club: Any, n: int) -> list[Any]:
    names = [
        "Maximiliano Fernández de la Riva",
        "Anastasia Papadopoulou-Rodríguez",
        "Bartolomé Hernández Castellanos",
        "Guadalupe Etxeberria Goikoetxea",
    ]
    users = [UserFactory(display_name=names[i % len(names)] + f" {i}") for i in range(n)]
    for user in users:
        MembershipFactory(club=club, user=user)
    return users


@pytest.mark.parametrize("options", [LAPTOP, PHONE], ids=["1280x800", "375x740"])
def test_standings_tables_are_wholly_reachable(
    live_server: Any,
    browser_context_factory: Any,
    club: Any,
    organiser: Any,
    soon: Any,
    commit: Any,
    options: dict[str, Any],
) -> None:
    players = _long_named_players(club, 4)
    tournament = make_tournament(club, organiser, soon)
    for player in players:
        services.tournament_register(tournament=tournament, user=player)
    commit(services.round_pair, tournament=tournament, by=organiser)
    play_tables(commit, Board.objects.filter(round__number=1).values_list("table_id", flat=True))
    league = services.league_create(
        club=club, organiser=organiser, name="Liga", variant="dos", options={"games": 1}
    )
    season = league.seasons.get()
    for player in players:
        services.season_register(season=season, user=player)
    services.season_start(season=season, by=organiser)
    services.fixtures_close_windows(now=Fixture.objects.order_by("-window_closes")[0].window_closes)

    context = browser_context_factory(**options)
    log_in(context, live_server.url, organiser)
    page = context.new_page()
    for url in (tournament.get_absolute_url(), season.get_absolute_url()):
        page.goto(live_server.url + url)
        found = page.evaluate(REACH_JS)
        assert found["tables"], f"no standings table on {url}"
        assert not found["pageScrollsSideways"], f"{url} scrolls sideways: {found}"
        for table in found["tables"]:
            assert table["fits"] or table["scrolls"], f"a table of {url} is clipped: {table}"
            assert table["left"] >= 0 and table["right"] <= options["viewport"]["width"], table
            assert all(table["seen"]), f"a column of {url} cannot be reached: {table}"
        if options is LAPTOP:
            # On a laptop the tournament's table fits: nothing to scroll to.
            assert all(t["fits"] for t in found["tables"]), found
