"""Browser tests of the built site in headless Chromium (system package) with Playwright.

Needs: the ``chromium`` system package (/usr/bin/chromium) and ``pip install playwright``
(no ``playwright install``: the system browser is used); axe-core checks need
``axe-playwright-python``; the Pagefind part needs the pagefind binary. Each
skips cleanly when its tool is missing. The site is built from a catalogue with
the card archive's rules text when ../shared/data is present.

Screenshots of home, faction, card, base and search pages at 1280×900 and
390×844 in both languages are written to ``build/screens/`` for review.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from helpers import REPO, cli_ids, golden_queries, needs_chromium
from smashup_db.site.pagefind import find_pagefind

SCREENS = REPO / "build" / "screens"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

pytestmark = [needs_chromium, pytest.mark.long]
needs_pagefind = pytest.mark.skipif(
    find_pagefind() is None, reason="pagefind binary missing (pip install 'pagefind[extended]')"
)

#: One page of every kind (path under /<lang>/).
PAGE_KINDS = {
    "home": "",
    "products": "products/",
    "product": "products/cease-and-desist/",
    "product-cards": "products/smash-up-disney-edition/cards/",
    "factions": "factions/",
    "factions-a-z": "factions/a-z/",
    "faction": "factions/changerbots/",
    "checklist": "factions/changerbots/checklist/",
    "cards": "cards/",
    "card": "cards/cesium-armor/",
    "card-unnamed": "cards/mad-scientists-titan/",
    "bases": "bases/",
    "base": "bases/the-homeworld/",
    "rules": "rules/",
    "glossary": "glossary/",
    "downloads": "downloads/",
    "search": "search/?q=t%3Aminion+f%3Aninjas",
    "syntax": "search/syntax/",
}


@pytest.fixture(scope="module")
def built(texted_site):
    """The session's full site (rules text imported when available, Pagefind when installed; shared: read
    only); ``(db, folder)``."""
    return texted_site.db, texted_site.folder


@pytest.fixture(scope="module")
def site_url(built, preview):
    return preview(built[1])


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1)
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    ctx.close()


@pytest.fixture
def desktop(browser):
    ctx = browser.new_context(viewport=DESKTOP)
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    ctx.close()


def wait_search(page, query: str) -> None:
    """Wait until the search page has answered ``query``."""
    page.wait_for_function(
        "q => document.getElementById('search-app').dataset.done === q", arg=query
    )


# --------------------------------------------------------------------------- phone layout


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_page_scrolls_sideways_on_a_phone(phone, site_url, lang):
    wide = {}
    for kind, path in PAGE_KINDS.items():
        phone.goto(f"{site_url}/{lang}/{path}")
        if kind == "search":
            wait_search(phone, "t:minion f:ninjas")
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide[kind] = width
    phone.goto(f"{site_url}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not wide, wide


def test_phone_header_is_one_line_plus_search_and_targets_are_large(phone, site_url):
    phone.goto(f"{site_url}/de/factions/changerbots/")
    bar = phone.locator("header .bar").bounding_box()
    assert bar["height"] <= 56  # one line
    form = phone.locator("header form.find").bounding_box()
    assert form["y"] >= bar["y"] + bar["height"] - 1
    header = phone.locator("header").bounding_box()
    assert header["height"] <= bar["height"] + form["height"] + 20  # nothing else in the header
    small = phone.evaluate("""() => [...document.querySelectorAll('header a, header button, header input, footer nav a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.textContent.trim() || e.getAttribute('aria-label') || e.name, e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert not small, small
    for path in ("de/factions/changerbots/", "en/cards/", "en/", "de/search/?q=f%3Aninjas"):
        phone.goto(f"{site_url}/{path}")
        if "search" in path:
            wait_search(phone, "f:ninjas")
        small = phone.evaluate("""() => [...document.querySelectorAll('main li > a, main td > a, .pager a, .hit-name a')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.textContent.trim(), e.getBoundingClientRect().height]).filter(([, h]) => h < 44)""")
        assert not small, (path, small[:5])


# --------------------------------------------------------------------------- search


def test_golden_queries_in_the_browser_match_the_cli(phone, site_url, built, smashup_cli):
    db, _ = built

    def run_cli(*args):
        return smashup_cli(*args[:-2], "--db", db, *args[-2:])

    phone.goto(f"{site_url}/en/search/")
    phone.focus("#q")  # the index is fetched once the field is used
    phone.wait_for_selector("#search-app[data-ready]")
    diffs = []
    for query, must_fail in golden_queries():
        phone.fill("#q", query)
        wait_search(phone, query.strip())
        got = phone.evaluate("window.SmashResults")
        error = phone.locator("#search-status.error").count() > 0
        expected = cli_ids(run_cli, query)
        assert (expected is None) == must_fail, query
        if expected is None:
            if not (error and got is None):
                diffs.append((query, "should be an error"))
        elif got != expected:
            diffs.append((query, len(expected), None if got is None else len(got)))
        if expected:  # the first result is shown as a link to its page
            first = phone.locator("#results li.hit").first.get_attribute("data-key")
            if phone.locator("#sort").input_value() == "rel" and first != expected[0]:
                diffs.append((query, "first shown", first, expected[0]))
    assert not diffs, diffs[:10]


def test_query_in_the_url_while_typing_and_across_the_language_switch(phone, site_url):
    phone.goto(f"{site_url}/en/search/")
    phone.focus("#q")  # the index is fetched once the field is used
    phone.wait_for_selector("#search-app[data-ready]")
    phone.locator("#q").press_sequentially("t:minion f:ninjas", delay=20)
    wait_search(phone, "t:minion f:ninjas")
    assert parse_qs(urlparse(phone.url).query)["q"] == ["t:minion f:ninjas"]
    count = phone.locator("#results li.hit").count()
    assert count > 3
    phone.click("a.lang-switch[hreflang=de]")
    phone.wait_for_url(re.compile(r".*/de/search/\?q=.*"))
    wait_search(phone, "t:minion f:ninjas")
    assert phone.locator("#q").input_value() == "t:minion f:ninjas"
    assert phone.locator("#results li.hit").count() == count
    assert "Kreatur" in phone.locator("#results").inner_text()
    # a filter shows only values that occur, in the page language
    options = phone.locator("#f-type option").all_inner_texts()
    assert options[0] == "Alle Typen" and len(options) == 2 and options[1].startswith("Kreatur")


def test_search_results_are_clean_and_sortable(desktop, site_url):
    desktop.goto(f"{site_url}/en/search/?q=f%3Aninjas")
    wait_search(desktop, "f:ninjas")
    first = desktop.locator("#results li.hit").first
    meta = first.locator(".hit-meta").inner_text()
    assert "Ninjas" in meta and "Box:" in meta
    assert "named by" not in desktop.locator("#results").inner_text()
    desktop.select_option("#sort", "power")
    wait_search(desktop, "f:ninjas")
    assert "sort=power" in desktop.url
    powers = desktop.evaluate("""() => [...document.querySelectorAll('#results .hit-meta')]
        .map(m => (m.textContent.match(/Power (\\d+)/) || [])[1]).filter(Boolean).map(Number)""")
    assert powers and powers == sorted(powers, reverse=True)
    desktop.fill("#q", "pow>=4 OR (bp<20 AND t:base))")
    wait_search(desktop, "pow>=4 OR (bp<20 AND t:base))")
    assert "unexpected ')' at column 29" in desktop.locator("#search-status").inner_text()


def test_header_search_opens_results_and_card(desktop, site_url):
    desktop.goto(f"{site_url}/en/cards/cesium-armor/")
    desktop.fill("header input[name=q]", "Laser")
    desktop.press("header input[name=q]", "Enter")
    desktop.wait_for_url(re.compile(r".*/en/search/\?q=Laser$"))
    wait_search(desktop, "Laser")
    desktop.locator("#results a", has_text="Laser Sword").first.click()
    desktop.wait_for_url(re.compile(r".*/en/cards/laser-sword/$"))
    assert desktop.locator("h1").inner_text() == "Laser Sword"
    desktop.click("a.lang-switch[hreflang=de]")
    desktop.wait_for_url(re.compile(r".*/de/cards/laser-sword/$"))
    assert desktop.locator("html").get_attribute("lang") == "de"


def test_german_search_finds_german_name(desktop, site_url):
    desktop.goto(f"{site_url}/de/search/?q=C%C3%A4siumr%C3%BCstung")
    wait_search(desktop, "Cäsiumrüstung")
    link = desktop.locator("#results a", has_text="Cäsiumrüstung").first
    assert link.get_attribute("href").endswith("/de/cards/cesium-armor/")


@needs_pagefind
def test_plain_words_also_find_other_pages_with_pagefind(desktop, site_url):
    desktop.goto(f"{site_url}/de/search/?q=Glossar")
    wait_search(desktop, "Glossar")
    desktop.wait_for_selector("#pages:not([hidden]) li a")
    hrefs = desktop.eval_on_selector_all("#pages li a", "as => as.map(a => a.getAttribute('href'))")
    assert any("/de/glossary/" in h for h in hrefs), hrefs


@needs_pagefind
def test_the_text_of_other_pages_is_searched_in_the_pages_language(desktop, site_url):
    """ "Search the text of all pages" asks the page language's own Pagefind bundle (pagefind/de/): a German
    card name finds the German page of its faction, and only German pages."""
    desktop.goto(f"{site_url}/de/search/?q=C%C3%A4siumr%C3%BCstung")
    wait_search(desktop, "Cäsiumrüstung")
    desktop.click("#pf-more")
    desktop.wait_for_selector("#search-app[data-pf-done]", state="attached")
    hrefs = desktop.eval_on_selector_all("#pages li a", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.endswith("/de/factions/changerbots/") for h in hrefs), hrefs
    assert all("/de/" in h for h in hrefs), hrefs


# --------------------------------------------------------------------------- accessibility


@pytest.mark.parametrize("lang", ["en", "de"])
def test_axe_finds_no_serious_violation(desktop, site_url, lang):
    axe_mod = pytest.importorskip(
        "axe_playwright_python.sync_playwright",
        reason="axe-playwright-python not installed",
        exc_type=ImportError,
    )
    axe = axe_mod.Axe()
    found = {}
    for kind, path in PAGE_KINDS.items():
        desktop.goto(f"{site_url}/{lang}/{path}")
        if kind == "search":
            wait_search(desktop, "t:minion f:ninjas")
        result = axe.run(desktop)
        bad = [
            f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
            for v in result.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        if bad:
            found[kind] = bad
    assert not found, found


def test_skip_link_and_headings(desktop, site_url):
    desktop.goto(f"{site_url}/en/cards/cesium-armor/")
    desktop.keyboard.press("Tab")
    assert desktop.evaluate("document.activeElement.className") == "skip"
    desktop.keyboard.press("Enter")
    assert desktop.evaluate("document.activeElement.id") == "main"
    assert desktop.locator("h1").count() == 1
    assert desktop.locator("header input[name=q]").get_attribute("aria-label")


# --------------------------------------------------------------------------- screenshots


def test_screenshots_for_review(browser, site_url):
    SCREENS.mkdir(parents=True, exist_ok=True)
    shots = {
        "home": "",
        "faction": "factions/changerbots/",
        "card": "cards/cesium-armor/",
        "base": "bases/the-homeworld/",
        "search": "search/?q=t%3Aminion+f%3Aninjas",
    }
    written = []
    for size_name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        ctx = browser.new_context(viewport=viewport)
        pg = ctx.new_page()
        for lang in ("en", "de"):
            for kind, path in shots.items():
                pg.goto(f"{site_url}/{lang}/{path}")
                if kind == "search":
                    wait_search(pg, "t:minion f:ninjas")
                target = SCREENS / f"{kind}-{lang}-{size_name}.png"
                pg.screenshot(path=str(target))
                written.append(target)
        ctx.close()
    ctx = browser.new_context(viewport=PHONE, color_scheme="dark")
    pg = ctx.new_page()
    for kind in ("card", "search"):
        pg.goto(f"{site_url}/de/{shots[kind]}")
        if kind == "search":
            wait_search(pg, "t:minion f:ninjas")
        assert (
            pg.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
        )
        target = SCREENS / f"{kind}-de-phone-dark.png"
        pg.screenshot(path=str(target))
        written.append(target)
    ctx.close()
    assert len(written) == 22 and all(p.stat().st_size > 5_000 for p in written)


# --------------------------------------------------------------------------- German first


def test_german_search_finds_a_part_of_a_compound(desktop, site_url):
    """ "Rüstung" finds Cäsiumrüstung on the German site, as ``smashup search Rüstung --lang de`` does."""
    desktop.goto(f"{site_url}/de/search/?q=R%C3%BCstung")
    wait_search(desktop, "Rüstung")
    hrefs = desktop.eval_on_selector_all("#results a", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.endswith("/de/cards/cesium-armor/") for h in hrefs), hrefs


def test_root_sends_a_german_browser_to_de_and_remembers_a_choice(browser, site_url):
    ctx = browser.new_context(
        locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"}
    )
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/")
        page.wait_for_url(re.compile(r".*/de/$"))
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.locator("main h2").first.inner_text() == "Auf Deutsch erschienen"
        page.goto(f"{site_url}/?stay")  # the choice page itself: pick English there
        page.click("a[data-lang=en]")
        page.wait_for_url(re.compile(r".*/en/$"))
        page.goto(f"{site_url}/")
        page.wait_for_url(re.compile(r".*/en/$"))  # the choice wins over the browser's language
    finally:
        ctx.close()
    ctx = browser.new_context(locale="en-US")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/")
        page.wait_for_url(re.compile(r".*/en/$"))
    finally:
        ctx.close()
