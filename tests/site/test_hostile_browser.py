"""Stored XSS on the published site (issue 15), checked in headless Chromium.

Hostile names (as a database written before the import refused markup may hold
them) and hostile rules text must stay inert on the search page (results,
filters, the Pagefind "other pages" list fed by page metadata) and on the pages
themselves. Needs /usr/bin/chromium, playwright and the pagefind binary; skips
cleanly without them (like tests/site/test_site_browser.py).
"""

from __future__ import annotations

import sqlite3

import pytest

from helpers import needs_chromium
from smashup_db.site.pagefind import find_pagefind

pytestmark = [
    needs_chromium,
    pytest.mark.long,
    pytest.mark.skipif(
        find_pagefind() is None, reason="pagefind binary missing (pip install 'pagefind[extended]')"
    ),
]

HOSTILE = {
    ("faction", "aliens"): "Aliens<img src=x onerror=alert('faction')>",
    ("product", "core-set"): "Core Set<img src=x onerror=alert('product')>",
    ("base", "the-homeworld"): "The Homeworld<img src=x onerror=alert('base')>",
    ("card", "collector"): "Collector<img src=x onerror=alert('card')>",
}
TEXT = "Aliens abduct you <img src=x onerror=alert('text')> <script>alert('script')</script>"


def _store_hostile_values(db: str) -> None:
    """Markup in names and text, written straight into the database (the import refuses them)."""
    with sqlite3.connect(db) as conn:
        for (kind, ref), name in HOSTILE.items():
            conn.execute(
                "INSERT INTO name (kind, ref, lang, origin, name, folded, confidence, evidence) "
                "VALUES (?, ?, 'en', 'translations', ?, ?, '', 'translations:old.csv')",
                (kind, ref, name, name.lower()),
            )
        conn.execute(
            "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES ('card', 'collector', 'en', ?, ?)",
            (TEXT, "test <b>source</b>"),
        )


@pytest.fixture(scope="module")
def hostile_site(site_build, preview):
    """A full site with search, built (once per session) from a database holding markup in names and text,
    served on loopback."""
    built = site_build("hostile", langs="en", prepare=_store_hostile_values)
    assert built.result.search
    return preview(built.folder)


def injected(page) -> int:
    """Elements the hostile values would create if they were parsed as HTML."""
    return page.evaluate("""document.querySelectorAll('img[src="x"], [onerror]').length
                            + [...document.scripts].filter(s => s.textContent.includes("alert(")).length""")


def test_stored_xss_search_page_runs_no_script(hostile_site, browser):
    dialogs: list[str] = []
    page = browser.new_page()
    try:
        page.set_default_timeout(20_000)

        def on_dialog(dialog):
            dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        page.goto(f"{hostile_site}/en/search/?q=collector")
        page.wait_for_selector("#results li")
        results = page.locator("#results").inner_text()
        assert "Collector<img src=x onerror=alert('card')>" in results  # a result name, as text
        page.goto(f"{hostile_site}/en/search/?q=t:minion")
        page.wait_for_selector("#results li")
        factions = page.locator("#f-faction").inner_text()
        assert "Aliens<img src=x onerror=alert('faction')>" in factions  # a filter value, as text
        page.goto(
            f"{hostile_site}/en/search/?q=Core"
        )  # plain words: other pages by name, Pagefind on request
        page.wait_for_selector("#pages li", state="attached")
        assert (
            "Core Set<img src=x onerror=alert('product')>" in page.locator("#pages").inner_text()
        )  # as text
        page.click("#pf-more")
        page.wait_for_selector("#search-app[data-pf-done]", state="attached")
        page.wait_for_timeout(1500)  # give an injected <img src=x> time to fail and fire onerror
        assert dialogs == [] and injected(page) == 0, dialogs
        assert (
            "Aliens‹img src=x onerror=alert('faction')›" in page.locator("#pages").inner_text()
        )  # Pagefind's title
        for path in (
            "/en/factions/aliens/",
            "/en/cards/collector/",
            "/en/products/core-set/",
            "/en/bases/the-homeworld/",
        ):
            page.goto(hostile_site + path)
            page.wait_for_timeout(300)
            assert injected(page) == 0, path
            assert "<img src=x" in page.locator("h1").inner_text(), path  # shown as text
    finally:
        page.close()
    assert dialogs == []


def test_stored_xss_autocomplete_runs_no_script(hostile_site, browser):
    """Hostile names reach the header's autocomplete (assets/complete.json) as text only."""
    dialogs: list[str] = []
    page = browser.new_page()
    try:
        page.set_default_timeout(20_000)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(f"{hostile_site}/en/factions/")
        page.locator("#top-q").focus()
        page.wait_for_selector("#top-q[role=combobox]", state="attached")
        page.locator("#top-q").press_sequentially("Collector", delay=20)
        page.wait_for_selector("#top-q-list [role=option]")
        assert (
            "Collector<img src=x onerror=alert('card')>" in page.locator("#top-q-list").inner_text()
        )
        page.wait_for_timeout(1000)  # give an injected <img src=x> time to fail and fire onerror
        assert injected(page) == 0 and dialogs == [], dialogs
    finally:
        page.close()
