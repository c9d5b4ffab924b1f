"""The Content-Security-Policy (django-csp; tute_site/settings/base.py, docs/deploy.md).

Every HTML response carries the policy: scripts, styles, images, fonts and connections from
the site only, no inline script, no eval. In Chromium (Playwright; marked ``browser``) the
pages a player goes through, a table played against bots over its WebSocket included, report
no ``securitypolicyviolation`` event and no CSP console error; an injected inline script and
an ``eval`` on the same pages are reported (so the listener does hear violations) and do not
run. The API docs pages widen the policy for themselves (inline styles, a blob: worker) and
Swagger UI draws the schema under it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.models import Table
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.games import browser

asgi_server = browser.asgi_server  # the fixture, under its name here

STRICT = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "style-src-attr": "'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def directives(response: Any) -> dict[str, str]:
    """The response's policy as ``{directive: sources}``."""
    header = response.headers["Content-Security-Policy"]
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/clubs/", "/rankings/"])
def test_html_pages_carry_the_strict_policy(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert directives(response) == STRICT


@pytest.mark.django_db
def test_logged_in_pages_carry_it_too() -> None:
    client = Client()
    client.force_login(UserFactory(username="ana"))
    for url in ("/tables/", "/profile/", "/notifications/", "/competitions/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert directives(response) == STRICT, url


@pytest.mark.django_db
def test_the_api_docs_widen_it_for_themselves_only() -> None:
    client = Client()
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    policy = directives(docs)
    assert policy["script-src"] == "'self'"  # still no inline script
    assert policy["style-src"] == "'self' 'unsafe-inline'"
    assert policy["worker-src"] == "'self' blob:"
    html = docs.content.decode()
    # The split view: Swagger UI's start-up script is a file of its own, served with the policy.
    assert "<script>" not in html
    init = re.search(r'<script src="([^"]*script=[^"]*)"', html)
    assert init is not None
    script = client.get(init.group(1).replace("&amp;", "&"))
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    redoc = client.get("/api/redoc/")
    assert directives(redoc)["img-src"] == "'self' data: https://cdn.redoc.ly"
    assert directives(docs)["img-src"] == "'self' data:"
    html = redoc.content.decode()
    assert "googleapis" not in html and "<script>" not in html


LISTEN = """
document.addEventListener("securitypolicyviolation", function (e) {
  window.reportCsp(location.pathname + " " + e.violatedDirective + " " + e.blockedURI);
});
"""


def watch(page: Any) -> list[str]:
    """Every CSP violation and CSP console error of ``page`` (all its documents), as text."""
    seen: list[str] = []

    def report(text: str) -> None:
        seen.append(text)

    page.expose_function("reportCsp", report)
    page.add_init_script(LISTEN)

    def console(message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            seen.append("console: " + message.text)

    page.on("console", console)
    return seen


def prove_the_listener(page: Any, seen: list[str]) -> None:
    """An inline script and an htmx trigger filter (eval) are refused and reported.

    The filter is what the lobby's poll used to carry: htmx runs it through ``Function()``.
    The reports are forgotten afterwards.
    """
    page.evaluate(
        """() => {
        const s = document.createElement("script");
        s.textContent = "window.inlineRan = true";
        document.body.append(s);
        const b = document.createElement("button");
        b.id = "eval-probe";
        b.textContent = "probe";
        b.setAttribute("hx-get", "/");
        b.setAttribute("hx-swap", "none");
        b.setAttribute("hx-trigger", "click[window.evalRan = true]");
        document.body.prepend(b);
        // Later, in a task of the page's own (Playwright's evaluate may compile strings).
        setTimeout(() => window.htmx.process(b), 0);
    }"""
    )
    page.locator("#eval-probe").click()
    for _wait in range(50):  # the events reach Python through the exposed function
        if len([s for s in seen if not s.startswith("console")]) >= 2:
            break
        page.wait_for_timeout(100)
    assert page.evaluate("() => [window.inlineRan, window.evalRan]") == [None, None]
    reports = " | ".join(seen)
    assert "script-src-elem inline" in reports, reports
    assert "script-src eval" in reports, reports
    page.evaluate("() => document.getElementById('eval-probe').remove()")
    seen.clear()


@pytest.mark.browser
@pytest.mark.slow
def test_the_pages_sockets_and_htmx_run_without_a_violation(
    asgi_server: str, browser_context_factory: Any
) -> None:
    base = asgi_server
    ana = browser.db(lambda: UserFactory(username="ana", display_name="Ana García"))
    club = browser.db(lambda: ClubFactory(name="Club Uno"))
    browser.db(lambda: MembershipFactory(club=club, user=ana))
    context = browser_context_factory()
    page = context.new_page()
    seen = watch(page)

    # Logged out: the home page and the login form (which the listener is proved on).
    page.goto(base + "/")
    prove_the_listener(page, seen)
    page.goto(base + "/accounts/login/")
    page.locator("form").first.wait_for()
    assert seen == []

    browser.log_in(context, base, ana)
    # The lobby: its socket pushes the list (window.tuteLobbyLive), htmx is loaded.
    page.goto(base + "/tables/")
    page.wait_for_function("() => window.tuteLobbyLive === true && !!window.htmx")
    prove_the_listener(page, seen)

    # A table against three bots: the socket connects and a few cards are played.
    page.get_by_role("button", name=re.compile(r"^Tute Cabrero \(4 players\)")).click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert browser.db(Table.objects.get).status == Table.Status.PLAYING
    page.locator("#connection.connection-online").wait_for()
    clicks = 0
    for _wait in range(2400):  # up to two minutes of 50 ms waits for the bots
        if clicks == 3:
            break
        target = browser.first_legal_card(page) if browser.my_turn(page) else None
        if target is None:
            page.wait_for_timeout(50)
            continue
        browser.click_and_wait(page, target)
        clicks += 1
    assert clicks == 3
    assert seen == [], seen

    pages = [
        ("/", "main"),
        ("/tables/", "#lobby-tables"),
        ("/clubs/", "main"),
        (f"/clubs/{club.slug}/", "main"),
        ("/competitions/", "main"),
        ("/rankings/", "main"),
        ("/profile/", "main form"),
        ("/notifications/", "main"),
    ]
    for path, ready in pages:
        page.goto(base + path)
        page.locator(ready).first.wait_for()
        page.wait_for_load_state("load")
        assert seen == [], (path, seen)

    # The API docs: Swagger UI draws the schema under the docs' own policy.
    page.goto(base + "/api/docs/")
    page.locator(".swagger-ui .opblock").first.wait_for()
    assert seen == [], seen
    page.goto(base + "/api/redoc/")
    page.locator("redoc .api-content, #redoc-container .api-content").first.wait_for()
    assert seen == [], seen
