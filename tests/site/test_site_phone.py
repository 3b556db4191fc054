"""The phone-first site (issue 22) in headless Chromium at 390×844 and 1280×800, both languages.

Every page kind fits the screen (no sideways scroll, no table wider than its box), the phone menu
opens (mouse, keyboard, without script), "did you mean" answers a typo like ``smashup search``,
and the search page's first load stays small (≤ 300 KB in ≤ 15 requests, as sent by the preview
server, which compresses like a static host). Needs /usr/bin/chromium and playwright (skips without).
The preview server's compression itself is checked without a browser.
"""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request

import pytest

from helpers import needs_chromium
from smashup_db.site.pagefind import find_pagefind

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: One page of every kind (path under /<lang>/); the card has an erratum, the base a German edition.
PAGE_KINDS = {
    "home": "",
    "products": "products/",
    "product": "products/cease-and-desist/",
    "product-cards": "products/smash-up-disney-edition/cards/",
    "factions": "factions/",
    "factions-a-z": "factions/a-z/",
    "faction": "factions/changerbots/",
    "faction-long": "factions/time-travelers/",
    "checklist": "factions/changerbots/checklist/",
    "cards": "cards/",
    "card-rulings": "cards/cesium-armor/",
    "card-unnamed": "cards/mad-scientists-titan/",
    "bases": "bases/",
    "base": "bases/uss-undertaking/",
    "base-2": "bases/the-homeworld/",
    "rules": "rules/",
    "glossary": "glossary/",
    "downloads": "downloads/",
    "translations": "translations/",
    "search": "search/?q=t%3Aminion+f%3Aninjas",
    "search-none": "search/?q=Shogoth",
    "syntax": "search/syntax/",
}
#: Sideways overflow of the document and of each table's box, in CSS pixels (0 when everything fits).
OVERFLOW = """() => {
  const d = document.documentElement, out = {};
  if (d.scrollWidth > d.clientWidth) out.document = d.scrollWidth;
  document.querySelectorAll('table').forEach((t, i) => {
    const box = t.closest('.tbl, .scroll') || t.parentElement;
    if (box.scrollWidth > box.clientWidth || t.getBoundingClientRect().right > d.clientWidth + 0.5)
      out['table ' + i] = [box.clientWidth, box.scrollWidth];
  });
  return out;
}"""


@pytest.fixture(scope="module")
def built(texted_site):
    """The session's full site (read only) and its database."""
    return texted_site.db, texted_site.folder


@pytest.fixture(scope="module")
def site_url(built, preview):
    return preview(built[1])


# --------------------------------------------------------------------------- the preview server (no browser)


def test_preview_server_sends_text_compressed_like_a_static_host(site_url, built):
    raw = (built[1] / "assets" / "search-en.json").read_bytes()
    req = urllib.request.Request(
        f"{site_url}/assets/search-en.json", headers={"Accept-Encoding": "gzip, br"}
    )
    with urllib.request.urlopen(req) as res:
        assert (
            res.headers["Content-Encoding"] == "gzip" and res.headers["Vary"] == "Accept-Encoding"
        )
        body = res.read()
    assert gzip.decompress(body) == raw and len(body) < len(raw) / 3
    with urllib.request.urlopen(
        f"{site_url}/assets/search-en.json"
    ) as res:  # no Accept-Encoding: as stored
        assert res.headers.get("Content-Encoding") is None and res.read() == raw
    req = urllib.request.Request(f"{site_url}/en/", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req) as res:
        assert gzip.decompress(res.read()) == (built[1] / "en" / "index.html").read_bytes()
    req = urllib.request.Request(f"{site_url}/en", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req) as res:  # a folder without its slash is still redirected
        assert res.url.endswith("/en/")


