"""The phone-first site's pages: sizes, browsing, clean card pages, the query index (no browser).

Built once from a catalogue with the card archive's rules text and rulings when
../shared/data is present (the clean-page checks need those rulings and notes),
else from the bare catalogue.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from smashup_db.common.text import fold
from smashup_db.site.clean import public_note, public_source, says_something


@pytest.fixture(scope="module")
def site(texted_site):
    """The session's full site with rules text when available (shared: read only); ``(folder, db, has_text)``."""
    return texted_site.folder, texted_site.db, texted_site.has_text


def html(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def test_no_html_page_over_60_kb(site):
    folder = site[0]
    sizes = {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*.html")}
    assert len(sizes) > 3000
    too_big = {k: v for k, v in sizes.items() if v > 60 * 1024}
    assert not too_big, too_big


def test_cards_are_listed_per_faction_and_per_product(site):
    folder, db, _ = site
    with sqlite3.connect(db) as conn:
        product_cards = {
            pid: n
            for pid, n in conn.execute(
                "SELECT pf.product_id, COUNT(*) FROM product_faction pf JOIN card c ON c.faction_id = pf.faction_id"
                " GROUP BY pf.product_id"
            )
        }
    for pid, n in product_cards.items():
        page = html(folder, f"en/products/{pid}/cards")
        assert len(set(re.findall(r'href="/en/cards/([a-z0-9-]+)/"', page))) == n, pid
        assert f'href="/en/products/{pid}/cards/"' in html(folder, f"en/products/{pid}")
    index = html(folder, "de/cards")
    assert (
        'href="/de/products/core-set/cards/"' in index
        and 'href="/de/factions/changerbots/"' in index
    )


def test_factions_a_to_z_and_release_order(site):
    folder = site[0]
    az = html(folder, "de/factions/a-z")
    anchors = re.findall(r'<li><a href="/de/factions/[a-z0-9-]+/">(.*?)</a>', az)
    names = [re.sub(r"<abbr.*?</abbr>|<[^>]+>", "", a) for a in anchors]
    assert len(names) > 100
    assert [fold(n) for n in names] == sorted(fold(n) for n in names)
    assert 'href="/de/factions/a-z/"' in html(folder, "de/factions")


def test_card_pages_have_previous_and_next_in_their_faction(site):
    folder = site[0]
    page = html(folder, "en/cards/cesium-armor")
    prev = re.search(r'<a rel="prev" href="/en/cards/([a-z0-9-]+)/"', page).group(1)
    nxt = re.search(r'<a rel="next" href="/en/cards/([a-z0-9-]+)/"', page).group(1)
    faction = html(folder, "en/factions/changerbots")
    order = re.findall(r'<li[^>]*><a href="/en/cards/([a-z0-9-]+)/"', faction)
    i = order.index("cesium-armor")
    assert order[i - 1] == prev and order[i + 1] == nxt
    first = html(folder, f"en/cards/{order[0]}")
    assert 'rel="prev"' not in first and 'rel="next"' in first


def test_faction_pages_link_their_bases_and_boxes(site):
    page = html(site[0], "en/factions/aliens")
    assert 'href="/en/bases/the-homeworld/"' in page and 'href="/en/products/core-set/"' in page


def test_pages_carry_no_internal_notes_empty_errata_or_placeholder_names(site):
    folder, _, has_text = site
    bad = []
    for path in folder.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for pattern in (
            "named by",
            "kadsuno",
            "smashup-catalog.json",
            "smashup-bases.json",
            "Erratum</b>: Yes/No",
            "Erratum</b>: Yes, Wording<",
            "(name unknown)",
            "(Name unbekannt)",
            ">TBA<",
        ):
            if pattern in text:
                bad.append((path.relative_to(folder).as_posix(), pattern))
    assert not bad, bad[:10]
    if has_text:  # its imported text is only "TBA": shown as no text
        assert "TBA" not in html(folder, "en/cards/begin-the-summoning-smash-up-all-stars")
    bride = html(folder, "en/cards/mad-scientists-titan")  # named now (printed card, zhuanggenhua)
    assert "The Bride" in bride and "Name not known" not in bride
    if has_text:
        base = html(
            folder, "en/bases/avengers-tower"
        )  # Sultan's Palace has stats now (zhuanggenhua)
        assert "No source gives this base&#39;s breakpoint" in base and "unknown" in base
        card = html(folder, "en/cards/cesium-armor")
        # one source line for text and rulings, linked to the faction's page at the source (issue 22)
        assert card.count('<p class="src">') == 1, card
        assert (
            'Source: <a href="https://smashup-rulebook.alderac.com/wiki/Changerbots" rel="external">Smash Up faction card catalog</a>'
            in card
        )
        assert "Main_Page" not in card and "Erratum" in card
        base = html(folder, "en/bases/tortuga")
        assert 'href="https://smashup-rulebook.alderac.com/wiki/Pirates"' in base


def test_unknown_is_not_none(site):
    folder = site[0]
    action = html(folder, "en/cards/cesium-armor")
    assert "<dt>Power</dt>" not in action  # an action has no power: nothing to say
    base = html(folder, "de/bases/avengers-tower")
    assert '<dt>Zerstörungswert</dt><dd><i class="unknown">unbekannt</i>' in base


def test_clean_helpers():
    for flag in (
        "Yes, Wording",
        "Yes/No",
        " ",
        "Yes - Functional",
        "Yes, Wording (timing)",
        "Unknown",
        "See source",
        "Yes",
        "No",
    ):
        assert not says_something(flag), flag
    assert says_something("Yes, Functional (+1 power changed to +2)")
    assert (
        public_source("smashup-catalog.json (Smash Up faction card catalog)")
        == "Smash Up faction card catalog"
    )
    assert public_source("notes.json") == "" and public_source("AEG FAQ") == "AEG FAQ"
    assert public_note("named by kadsuno-factions/x.json; no source has its breakpoint or VP") == ""
    assert public_note("Printed with a typo") == "Printed with a typo"


def test_look_favicon_marks_dark_mode_print(site):
    folder = site[0]
    css = (folder / "assets" / "site.css").read_text(encoding="utf-8")
    assert "prefers-color-scheme:dark" in css and "@media print" in css
    assert (folder / "assets" / "favicon.svg").read_text().startswith("<svg")
    for mark in ("minion", "action", "titan", "base", "other"):
        assert (folder / "assets" / "marks" / f"{mark}.svg").is_file()
    page = html(folder, "de/cards/cesium-armor")
    assert 'rel="icon"' in page and 'class="skip" href="#main"' in page and 'id="main"' in page
    assert 'aria-label="Karten, Basen, Fraktionen suchen"' in page


def test_syntax_page_in_both_languages_linked_from_search(site):
    folder = site[0]
    for lang, word in (("en", "Combining"), ("de", "Kombinieren")):
        page = html(folder, f"{lang}/search/syntax")
        assert word in page and "t:minion" in page or "t:kreatur" in page
        assert f'href="/{lang}/search/syntax/"' in html(folder, f"{lang}/search")
        assert f'href="/{lang}/search/syntax/"' in html(folder, f"{lang}/cards/cesium-armor")


def test_query_index_shape_and_escaping(site):
    folder, db, _ = site
    for lang in ("en", "de"):
        raw = (folder / "assets" / f"search-{lang}.json").read_text(encoding="utf-8")
        assert "</" not in raw
        index = json.loads(raw)
        with sqlite3.connect(db) as conn:
            n = conn.execute(
                "SELECT (SELECT COUNT(*) FROM card) + (SELECT COUNT(*) FROM base)"
            ).fetchone()[0]
        assert len(index["items"]) == len(index["show"]) == n
        assert index["url"] == f"/{lang}/" and index["types"]["minion"] == (
            "minion" if lang == "en" else "Kreatur"
        )
        keys = [i[0] for i in index["items"]]
        assert keys.index("card:cesium-armor") < keys.index(
            next(k for k in keys if k.startswith("base:"))
        )
        assert all(len(d) == 4 and d[2] in ("name", "text", "group") for d in index["docs"])
