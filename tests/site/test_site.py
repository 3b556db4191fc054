"""Static site: full catalogue build, crawl, escaping, atomic swap, path safety, CLI."""

from __future__ import annotations

import csv
import json
import sqlite3
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from typer.testing import CliRunner

from helpers import make_db
from smashup_db.cli import app
from smashup_db.site import SiteError, build_site, make_server, safe_path
from smashup_db.site import build as build_mod

XSS = "<script>alert(1)</script>"


class PageParser(HTMLParser):
    """Collects lang, title, links and language-switch links of one page."""

    def __init__(self):
        super().__init__()
        self.lang = None
        self.title = ""
        self._in_title = False
        self.links: list[str] = []
        self.switches: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "title":
            self._in_title = True
        if tag in ("a", "link") and a.get("href"):
            self.links.append(a["href"])
            if "lang-switch" in (a.get("class") or "").split():
                self.switches.append(a["href"])
        if tag == "script" and a.get("src"):
            self.links.append(a["src"])

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


@pytest.fixture(scope="module")
def built(catalogue_site):
    """The full site (en + de, search if Pagefind is installed) from a database without rules text
    (the session's build, shared: read only); ``(result, folder, db)``."""
    return catalogue_site.result, catalogue_site.folder, catalogue_site.db


def page_file(site: Path, url_path: str) -> Path:
    rel = url_path.lstrip("/")
    return site / rel / "index.html" if url_path.endswith("/") else site / rel


def test_build_counts(built):
    result, site, _ = built
    assert result.pages > 3000
    assert (site / "en" / "cards" / "laser-sword" / "index.html").is_file()
    assert (site / "de" / "factions" / "changerbots" / "index.html").is_file()
    assert (site / "en" / "factions" / "changerbots" / "checklist" / "index.html").is_file()
    assert (site / ".smashup-site").is_file()
    if not result.search:
        assert "search is off" in result.search_note


def test_crawl_every_page_links_lang_title_switch(built):
    _, site, _ = built
    pages = sorted(site.rglob("*.html"))
    pages = [p for p in pages if "pagefind" not in p.relative_to(site).parts]
    assert len(pages) > 3000
    broken = []
    for path in pages:
        parser = PageParser()
        parser.feed(path.read_text(encoding="utf-8"))
        rel = path.relative_to(site).as_posix()
        assert parser.lang in ("en", "de"), rel
        assert parser.title.strip(), rel
        assert parser.switches, f"{rel}: no language switch"
        page_url = "/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        for href in parser.links:
            target = urlparse(urljoin(page_url, href))
            if target.scheme or target.netloc:
                continue
            if target.path.startswith("/pagefind/"):
                continue  # written by Pagefind, absent when search is off
            if not page_file(site, target.path).is_file():
                broken.append(f"{rel} -> {href}")
        top = rel.split("/")[0]
        if top in ("en", "de"):
            other = "de" if top == "en" else "en"
            assert page_url.replace(f"/{top}/", f"/{other}/", 1) in parser.switches, rel
    assert not broken, broken[:20]


def test_german_names_and_fallback_marked(built):
    _, site, _ = built
    de = (site / "de" / "cards" / "cesium-armor" / "index.html").read_text(encoding="utf-8")
    assert "Cäsiumrüstung</h1>" in de
    fallback = (site / "de" / "cards" / "laser-sword" / "index.html").read_text(encoding="utf-8")
    assert '<span lang="en">Laser Sword</span><abbr class="fb"' in fallback
    changer = (site / "de" / "factions" / "changerbots" / "index.html").read_text(encoding="utf-8")
    assert "Wechslerbots" in changer and "Kreatur" in changer


def test_no_text_notice(built):
    _, site, _ = built
    home = (site / "en" / "index.html").read_text(encoding="utf-8")
    assert "Rules text not included" in home and "smashup import text" in home
    card = (site / "de" / "cards" / "laser-sword" / "index.html").read_text(encoding="utf-8")
    assert "smashup import text" in card
    for page in (home, card):  # the hint names the source (issue 32): repository and pinned commit
        assert "906919303-crypto/smash-up-card-archive" in page
        assert "58fa7e7432874b3c0f3727289e399445754eb383" in page


def test_card_page_light(built):
    _, site, _ = built
    css = (site / "assets" / "site.css").stat().st_size
    biggest = max(p.stat().st_size for p in (site / "en" / "cards").glob("*/index.html"))
    biggest = max(
        biggest, max(p.stat().st_size for p in (site / "de" / "cards").glob("*/index.html"))
    )
    assert biggest + css < 30_000
    html = (site / "en" / "cards" / "laser-sword" / "index.html").read_text(encoding="utf-8")
    # one small deferred script (issue 22: the visitor's boxes and the offline copy), nothing else
    assert html.count("<script") == 1 and '<script src="/assets/local.js" defer></script>' in html
    # 12,000 before issue 33; + the loader of the header's autocomplete (assets/complete.js, on focus)
    assert (site / "assets" / "local.js").stat().st_size < 12_500
    assert "@font-face" not in (site / "assets" / "site.css").read_text()