def test_preview_server_answers_a_current_copy_with_304_like_a_static_host(site_url):
    """A revalidation (``If-Modified-Since`` from the copy's ``Last-Modified``) of a compressed file is
    answered 304 without a body, as a static host does (the service worker revalidates every file the
    page has fetched); an older copy gets the file."""
    req = urllib.request.Request(f"{site_url}/en/", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req) as res:
        stamp = res.headers["Last-Modified"]
    req = urllib.request.Request(
        f"{site_url}/en/", headers={"Accept-Encoding": "gzip", "If-Modified-Since": stamp}
    )
    with pytest.raises(urllib.error.HTTPError) as answer:  # urllib raises for a 304
        urllib.request.urlopen(req)
    assert answer.value.code == 304 and answer.value.read() == b""
    old = "Thu, 01 Jan 1970 00:00:00 GMT"
    req = urllib.request.Request(
        f"{site_url}/en/", headers={"Accept-Encoding": "gzip", "If-Modified-Since": old}
    )
    with urllib.request.urlopen(req) as res:
        assert res.status == 200 and gzip.decompress(res.read()).startswith(b"<!doctype")


# --------------------------------------------------------------------------- browser


def _page(browser, viewport, **kw):
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1, **kw)
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    return ctx, pg


@pytest.fixture
def phone(browser):
    ctx, pg = _page(browser, PHONE)
    yield pg
    ctx.close()


def _settle(page, path: str) -> None:
    if "search/?q=" in path:
        page.wait_for_selector("#search-app[data-done]", state="attached")


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_kind_fits_without_clipped_tables(browser, site_url, lang, viewport):
    ctx, page = _page(browser, viewport)
    wide = {}
    try:
        for kind, path in PAGE_KINDS.items():
            page.goto(f"{site_url}/{lang}/{path}")
            _settle(page, path)
            found = page.evaluate(OVERFLOW)
            if found:
                wide[kind] = found
        page.goto(f"{site_url}/")
        assert not page.evaluate(OVERFLOW)
    finally:
        ctx.close()
    assert not wide, wide


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("lang", ["en", "de"])
def test_share_page_fits_a_phone(browser, built, tmp_path, lang, preview, smashup_cli):
    folder = tmp_path / "share"
    folder.mkdir()
    res = smashup_cli(
        "draft",
        "-p",
        "Anna,Ben,Cleo,Dana",
        "--auto",
        "--seed",
        "7",
        "--format-out",
        "html",
        "--out",
        folder / "index.html",
        "--lang",
        lang,
        "--db",
        built[0],
    )
    assert res.exit_code == 0, res.output
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        in (folder / "index.html").read_text()
    )
    url = preview(folder)
    for viewport in (PHONE, DESKTOP):
        ctx, page = _page(browser, viewport)
        page.goto(url + "/")
        assert not page.evaluate(OVERFLOW), viewport
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        ctx.close()


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("lang", ["en", "de"])
def test_phone_menu_opens_with_mouse_keyboard_and_without_script(browser, site_url, lang):
    labels = {"en": ("Menu", "Factions"), "de": ("Menü", "Fraktionen")}[lang]
    for js in (True, False):
        ctx, page = _page(browser, PHONE, java_script_enabled=js)
        page.goto(f"{site_url}/{lang}/factions/changerbots/")
        sheet = page.locator("header details.menu-sheet")
        assert sheet.locator("summary").inner_text().strip() == labels[0]
        link = sheet.locator("nav a", has_text=labels[1])
        assert not link.is_visible()
        sheet.locator("summary").click()
        assert link.is_visible() and link.bounding_box()["height"] >= 44
        assert link.get_attribute("href") == f"/{lang}/factions/"
        assert not page.evaluate(OVERFLOW)
        sheet.locator("summary").click()
        assert not link.is_visible()
        ctx.close()
    ctx, page = _page(browser, PHONE)
    page.goto(f"{site_url}/{lang}/")
    page.focus("header details.menu-sheet summary")
    page.keyboard.press("Enter")
    assert page.locator("header details.menu-sheet").get_attribute("open") is not None
    page.keyboard.press("Tab")  # the first menu link takes the focus next
    assert page.evaluate("document.activeElement.closest('details.menu-sheet nav') !== null")
    ctx.close()
    ctx, page = _page(browser, DESKTOP)
    page.goto(f"{site_url}/{lang}/")
    assert not page.locator("header details.menu-sheet").is_visible()
    assert page.locator("header nav.menu a", has_text=labels[1]).is_visible()
    ctx.close()


