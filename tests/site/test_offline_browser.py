"""Offline after one visit, and the visitor's boxes (issue 22), in headless Chromium over http.

The service worker needs http(s): the built site is served by the package's own server on a free port.
"""

from __future__ import annotations

import pytest

from helpers import needs_chromium
from smashup_db.userdata.boxcode import encode

pytestmark = [needs_chromium, pytest.mark.long]


@pytest.fixture(scope="module")
def site_url(texted_site, preview):
    return preview(texted_site.folder)


def _cached(page, path: str) -> bool:
    return page.evaluate(
        "async (p) => { for (const k of await caches.keys()) { const c = await caches.open(k);"
        " if (await c.match(p)) return true; } return false; }",
        path,
    )


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]
)
def test_offline_after_one_visit(browser, site_url, viewport):
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(site_url + "/de/")
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
            " || navigator.serviceWorker.ready.then(() => true)"
        )
        page.goto(site_url + "/de/factions/aliens/")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        for path in (
            "/de/factions/aliens/",
            "/de/search/",
            "/assets/query.js",
        ):
            page.wait_for_function(
                "async (p) => { for (const k of await caches.keys()) {"
                " if (await (await caches.open(k)).match(p)) return true; } return false; }",
                arg=path,
            )
        manifest = page.evaluate(
            "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
        )
        assert (
            manifest["icons"]
            and manifest["start_url"] == "/"
            and manifest["display"] == "standalone"
        )
        # no page but the search page downloads an index; one search online keeps it for offline use
        assert not _cached(page, "/assets/search-de.json")
        page.goto(site_url + "/de/search/?q=n%3Ainvasion")
        page.wait_for_selector("#search-app[data-done]", state="attached")
        page.wait_for_function(
            "async (p) => { for (const k of await caches.keys()) {"
            " if (await (await caches.open(k)).match(p)) return true; } return false; }",
            arg="/assets/search-de.json",
        )
        ctx.set_offline(True)
        page.goto(site_url + "/de/factions/aliens/")
        assert page.locator("h1").inner_text().strip()
        page.goto(site_url + "/de/search/?q=t%3Akreatur+f%3Aaliens")
        page.wait_for_function("document.querySelectorAll('#results li').length > 0")
        assert page.locator("#results li").count() >= 4
    finally:
        ctx.close()


def test_a_game_starts_offline_after_one_visit_of_the_play_page(browser, site_url):
    """The table's files stay out of the play page's first load but are kept for offline use after it, so
    "Start the game" works without a connection (at a game night without network)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    files = ("play-table.css", "play-score-en.js", "play-score.js", "play-table.js")
    try:
        page.goto(site_url + "/en/play/")
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        for name in files:
            page.wait_for_function(
                "async (p) => { for (const k of await caches.keys()) {"
                " if (await (await caches.open(k)).match(p)) return true; } return false; }",
                arg="/assets/" + name,
            )
        ctx.set_offline(True)
        page.goto(site_url + "/en/play/?players=Anna,Ben,Cleo&seed=7&auto=1")
        page.wait_for_selector("#play-app[data-state=done]", state="attached")
        page.click("#start-game")
        page.wait_for_selector("#table-state", state="attached")
        assert page.locator("#table section.tbase").count() >= 4
    finally:
        ctx.close()


def test_boxes_code_marks_owned_and_leads_with_the_german_printing(browser, site_url):
    code = encode({"the-obligatory-cthulhu-set": "german", "core-set": None})
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(site_url + f"/de/boxes/?c={code}")
        page.wait_for_function("document.querySelectorAll('#code-boxes li').length === 2")
        page.goto(
            site_url + "/de/bases/arkham-university/"
        )  # kept in localStorage: no ?c= any more
        page.wait_for_selector(".owned-mark.yes")
        lead = page.locator('.printing-lead[data-printing="german"]')
        assert lead.is_visible() and "deutsche" in lead.inner_text().lower()
        assert page.locator('.printing-lead[data-printing="original"]').is_hidden()
        page.goto(
            site_url + "/de/bases/the-homeworld/"
        )  # owned, no printing recorded: current facts only
        page.wait_for_selector(".owned-mark.yes")
        assert page.locator(".printing-lead:visible").count() == 0
        page.goto(site_url + "/de/products/")
        assert page.locator('main a.owned[href$="/products/core-set/"]').count() >= 1
        page.goto(site_url + "/de/search/?q=owned%3Ayes+t%3Abasis")
        page.wait_for_function("document.querySelectorAll('#results li').length > 0")
        n_owned = page.locator("#results li").count()
        page.goto(site_url + "/de/search/?q=owned%3Ayes+printing%3Agerman+t%3Abasis")
        page.wait_for_function("document.querySelectorAll('#results li').length > 0")
        n_owned_german = page.locator("#results li").count()
        assert 0 < n_owned_german <= n_owned
        # the German pages show the German edition of what no code decides, where a German box holds it
        page.goto(site_url + "/de/search/?q=printing%3Agerman+t%3Abasis")
        page.wait_for_function("document.querySelectorAll('#results li').length > 0")
        assert page.locator("#results li").count() > n_owned_german
        page.goto(
            site_url + "/de/bases/the-mothership/?c=" + encode({"smash-up-marvel": None})
        )  # a shared link
        page.wait_for_selector(".owned-mark.no")
        page.goto(site_url + "/de/boxes/?c=" + code)
        page.wait_for_function("document.querySelectorAll('#code-boxes li').length === 2")
        page.click("#code-clear")
        page.goto(site_url + "/de/bases/the-homeworld/")
        assert page.locator(".owned-mark").is_hidden()
    finally:
        ctx.close()
