"""The site's search page in Chromium finds names typed with other spaces, hyphens or "ae/oe/ue"
spellings (``assets/fold.js`` loaded before ``assets/query.js``), as ``smashup search`` does."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from helpers import needs_chromium

pytestmark = [needs_chromium, pytest.mark.long]

#: Query -> a card page its results must list (the German site; a faction's first card).
EXPECTED = {
    "Wechsler-Bots": "/de/cards/leader-two/",
    "Wechsler Bots": "/de/cards/leader-two/",
    "Caesiumruestung": "/de/cards/cesium-armor/",
    "cäsium rüstung": "/de/cards/cesium-armor/",
    "Schmusekaetzchen": "/de/cards/queen-fluffy/",
    "Kungfu Kämpfer": "/de/cards/dragon-warrior/",
    "Astro Knights": "/de/cards/space-knight/",
}


def test_typed_spellings_on_the_search_page(browser, preview, catalogue_site):
    url = preview(catalogue_site.folder)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    try:
        for query, href in EXPECTED.items():
            page.goto(f"{url}/de/search/?q={quote(query)}")
            page.wait_for_function(
                "q => document.getElementById('search-app').dataset.done === q", arg=query
            )
            links = page.locator("#results a").evaluate_all("as => as.map(a => a.href)")
            assert links, query
            assert any(href in link for link in links), (query, links[:3])
        assert page.evaluate("typeof SmashFold.key") == "function"
        assert page.evaluate("SmashFold.key('Caesiumruestung')") == "casiumrustung"
    finally:
        ctx.close()