def _cli_suggestions(run_cli, db: str, query: str, lang: str) -> list[str]:
    res = run_cli("search", query, "--json", "--lang", lang, "--db", db)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)["did_you_mean"]


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("lang", ["en", "de"])
def test_did_you_mean_in_the_browser_offers_what_the_cli_offers(
    phone, site_url, built, lang, smashup_cli
):
    phone.goto(f"{site_url}/{lang}/search/?q=Shogoth")
    phone.wait_for_selector("#dym a")
    assert phone.locator("#dym a").first.inner_text() == "Shoggoth"
    assert (
        phone.locator("#dym")
        .inner_text()
        .startswith({"en": "Did you mean:", "de": "Meintest du:"}[lang])
    )
    diffs = []
    for query in (
        "Shogoth",
        "Cäsiumrüstng",
        "cesium armr",
        "ninjs",
        "name:shogoth",
        "t:minion shogoth",
        "xqzvwk",
        "Zauberlehrlinx",
        "Suprme Overlord",
    ):
        phone.fill("#q", query)
        phone.wait_for_function(
            "q => document.getElementById('search-app').dataset.done === q", arg=query
        )
        phone.wait_for_selector("#search-app[data-dym]", state="attached")
        got = phone.get_attribute("#search-app", "data-dym")
        got = got.split("|") if got else []
        if got != _cli_suggestions(smashup_cli, built[0], query, lang):
            diffs.append((query, got, _cli_suggestions(smashup_cli, built[0], query, lang)))
    assert not diffs, diffs
    phone.fill("#q", "Shogoth")
    phone.wait_for_function(
        "() => document.getElementById('search-app').dataset.dym === 'Shoggoth'"
    )
    phone.click("#dym a")
    phone.wait_for_function(
        "() => document.getElementById('search-app').dataset.done === 'Shoggoth'"
    )
    assert phone.locator("#results li.hit").count() >= 1 and phone.locator("#dym").is_hidden()


def _first_load(browser, url: str, ready: str) -> tuple[int, int, list[str]]:
    """Requests and bytes (bodies as sent plus headers) of one fresh visit, until it has settled."""
    ctx, page = _page(browser, PHONE)
    done = []
    page.on("requestfinished", lambda request: done.append(request))
    try:
        page.goto(url, wait_until="load")
        if ready:
            page.wait_for_selector(ready, state="attached")
        page.wait_for_load_state("networkidle")
        size = sum(r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"] for r in done)
        return len(done), size, [r.url for r in done]
    finally:
        ctx.close()


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("lang", ["en", "de"])
def test_search_page_first_load_is_light(browser, site_url, lang):
    for query, ready in (
        ("", ""),
        ("?q=ninja", "#search-app[data-done]"),
        ("?q=t%3Aminion+f%3Aninjas", "#search-app[data-done]"),
        ("?q=Shogoth", "#search-app[data-dym]"),
    ):
        n, size, urls = _first_load(browser, f"{site_url}/{lang}/search/{query}", ready)
        assert n <= 15 and size <= 300 * 1024, (query, n, size // 1024, urls)
        assert not any("/pagefind/" in u for u in urls), urls  # Pagefind only when asked for
        if not query:
            assert not any("search-" in u for u in urls), urls  # no index before the field is used


@pytest.mark.long
@needs_chromium
@pytest.mark.skipif(
    find_pagefind() is None, reason="pagefind binary missing (pip install 'pagefind[extended]')"
)
def test_other_pages_by_name_at_once_and_by_text_on_request(phone, site_url):
    phone.goto(f"{site_url}/de/search/?q=Zerst%C3%B6rungswert")
    phone.wait_for_selector("#search-app[data-done]", state="attached")
    assert phone.locator("#pf-more").is_visible()
    phone.click("#pf-more")
    phone.wait_for_selector("#search-app[data-pf-done]", state="attached")
    hrefs = phone.eval_on_selector_all("#pages li a", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.endswith("/de/glossary/") for h in hrefs), hrefs
    assert not any("/cards/" in h or "/bases/" in h for h in hrefs), hrefs
    phone.goto(f"{site_url}/en/search/?q=ninja")
    phone.wait_for_selector("#pages:not([hidden]) li a")
    assert (
        phone.locator("#pages li a", has_text="Ninjas").get_attribute("href")
        == "/en/factions/ninjas/"
    )
