"""The header search's autocomplete and the lean search (issue 33 items 3 and 4).

Without a browser: the names index (``assets/complete.json``) holds every card, base, faction and product
with a page, in both languages, within 60 KB gzip; the search index comes in two files (names and facts,
rules text) that together hold exactly the documents of the CLI's index. In headless Chromium (long): the
autocomplete offers "Cesium Armor" for "Cesi" and "Wechslerbots" for "Wechs", by keyboard and with the
ARIA combobox pattern, at 390 and 1280 px; no page but the search page downloads an index; the search
page fetches the rules text only for a query whose words may match it, and answers like the CLI.
"""

from __future__ import annotations

import gzip
import json
import sqlite3

import pytest

from helpers import cli_ids, needs_chromium

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def built(texted_site):
    return texted_site


@pytest.fixture(scope="module")
def site_url(built, preview):
    return preview(built.folder)


def _json(folder, name):
    return json.loads((folder / "assets" / name).read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- without a browser


def test_names_index_is_small_and_complete(built):
    folder = built.folder
    raw = (folder / "assets" / "complete.json").read_bytes()
    assert b"</" not in raw and len(gzip.compress(raw, 6)) <= 60 * 1024
    data = json.loads(raw)
    kinds = data["kinds"]
    got = {(kinds[k], ref) for k, ref, *_ in data["items"]}
    with sqlite3.connect(built.db) as conn:
        for kind in (
            "card",
            "base",
            "faction",
        ):  # every named thing with a page (unnamed ones say so)
            ids = {r[0] for r in conn.execute("SELECT ref FROM name WHERE kind = ?", (kind,))}
            pages = {p.name for p in (folder / "en" / f"{kind}s").iterdir() if p.is_dir()}
            assert {(kind, i) for i in ids & pages} <= got, kind
    by_ref = {(kinds[k], ref): (en, de, aliases) for k, ref, en, de, aliases in data["items"]}
    assert by_ref[("card", "cesium-armor")][:2] == ("Cesium Armor", "Cäsiumrüstung")
    assert by_ref[("faction", "changerbots")][:2] == ("Changerbots", "Wechslerbots")
    assert data["words"]["de"]["faction"] == "Fraktion"


def test_search_index_is_split_into_facts_and_text(built):
    folder = built.folder
    for lang in ("en", "de"):
        facts, text = (
            _json(folder, f"search-{lang}.json"),
            _json(folder, f"search-text-{lang}.json"),
        )
        assert not any(d[2] in ("text", "group") for d in facts["docs"])
        assert all(s[2] == "" for s in facts["show"])
        assert all(d[2] == "text" for d in text["docs"])
        assert len(text["excerpts"]) == len(facts["items"]) == len(facts["groups"]["of"])
        if built.has_text:
            assert text["docs"] and any(text["excerpts"])
        # every faction's name is a group document of each of its cards (written once, used by many)
        groups, keys = facts["groups"], [i[0] for i in facts["items"]]
        bodies = groups["sets"][groups["of"][keys.index("card:cesium-armor")]]
        assert ["de", "wechslerbots"] in [groups["bodies"][b] for b in bodies]
    # the facts file of the search page stays small (gzip, as a static host sends it)
    assert len(gzip.compress((folder / "assets" / "search-en.json").read_bytes(), 6)) <= 70 * 1024


def test_search_page_asks_for_its_index_before_its_stylesheet(built):
    # a script waits for the stylesheets above it: the fetch of the index for a query in the address comes
    # first in the head, so the index does not wait for site.css (issue 33 item 4, the first result)
    for lang in ("en", "de"):
        html = (built.folder / lang / "search" / "index.html").read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        fetch = head.index(f'fetch("/assets/search-{lang}.json")')
        assert fetch < head.index('<link rel="stylesheet"')
        assert head.count("<script") == 1


# --------------------------------------------------------------------------- in Chromium


def _page(browser, viewport):
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    return ctx, page


OPTIONS = "() => [...document.querySelectorAll('#top-q-list [role=option]')].map(o => o.firstChild.textContent)"


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
@pytest.mark.parametrize(
    ("lang", "typed", "offered", "path"),
    [
        ("en", "Cesi", "Cesium Armor", "/en/cards/cesium-armor/"),
        ("de", "Wechs", "Wechslerbots", "/de/factions/changerbots/"),
        ("de", "Cesi", "Cäsiumrüstung", "/de/cards/cesium-armor/"),
        ("en", "Wechs", "Changerbots", "/en/factions/changerbots/"),
    ],
)
def test_autocomplete_offers_names_by_keyboard(
    browser, site_url, viewport, lang, typed, offered, path
):
    ctx, page = _page(browser, viewport)
    try:
        page.goto(f"{site_url}/{lang}/factions/")
        box = page.locator("#top-q")
        assert box.get_attribute("role") is None  # nothing loaded before the field is used
        box.focus()
        page.wait_for_selector("#top-q[role=combobox]", state="attached")
        box.press_sequentially(typed, delay=30)
        page.wait_for_selector("#top-q-list:not([hidden]) [role=option]")
        names = page.evaluate(OPTIONS)
        assert offered in names, names
        assert box.get_attribute("aria-expanded") == "true"
        assert box.get_attribute("aria-controls") == "top-q-list"
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        for _ in range(names.index(offered) + 1):
            box.press("ArrowDown")
        active = box.get_attribute("aria-activedescendant")
        assert page.locator(f"#{active}").get_attribute("aria-selected") == "true"
        assert page.locator(f"#{active}").inner_text().startswith(offered)
        box.press("Escape")
        assert box.get_attribute("aria-expanded") == "false"
        box.press("ArrowDown")  # opens again
        page.wait_for_selector("#top-q-list:not([hidden])")
        for _ in range(names.index(offered) + 1):
            box.press("ArrowDown")
        box.press("Enter")
        page.wait_for_url(f"{site_url}{path}")
    finally:
        ctx.close()


@pytest.mark.long
@needs_chromium
def test_autocomplete_is_inert_and_axe_clean(browser, site_url):
    axe_mod = pytest.importorskip("axe_playwright_python.sync_playwright", exc_type=ImportError)
    ctx, page = _page(browser, PHONE)
    try:
        page.goto(f"{site_url}/de/cards/")
        page.locator("#top-q").focus()
        page.wait_for_selector("#top-q[role=combobox]", state="attached")
        page.locator("#top-q").press_sequentially("<img src=x onerror=alert(1)>cth", delay=5)
        page.locator("#top-q").fill("cthulhu")
        page.wait_for_selector("#top-q-list:not([hidden]) [role=option]")
        assert page.locator("#top-q-list img").count() == 0
        results = axe_mod.Axe().run(page)
        bad = [
            v["id"]
            for v in results.response["violations"]
            if v.get("impact") in ("serious", "critical")
        ]
        assert not bad, bad
    finally:
        ctx.close()


def _visit(browser, url: str, ready: str = "") -> list[str]:
    """The URLs a fresh visit fetched until it settled."""
    ctx, page = _page(browser, PHONE)
    urls: list[str] = []
    page.on("requestfinished", lambda r: urls.append(r.url))
    try:
        page.goto(url, wait_until="load")
        if ready:
            page.wait_for_selector(ready, state="attached")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        page.wait_for_load_state("networkidle")
        return urls
    finally:
        ctx.close()


@pytest.mark.long
@needs_chromium
def test_only_the_search_page_downloads_an_index_and_text_only_for_text(browser, site_url):
    def index_files(urls):
        return sorted(
            u.rsplit("/", 1)[1]
            for u in urls
            if "/assets/search-" in u or u.endswith(("/complete.json", "/names.json"))
        )

    for path in ("/en/", "/de/", "/de/cards/cesium-armor/", "/en/factions/ninjas/", "/en/play/"):
        assert index_files(_visit(browser, site_url + path)) == [], path
    done = "#search-app[data-done]"
    assert index_files(_visit(browser, site_url + "/en/search/?q=n%3Acesium", done)) == [
        "search-en.json"
    ]
    assert index_files(
        _visit(browser, site_url + "/de/search/?q=t%3Akreatur+f%3Aninjas", done)
    ) == ["search-de.json"]
    assert index_files(_visit(browser, site_url + "/en/search/?q=leader", done)) == [
        "search-en.json",
        "search-text-en.json",
    ]


@pytest.mark.long
@needs_chromium
def test_names_first_then_text_gives_the_cli_answer(browser, site_url, built, smashup_cli):
    ctx, page = _page(browser, PHONE)
    try:
        for query in ("cesium armor", "leader", "o:destroy", "-leader t:base", "n:ninja"):
            page.goto(f"{site_url}/en/search/?q=" + query.replace(" ", "+").replace(":", "%3A"))
            page.wait_for_function(
                "q => document.getElementById('search-app').dataset.done === q", arg=query
            )
            got = page.evaluate("window.SmashResults")
            assert got == cli_ids(
                lambda *a: smashup_cli(*a[:-2], "--db", built.db, *a[-2:]), query
            ), query
    finally:
        ctx.close()