def test_faction_page_totals_and_links(built):
    _, site, _ = built
    html = (site / "en" / "factions" / "astroknights" / "index.html").read_text(encoding="utf-8")
    assert "/en/cards/laser-sword/" in html and "/en/products/cease-and-desist/" in html
    assert "cards in the deck" in html and "total minion power" in html
    product = (site / "en" / "products" / "cease-and-desist" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "/en/factions/astroknights/" in product and "/en/bases/" in product
    checklist = (site / "en" / "factions" / "astroknights" / "checklist" / "index.html").read_text(
        encoding="utf-8"
    )
    assert "☐" in checklist and "noprint" in checklist
    assert "@media print" in (site / "assets" / "site.css").read_text()


def test_downloads(built):
    _, site, db = built
    for name in ("cards", "bases", "factions", "products"):
        doc = json.loads((site / "data" / f"{name}.json").read_text(encoding="utf-8"))
        assert doc["catalogue_version"] and doc["catalogue_date"] and doc[name]
        with (site / "data" / f"{name}.csv").open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        assert len(rows) == len(doc[name])
        assert rows[0]["catalogue_version"] == doc["catalogue_version"]
        lines = (site / "data" / f"{name}.json").read_text(encoding="utf-8").splitlines()
        assert (
            len(lines) == len(doc[name]) + 2
        )  # one row per line, between the head and the closing line
        assert [json.loads(ln.strip().rstrip(",")) for ln in lines[1:-1]] == doc[name]
    cards = json.loads((site / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    armor = next(c for c in cards if c["id"] == "cesium-armor")
    assert armor["name_de"] == "Cäsiumrüstung" and "text" not in armor


def test_glossary_and_rules(built):
    _, site, _ = built
    gl = (site / "de" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "Zerstörungswert" in gl and "breakpoint" in gl
    for lang, words in (
        ("en", ("snake", "breakpoint", "tie")),
        ("de", ("Schlangenreihenfolge", "Zerstörungswert", "Gleichstand")),
    ):
        rules = (site / lang / "rules" / "index.html").read_text(encoding="utf-8")
        for w in words:
            assert w in rules


def insert_texts(db: str, tmp_path: Path) -> None:
    """Store a hostile card text (en) and name and text (de) for laser-sword.

    Goes through ``smashup import translations`` when the importer exists, else
    inserts ``entity_text``/``name`` rows directly with sqlite3.
    """
    try:
        import smashup_db.importer.translation_csv  # noqa: F401
    except ImportError:
        with sqlite3.connect(db) as conn:
            for lang in ("en", "de"):
                conn.execute(
                    "INSERT INTO entity_text (kind, ref, lang, text, source) VALUES (?, ?, ?, ?, ?)",
                    ("card", "laser-sword", lang, XSS, "test <b>source</b>"),
                )
        return
    csv_path = tmp_path / "evil.csv"
    with csv_path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["kind", "id", "lang", "name", "text"])
        w.writerow(["card", "laser-sword", "en", "", XSS])
        w.writerow(["card", "laser-sword", "de", "Laserschwert", XSS])
    res = CliRunner().invoke(app, ["import", "translations", str(csv_path), "--db", db])
    assert res.exit_code == 0, res.output
    # the import refuses markup in names (issue 15); a database from before may still hold one
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE name SET name = '<b>Laserschwert</b>' WHERE kind = 'card' AND ref = 'laser-sword'"
            " AND lang = 'de' AND origin = 'translations'"
        )


def test_script_text_is_escaped(tmp_path):
    db = make_db(tmp_path / "x.db")
    insert_texts(db, tmp_path)
    build_site(tmp_path / "site", "en,de", "/", db, search=False)
    for lang in ("en", "de"):
        html = (tmp_path / "site" / lang / "cards" / "laser-sword" / "index.html").read_text(
            encoding="utf-8"
        )
        assert XSS not in html and "<b>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    home = (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "Rules text not included" not in home


def test_error_mid_build_leaves_previous_site(tmp_path, monkeypatch):
    db = make_db(tmp_path / "x.db")
    out = tmp_path / "site"
    build_site(out, "en", "/", db, search=False)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    calls = {"n": 0}
    real = build_mod.render_page

    def flaky(template, context):
        calls["n"] += 1
        if calls["n"] == 500:
            raise RuntimeError("boom")
        return real(template, context)

    monkeypatch.setattr(build_mod, "render_page", flaky)
    with pytest.raises(RuntimeError):
        build_site(out, "en,de", "/", db, search=False)
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert not [
        p.name for p in tmp_path.iterdir() if p.name.startswith(".site.")
    ]  # temp folder removed


def test_path_traversal_refused(tmp_path):
    with pytest.raises(SiteError):
        safe_path(tmp_path, "..", "etc")
    with pytest.raises(SiteError):
        safe_path(tmp_path, "cards", "../../evil")
    with pytest.raises(SiteError):
        safe_path(tmp_path, "/tmp")
    with pytest.raises(SiteError):
        safe_path(tmp_path, "en", filename="../x.html")
    assert (
        safe_path(tmp_path, "en", "cards", "laser-sword")
        == (tmp_path / "en/cards/laser-sword/index.html").resolve()
    )


def test_bad_slug_in_database_refused_and_site_kept(tmp_path):
    db = make_db(tmp_path / "x.db")
    out = tmp_path / "site"
    build_site(out, "en", "/", db, search=False)
    marker = (out / "en" / "index.html").read_bytes()
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO card (id, faction_id, type, copies, power, sort) "
            "VALUES ('../../../evil', 'astroknights', 'action', 1, NULL, 99999)"
        )
    with pytest.raises(SiteError, match="not a valid id"):
        build_site(out, "en", "/", db, search=False)
    assert (out / "en" / "index.html").read_bytes() == marker
    assert not (tmp_path.parent / "evil").exists() and not list(tmp_path.rglob("evil"))


def test_refuses_foreign_folder(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(SiteError, match="not built by smashup"):
        build_site(out, "en", "/", make_db(tmp_path / "x.db"), search=False)
    assert (out / "notes.txt").read_text() == "keep me"


def test_base_url_prefix(tmp_path):
    db = make_db(tmp_path / "x.db")
    build_site(tmp_path / "site", "en", "/smashup/", db, search=False)
    html = (tmp_path / "site" / "en" / "cards" / "laser-sword" / "index.html").read_text(
        encoding="utf-8"
    )
    assert (
        'href="/smashup/en/factions/astroknights/"' in html
        and 'href="/smashup/assets/site.css"' in html
    )


def test_cli_build_and_errors(tmp_path):
    runner = CliRunner()
    db = make_db(tmp_path / "x.db")
    res = runner.invoke(
        app,
        ["site", "build", "--out", str(tmp_path / "s"), "--lang", "de", "--no-search", "--db", db],
    )
    assert res.exit_code == 0, res.output
    assert "pages" in res.output and "search is off" in res.output
    assert (tmp_path / "s" / "de" / "cards" / "laser-sword" / "index.html").is_file()
    for args, msg in (
        (["--lang", "fr"], "unknown site language"),
        (["--base-url", "javascript:x"], "bad --base-url"),
    ):
        res = runner.invoke(app, ["site", "build", "--out", str(tmp_path / "t"), "--db", db, *args])
        assert res.exit_code == 1 and msg in res.output and "Traceback" not in res.output
    res = runner.invoke(app, ["site", "serve", "--dir", str(tmp_path / "nothing")])
    assert res.exit_code == 1 and "no built site" in res.output


def test_serve(built):
    _, site, _ = built
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/de/cards/cesium-armor/", timeout=10
        ) as resp:
            assert resp.status == 200 and "Cäsiumrüstung" in resp.read().decode("utf-8")
    finally:
        server.shutdown()
        server.server_close()


def test_serve_confirms_a_kept_copy_by_its_tag(built, tmp_path):
    """As a static host: HTTP/1.1, an ETag on a compressed answer, 304 without a body when the copy is
    current, the whole file again once it changed (the service worker's copies rely on it)."""
    import http.client
    import shutil

    _, site, _ = built
    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("og", "pagefind", "faces"))
    server = make_server(copy, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)

        def get(headers):
            conn.request("GET", "/assets/site.css", headers={"Accept-Encoding": "gzip", **headers})
            resp = conn.getresponse()
            return resp, resp.read()

        first, body = get({})
        tag = first.getheader("ETag")
        assert first.status == 200 and first.version == 11 and tag and len(body) > 1000
        again, nothing = get({"If-None-Match": tag})  # the same connection, kept open
        assert again.status == 304 and nothing == b"" and again.getheader("ETag") == tag
        css = copy / "assets" / "site.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n/* changed */\n", encoding="utf-8")
        changed, body = get({"If-None-Match": tag})
        assert changed.status == 200 and changed.getheader("ETag") != tag and len(body) > 1000
        conn.close()
    finally:
        server.shutdown()
        server.server_close()
