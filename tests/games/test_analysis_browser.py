"""In a real browser (Chromium driven by Playwright; marked ``browser``): the replay page with
an analysis, on a phone (375 px) and on a laptop (1280 px). Nothing wider than the screen; the
marks say their name in words (not only a colour or a symbol); a marked move's link steps the
board there; the open-cards view opens in place. With ``TUTE_SHOTS=dir`` it saves screenshots.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from games.models import HandRecord
from tests.games.browser import db, log_in

from .helpers import fast_forward, people_table
from .test_analysis_pages import marked, store

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("TUTE_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


def _fits(page: Any) -> bool:
    return bool(
        page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    )


@pytest.mark.parametrize("width,height", [(375, 740), (1280, 800)])
def test_replay_with_analysis(
    live_server: Any, browser_context_factory: Any, ana: Any, bruno: Any, width: int, height: int
) -> None:
    table = db(lambda: fast_forward(people_table(ana, bruno)))
    record = db(lambda: HandRecord.objects.get(table=table, number=0))
    result = db(lambda: marked(record, 0, ["inaccuracy", "mistake", "blunder"]))
    db(lambda: store(record, 0, result))
    context = browser_context_factory(viewport={"width": width, "height": height})
    log_in(context, live_server.url, ana)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/hands/1/")
    summary = page.locator(".analysis-summary")
    assert "1 inaccuracy, 1 mistake, 1 blunder, 21 points lost" in summary.inner_text()
    assert _fits(page)
    _shot(page, f"analysis-summary-{width}.png")
    blunder = next(d for d in result.decisions if d.mark == "blunder")
    page.locator(".analysis-chip.mark-blunder").click()
    page.wait_for_function(  # htmx pushed the step to the address bar
        "(wanted) => location.search.includes(wanted)", arg=f"step={blunder.step}&"
    )
    decision = page.locator(".analysis-decision.mark-blunder")
    decision.wait_for()
    assert "Blunder" in decision.inner_text()  # the mark in words, not only "??" or red
    assert _fits(page)
    _shot(page, f"analysis-blunder-{width}.png")
    page.get_by_text("Best play from here (open cards)").click()
    page.locator(".analysis-open .summary-table").wait_for()
    assert _fits(page)
    _shot(page, f"analysis-open-{width}.png")
