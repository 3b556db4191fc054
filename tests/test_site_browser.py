"""Browser test of the built site in headless Chromium (system package) with Playwright.

Needs: the ``chromium`` system package (/usr/bin/chromium), ``pip install playwright``
(no ``playwright install``: the system browser is used) and the pagefind binary.
Skips cleanly when any of them is missing.
"""

from __future__ import annotations

import re
import shutil
import threading
from pathlib import Path

import pytest

from smashup_db.storage import open_reader
from smashup_db.site import build_site, make_server
from smashup_db.site.search import find_pagefind

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and Path(p).is_file()), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed (pip install playwright)",
                               exc_type=ImportError)

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (apt-get install -y chromium)"),
    pytest.mark.skipif(find_pagefind() is None, reason="pagefind binary missing (pip install 'pagefind[extended]')"),
]


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    """Build the full site with search and serve it on 127.0.0.1 in a thread."""
    root = tmp_path_factory.mktemp("browser")
    db = str(root / "cat.db")
    open_reader(db).close()
    result = build_site(root / "site", "en,de", "/", db)
    assert result.search
    server = make_server(root / "site", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def page(site_url):
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            pg = browser.new_page()
            pg.set_default_timeout(20_000)
            yield pg
        finally:
            browser.close()


def search(page, query: str) -> None:
    page.fill("header input[name=q]", query)
    page.press("header input[name=q]", "Enter")
    page.wait_for_selector(".pagefind-ui__result-link")


def test_search_open_result_and_switch_language(page, site_url):
    page.goto(f"{site_url}/en/")
    search(page, "Laser")
    assert "/en/search/" in page.url
    page.locator(".pagefind-ui__result-link", has_text="Laser Sword").first.click()
    page.wait_for_url(re.compile(r".*/en/cards/laser-sword/$"))
    assert page.locator("h1").inner_text() == "Laser Sword"
    page.click("a.lang-switch[hreflang=de]")
    page.wait_for_url(re.compile(r".*/de/cards/laser-sword/$"))
    assert page.locator("html").get_attribute("lang") == "de"


def test_german_search_finds_german_name(page, site_url):
    page.goto(f"{site_url}/de/")
    search(page, "Cäsiumrüstung")
    link = page.locator(".pagefind-ui__result-link", has_text="Cäsiumrüstung").first
    assert "/de/cards/cesium-armor/" in link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(r".*/de/cards/cesium-armor/$"))
    assert "Cäsiumrüstung" in page.locator("h1").inner_text()
