"""German by contribution (issue 33 item 5).

Without a browser: each German box's German page shows the counts of ``smashup translations status`` and
links to every thing missing a German name or text; German card and base pages hold the form (English
name and text beside it), English pages do not; the export of ``assets/contribute.js`` (in Node) is a CSV
that ``smashup import translations`` reads back value for value, hostile cells included. In Chromium
(long): typed on card pages, listed and exported on "Meine Übersetzungen", imported, the site built again
and shown as a community translation; everything typed stays inert.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess

import pytest

from helpers import make_db, needs_chromium

PROGRESS = re.compile(r"Namen (\d+)/(\d+), Texte (\d+)/(\d+)\.")


@pytest.fixture(scope="module")
def built(texted_site):
    return texted_site


def _status(smashup_cli, db) -> dict:
    res = smashup_cli("translations", "status", "--json", "--db", db)
    assert res.exit_code == 0, res.output
    return {r["id"]: r for r in json.loads(res.stdout)["products"]}


def _progress(folder, pid):
    page = (folder / "de" / "products" / pid / "index.html").read_text(encoding="utf-8")
    m = PROGRESS.search(page)
    return (tuple(int(x) for x in m.groups()) if m else None), page


def test_every_german_box_shows_the_status_counts_and_links_what_is_missing(built, smashup_cli):
    status = _status(smashup_cli, built.db)
    with sqlite3.connect(built.db) as conn:
        german = {
            r[0] for r in conn.execute("SELECT id FROM product WHERE german_title IS NOT NULL")
        }
    assert {"core-set", "awesome-level-9000", "the-obligatory-cthulhu-set"} <= german
    for pid in status:
        got, page = _progress(built.folder, pid)
        if pid not in german:
            assert got is None, pid
            continue
        s = status[pid]
        assert got == (s["names"], s["names_total"], s["texts"], s["texts_total"]), pid
        missing = re.findall(r'<li><a href="/de/(\w+)s/([a-z0-9-]+)/(?:#beitragen)?">', page)
        need = s["names_total"] - s["names"]  # a thing lacks its name, its text or both
        assert need <= len(missing) <= need + s["texts_total"] - s["texts"], pid
        for kind, ref in missing:
            assert (built.folder / "de" / f"{kind}s" / ref / "index.html").is_file()
        # English pages carry no progress
        assert (
            PROGRESS.search(
                (built.folder / "en" / "products" / pid / "index.html").read_text(encoding="utf-8")
            )
            is None
        )


def test_german_card_and_base_pages_hold_the_form(built):
    de = (built.folder / "de" / "cards" / "cesium-armor" / "index.html").read_text(encoding="utf-8")
    assert 'id="beitragen"' in de and "Deutschen Namen/Text eintragen" in de
    assert 'data-en="Cesium Armor"' in de and "assets/contribute.js" in de
    if built.has_text:
        assert "Ongoing" in de.split('id="beitragen"', 1)[1].split("</details>", 1)[0]
    base = (built.folder / "de" / "bases" / "the-homeworld" / "index.html").read_text(
        encoding="utf-8"
    )
    assert 'data-key="base:the-homeworld"' in base
    en = (built.folder / "en" / "cards" / "cesium-armor" / "index.html").read_text(encoding="utf-8")
    assert 'id="beitragen"' not in en and "contribute.js" not in en
    mine = (built.folder / "de" / "translations" / "mine" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "Meine Übersetzungen" in mine
    terms = (built.folder / "assets" / "contribute.js").read_text(encoding="utf-8")
    for term in ("Kreatur", "Dauerhaft", "Extra", "Zerstörungswert"):
        assert f'"{term}"' in terms


HOSTILE_ENTRIES = {
    "card:invader": {
        "name": "Eindringling",
        "text": 'Zeile 1\nZeile 2, mit "Zitat"',
        "en": "Invader",
    },
    "card:scout": {"name": "", "text": '=HYPERLINK("http://evil")', "en": "Scout"},
    "card:collector": {
        "name": "Sammler",
        "text": "+1 Stärke <script>alert(1)</script>\x1b[2J",
        "en": "Collector",
    },
    "base:the-homeworld": {"name": "=Heimatwelt", "text": "-2 '' @x\ttab", "en": "The Homeworld"},
    "card:../../etc": {"name": "bad key", "text": "never exported"},
}


def _to_csv(entries: dict) -> str:
    """``toCsv(entries)`` of templates/site/contribute.js, run in Node."""
    from smashup_db.site.paths import templates_dir

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node not installed")
    script = json.dumps(str(templates_dir() / "contribute.js"))
    return subprocess.run(
        [node, "-e", f"process.stdout.write(require({script}).toCsv({json.dumps(entries)}))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_exported_csv_is_what_the_import_reads(tmp_path, smashup_cli):
    entries = json.loads(json.dumps(HOSTILE_ENTRIES))
    csv_text = _to_csv(entries)
    assert "../" not in csv_text and "bad key" not in csv_text
    assert "'=HYPERLINK" in csv_text and "\x1b" not in csv_text
    path = tmp_path / "mine.csv"
    path.write_text(csv_text, encoding="utf-8", newline="")
    db = make_db(tmp_path / "cat.db")
    res = smashup_cli("import", "translations", path, "--db", db)
    assert (
        res.exit_code == 1 and "formula" in res.output
    )  # a name starting with '= ... is refused whole
    del entries["base:the-homeworld"]["name"]
    csv_text = _to_csv(entries)
    path.write_text(csv_text, encoding="utf-8", newline="")
    res = smashup_cli("import", "translations", path, "--db", db)
    assert res.exit_code == 0, res.output
    with sqlite3.connect(db) as conn:
        texts = dict(
            conn.execute(
                "SELECT kind || ':' || ref, text FROM entity_text WHERE lang = 'de'"
            ).fetchall()
        )
        names = dict(
            conn.execute(
                "SELECT kind || ':' || ref, name FROM name WHERE lang = 'de' AND origin = 'translations'"
            ).fetchall()
        )
    assert texts["card:invader"] == 'Zeile 1\nZeile 2, mit "Zitat"'
    assert (
        texts["card:scout"] == '=HYPERLINK("http://evil")'
    )  # the leading ' the export added is gone
    assert texts["card:collector"] == "+1 Stärke <script>alert(1)</script>[2J"  # ESC dropped
    assert texts["base:the-homeworld"] == "-2 '' @x\ttab"
    assert names == {"card:invader": "Eindringling", "card:collector": "Sammler"}


# --------------------------------------------------------------------------- in Chromium


def _injected(page) -> int:
    return page.evaluate("""document.querySelectorAll('img[src="x"], [onerror]').length
                            + [...document.scripts].filter(s => s.textContent.includes("alert(")).length""")


@pytest.mark.long
@needs_chromium
def test_typed_exported_imported_rebuilt_shown_as_community(
    browser, preview, tmp_path, smashup_cli
):
    from smashup_db.site import build_site

    db = make_db(tmp_path / "cat.db")
    before = _status(smashup_cli, db)["core-set"]
    build_site(tmp_path / "site", "en,de", "/", db, search=False)
    url = preview(tmp_path / "site")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        page.goto(f"{url}/de/products/core-set/")
        page.locator("#uebersetzung summary").click()
        page.click('#uebersetzung a[href="/de/cards/invader/#beitragen"]')
        page.wait_for_selector("#beitragen[open] form:not([hidden])")
        page.fill("#contrib-name", "Eindringling")
        page.fill("#contrib-text", "Spiele eine zusätzliche ")
        page.locator("#contrib-text").press("End")
        page.click(".contrib-terms button:text-is('Kreatur')")
        page.click("#beitragen form button:not(.term)")
        page.wait_for_function("document.querySelector('.contrib-status').textContent.length > 0")
        # a name with markup is refused in the browser, as the import would refuse it
        page.goto(f"{url}/de/cards/scout/#beitragen")
        page.wait_for_selector("#beitragen form:not([hidden])")
        page.fill("#contrib-name", "<img src=x onerror=alert(1)>")
        page.click("#beitragen form button:not(.term)")
        assert "darf" in page.locator(".contrib-status").inner_text()
        page.fill("#contrib-name", "Späher")
        page.fill("#contrib-text", "<img src=x onerror=alert(2)> <script>alert(3)</script>")
        page.click("#beitragen form button:not(.term)")
        page.wait_for_function(
            "document.querySelector('.contrib-status').textContent.includes('gespeichert')"
        )
        page.goto(f"{url}/de/translations/mine/")
        page.wait_for_selector("#mine-list li")
        listed = page.locator("#mine-list").inner_text()
        assert "Eindringling" in listed and "<img src=x onerror=alert(2)>" in listed
        assert "Spiele eine zusätzliche Kreatur" in listed
        page.wait_for_timeout(800)
        assert _injected(page) == 0 and dialogs == []
        with page.expect_download() as got:
            page.click("#mine-export")
        csv_path = tmp_path / "meine.csv"
        got.value.save_as(csv_path)
    finally:
        ctx.close()
    res = smashup_cli("import", "translations", csv_path, "--db", db)
    assert res.exit_code == 0, res.output
    build_site(tmp_path / "site", "en,de", "/", db, search=False)
    card = (tmp_path / "site" / "de" / "cards" / "invader" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "Eindringling" in card and 'class="community"' in card
    assert "Spiele eine zusätzliche Kreatur" in card and "Community-Übersetzung" in card
    scout = (tmp_path / "site" / "de" / "cards" / "scout" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "&lt;img src=x onerror=alert(2)&gt;" in scout and "<img src=x" not in scout
    after = _status(smashup_cli, db)["core-set"]
    assert after["names"] == before["names"] + 2 and after["texts"] == before["texts"] + 2
    got_counts, _ = _progress(tmp_path / "site", "core-set")
    assert got_counts == (
        after["names"],
        after["names_total"],
        after["texts"],
        after["texts_total"],
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    try:
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(f"{url}/de/cards/scout/")
        page.wait_for_timeout(800)
        assert _injected(page) == 0 and dialogs == []
        assert "Späher" in page.locator("h1").inner_text()
    finally:
        ctx.close()


@pytest.mark.long
@needs_chromium
@pytest.mark.parametrize("viewport", [(390, 844), (1280, 800)], ids=["390", "1280"])
def test_form_and_list_fit_and_are_axe_clean(browser, preview, built, viewport):
    axe_mod = pytest.importorskip("axe_playwright_python.sync_playwright", exc_type=ImportError)
    url = preview(built.folder)
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    fits = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    try:
        page.goto(f"{url}/de/bases/the-homeworld/#beitragen")
        page.wait_for_selector("#beitragen[open] .contrib-terms button")
        page.fill("#contrib-text", "Nach jeder gespielten Kreatur " + "Zerstörungswert " * 8)
        page.click("#beitragen form button:not(.term)")
        page.goto(f"{url}/de/translations/mine/")
        page.wait_for_selector("#mine-list li")
        for path in (
            "/de/bases/the-homeworld/#beitragen",
            "/de/translations/mine/",
            "/de/products/core-set/",
        ):
            page.goto(url + path)
            page.wait_for_load_state("networkidle")
            if "products" in path:
                page.locator("#uebersetzung summary").click()
            assert page.evaluate(fits), path
            violations = axe_mod.Axe().run(page).response["violations"]
            bad = [v["id"] for v in violations if v.get("impact") in ("serious", "critical")]
            assert not bad, (path, bad)
    finally:
        ctx.close()
