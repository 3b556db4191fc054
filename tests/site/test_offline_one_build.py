"""An offline copy of the site is always one build: after a rebuild that renames a faction, every page the
service worker keeps, and the search index, is the new build's file (headless Chromium over http).

The first build's files are dated a year back, as a site published long ago: a browser may then answer
them from its HTTP cache for weeks (heuristic freshness from Last-Modified) unless the server says
``Cache-Control: no-cache`` and the worker fetches with revalidation.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
import urllib.request
from pathlib import Path

import pytest

from helpers import make_db, needs_chromium
from smashup_db.site import build_site

NEW_NAME = "Xenomorphs Zeta"
PAGES = ("/en/", "/en/factions/", "/en/factions/aliens/", "/en/search/")


def _age(folder: Path, seconds: float) -> None:
    then = time.time() - seconds
    for root, _dirs, files in os.walk(folder):
        for f in files:
            os.utime(os.path.join(root, f), (then, then))


def _cached(page) -> dict[str, str]:
    """Every entry of every cache of the worker: address -> body text."""
    return page.evaluate(
        "async () => { const out = {}; for (const k of await caches.keys()) { const c = await caches.open(k);"
        " for (const r of await c.keys()) { out[r.url] = await (await c.match(r)).text(); } } return out; }"
    )


def _until(page, script: str, arg=None, seconds: float = 90) -> None:
    """Wait until the async ``script`` (run with ``arg``) gives true; ``wait_for_function`` would take the
    promise an async function returns for true at once."""
    end = time.monotonic() + seconds
    while not page.evaluate(script, arg):
        assert time.monotonic() < end, (
            script,
            page.url,
            _cached_keys(page),
            page.evaluate(
                "navigator.serviceWorker.getRegistration().then(r => [r.active && r.active.state,"
                " r.waiting && r.waiting.state, r.installing && r.installing.state])"
            ),
        )
        page.wait_for_timeout(200)


def _cached_keys(page) -> dict[str, list[str]]:
    return page.evaluate(
        "async () => { const out = {}; for (const k of await caches.keys())"
        " out[k] = (await (await caches.open(k)).keys()).map(r => r.url); return out; }"
    )


def _visit(page, url: str) -> None:
    page.goto(url + PAGES[0])
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    for path in PAGES:  # through the worker, which keeps each answer
        page.goto(url + path)
    page.goto(url + "/en/search/?q=aliens")  # a query fetches the search index (only a query does)
    _until(
        page,
        "async (ps) => { const ks = await caches.keys(); if (ks.length !== 1) return false;"
        " const c = await caches.open(ks[0]);"
        " for (const p of ps) if (!(await c.match(p))) return false; return true; }",
        [*PAGES, "/assets/search-en.json"],
    )


def test_site_serve_asks_the_browser_to_revalidate(catalogue_site, preview):
    url = preview(catalogue_site.folder)
    for path in ("/en/", "/assets/search-en.json", "/sw.js"):
        with urllib.request.urlopen(url + path) as res:
            assert res.headers["Cache-Control"] == "no-cache", path
            assert res.headers["Last-Modified"]


@needs_chromium
@pytest.mark.long
def test_offline_copy_after_a_rebuild_holds_only_the_new_build(browser, preview, tmp_path):
    db = make_db(tmp_path / "cat.db")
    out = tmp_path / "site"
    build_site(out, "en", "/", db, search=False)
    _age(out, 365 * 86400)
    url = preview(out)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        _visit(page, url)
        with sqlite3.connect(db) as conn:
            conn.execute(
                "UPDATE name SET name = ? WHERE kind = 'faction' AND ref = 'aliens' AND lang = 'en'",
                (NEW_NAME,),
            )
        build_site(out, "en", "/", db, search=False)
        build = re.search(r'var BUILD = "([^"]+)"', (out / "sw.js").read_text(encoding="utf-8"))[1]
        page.goto(url + "/en/")  # the browser finds the new worker, which installs its cache
        _until(page, "async (k) => (await caches.keys()).includes(k)", "smashup-" + build)
        for _ in range(20):  # a page left is a client less: the new worker takes over
            page.goto("about:blank")
            page.wait_for_timeout(500)
            page.goto(url + "/en/")
            if page.evaluate("caches.keys()") == ["smashup-" + build]:
                break
        _until(
            page,
            "async (k) => { const ks = await caches.keys(); return ks.length === 1 && ks[0] === k; }",
            "smashup-" + build,
        )
        _visit(page, url)
        ctx.set_offline(True)
        cached = _cached(page)
        assert len(cached) >= len(PAGES) + 1
        stale = []
        for address, body in cached.items():
            path = address.split("?", 1)[0][len(url) :]
            file = out / path.lstrip("/")
            if path.endswith("/"):
                file = file / "index.html"
            if file.read_text(encoding="utf-8") != body:
                stale.append(path)
        assert not stale, stale  # every kept copy is the new build's file
        index = cached[url + "/assets/search-en.json"]
        assert NEW_NAME in index
        page.goto(url + "/en/factions/aliens/")
        assert NEW_NAME in page.locator("h1").inner_text()
    finally:
        ctx.close()
